-- Check lists: the master (what to check, for whom, when), its periods,
-- one sheet per store and period, and the answers with their photos.

CREATE TABLE check_lists (
    check_list_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    name VARCHAR(100) NOT NULL,
    from_date {{.Date}} NOT NULL,
    to_date {{.Date}} NOT NULL,
    next_interval INTEGER NOT NULL DEFAULT 1,
    next_duration VARCHAR(10) NOT NULL DEFAULT 'MONTHS',
    start_notification_time VARCHAR(5) NOT NULL DEFAULT '',
    reminder_notification_time VARCHAR(5) NOT NULL DEFAULT '',
    reminder_days_before INTEGER NOT NULL DEFAULT 0,
    available_improvement BOOLEAN NOT NULL DEFAULT FALSE,
    improvement_reminder_time VARCHAR(5) NOT NULL DEFAULT '',
    improvement_reminder_days_before INTEGER NOT NULL DEFAULT 0,
    search_text TEXT NOT NULL DEFAULT '',
    version BIGINT NOT NULL DEFAULT 1,
    created_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    deleted_at {{.Timestamp}}
);
CREATE INDEX check_lists_org ON check_lists (organization_id);

CREATE TABLE check_list_facilities (
    check_list_id BIGINT NOT NULL REFERENCES check_lists (check_list_id) ON DELETE CASCADE,
    facility_id BIGINT NOT NULL REFERENCES facilities (facility_id) ON DELETE CASCADE,
    PRIMARY KEY (check_list_id, facility_id)
);
CREATE INDEX check_list_facilities_facility ON check_list_facilities (facility_id);

CREATE TABLE check_list_users (
    check_list_id BIGINT NOT NULL REFERENCES check_lists (check_list_id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    PRIMARY KEY (check_list_id, user_id)
);

CREATE TABLE check_categories (
    category_id {{.ID}},
    check_list_id BIGINT NOT NULL REFERENCES check_lists (check_list_id) ON DELETE CASCADE,
    name VARCHAR(100) NOT NULL,
    position INTEGER NOT NULL
);
CREATE INDEX check_categories_list ON check_categories (check_list_id, position);

-- Items removed from a list that already has answers are archived, not
-- deleted: the answers keep pointing at them (and carry their own copy of
-- the question and scale anyway).
CREATE TABLE check_items (
    item_id {{.ID}},
    check_list_id BIGINT NOT NULL REFERENCES check_lists (check_list_id) ON DELETE CASCADE,
    category_id BIGINT NOT NULL REFERENCES check_categories (category_id),
    question VARCHAR(500) NOT NULL,
    explanation TEXT NOT NULL DEFAULT '',
    scale {{.JSON}} NOT NULL,
    photo_required BOOLEAN NOT NULL DEFAULT FALSE,
    inapplicable_allowed BOOLEAN NOT NULL DEFAULT FALSE,
    position INTEGER NOT NULL,
    archived_at {{.Timestamp}}
);
CREATE INDEX check_items_list ON check_items (check_list_id, position);

-- The periods of a list, made as time passes (the recurrence job opens the
-- next one when the last has ended).
CREATE TABLE check_periods (
    period_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    check_list_id BIGINT NOT NULL REFERENCES check_lists (check_list_id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    from_date {{.Date}} NOT NULL,
    to_date {{.Date}} NOT NULL,
    item_count INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX check_periods_list_seq ON check_periods (check_list_id, seq);
CREATE INDEX check_periods_org_dates ON check_periods (organization_id, to_date, from_date);

-- One sheet per store and period holds the counts the status list shows,
-- so that list never scans answers.
CREATE TABLE check_sheets (
    sheet_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    period_id BIGINT NOT NULL REFERENCES check_periods (period_id) ON DELETE CASCADE,
    facility_id BIGINT NOT NULL REFERENCES facilities (facility_id) ON DELETE CASCADE,
    submitted BOOLEAN NOT NULL DEFAULT FALSE,
    answered_count INTEGER NOT NULL DEFAULT 0,
    total_count INTEGER NOT NULL DEFAULT 0,
    score INTEGER NOT NULL DEFAULT 0,
    possible_score INTEGER NOT NULL DEFAULT 0,
    last_input_at {{.Timestamp}},
    submitted_at {{.Timestamp}},
    submitted_by BIGINT,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX check_sheets_period_facility ON check_sheets (period_id, facility_id);
CREATE INDEX check_sheets_facility ON check_sheets (facility_id, period_id);

CREATE TABLE photos (
    photo_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    storage_key VARCHAR(300) NOT NULL,
    thumbnail_key VARCHAR(300) NOT NULL,
    content_type VARCHAR(50) NOT NULL,
    byte_size BIGINT NOT NULL,
    width INTEGER NOT NULL DEFAULT 0,
    height INTEGER NOT NULL DEFAULT 0,
    uploaded_by BIGINT,
    created_at {{.Timestamp}} NOT NULL
);
CREATE INDEX photos_org ON photos (organization_id);

CREATE TABLE check_answers (
    answer_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    sheet_id BIGINT NOT NULL REFERENCES check_sheets (sheet_id) ON DELETE CASCADE,
    item_id BIGINT NOT NULL REFERENCES check_items (item_id),
    category_name VARCHAR(100) NOT NULL,
    question VARCHAR(500) NOT NULL,
    scale {{.JSON}} NOT NULL,
    choice VARCHAR(50) NOT NULL DEFAULT '',
    check_score INTEGER,
    comment TEXT NOT NULL DEFAULT '',
    inapplicable BOOLEAN NOT NULL DEFAULT FALSE,
    input_date {{.Date}},
    updated_at {{.Timestamp}} NOT NULL
);
CREATE UNIQUE INDEX check_answers_sheet_item ON check_answers (sheet_id, item_id);

CREATE TABLE check_answer_photos (
    answer_id BIGINT NOT NULL REFERENCES check_answers (answer_id) ON DELETE CASCADE,
    photo_id BIGINT NOT NULL REFERENCES photos (photo_id),
    position INTEGER NOT NULL,
    PRIMARY KEY (answer_id, photo_id)
);
