-- The status list filtered by progress and sorted by score reads each shown
-- period's sheets in the page's order and stops at the page
-- (docs/benchmarks.md, issue 17): this index gives that order, the store
-- breaking ties. The shorter (period_id, progress) index stays for counting
-- the same sheets: its equal keys are in table order, so a count reads the
-- table's pages in turn, where this one, in score order, jumps between them.
CREATE INDEX check_sheets_period_progress_score ON check_sheets (period_id, progress, score, facility_id);
