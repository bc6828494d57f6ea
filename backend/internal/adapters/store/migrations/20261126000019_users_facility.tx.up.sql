-- A store's staff are found by their store: scheduled notices address every
-- target store's staff, one store at a time.
CREATE INDEX users_facility ON users (facility_id);
