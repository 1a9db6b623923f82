-- The change feed of the search read model (issue 13): every write to a case, a tutor's
-- profile or a review of a tutor appends what changed, under a version that only grows.
-- A version is taken by updating the one row of search_feed_version, which holds it until the
-- transaction ends (SQLite has one writer at a time anyway), so versions become visible in the
-- order they were given: a reader that has seen version N has seen everything below it.

CREATE TABLE search_feed_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO search_feed_version (id, version) VALUES (1, 0);

CREATE TABLE search_changes (
    version INTEGER PRIMARY KEY,
    kind    TEXT    NOT NULL, -- case | tutor
    key     TEXT    NOT NULL  -- the case number, or the tutor's user id
);

CREATE TRIGGER cases_feed_on_insert AFTER INSERT ON cases
BEGIN
    UPDATE search_feed_version SET version = version + 1 WHERE id = 1;
    INSERT INTO search_changes (version, kind, key) SELECT version, 'case', NEW.number FROM search_feed_version WHERE id = 1;
END;
CREATE TRIGGER cases_feed_on_update AFTER UPDATE ON cases
BEGIN
    UPDATE search_feed_version SET version = version + 1 WHERE id = 1;
    INSERT INTO search_changes (version, kind, key) SELECT version, 'case', NEW.number FROM search_feed_version WHERE id = 1;
END;
CREATE TRIGGER cases_feed_on_delete AFTER DELETE ON cases
BEGIN
    UPDATE search_feed_version SET version = version + 1 WHERE id = 1;
    INSERT INTO search_changes (version, kind, key) SELECT version, 'case', OLD.number FROM search_feed_version WHERE id = 1;
END;

CREATE TRIGGER tutor_profiles_feed_on_insert AFTER INSERT ON tutor_profiles
BEGIN
    UPDATE search_feed_version SET version = version + 1 WHERE id = 1;
    INSERT INTO search_changes (version, kind, key) SELECT version, 'tutor', NEW.user_id FROM search_feed_version WHERE id = 1;
END;
CREATE TRIGGER tutor_profiles_feed_on_update AFTER UPDATE ON tutor_profiles
BEGIN
    UPDATE search_feed_version SET version = version + 1 WHERE id = 1;
    INSERT INTO search_changes (version, kind, key) SELECT version, 'tutor', NEW.user_id FROM search_feed_version WHERE id = 1;
END;
CREATE TRIGGER tutor_profiles_feed_on_delete AFTER DELETE ON tutor_profiles
BEGIN
    UPDATE search_feed_version SET version = version + 1 WHERE id = 1;
    INSERT INTO search_changes (version, kind, key) SELECT version, 'tutor', OLD.user_id FROM search_feed_version WHERE id = 1;
END;

-- A tutor's answers carry their reviews' count and average.
CREATE TRIGGER reviews_feed_on_insert AFTER INSERT ON reviews
BEGIN
    UPDATE search_feed_version SET version = version + 1 WHERE id = 1;
    INSERT INTO search_changes (version, kind, key) SELECT version, 'tutor', NEW.tutor_id FROM search_feed_version WHERE id = 1;
END;
CREATE TRIGGER reviews_feed_on_update AFTER UPDATE OF status ON reviews
BEGIN
    UPDATE search_feed_version SET version = version + 1 WHERE id = 1;
    INSERT INTO search_changes (version, kind, key) SELECT version, 'tutor', NEW.tutor_id FROM search_feed_version WHERE id = 1;
END;
CREATE TRIGGER reviews_feed_on_delete AFTER DELETE ON reviews
BEGIN
    UPDATE search_feed_version SET version = version + 1 WHERE id = 1;
    INSERT INTO search_changes (version, kind, key) SELECT version, 'tutor', OLD.tutor_id FROM search_feed_version WHERE id = 1;
END;
