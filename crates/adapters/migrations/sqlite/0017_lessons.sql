-- The lesson record (issue 32): each lesson held or cancelled in a confirmed match (the offer's
-- id) or an accepted booking (the booking's id), answered by the family within 72 hours.

CREATE TABLE lessons (
    number          INTEGER PRIMARY KEY AUTOINCREMENT,
    arrangement_id  TEXT    NOT NULL, -- offers.id or bookings.id
    starts_at       INTEGER NOT NULL,
    minutes         INTEGER NOT NULL,
    status          TEXT    NOT NULL, -- recorded | confirmed | disputed | not-held | cancelled
    recorded_by     TEXT    NOT NULL, -- tutor | family
    recorded_at     INTEGER NOT NULL,
    reason          TEXT,             -- the dispute's or the cancellation's
    confirmed_by    TEXT,             -- family | timeout | back-office
    late            INTEGER NOT NULL DEFAULT 0,
    resolution      TEXT              -- the back office's reason
);
-- One lesson per start (a cancellation aside: the lesson may still happen at that time after
-- all): the index decides two recordings racing, not a read-then-write.
CREATE UNIQUE INDEX lessons_one_per_start ON lessons (arrangement_id, starts_at) WHERE status <> 'cancelled';
-- The auto-confirm job reads what is still unanswered, by age; the back office, the disputes.
CREATE INDEX lessons_unanswered ON lessons (recorded_at) WHERE status = 'recorded';
CREATE INDEX lessons_disputed ON lessons (recorded_at) WHERE status = 'disputed';

-- A review rests on confirmed lessons (no longer "a week after the match") and says how many.
ALTER TABLE reviews ADD COLUMN lessons INTEGER NOT NULL DEFAULT 0;

-- How an arrangement ended (issue 32): once (the key decides two racing endings), by which
-- side, why; and when the family opened the match's case again.
CREATE TABLE arrangement_endings (
    arrangement_id  TEXT    PRIMARY KEY,
    ended_by        TEXT    NOT NULL, -- tutor | family
    reason          TEXT    NOT NULL, -- schedule | teaching | attendance | student-needs | other
    note            TEXT,
    ended_at        INTEGER NOT NULL,
    reopened_at     INTEGER
);

-- A booking's lesson record hangs on its acceptance, which stays when the booking is cancelled
-- later (the lessons held before still count, and the family may still answer them).
ALTER TABLE bookings ADD COLUMN accepted_at INTEGER;
UPDATE bookings SET accepted_at = updated_at WHERE status = 'accepted';
