-- The change feed of the search read model (issue 13): every write to a case, a tutor's
-- profile or a review of a tutor appends what changed, under a version that only grows.
-- A version is taken by updating the one row of search_feed_version, whose lock is held until
-- the transaction commits: concurrent writers take versions in turn and commit in that order,
-- so a reader that has seen version N has seen everything below it. (A sequence would not do:
-- a transaction holding a lower number can commit after one holding a higher.)

CREATE TABLE search_feed_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version BIGINT  NOT NULL
);
INSERT INTO search_feed_version (id, version) VALUES (1, 0);

CREATE TABLE search_changes (
    version BIGINT PRIMARY KEY,
    kind    TEXT   NOT NULL, -- case | tutor
    key     TEXT   NOT NULL  -- the case number, or the tutor's user id
);

CREATE FUNCTION feed_search_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    taken BIGINT;
    row_changed RECORD;
BEGIN
    IF TG_OP = 'DELETE' THEN
        row_changed := OLD;
    ELSE
        row_changed := NEW;
    END IF;
    UPDATE search_feed_version SET version = version + 1 WHERE id = 1 RETURNING version INTO taken;
    IF TG_TABLE_NAME = 'cases' THEN
        INSERT INTO search_changes (version, kind, key) VALUES (taken, 'case', row_changed.number::TEXT);
    ELSIF TG_TABLE_NAME = 'tutor_profiles' THEN
        INSERT INTO search_changes (version, kind, key) VALUES (taken, 'tutor', row_changed.user_id);
    ELSE
        INSERT INTO search_changes (version, kind, key) VALUES (taken, 'tutor', row_changed.tutor_id);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER cases_feed AFTER INSERT OR UPDATE OR DELETE ON cases
FOR EACH ROW EXECUTE FUNCTION feed_search_change();
CREATE TRIGGER tutor_profiles_feed AFTER INSERT OR UPDATE OR DELETE ON tutor_profiles
FOR EACH ROW EXECUTE FUNCTION feed_search_change();
CREATE TRIGGER reviews_feed AFTER INSERT OR UPDATE OF status OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION feed_search_change();
