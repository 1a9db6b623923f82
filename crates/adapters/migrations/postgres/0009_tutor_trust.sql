-- What a parent weighs before choosing, kept on the public profile: years of teaching, exam
-- results and course features, as the approved application gave them.
ALTER TABLE tutor_profiles ADD COLUMN teaching_experience BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tutor_profiles ADD COLUMN exam_results TEXT NOT NULL DEFAULT '';
ALTER TABLE tutor_profiles ADD COLUMN course_features TEXT NOT NULL DEFAULT '';

-- Profiles approved before this migration take them from their latest approved application.
UPDATE tutor_profiles SET
    teaching_experience = COALESCE((SELECT a.teaching_experience FROM tutor_applications a
        WHERE a.user_id = tutor_profiles.user_id AND a.status = 'approved' ORDER BY a.number DESC LIMIT 1), 0),
    exam_results = COALESCE((SELECT a.exam_results FROM tutor_applications a
        WHERE a.user_id = tutor_profiles.user_id AND a.status = 'approved' ORDER BY a.number DESC LIMIT 1), ''),
    course_features = COALESCE((SELECT a.course_features FROM tutor_applications a
        WHERE a.user_id = tutor_profiles.user_id AND a.status = 'approved' ORDER BY a.number DESC LIMIT 1), '');

-- A tutor's record counts matched cases and accepted bookings by tutor and status.
CREATE INDEX case_applications_by_tutor_status ON case_applications (tutor_id, status);
CREATE INDEX bookings_by_tutor_status ON bookings (tutor_id, status);
