-- The back office's account directory and organization verification (issue 3).

-- Why an organization was refused, shown to it on its profile while it stays rejected.
ALTER TABLE users ADD COLUMN org_rejection_reason TEXT;

-- Every decision on an organization, for the record (who, when, what, why); re-decisions
-- append, nothing is overwritten.
CREATE TABLE org_reviews (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    outcome     TEXT    NOT NULL, -- verified | rejected
    reason      TEXT,
    reviewer    TEXT    NOT NULL,
    decided_at  INTEGER NOT NULL
);
CREATE INDEX org_reviews_by_user ON org_reviews (user_id, id);

-- Lists are newest first: each filter gets an index in that order. The queue of
-- organizations by state replaces the single-column index of 0003.
DROP INDEX users_org_verification;
CREATE INDEX users_org_queue ON users (org_verification, created_at DESC, number DESC);
CREATE INDEX users_by_type   ON users (user_type, created_at DESC, number DESC);
CREATE INDEX users_by_role   ON users (role, created_at DESC, number DESC);
CREATE INDEX users_newest    ON users (created_at DESC, number DESC);
