-- Tenancy by construction (docs/adr/0007): every row of tenant data carries
-- its organization, child rows included, so every statement can name the
-- organization it acts in and the test guard (testsupport/tenantguard) can
-- insist that it does. Until now these child rows were reached through their
-- parent's id alone, safe only because an earlier read had been scoped.
--
-- SQLite cannot add a NOT NULL column without a default; the default 0 names
-- no organization (ids start at 1), and every insert names the real one.

ALTER TABLE facility_attribute_links ADD COLUMN organization_id BIGINT NOT NULL DEFAULT 0;
--bun:split
UPDATE facility_attribute_links SET organization_id = (SELECT f.organization_id FROM facilities AS f WHERE f.facility_id = facility_attribute_links.facility_id);
--bun:split
ALTER TABLE user_attribute_links ADD COLUMN organization_id BIGINT NOT NULL DEFAULT 0;
--bun:split
UPDATE user_attribute_links SET organization_id = (SELECT u.organization_id FROM users AS u WHERE u.user_id = user_attribute_links.user_id);
--bun:split
ALTER TABLE check_list_facilities ADD COLUMN organization_id BIGINT NOT NULL DEFAULT 0;
--bun:split
UPDATE check_list_facilities SET organization_id = (SELECT l.organization_id FROM check_lists AS l WHERE l.check_list_id = check_list_facilities.check_list_id);
--bun:split
ALTER TABLE check_list_users ADD COLUMN organization_id BIGINT NOT NULL DEFAULT 0;
--bun:split
UPDATE check_list_users SET organization_id = (SELECT l.organization_id FROM check_lists AS l WHERE l.check_list_id = check_list_users.check_list_id);
--bun:split
ALTER TABLE check_categories ADD COLUMN organization_id BIGINT NOT NULL DEFAULT 0;
--bun:split
UPDATE check_categories SET organization_id = (SELECT l.organization_id FROM check_lists AS l WHERE l.check_list_id = check_categories.check_list_id);
--bun:split
ALTER TABLE check_items ADD COLUMN organization_id BIGINT NOT NULL DEFAULT 0;
--bun:split
UPDATE check_items SET organization_id = (SELECT l.organization_id FROM check_lists AS l WHERE l.check_list_id = check_items.check_list_id);
--bun:split
ALTER TABLE check_answer_photos ADD COLUMN organization_id BIGINT NOT NULL DEFAULT 0;
--bun:split
UPDATE check_answer_photos SET organization_id = (SELECT a.organization_id FROM check_answers AS a WHERE a.answer_id = check_answer_photos.answer_id);
--bun:split
ALTER TABLE survey_categories ADD COLUMN organization_id BIGINT NOT NULL DEFAULT 0;
--bun:split
UPDATE survey_categories SET organization_id = (SELECT s.organization_id FROM surveys AS s WHERE s.survey_id = survey_categories.survey_id);
--bun:split
ALTER TABLE survey_questions ADD COLUMN organization_id BIGINT NOT NULL DEFAULT 0;
--bun:split
UPDATE survey_questions SET organization_id = (SELECT s.organization_id FROM surveys AS s WHERE s.survey_id = survey_questions.survey_id);
--bun:split
ALTER TABLE survey_facilities ADD COLUMN organization_id BIGINT NOT NULL DEFAULT 0;
--bun:split
UPDATE survey_facilities SET organization_id = (SELECT s.organization_id FROM surveys AS s WHERE s.survey_id = survey_facilities.survey_id);
--bun:split
ALTER TABLE survey_answer_values ADD COLUMN organization_id BIGINT NOT NULL DEFAULT 0;
--bun:split
UPDATE survey_answer_values SET organization_id = (SELECT a.organization_id FROM survey_answers AS a WHERE a.answer_id = survey_answer_values.answer_id);
