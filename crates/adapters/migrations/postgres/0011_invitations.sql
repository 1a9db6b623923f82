-- Owners invite suggested tutors to apply to their open cases (issue 12).

-- One row per case and tutor; the limits (per case, per tutor per day) count these rows in
-- the same statement that adds one.
CREATE TABLE case_invitations (
    case_number BIGINT NOT NULL REFERENCES cases (number) ON DELETE CASCADE,
    tutor_id    TEXT    NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (case_number, tutor_id)
);
CREATE INDEX case_invitations_by_tutor ON case_invitations (tutor_id, created_at);

-- Tutors who turned invitations off; everyone else takes them.
CREATE TABLE invitation_opt_outs (
    tutor_id   TEXT    PRIMARY KEY,
    created_at BIGINT NOT NULL
);
