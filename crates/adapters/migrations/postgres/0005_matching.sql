-- Matching: tutors' applications to cases, and bookings of tutors.

-- Counted in the same transaction as each application, so the per-case cap holds under
-- concurrency (the UPDATE … WHERE applicant_count < cap serializes on the case row).
ALTER TABLE cases ADD COLUMN applicant_count BIGINT NOT NULL DEFAULT 0;

CREATE TABLE case_applications (
    id              TEXT    PRIMARY KEY,
    case_number     BIGINT  NOT NULL REFERENCES cases (number) ON DELETE CASCADE,
    tutor_id        TEXT    NOT NULL,
    available_times TEXT    NOT NULL,
    status          TEXT    NOT NULL, -- applied | selected | declined | withdrawn
    created_at      BIGINT  NOT NULL,
    updated_at      BIGINT  NOT NULL,
    -- One application per tutor and case: the index decides races, not a read-then-write.
    CONSTRAINT case_applications_one_per_tutor UNIQUE (case_number, tutor_id)
);
CREATE INDEX case_applications_by_tutor ON case_applications (tutor_id, created_at DESC);

CREATE TABLE bookings (
    id           TEXT    PRIMARY KEY,
    tutor_id     TEXT    NOT NULL,
    user_id      TEXT    NOT NULL,
    user_type    TEXT    NOT NULL,
    booking_time TEXT    NOT NULL, -- free text, as the booker typed it
    status       TEXT    NOT NULL, -- pending | accepted | declined | cancelled
    created_at   BIGINT  NOT NULL,
    updated_at   BIGINT  NOT NULL
);
CREATE INDEX bookings_by_tutor ON bookings (tutor_id, created_at DESC);
CREATE INDEX bookings_by_user  ON bookings (user_id, created_at DESC);
