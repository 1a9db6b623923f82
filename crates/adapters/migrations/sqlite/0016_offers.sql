-- Offers (issue 32): choosing an applicant offers the case to that tutor, at one agreed fee
-- per lesson; the tutor confirms (proposing the first lesson) or declines within the offer's
-- hours, or it lapses. A case waits in status 'offered' meanwhile.

CREATE TABLE offers (
    id              TEXT    PRIMARY KEY,
    case_number     INTEGER NOT NULL REFERENCES cases (number) ON DELETE CASCADE,
    application_id  TEXT    NOT NULL REFERENCES case_applications (id) ON DELETE CASCADE,
    tutor_id        TEXT    NOT NULL,
    fee_cents       INTEGER NOT NULL, -- the agreed fee per lesson, whole HK cents
    status          TEXT    NOT NULL, -- open | confirmed | declined | lapsed
    created_at      INTEGER NOT NULL,
    expires_at      INTEGER NOT NULL,
    decided_at      INTEGER,
    first_lesson_at INTEGER,
    reminded_at     INTEGER  -- the evening-before reminder went out
);
-- One open offer per case: a second could only come from a bug, and the index says so.
CREATE UNIQUE INDEX offers_one_open_per_case ON offers (case_number) WHERE status = 'open';
CREATE INDEX offers_by_application ON offers (application_id, created_at DESC);
-- A tutor's arrangements (the profile's lesson counts, a review's lessons) start from here.
CREATE INDEX offers_by_tutor ON offers (tutor_id);
-- The lapse job reads the open offers by deadline; the reminder job the confirmed, unreminded
-- ones by first lesson.
CREATE INDEX offers_to_remind ON offers (first_lesson_at) WHERE status = 'confirmed' AND reminded_at IS NULL;
CREATE INDEX offers_open_by_deadline ON offers (expires_at) WHERE status = 'open';
