-- Accounts. Phone in E.164 and e-mail lower-cased, each unique: the indexes decide races.
CREATE TABLE users (
    number                  INTEGER PRIMARY KEY AUTOINCREMENT,
    id                      TEXT    NOT NULL UNIQUE,
    phone                   TEXT    NOT NULL UNIQUE,
    email                   TEXT    NOT NULL UNIQUE,
    name                    TEXT    NOT NULL,
    birthdate               TEXT    NOT NULL,
    user_type               TEXT    NOT NULL,
    role                    TEXT    NOT NULL DEFAULT 'user',
    account_type            TEXT    NOT NULL DEFAULT 'student',
    is_tutor                INTEGER NOT NULL DEFAULT 0,
    is_tutor_profile_active INTEGER NOT NULL DEFAULT 0,
    avatar                  TEXT,
    org_verification        TEXT,
    password_hash           TEXT    NOT NULL,
    created_at              INTEGER NOT NULL,
    updated_at              INTEGER NOT NULL
);

-- User numbers start at 1001.
INSERT INTO sqlite_sequence (name, seq) VALUES ('users', 1000);
