-- The status list looks targets up by store and list together (a sheet's
-- store, then its list): the store-only index made the planner filter every
-- list of each store (docs/benchmarks.md, check status).

DROP INDEX check_list_facilities_facility;
--bun:split
CREATE INDEX check_list_facilities_facility ON check_list_facilities (facility_id, check_list_id);
