-- The manuals' kind (supportFileType: MANUAL, FAQ, NOTICE), for the system
-- administrator's screen and the support dialog.
ALTER TABLE support_files ADD COLUMN support_file_type VARCHAR(20) NOT NULL DEFAULT 'MANUAL';
