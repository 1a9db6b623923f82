-- Reviews from real lessons (issue 12).

CREATE TABLE reviews (
    number      INTEGER PRIMARY KEY AUTOINCREMENT,
    tutor_id          TEXT    NOT NULL,
    author_id         TEXT    NOT NULL,
    stars             INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
    body              TEXT    NOT NULL,
    reply             TEXT,
    replied_at        INTEGER,
    status            TEXT    NOT NULL, -- visible | hidden
    moderation_reason TEXT,
    moderated_by      TEXT,
    moderated_at      INTEGER,
    created_at        INTEGER  NOT NULL,
    -- A member reviews a tutor once: the index decides races, not a read-then-write.
    CONSTRAINT reviews_one_per_author_and_tutor UNIQUE (tutor_id, author_id)
);
-- A profile's page of visible reviews, and its count and sum.
CREATE INDEX reviews_by_tutor ON reviews (tutor_id, status, created_at DESC);

-- One report per member and review, with the member's reason.
CREATE TABLE review_reports (
    review_number INTEGER NOT NULL REFERENCES reviews (number) ON DELETE CASCADE,
    reporter_id   TEXT   NOT NULL,
    reason        TEXT   NOT NULL,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (review_number, reporter_id)
);

-- When lessons began: a case's selected application, or an accepted booking, by tutor.
CREATE INDEX bookings_by_booker_and_tutor ON bookings (user_id, tutor_id, status);
