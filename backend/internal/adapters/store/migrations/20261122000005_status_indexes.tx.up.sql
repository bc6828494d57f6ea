-- Check status at scale (docs/benchmarks.md): the status list filters sheets by
-- progress, which the planner cannot estimate from answered_count < item_count
-- (two columns); a stored progress (written with the counts, domain rule in
-- checklist.ProgressOf) is a plain equality it estimates and indexes. Targets are
-- looked up by store and list together.

ALTER TABLE check_sheets ADD COLUMN progress VARCHAR(12) NOT NULL DEFAULT 'UNCHECKED';
--bun:split
UPDATE check_sheets SET progress = CASE WHEN answered_count = 0 THEN 'UNCHECKED'
    WHEN answered_count < total_count THEN 'IN_PROGRESS' ELSE 'CHECKED' END;
--bun:split
CREATE INDEX check_sheets_period_progress ON check_sheets (period_id, progress);
--bun:split
DROP INDEX check_list_facilities_facility;
--bun:split
CREATE INDEX check_list_facilities_facility ON check_list_facilities (facility_id, check_list_id);
