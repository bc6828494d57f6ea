-- The menu badge counts the reports in one status (in review for head
-- office) across the organization: read them by status, not all of them.
CREATE INDEX improvements_org_status ON improvements (organization_id, status);
