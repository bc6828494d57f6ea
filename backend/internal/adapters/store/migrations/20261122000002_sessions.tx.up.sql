-- Sign-in: server-side sessions, the sign-in throttle, e-mail one-time
-- codes, the operation history, manuals, and the installation's secrets.

-- A session is named by a random id the browser holds inside a signed
-- cookie; only its SHA-256 is stored, so a copy of this table opens nothing.
CREATE TABLE sessions (
    session_hash VARCHAR(64) PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    mfa_pending BOOLEAN NOT NULL DEFAULT FALSE,
    ip_address VARCHAR(64) NOT NULL DEFAULT '',
    user_agent VARCHAR(512) NOT NULL DEFAULT '',
    created_at {{.Timestamp}} NOT NULL,
    last_seen_at {{.Timestamp}} NOT NULL,
    expires_at {{.Timestamp}} NOT NULL,
    revoked_at {{.Timestamp}}
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Failed sign-ins counted per key ("account:<org>:<account>", "ip:<addr>").
CREATE TABLE login_throttle (
    throttle_key VARCHAR(200) PRIMARY KEY,
    failures INTEGER NOT NULL,
    window_started_at {{.Timestamp}} NOT NULL,
    locked_until {{.Timestamp}}
);

-- The one-time code of a session waiting for its second factor; the code
-- itself is kept only as an HMAC.
CREATE TABLE mfa_challenges (
    session_hash VARCHAR(64) PRIMARY KEY REFERENCES sessions (session_hash) ON DELETE CASCADE,
    code_hmac VARCHAR(64) NOT NULL,
    expires_at {{.Timestamp}} NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    used_at {{.Timestamp}}
);

-- What people did, per organization (exported as the OPERATION history).
CREATE TABLE operation_history (
    history_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    user_id BIGINT,
    user_account VARCHAR(50) NOT NULL DEFAULT '',
    operation VARCHAR(40) NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    ip_address VARCHAR(64) NOT NULL DEFAULT '',
    created_at {{.Timestamp}} NOT NULL
);
CREATE INDEX operation_history_org_time ON operation_history (organization_id, created_at);

-- Manuals offered in the support dialog (installation-wide, managed by the
-- system administrator). The bytes live in file storage under storage_key.
CREATE TABLE support_files (
    file_id {{.ID}},
    file_name VARCHAR(200) NOT NULL,
    content_type VARCHAR(100) NOT NULL,
    file_size BIGINT NOT NULL,
    storage_key VARCHAR(300) NOT NULL,
    published BOOLEAN NOT NULL DEFAULT TRUE,
    user_id BIGINT,
    created_at {{.Timestamp}} NOT NULL
);

-- Secrets generated at first start (the session signing key) when the
-- environment does not provide them; every server of the installation
-- shares them through the database.
CREATE TABLE app_secrets (
    name VARCHAR(64) PRIMARY KEY,
    secret TEXT NOT NULL,
    created_at {{.Timestamp}} NOT NULL
);
