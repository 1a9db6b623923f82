-- Case alerts (issue 12): tutors' saved searches, the cases waiting to be matched against
-- them, the matches, and the messages that carry them (an outbox: every server sends from it).

CREATE TABLE saved_searches (
    number     INTEGER PRIMARY KEY AUTOINCREMENT,
    tutor_id   TEXT    NOT NULL,
    query      TEXT    NOT NULL, -- the board's filters, as JSON
    keywords   TEXT    NOT NULL, -- lower-case words separated by spaces
    level      TEXT,             -- copied from the query: candidates are narrowed by them
    region     TEXT,
    channel    TEXT    NOT NULL, -- sms | email
    stopped_at INTEGER,             -- stopped from an alert's link; resumable
    created_at INTEGER NOT NULL
);
CREATE INDEX saved_searches_by_tutor ON saved_searches (tutor_id, number);
CREATE INDEX saved_searches_by_place ON saved_searches (level, region);

-- Cases that became public and are not matched yet; filled by the triggers below, so a case
-- approved by any process (a server, the back-office CLI) is queued in the same transaction.
CREATE TABLE alert_case_queue (
    case_number INTEGER PRIMARY KEY,
    queued_at   INTEGER NOT NULL
);

CREATE TABLE alert_messages (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tutor_id      TEXT    NOT NULL,
    channel       TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    claimed_until INTEGER,          -- a worker is sending it until then
    attempts      INTEGER NOT NULL DEFAULT 0, -- claims so far: given up after a few
    sent_at       INTEGER,
    cancelled_at  INTEGER
);
CREATE INDEX alert_messages_unsent ON alert_messages (sent_at, cancelled_at, id);

CREATE TABLE alert_matches (
    search_number INTEGER NOT NULL REFERENCES saved_searches (number) ON DELETE CASCADE,
    case_number   INTEGER NOT NULL,
    tutor_id      TEXT    NOT NULL,
    channel       TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    message_id    INTEGER REFERENCES alert_messages (id),
    PRIMARY KEY (search_number, case_number)
);
CREATE INDEX alert_matches_waiting ON alert_matches (message_id, tutor_id, channel);
CREATE INDEX alert_matches_by_tutor ON alert_matches (tutor_id, created_at);

-- When each tutor last got a message on each channel: composing takes this row first, so
-- two workers composing for one tutor take turns, and one message an hour holds.
CREATE TABLE alert_channel_state (
    tutor_id        TEXT    NOT NULL,
    channel         TEXT    NOT NULL,
    last_message_at INTEGER NOT NULL,
    PRIMARY KEY (tutor_id, channel)
);

CREATE TRIGGER cases_queue_opened_on_insert AFTER INSERT ON cases WHEN NEW.status = 'approved'
BEGIN
    INSERT OR IGNORE INTO alert_case_queue (case_number, queued_at) VALUES (NEW.number, NEW.updated_at);
END;

CREATE TRIGGER cases_queue_opened_on_approval AFTER UPDATE OF status ON cases
WHEN NEW.status = 'approved' AND OLD.status <> 'approved'
BEGIN
    INSERT OR IGNORE INTO alert_case_queue (case_number, queued_at) VALUES (NEW.number, NEW.updated_at);
END;
