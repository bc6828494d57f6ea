-- A sheet names its check list as well as its period, so the status list can
-- check that a sheet's store is still a target of its list with one exact
-- primary-key lookup from the sheet alone (docs/benchmarks.md, check status).

ALTER TABLE check_sheets ADD COLUMN check_list_id BIGINT NOT NULL DEFAULT 0;
--bun:split
UPDATE check_sheets SET check_list_id = (SELECT p.check_list_id FROM check_periods AS p WHERE p.period_id = check_sheets.period_id);
