-- The status list shows a sheet's score as a share of the best possible
-- (a percentage), so it sorts by that share: sorted by raw points, a store
-- at 2 of 2 (100 %) came below one at 5 of 10 (50 %). score_rate is the
-- share in hundredths of a percent (checklist.Tally.Rate), NULL while nothing
-- scored is answered; such sheets come last either way (NULLS LAST).
ALTER TABLE check_sheets ADD COLUMN score_rate INTEGER;
--bun:split
UPDATE check_sheets SET score_rate = CASE WHEN possible_score > 0 THEN CAST(score AS BIGINT) * 10000 / possible_score END;
--bun:split
-- The index that cuts the page of "in progress, by score" (migration 20)
-- now gives the share's order; on PostgreSQL a second one gives the
-- descending order with the sheets without a share still last (a backward
-- scan of the first would put them first). SQLite sorts that page itself.
DROP INDEX check_sheets_period_progress_score;
--bun:split
CREATE INDEX check_sheets_period_progress_rate ON check_sheets (period_id, progress, score_rate, facility_id);
{{- if eq .Dialect "pg"}}
--bun:split
CREATE INDEX check_sheets_period_progress_rate_desc ON check_sheets (period_id, progress, score_rate DESC NULLS LAST, facility_id DESC);
{{- end}}
