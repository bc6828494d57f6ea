-- Scheduled notifications (docs/product/notifications.md): the working
-- calendar (closing days of the organization or of one store), how check
-- lists treat a notice on a closing day, the escalation interval, each
-- user's channels and browsers, and the ledger that sends every occurrence
-- once: an occurrence key is claimed in the same transaction as its
-- deliveries, so a second worker, a restart or a forced run finds it taken.

ALTER TABLE check_lists ADD COLUMN closing_day_rule VARCHAR(10) NOT NULL DEFAULT 'BEFORE';
--bun:split
ALTER TABLE check_lists ADD COLUMN business_days BOOLEAN NOT NULL DEFAULT FALSE;
--bun:split

CREATE TABLE notification_policies (
    organization_id BIGINT PRIMARY KEY REFERENCES organizations (organization_id),
    escalation_days INTEGER NOT NULL DEFAULT 3,
    version BIGINT NOT NULL DEFAULT 1
);

CREATE TABLE closing_days (
    closing_day_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    facility_id BIGINT REFERENCES facilities (facility_id) ON DELETE CASCADE,
    weekday INTEGER,
    closed_on {{.Date}},
    label VARCHAR(50) NOT NULL DEFAULT ''
);
CREATE INDEX closing_days_org ON closing_days (organization_id);

CREATE TABLE notification_channels (
    user_id BIGINT PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    mail BOOLEAN NOT NULL,
    push BOOLEAN NOT NULL
);

CREATE TABLE push_subscriptions (
    subscription_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    user_id BIGINT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    endpoint VARCHAR(1000) NOT NULL,
    p256dh VARCHAR(200) NOT NULL,
    auth VARCHAR(100) NOT NULL,
    user_agent VARCHAR(300) NOT NULL DEFAULT '',
    created_at {{.Timestamp}} NOT NULL
);
CREATE UNIQUE INDEX push_subscriptions_endpoint ON push_subscriptions (endpoint);
CREATE INDEX push_subscriptions_user ON push_subscriptions (organization_id, user_id);

CREATE TABLE notification_occurrences (
    occurrence_key VARCHAR(200) PRIMARY KEY,
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    kind VARCHAR(30) NOT NULL,
    due_at {{.Timestamp}} NOT NULL,
    missed BOOLEAN NOT NULL DEFAULT FALSE,
    recipients INTEGER NOT NULL DEFAULT 0,
    created_at {{.Timestamp}} NOT NULL
);
CREATE INDEX notification_occurrences_due ON notification_occurrences (due_at);

-- One row per occurrence, recipient and channel; a mail delivery points at
-- its mail_outbox row, a push delivery is sent from here.
CREATE TABLE notification_sends (
    send_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    occurrence_key VARCHAR(200) NOT NULL,
    kind VARCHAR(30) NOT NULL,
    user_id BIGINT REFERENCES users (user_id) ON DELETE SET NULL,
    recipient VARCHAR(300) NOT NULL,
    channel VARCHAR(10) NOT NULL,
    title VARCHAR(300) NOT NULL,
    body TEXT NOT NULL,
    link VARCHAR(500) NOT NULL DEFAULT '',
    mail_id BIGINT,
    status VARCHAR(10) NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error VARCHAR(1000) NOT NULL DEFAULT '',
    sent_at {{.Timestamp}},
    created_at {{.Timestamp}} NOT NULL
);
CREATE UNIQUE INDEX notification_sends_once ON notification_sends (occurrence_key, user_id, channel);
CREATE INDEX notification_sends_org ON notification_sends (organization_id, created_at);
CREATE INDEX notification_sends_mail ON notification_sends (mail_id);
