-- The service fee (issue 33): one invoice per confirmed match, issued after its first confirmed
-- lesson, numbered INV-<year>-<id>; its money is an append-only ledger of lines. Beside it: the
-- back office's moves of the due date, the reminders sent, and the tutor's proofs of payment.
-- Dates people read (due, paid, a line's) are Hong Kong dates as 'YYYY-MM-DD', which compare
-- as text; instants are epoch milliseconds.

CREATE TABLE invoices (
    id                    INTEGER PRIMARY KEY AUTOINCREMENT, -- the serial of the number: never reused
    year                  INTEGER NOT NULL, -- the Hong Kong year it was issued in
    arrangement_id        TEXT    NOT NULL, -- offers.id: the match
    case_number           INTEGER NOT NULL,
    tutor_id              TEXT    NOT NULL,
    fee_per_lesson_cents  INTEGER NOT NULL, -- the offer's agreed fee per lesson, whole HK cents
    lessons_per_week      INTEGER NOT NULL, -- the case's
    fee_cents             INTEGER NOT NULL, -- the service fee: per lesson × a week × 4 ÷ 2
    first_lesson_at       INTEGER NOT NULL, -- the first confirmed lesson's start
    issued_at             INTEGER NOT NULL,
    due_on                TEXT    NOT NULL, -- YYYY-MM-DD; each move is kept in invoice_due_changes
    interest_bp_per_month INTEGER NOT NULL, -- the late terms in force when it was issued
    penalty_percent       INTEGER NOT NULL,
    penalty_day           INTEGER NOT NULL,
    settled_how           TEXT,             -- paid | waived; NULL while owed
    settled_on            TEXT,             -- YYYY-MM-DD of the payment (or waiver) that settled it
    settled_method        TEXT              -- fps | bank | cash: how the last payment came
);
-- One invoice per match: the index decides two servers issuing at once, not a read-then-write.
CREATE UNIQUE INDEX invoices_one_per_match ON invoices (arrangement_id);
CREATE INDEX invoices_by_tutor ON invoices (tutor_id);
-- The reminders job and the back office's overdue list read the unsettled ones.
CREATE INDEX invoices_unsettled ON invoices (id) WHERE settled_how IS NULL;

-- The ledger: lines are only ever appended (the triggers refuse the rest). A line takes the
-- next number of its invoice, so of two writers that read the same ledger one gets the number
-- and the other learns it is stale; a keyed line (a bank payment, a statement line, a review
-- of a short match) is recorded once across all ledgers.
CREATE TABLE invoice_lines (
    invoice_id   INTEGER NOT NULL REFERENCES invoices (id),
    seq          INTEGER NOT NULL, -- 1, 2, 3… in the order written
    kind         TEXT    NOT NULL, -- fee | adjustment | credit | interest | penalty | payment | refund | waiver
    amount_cents INTEGER NOT NULL, -- positive: owed by the tutor; negative: owed to them
    on_date      TEXT    NOT NULL, -- YYYY-MM-DD it takes effect
    written_by   TEXT    NOT NULL, -- system | back-office | the imported file
    reason       TEXT    NOT NULL,
    method       TEXT,             -- fps | bank | cash
    reference    TEXT,             -- a payment's or a refund's reference
    line_key     TEXT,             -- e.g. payment:fps:REF, statement:…, short-match:<invoice>
    recorded_at  INTEGER NOT NULL,
    CONSTRAINT invoice_lines_in_order PRIMARY KEY (invoice_id, seq)
);
CREATE UNIQUE INDEX invoice_lines_once ON invoice_lines (line_key) WHERE line_key IS NOT NULL;
CREATE TRIGGER invoice_lines_no_update BEFORE UPDATE ON invoice_lines
BEGIN
    SELECT RAISE(ABORT, 'invoice_lines is append-only');
END;
CREATE TRIGGER invoice_lines_no_delete BEFORE DELETE ON invoice_lines
BEGIN
    SELECT RAISE(ABORT, 'invoice_lines is append-only');
END;

-- Each move of a due date by the back office, for good (append-only too).
CREATE TABLE invoice_due_changes (
    id          INTEGER PRIMARY KEY AUTOINCREMENT, -- the order they were made in
    invoice_id  INTEGER NOT NULL REFERENCES invoices (id),
    from_on     TEXT    NOT NULL, -- YYYY-MM-DD
    to_on       TEXT    NOT NULL,
    reason      TEXT    NOT NULL,
    changed_by  TEXT    NOT NULL, -- the back office member (TUTORHUB_REVIEWER)
    changed_at  INTEGER NOT NULL
);
CREATE INDEX invoice_due_changes_by_invoice ON invoice_due_changes (invoice_id, id);
CREATE TRIGGER invoice_due_changes_no_update BEFORE UPDATE ON invoice_due_changes
BEGIN
    SELECT RAISE(ABORT, 'invoice_due_changes is append-only');
END;
CREATE TRIGGER invoice_due_changes_no_delete BEFORE DELETE ON invoice_due_changes
BEGIN
    SELECT RAISE(ABORT, 'invoice_due_changes is append-only');
END;

-- The reminders sent: each once per invoice and due date (the key decides several servers;
-- a moved due date has its reminders again).
CREATE TABLE invoice_reminders (
    invoice_id  INTEGER NOT NULL REFERENCES invoices (id),
    reminder    TEXT    NOT NULL, -- soon | due | overdue | penalty
    due_on      TEXT    NOT NULL, -- YYYY-MM-DD
    sent_at     INTEGER NOT NULL,
    PRIMARY KEY (invoice_id, reminder, due_on)
);

-- The tutor's proofs of payment: a private image (its key in the file store) and the FPS
-- reference typed with it.
CREATE TABLE payment_proofs (
    id          TEXT    PRIMARY KEY,
    invoice_id  INTEGER NOT NULL REFERENCES invoices (id),
    file_key    TEXT    NOT NULL,
    reference   TEXT    NOT NULL,
    uploaded_at INTEGER NOT NULL
);
CREATE INDEX payment_proofs_by_invoice ON payment_proofs (invoice_id, uploaded_at);

-- The fee a tutor confirms is the fee they are billed: the case's lessons a week are kept on the
-- offer when it is confirmed, and only offers confirmed so (from this version on, when the fee
-- is stated before confirming) are billed. Matches confirmed before fees existed never are.
ALTER TABLE offers ADD COLUMN lessons_per_week INTEGER;
