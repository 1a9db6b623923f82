-- Tutor applications and public tutor profiles. Times are Unix milliseconds; flags 0/1.
CREATE TABLE tutor_applications (
    number              INTEGER PRIMARY KEY AUTOINCREMENT,
    id                  TEXT    NOT NULL UNIQUE,
    user_id             TEXT    NOT NULL REFERENCES users (id),
    name                TEXT    NOT NULL,
    contact_number      TEXT    NOT NULL,
    education           TEXT    NOT NULL,
    age                 INTEGER NOT NULL,
    teaching_experience INTEGER NOT NULL,
    subjects            TEXT    NOT NULL, -- JSON array of [levelKey, subjectName]
    exam_results        TEXT    NOT NULL,
    course_features     TEXT    NOT NULL,
    teaching_area       TEXT    NOT NULL,
    teaching_schedule   TEXT    NOT NULL,
    teaching_mode       TEXT    NOT NULL,
    required_fee_cents  INTEGER NOT NULL,
    bio                 TEXT    NOT NULL,
    avatar              TEXT    NOT NULL,
    status              TEXT    NOT NULL,
    rejection_reason    TEXT,
    reviewer            TEXT,
    submitted_at        INTEGER NOT NULL,
    reviewed_at         INTEGER
);
-- One pending application per user, decided by the store even under concurrent submissions.
CREATE UNIQUE INDEX tutor_applications_one_pending ON tutor_applications (user_id) WHERE status = 'pending';
CREATE INDEX tutor_applications_by_user   ON tutor_applications (user_id, number DESC);
CREATE INDEX tutor_applications_by_status ON tutor_applications (status, number);

-- The public face of an approved tutor; `active` mirrors users.is_tutor_profile_active.
CREATE TABLE tutor_profiles (
    user_id         TEXT    PRIMARY KEY REFERENCES users (id),
    user_number     INTEGER NOT NULL UNIQUE,
    name            TEXT    NOT NULL,
    avatar          TEXT,
    education       TEXT    NOT NULL,
    subjects        TEXT    NOT NULL, -- JSON array of [levelKey, subjectName], as shown
    grade_level     TEXT    NOT NULL,
    available_times TEXT    NOT NULL,
    area            TEXT    NOT NULL,
    district        TEXT    NOT NULL,
    region          TEXT    NOT NULL,
    teaching_mode   TEXT    NOT NULL,
    rate_cents      INTEGER NOT NULL,
    bio             TEXT    NOT NULL,
    active          INTEGER NOT NULL,
    approved_at     INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
);
-- Search lists active tutors, newest approval first; each filter gets an index keeping that order.
CREATE INDEX tutor_profiles_listing  ON tutor_profiles (active, approved_at DESC, user_number DESC);
CREATE INDEX tutor_profiles_region   ON tutor_profiles (active, region, approved_at DESC);
CREATE INDEX tutor_profiles_district ON tutor_profiles (active, district, approved_at DESC);
CREATE INDEX tutor_profiles_area     ON tutor_profiles (active, area, approved_at DESC);
CREATE INDEX tutor_profiles_rate     ON tutor_profiles (active, rate_cents);

-- One row per subject taught, so level and subject filters are index lookups.
CREATE TABLE tutor_subjects (
    user_id TEXT NOT NULL REFERENCES tutor_profiles (user_id) ON DELETE CASCADE,
    level   TEXT NOT NULL,
    name    TEXT NOT NULL,
    PRIMARY KEY (user_id, level, name)
);
CREATE INDEX tutor_subjects_by_level ON tutor_subjects (level, name, user_id);
CREATE INDEX tutor_subjects_by_name  ON tutor_subjects (name, user_id);
