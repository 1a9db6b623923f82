-- When moderation first let a case onto the board (milliseconds since 1970, as created_at): the
-- marketplace report measures the wait for a first applicant from it. Cases approved before
-- this column existed keep NULL; the report then reads their approval from their status.
ALTER TABLE cases ADD COLUMN approved_at BIGINT;
