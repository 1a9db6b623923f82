-- Session and verification hardening (issue 9).

-- A phone's verification grant belongs to the client that typed the code: the digest of the
-- token that verify-code handed it. Grants from before this migration had no token and could
-- not be presented any more, so they go (they last 30 minutes; the user verifies again).
DELETE FROM phone_grants;
ALTER TABLE phone_grants ADD COLUMN grant_hash TEXT NOT NULL DEFAULT '';
