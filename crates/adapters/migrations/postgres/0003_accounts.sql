-- Sessions, phone verification, password resets and organization documents (issue 3).
-- Every secret (refresh token, SMS code, reset token) is kept as a SHA-256 or argon2 digest only.

-- Refresh tokens: rotated on every use; all tokens descended from one login share a family,
-- so presenting a rotated token can revoke the whole family.
CREATE TABLE refresh_tokens (
    id          TEXT    PRIMARY KEY,
    family_id   TEXT    NOT NULL,
    user_id     TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash  TEXT    NOT NULL UNIQUE,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL,
    rotated_at  BIGINT,
    revoked_at  BIGINT
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

-- The one live SMS code per phone; a resend replaces it (after the cooldown).
CREATE TABLE phone_codes (
    phone       TEXT    PRIMARY KEY,
    code_hash   TEXT    NOT NULL,
    sent_at     BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL,
    attempts    BIGINT  NOT NULL DEFAULT 0
);

-- A verified phone, until registration or a phone change consumes it.
CREATE TABLE phone_grants (
    phone       TEXT    PRIMARY KEY,
    granted_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL
);

-- Password reset links: single use.
CREATE TABLE password_resets (
    token_hash  TEXT    PRIMARY KEY,
    user_id     TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL,
    used_at     BIGINT
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- Organization documents in private storage (business registration, address proof).
CREATE TABLE org_documents (
    user_id     TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,
    file_key    TEXT    NOT NULL,
    file_type   TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    PRIMARY KEY (user_id, kind)
);

CREATE INDEX users_org_verification ON users (org_verification);
