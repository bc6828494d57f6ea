-- Organizations and their masters: groups, stores (facilities), tags, users;
-- and the mail outbox. Written once for both dialects: {{.ID}}, {{.Timestamp}},
-- {{.Date}} and {{.JSON}} are filled per database (see migrate.go).

CREATE TABLE organizations (
    organization_id {{.ID}},
    organization_name VARCHAR(50) NOT NULL,
    jk_code VARCHAR(16) NOT NULL DEFAULT '',
    person_in_charge VARCHAR(20) NOT NULL DEFAULT '',
    service_start_date {{.Date}},
    mobile_app_end_date {{.Date}},
    service_end_date {{.Date}},
    demo BOOLEAN NOT NULL DEFAULT TRUE,
    checkin_type VARCHAR(32) NOT NULL DEFAULT 'NO_TERMINAL',
    allow_photo_library BOOLEAN NOT NULL DEFAULT FALSE,
    available_improvement BOOLEAN NOT NULL DEFAULT FALSE,
    external_data_id_label VARCHAR(20) NOT NULL DEFAULT '外部ID',
    external_data_value_label VARCHAR(20) NOT NULL DEFAULT '外部データ',
    ip_address_restriction BOOLEAN NOT NULL DEFAULT FALSE,
    allow_ip_addresses TEXT NOT NULL DEFAULT '',
    storage_size BIGINT NOT NULL DEFAULT 0,
    storage_usage BIGINT NOT NULL DEFAULT 0,
    max_storage_usage BIGINT NOT NULL DEFAULT 0,
    billing_type VARCHAR(32) NOT NULL DEFAULT 'NONE',
    available_advanced_report BOOLEAN NOT NULL DEFAULT FALSE,
    available_survey BOOLEAN NOT NULL DEFAULT FALSE,
    survey_start_date {{.Date}},
    available_mfa_mail BOOLEAN NOT NULL DEFAULT FALSE,
    available_ope_history_export BOOLEAN NOT NULL DEFAULT FALSE,
    charged_for_user BOOLEAN NOT NULL DEFAULT FALSE,
    charged_for_user_at_end_of_month BOOLEAN NOT NULL DEFAULT FALSE,
    charged_for_facility BOOLEAN NOT NULL DEFAULT FALSE,
    charged_for_advanced_report BOOLEAN NOT NULL DEFAULT FALSE,
    charged_for_survey BOOLEAN NOT NULL DEFAULT FALSE,
    charged_by_group BOOLEAN NOT NULL DEFAULT FALSE,
    version BIGINT NOT NULL DEFAULT 1,
    created_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- Groups form a tree; path is the chain of ids from the top ("/1/4/9/"), so a
-- subtree is one prefix match on an index.
CREATE TABLE org_groups (
    group_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    parent_group_id BIGINT REFERENCES org_groups (group_id),
    path VARCHAR(1024) NOT NULL DEFAULT '',
    group_name VARCHAR(50) NOT NULL,
    group_name_kana VARCHAR(50) NOT NULL DEFAULT '',
    jk_code VARCHAR(16) NOT NULL DEFAULT '',
    version BIGINT NOT NULL DEFAULT 1,
    created_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX org_groups_org_path ON org_groups (organization_id, path);
CREATE INDEX org_groups_parent ON org_groups (parent_group_id);

CREATE TABLE facility_attributes (
    facility_attribute_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    label VARCHAR(50) NOT NULL,
    created_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX facility_attributes_org_label ON facility_attributes (organization_id, label);

CREATE TABLE facilities (
    facility_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    group_id BIGINT NOT NULL REFERENCES org_groups (group_id),
    facility_name VARCHAR(50) NOT NULL,
    facility_name_kana VARCHAR(50) NOT NULL,
    address VARCHAR(200) NOT NULL DEFAULT '',
    tel VARCHAR(20) NOT NULL DEFAULT '',
    manager_name VARCHAR(40) NOT NULL DEFAULT '',
    external_data_id VARCHAR(30) NOT NULL DEFAULT '',
    external_data_value TEXT NOT NULL DEFAULT '',
    available_advanced_report BOOLEAN NOT NULL DEFAULT FALSE,
    available_survey BOOLEAN NOT NULL DEFAULT FALSE,
    version BIGINT NOT NULL DEFAULT 1,
    created_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX facilities_org_kana ON facilities (organization_id, facility_name_kana);
CREATE INDEX facilities_group ON facilities (group_id);

CREATE TABLE facility_attribute_links (
    facility_id BIGINT NOT NULL REFERENCES facilities (facility_id) ON DELETE CASCADE,
    facility_attribute_id BIGINT NOT NULL REFERENCES facility_attributes (facility_attribute_id) ON DELETE CASCADE,
    PRIMARY KEY (facility_id, facility_attribute_id)
);
CREATE INDEX facility_attribute_links_attr ON facility_attribute_links (facility_attribute_id);

CREATE TABLE user_attributes (
    user_attribute_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    label VARCHAR(50) NOT NULL,
    created_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX user_attributes_org_label ON user_attributes (organization_id, label);

CREATE TABLE users (
    user_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    user_account VARCHAR(50) NOT NULL,
    last_name VARCHAR(20) NOT NULL,
    first_name VARCHAR(20) NOT NULL,
    password_hash TEXT NOT NULL,
    main_authority_name VARCHAR(64) NOT NULL DEFAULT 'GROUP_STAFF',
    sub_authority_names TEXT NOT NULL DEFAULT '',
    group_id BIGINT NOT NULL REFERENCES org_groups (group_id),
    facility_id BIGINT REFERENCES facilities (facility_id),
    ip_address_restriction BOOLEAN NOT NULL DEFAULT TRUE,
    mfa_type VARCHAR(16) NOT NULL DEFAULT 'NONE',
    mail_address VARCHAR(256) NOT NULL DEFAULT '',
    disabled BOOLEAN NOT NULL DEFAULT FALSE,
    version BIGINT NOT NULL DEFAULT 1,
    created_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX users_org_account ON users (organization_id, user_account);
CREATE INDEX users_group ON users (group_id);

CREATE TABLE user_attribute_links (
    user_id BIGINT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    user_attribute_id BIGINT NOT NULL REFERENCES user_attributes (user_attribute_id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, user_attribute_id)
);
CREATE INDEX user_attribute_links_attr ON user_attribute_links (user_attribute_id);

-- Mail waits here until the delivery job has sent it; the job is enqueued in
-- the same transaction as the row.
CREATE TABLE mail_outbox (
    mail_id {{.ID}},
    organization_id BIGINT NOT NULL REFERENCES organizations (organization_id),
    to_address VARCHAR(256) NOT NULL,
    subject VARCHAR(200) NOT NULL,
    body TEXT NOT NULL,
    sent_at {{.Timestamp}},
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT '',
    created_at {{.Timestamp}} NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX mail_outbox_org ON mail_outbox (organization_id, created_at);

-- The system organization and its group exist in every installation: the
-- system administrator works from them. They are the first rows, so their
-- ids are 1 on both databases: the constants systemOrganizationId and
-- systemGroupId (domain/organization) name them, and a contract test checks.
INSERT INTO organizations (organization_name, demo, external_data_id_label, external_data_value_label)
VALUES ('システム管理', FALSE, '外部ID', '外部データ');
INSERT INTO org_groups (organization_id, path, group_name, group_name_kana)
VALUES (1, '/1/', 'システム', 'システム');
