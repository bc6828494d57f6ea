-- Where a bulk registration's upload, then its apply, was asked from: the
-- plan refuses to bind the importer's own user to an organization's
-- allow-list that leaves that address out. Imports from before hold ''.
ALTER TABLE master_imports ADD COLUMN requested_from VARCHAR(64) NOT NULL DEFAULT '';
