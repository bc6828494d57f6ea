-- Improvement reports (docs/product/improvement.md): one report per bad
-- answer, survey answer or head-office finding, its append-only thread, and
-- the photos of the thread's entries. Unread is derived from the event
-- numbers each side last wrote and last read, never stored as a flag.

ALTER TABLE organizations ADD COLUMN improvement_due_days INTEGER NOT NULL DEFAULT 7;
--bun:split

CREATE TABLE improvements (
    improvement_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    facility_id BIGINT NOT NULL REFERENCES facilities (facility_id) ON DELETE CASCADE,
    source_kind VARCHAR(10) NOT NULL,
    -- the answer it came from ("check:period:store:item", "survey:answer"),
    -- NULL for a report made by hand without one: one answer, one report
    source_key VARCHAR(100),
    source {{.JSON}} NOT NULL,
    subject VARCHAR(200) NOT NULL,
    status VARCHAR(20) NOT NULL,
    due_date {{.Date}} NOT NULL,
    assignee_user_id BIGINT,
    check_list_id BIGINT,
    survey_id BIGINT,
    created_by BIGINT,
    created_at {{.Timestamp}} NOT NULL,
    content_modify_date {{.Timestamp}} NOT NULL,
    event_count INTEGER NOT NULL DEFAULT 0,
    last_store_event INTEGER NOT NULL DEFAULT 0,
    last_office_event INTEGER NOT NULL DEFAULT 0,
    store_read_event INTEGER NOT NULL DEFAULT 0,
    office_read_event INTEGER NOT NULL DEFAULT 0,
    search_text TEXT NOT NULL DEFAULT '',
    version BIGINT NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX improvements_source ON improvements (organization_id, source_key);
CREATE INDEX improvements_org_modified ON improvements (organization_id, content_modify_date);
CREATE INDEX improvements_org_facility ON improvements (organization_id, facility_id, status);

CREATE TABLE improvement_events (
    event_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    improvement_id BIGINT NOT NULL REFERENCES improvements (improvement_id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind VARCHAR(30) NOT NULL,
    side VARCHAR(10) NOT NULL,
    user_id BIGINT,
    user_name VARCHAR(50) NOT NULL DEFAULT '',
    body TEXT NOT NULL DEFAULT '',
    due_date {{.Date}},
    created_at {{.Timestamp}} NOT NULL
);
CREATE UNIQUE INDEX improvement_events_seq ON improvement_events (improvement_id, seq);

CREATE TABLE improvement_event_photos (
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    event_id BIGINT NOT NULL REFERENCES improvement_events (event_id) ON DELETE CASCADE,
    photo_id BIGINT NOT NULL REFERENCES photos (photo_id),
    position INTEGER NOT NULL,
    PRIMARY KEY (event_id, photo_id)
);
