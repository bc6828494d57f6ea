-- Bulk master registration (docs/product/masters.md): each upload, who made
-- it and what they may see (scope, roles), where its plan and file are kept
-- in file storage, its counts per set and what became of it. The plan is
-- rebuilt inside the applying transaction and compared with plan_base, so
-- nothing stale is ever applied.
CREATE TABLE master_imports (
    import_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    scope VARCHAR(1024) NOT NULL DEFAULT '',
    requested_by BIGINT NOT NULL,
    requester_account VARCHAR(50) NOT NULL,
    roles TEXT NOT NULL DEFAULT '',
    file_name VARCHAR(200) NOT NULL,
    file_key VARCHAR(300) NOT NULL,
    file_size BIGINT NOT NULL DEFAULT 0,
    delete_sets VARCHAR(200) NOT NULL DEFAULT '',
    status VARCHAR(12) NOT NULL,
    message TEXT NOT NULL DEFAULT '',
    rows_done INTEGER NOT NULL DEFAULT 0,
    rows_total INTEGER NOT NULL DEFAULT 0,
    counts {{.JSON}} NOT NULL DEFAULT '[]',
    plan_base VARCHAR(64) NOT NULL DEFAULT '',
    plan_key VARCHAR(300) NOT NULL DEFAULT '',
    passwords_key VARCHAR(300) NOT NULL DEFAULT '',
    passwords INTEGER NOT NULL DEFAULT 0,
    applied_by VARCHAR(50) NOT NULL DEFAULT '',
    created_at {{.Timestamp}} NOT NULL,
    previewed_at {{.Timestamp}},
    applied_at {{.Timestamp}}
);
--bun:split
CREATE INDEX master_imports_org_created ON master_imports (organization_id, created_at);
