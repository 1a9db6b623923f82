-- What each side needs to decide (issue 11).

-- A booking names one of the tutor's subjects, where the lessons happen and a short message,
-- each optional: bookings made before keep NULL and an empty message.
ALTER TABLE bookings ADD COLUMN subject_level TEXT;
ALTER TABLE bookings ADD COLUMN subject_name TEXT;
ALTER TABLE bookings ADD COLUMN lesson_place TEXT;
ALTER TABLE bookings ADD COLUMN message TEXT NOT NULL DEFAULT '';

-- A tutor teaches in several modes and districts: JSON arrays of mode keys and district names.
-- `teaching_mode` keeps the first mode (spec §7's single field). An empty array, as every row
-- from before has, is read as that single mode and the district of the tutor's area.
ALTER TABLE tutor_applications ADD COLUMN teaching_modes TEXT NOT NULL DEFAULT '[]';
ALTER TABLE tutor_applications ADD COLUMN teaching_districts TEXT NOT NULL DEFAULT '[]';
ALTER TABLE tutor_profiles ADD COLUMN teaching_modes TEXT NOT NULL DEFAULT '[]';
ALTER TABLE tutor_profiles ADD COLUMN teaching_districts TEXT NOT NULL DEFAULT '[]';

-- A tutor may give their gender (male | female), so a case's preferred gender can be weighed;
-- NULL when not given, as for everyone who applied before.
ALTER TABLE tutor_applications ADD COLUMN gender TEXT;
ALTER TABLE tutor_profiles ADD COLUMN gender TEXT;

-- One row per district taught, so the district filter finds tutors who travel there too.
CREATE TABLE tutor_districts (
    user_id  TEXT NOT NULL REFERENCES tutor_profiles (user_id) ON DELETE CASCADE,
    district TEXT NOT NULL,
    PRIMARY KEY (user_id, district)
);
CREATE INDEX tutor_districts_by_district ON tutor_districts (district, user_id);
INSERT INTO tutor_districts (user_id, district) SELECT user_id, district FROM tutor_profiles;
