-- The installation's maintenance plan (one row, id 1): the banner's text and
-- when it shows, the scheduled window, and the switch that turns maintenance
-- on at once. Not tenant data: it concerns every organization.
CREATE TABLE maintenance_settings (
    id INTEGER PRIMARY KEY,
    message TEXT NOT NULL DEFAULT '',
    announce_from {{.Timestamp}},
    start_at {{.Timestamp}},
    end_at {{.Timestamp}},
    switched_on BOOLEAN NOT NULL DEFAULT FALSE,
    updated_by VARCHAR(50) NOT NULL DEFAULT '',
    updated_at {{.Timestamp}}
);
