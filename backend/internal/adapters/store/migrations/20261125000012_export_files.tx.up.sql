-- The operation history names what each change touched, so auditors can
-- follow one object; recorded in the change's own transaction.
ALTER TABLE operation_history ADD COLUMN target_type VARCHAR(40) NOT NULL DEFAULT '';
--bun:split
ALTER TABLE operation_history ADD COLUMN target_id BIGINT;
--bun:split

-- Files made in the background (history exports now, reports later): the
-- request as asked, who asked and what they may see (scope), and the
-- making's progress. The bytes live in file storage under storage_key once
-- the file is DONE; a file is never DONE without them.
CREATE TABLE export_files (
    file_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    file_kind VARCHAR(20) NOT NULL,
    history_type VARCHAR(20) NOT NULL,
    params {{.JSON}} NOT NULL,
    scope VARCHAR(1024) NOT NULL DEFAULT '',
    requested_by BIGINT NOT NULL,
    requester_account VARCHAR(50) NOT NULL,
    status VARCHAR(10) NOT NULL,
    failure_reason TEXT NOT NULL DEFAULT '',
    notice TEXT NOT NULL DEFAULT '',
    rows_done INTEGER NOT NULL DEFAULT 0,
    rows_total INTEGER NOT NULL DEFAULT 0,
    file_name VARCHAR(200) NOT NULL,
    storage_key VARCHAR(300) NOT NULL DEFAULT '',
    file_size BIGINT NOT NULL DEFAULT 0,
    created_at {{.Timestamp}} NOT NULL,
    finished_at {{.Timestamp}},
    expires_at {{.Timestamp}} NOT NULL
);
--bun:split
CREATE INDEX export_files_org_created ON export_files (organization_id, file_kind, created_at);
--bun:split
CREATE INDEX export_files_expires ON export_files (expires_at);
