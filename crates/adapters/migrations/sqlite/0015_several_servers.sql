-- What several servers on one database share (issue 15): rate limits and background jobs.
-- Times are milliseconds since 1970 (UTC), as everywhere in this schema.

-- One counting window per key: at most the limit's max hits until resets_at. A hit is taken
-- in one INSERT … ON CONFLICT statement, so concurrent servers never both take the last one.
-- Windows past resets_at are removed by the rate-limit-sweep job.
CREATE TABLE rate_limits (
    limit_key TEXT    PRIMARY KEY,
    hits      INTEGER NOT NULL,
    resets_at INTEGER NOT NULL
);
CREATE INDEX rate_limits_by_reset ON rate_limits (resets_at);

-- Periodic jobs, one row each. A server runs a job only after taking its lease in one UPDATE
-- (free or expired lease, and due), so each run happens on one server; a server that dies
-- mid-run leaves a lease that expires, and another takes the job over.
CREATE TABLE jobs (
    name             TEXT PRIMARY KEY,
    every_ms         INTEGER NOT NULL,
    lease_owner      TEXT,
    leased_until     INTEGER,
    last_started_at  INTEGER,
    last_finished_at INTEGER,
    last_outcome     TEXT, -- ok | failed
    last_detail      TEXT,
    runs             INTEGER NOT NULL DEFAULT 0
);

-- Every run, for `tutorhub jobs runs`: who ran it, when, and how it went. Kept for 7 days.
CREATE TABLE job_runs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    job         TEXT    NOT NULL,
    owner       TEXT    NOT NULL,
    started_at  INTEGER NOT NULL,
    finished_at INTEGER NOT NULL,
    outcome     TEXT    NOT NULL,
    detail      TEXT    NOT NULL
);
CREATE INDEX job_runs_by_job ON job_runs (job, started_at);
