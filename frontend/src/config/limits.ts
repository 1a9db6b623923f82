/**
 * The limits the forms check before sending, the server's own numbers (src/api/form-limits.ts is
 * generated from the domain's constants by `tutorhub form-limits`). Spec §9: every uploaded
 * document or avatar is at most 5 MB.
 */
export {
  BOOKING_MESSAGE_MAX_CHARS,
  MAX_UPLOAD_BYTES,
  REPORT_REASON_MAX_CHARS,
  REVIEW_TEXT_MAX_CHARS,
} from '@/api/form-limits';
