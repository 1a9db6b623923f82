/** Spec §9: every uploaded document or avatar is at most 5 MB. The server enforces it too. */
export const MAX_UPLOAD_BYTES = 5_242_880;

/** The longest message a booker may leave the tutor (the server's BookingDetails::MESSAGE_MAX_CHARS). */
export const BOOKING_MESSAGE_MAX_CHARS = 300;

/** The longest review, and the longest reply (the server's ReviewText::MAX_CHARS). */
export const REVIEW_TEXT_MAX_CHARS = 500;

/** The longest reason for reporting a review (the server's REPORT_REASON_MAX_CHARS). */
export const REPORT_REASON_MAX_CHARS = 200;
