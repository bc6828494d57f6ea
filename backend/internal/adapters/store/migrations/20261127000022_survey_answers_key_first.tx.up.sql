-- A submission's idempotency key leads its unique index, so the answer path's
-- lookup of a retried submission (store.seenSQL) has exactly one index to
-- probe. Led by the survey, the browser's index (survey_id, browser_token, …)
-- served the same lookup as well, and PostgreSQL, planning while the table was
-- small, took it and read every answer of the survey per submission
-- (docs/benchmarks.md, issue 17). ON CONFLICT (survey_id, idempotency_key)
-- still names this index: both databases match its columns in any order.
DROP INDEX survey_answers_idempotency;
CREATE UNIQUE INDEX survey_answers_idempotency ON survey_answers (idempotency_key, survey_id);
