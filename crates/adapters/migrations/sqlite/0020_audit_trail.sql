-- The back office's audit trail (issue 36): every decision (a case approved, an invoice waived,
-- an organization's documents exported) with who made it, when, about what and why. Only ever
-- appended to: the triggers refuse changing or removing a row, and no job sweeps it. Instants
-- are epoch milliseconds.

CREATE TABLE audit_trail (
    number    INTEGER PRIMARY KEY AUTOINCREMENT, -- the order appended in: never reused
    at        INTEGER NOT NULL,
    actor     TEXT    NOT NULL, -- the back office member: --by, TUTORHUB_OPERATOR or the OS user
    decision  TEXT    NOT NULL, -- case-approved | invoice-waived | documents-exported | …
    subject   TEXT    NOT NULL, -- e.g. 'case 123', 'invoice INV-2026-000123'
    reason    TEXT,             -- the decision's reason, when it takes one
    details   TEXT    NOT NULL  -- short key=value facts, e.g. 'amount_cents=-5000'
);
-- `audit list --since` reads from a time on.
CREATE INDEX audit_trail_by_time ON audit_trail (at);
CREATE TRIGGER audit_trail_no_update BEFORE UPDATE ON audit_trail
BEGIN
    SELECT RAISE(ABORT, 'audit_trail is append-only');
END;
CREATE TRIGGER audit_trail_no_delete BEFORE DELETE ON audit_trail
BEGIN
    SELECT RAISE(ABORT, 'audit_trail is append-only');
END;
