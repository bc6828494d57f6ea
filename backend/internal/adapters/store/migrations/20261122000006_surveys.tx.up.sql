-- Customer surveys: the master (what to ask, where, when), its ordered
-- categories and questions, the target stores with their public answer keys,
-- and the answers (one row per submission, one value row per answered
-- question or chosen choice). Answers carry copies of what the results group
-- by (survey, store, Tokyo date, question type), so every aggregate reads one
-- table through an index.

CREATE TABLE surveys (
    survey_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    name VARCHAR(100) NOT NULL,
    title VARCHAR(100) NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    terms_of_service TEXT NOT NULL DEFAULT '',
    icon_data TEXT NOT NULL DEFAULT '',
    icon_media_type VARCHAR(50) NOT NULL DEFAULT '',
    reward_type VARCHAR(10) NOT NULL DEFAULT 'NONE',
    reward_image_data TEXT NOT NULL DEFAULT '',
    reward_image_media_type VARCHAR(50) NOT NULL DEFAULT '',
    reward_link_name VARCHAR(100) NOT NULL DEFAULT '',
    reward_url VARCHAR(1000) NOT NULL DEFAULT '',
    from_date {{.Date}} NOT NULL,
    to_date {{.Date}},
    answer_limit VARCHAR(10) NOT NULL DEFAULT 'ONCE',
    answer_limit_days INTEGER NOT NULL DEFAULT 0,
    answer_limit_range VARCHAR(10) NOT NULL DEFAULT 'FACILITY',
    available_improvement BOOLEAN NOT NULL DEFAULT TRUE,
    improvement_reminder_time VARCHAR(5) NOT NULL DEFAULT '',
    improvement_reminder_days_before INTEGER NOT NULL DEFAULT 0,
    search_text TEXT NOT NULL DEFAULT '',
    version BIGINT NOT NULL DEFAULT 1,
    created_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    deleted_at {{.Timestamp}}
);
CREATE INDEX surveys_org ON surveys (organization_id, survey_id);

CREATE TABLE survey_categories (
    category_id {{.ID}},
    survey_id BIGINT NOT NULL REFERENCES surveys (survey_id) ON DELETE CASCADE,
    category_type VARCHAR(10) NOT NULL,
    name VARCHAR(100) NOT NULL,
    position INTEGER NOT NULL
);
CREATE INDEX survey_categories_survey ON survey_categories (survey_id, position);

-- Questions removed from a survey that has answers are archived (the
-- answers' values still name them).
CREATE TABLE survey_questions (
    question_id {{.ID}},
    survey_id BIGINT NOT NULL REFERENCES surveys (survey_id) ON DELETE CASCADE,
    category_id BIGINT NOT NULL REFERENCES survey_categories (category_id),
    question_type VARCHAR(20) NOT NULL,
    text VARCHAR(500) NOT NULL,
    required BOOLEAN NOT NULL DEFAULT FALSE,
    choices {{.JSON}} NOT NULL,
    position INTEGER NOT NULL,
    archived_at {{.Timestamp}}
);
CREATE INDEX survey_questions_survey ON survey_questions (survey_id, position);

-- A target store and its public key: /home/a/{survey_key} names the survey
-- and the store at once. The key stays when the survey is edited and is made
-- anew only if the store is removed and added again.
CREATE TABLE survey_facilities (
    survey_id BIGINT NOT NULL REFERENCES surveys (survey_id) ON DELETE CASCADE,
    facility_id BIGINT NOT NULL REFERENCES facilities (facility_id) ON DELETE CASCADE,
    survey_key VARCHAR(64) NOT NULL,
    PRIMARY KEY (survey_id, facility_id)
);
CREATE UNIQUE INDEX survey_facilities_key ON survey_facilities (survey_key);
CREATE INDEX survey_facilities_facility ON survey_facilities (facility_id, survey_id);

CREATE TABLE survey_answers (
    answer_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    survey_id BIGINT NOT NULL REFERENCES surveys (survey_id),
    facility_id BIGINT NOT NULL REFERENCES facilities (facility_id),
    answered_at {{.Timestamp}} NOT NULL,
    answered_date {{.Date}} NOT NULL,
    nps_score INTEGER,
    idempotency_key VARCHAR(64) NOT NULL,
    browser_token VARCHAR(64) NOT NULL,
    mail_address VARCHAR(256)
);
CREATE UNIQUE INDEX survey_answers_idempotency ON survey_answers (survey_id, idempotency_key);
CREATE INDEX survey_answers_browser ON survey_answers (survey_id, browser_token, facility_id, answered_at);
CREATE INDEX survey_answers_results ON survey_answers (organization_id, survey_id, facility_id, answered_date);
CREATE INDEX survey_answers_facility ON survey_answers (facility_id, answered_date);

CREATE TABLE survey_answer_values (
    value_id {{.ID}},
    answer_id BIGINT NOT NULL REFERENCES survey_answers (answer_id) ON DELETE CASCADE,
    survey_id BIGINT NOT NULL,
    facility_id BIGINT NOT NULL,
    answered_date {{.Date}} NOT NULL,
    question_id BIGINT NOT NULL REFERENCES survey_questions (question_id),
    question_type VARCHAR(20) NOT NULL,
    choice VARCHAR(100) NOT NULL DEFAULT '',
    score INTEGER,
    text TEXT NOT NULL DEFAULT '',
    search_text TEXT NOT NULL DEFAULT ''
);
CREATE INDEX survey_answer_values_answer ON survey_answer_values (answer_id);
CREATE INDEX survey_answer_values_question ON survey_answer_values (question_id, facility_id, answered_date);
CREATE INDEX survey_answer_values_survey_type ON survey_answer_values (survey_id, question_type, facility_id);
