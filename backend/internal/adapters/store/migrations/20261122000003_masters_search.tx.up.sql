-- Master-data screens: a folded search column per searchable master (see
-- domain/search: width-, case- and kana-insensitive), and store terminals.

ALTER TABLE facilities ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE users ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE org_groups ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
--bun:split
CREATE INDEX facilities_org_group ON facilities (organization_id, group_id);
--bun:split
CREATE INDEX users_org_account_sort ON users (organization_id, user_account);
--bun:split
CREATE TABLE terminals (
    terminal_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    facility_id BIGINT NOT NULL REFERENCES facilities (facility_id) ON DELETE CASCADE,
    terminal_code VARCHAR(64) NOT NULL,
    terminal_name VARCHAR(50) NOT NULL DEFAULT '',
    created_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
--bun:split
CREATE UNIQUE INDEX terminals_org_code ON terminals (organization_id, terminal_code);
--bun:split
CREATE INDEX terminals_facility ON terminals (facility_id);
