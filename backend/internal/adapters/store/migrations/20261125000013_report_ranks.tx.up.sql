-- An organization's own rank bands for the BASIC report ("S:90,A:80,…");
-- empty is the default bands (docs/product/reports.md).
ALTER TABLE organizations ADD COLUMN report_ranks VARCHAR(200) NOT NULL DEFAULT '';
