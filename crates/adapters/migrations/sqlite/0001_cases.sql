-- Cases and the public board. Times are Unix milliseconds (UTC); flags are 0/1 integers:
-- the same column types on both engines keep one repository implementation.
CREATE TABLE cases (
    number            INTEGER PRIMARY KEY AUTOINCREMENT,
    id                TEXT    NOT NULL UNIQUE,
    owner_id          TEXT,
    post_type         TEXT    NOT NULL,
    title             TEXT    NOT NULL,
    level             TEXT    NOT NULL,
    grade             TEXT    NOT NULL,
    subjects          TEXT    NOT NULL, -- JSON array, as shown
    area              TEXT    NOT NULL,
    district          TEXT    NOT NULL,
    region            TEXT    NOT NULL,
    rate_cents        INTEGER NOT NULL,
    session_minutes   INTEGER NOT NULL,
    sessions_per_week INTEGER NOT NULL,
    description       TEXT    NOT NULL,
    preferred_gender  TEXT    NOT NULL,
    start_date        TEXT    NOT NULL,
    status            TEXT    NOT NULL,
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL
);

-- Case numbers start at 10001 so that they read as reference numbers.
INSERT INTO sqlite_sequence (name, seq) VALUES ('cases', 10000);

-- One row per subject, so a subject filter is an index lookup rather than a JSON scan.
CREATE TABLE case_subjects (
    subject     TEXT    NOT NULL,
    case_number INTEGER NOT NULL REFERENCES cases (number) ON DELETE CASCADE,
    PRIMARY KEY (subject, case_number)
);
CREATE INDEX case_subjects_by_case ON case_subjects (case_number);

-- The board lists by status, newest first; each filter gets an index that keeps that order.
CREATE INDEX cases_board          ON cases (status, created_at DESC, number DESC);
CREATE INDEX cases_board_region   ON cases (status, region, created_at DESC);
CREATE INDEX cases_board_district ON cases (status, district, created_at DESC);
CREATE INDEX cases_board_area     ON cases (status, area, created_at DESC);
CREATE INDEX cases_board_level    ON cases (status, level, grade, created_at DESC);
CREATE INDEX cases_board_rate     ON cases (status, rate_cents);
CREATE INDEX cases_by_owner       ON cases (owner_id, created_at DESC);

-- Bumped on every write to cases, so any process can cache board answers and know when they go stale.
CREATE TABLE board_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO board_version (id, version) VALUES (1, 0);

CREATE TRIGGER cases_bump_board_on_insert AFTER INSERT ON cases
BEGIN UPDATE board_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER cases_bump_board_on_update AFTER UPDATE ON cases
BEGIN UPDATE board_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER cases_bump_board_on_delete AFTER DELETE ON cases
BEGIN UPDATE board_version SET version = version + 1 WHERE id = 1; END;
