-- When a store started a sheet (its first saved answer), for the system
-- administrator's check history; sheets started before this column existed
-- take their last input (or submission) as the best record there is.
ALTER TABLE check_sheets ADD COLUMN opened_at {{.Timestamp}};
--bun:split
UPDATE check_sheets SET opened_at = COALESCE(last_input_at, submitted_at);
--bun:split
CREATE INDEX check_sheets_opened ON check_sheets (organization_id, opened_at);
