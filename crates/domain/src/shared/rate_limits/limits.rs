//! The site's limits, one constant each: what each protects and why its numbers.

use super::ports::Limit;

/// Codes sent to one phone: enough for typos, not for SMS pumping.
pub const SEND_CODE_PER_PHONE: Limit = Limit { max: 5, window_seconds: 3600 };
/// Codes requested from one address.
pub const SEND_CODE_PER_IP: Limit = Limit { max: 20, window_seconds: 3600 };
/// Login attempts for one phone from one address, counted before the password is checked
/// (so a burst cannot get more checks than this) and forgotten on success. Keyed by the
/// source too, so a stranger can only lock themselves out, not the account's owner.
pub const LOGIN_ATTEMPTS_PER_PHONE_AND_SOURCE: Limit = Limit { max: 10, window_seconds: 900 };
/// Login attempts for one phone from all addresses: the slower, account-wide backoff against
/// guessing spread over many addresses. Locking an account this way takes several addresses.
pub const LOGIN_ATTEMPTS_PER_PHONE: Limit = Limit { max: 50, window_seconds: 3600 };
/// Login attempts from one address, whatever the phone (password spraying, and the hashing
/// work one client can ask for). Generous for a shared office or school address.
pub const LOGIN_ATTEMPTS_PER_SOURCE: Limit = Limit { max: 30, window_seconds: 300 };
/// Phone/e-mail existence checks from one address (the form checks as the user types).
pub const CHECKS_PER_IP: Limit = Limit { max: 60, window_seconds: 60 };
/// Old-password checks of a password change for one account, counted before the check (so a
/// burst gets no more) and forgotten on success: a stolen access token must not become an
/// oracle for the password.
pub const CHANGE_PASSWORD_FAILURES_PER_ACCOUNT: Limit = Limit { max: 5, window_seconds: 900 };
/// Profile updates of one account (`PUT /users/{id}` answers whether a phone is another
/// account's, so it gets the budget of check-phone).
pub const PROFILE_UPDATES_PER_ACCOUNT: Limit = Limit { max: 60, window_seconds: 60 };
/// Password reset requests for one phone.
pub const RESET_REQUESTS_PER_PHONE: Limit = Limit { max: 3, window_seconds: 3600 };
/// Password reset requests from one address, whatever the phone: each may send a mail, and each
/// new phone would otherwise cost the limiter a key (counted first, so a refused request costs
/// none).
pub const RESET_REQUESTS_PER_IP: Limit = Limit { max: 20, window_seconds: 3600 };
/// Code checks from one address, whatever the phone: a phone's own attempts are limited on its
/// code, this keeps one client from trying codes across many phones.
pub const CODE_CHECKS_PER_IP: Limit = Limit { max: 30, window_seconds: 600 };
/// New bookings one member makes: plenty for finding a tutor, not for texting every tutor.
pub const BOOKINGS_PER_MEMBER: Limit = Limit { max: 20, window_seconds: 86_400 };
/// Apply calls of one tutor: a withdraw/re-apply loop would text the case's owner each time.
pub const APPLIES_PER_TUTOR: Limit = Limit { max: 30, window_seconds: 86_400 };
/// Lessons recorded or cancelled in one arrangement a day: a few lessons a week, with room
/// for corrections; a script filling a family's record stops here.
pub const LESSON_ENTRIES_PER_ARRANGEMENT: Limit = Limit { max: 20, window_seconds: 86_400 };
/// SMS to a family about lessons to confirm in one arrangement: one a day says "look".
pub const LESSON_NOTICES_PER_ARRANGEMENT: Limit = Limit { max: 1, window_seconds: 86_400 };
/// SMS to one person about bookings with one other member (requests, answers,
/// cancellations): the first says "look in the app", further ones would add nothing.
pub const BOOKING_NOTICES_PER_PAIR: Limit = Limit { max: 1, window_seconds: 3600 };
/// SMS to a case's owner about new applicants to that case.
pub const APPLICANT_NOTICES_PER_CASE: Limit = Limit { max: 1, window_seconds: 3600 };
/// SMS one person receives because of other members' actions, whatever they are about.
pub const MEMBER_NOTICES_PER_RECIPIENT: Limit = Limit { max: 20, window_seconds: 86_400 };
