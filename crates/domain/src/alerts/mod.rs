//! Case alerts (issue 12): an approved tutor saves searches of the case board and hears by SMS
//! or e-mail when a new case matches: at most one message per channel an hour (a digest when
//! several match), none in Hong Kong's night, each with a one-tap link to stop it.

pub mod delivery;
pub mod messages;
pub mod model;
pub mod ports;
pub mod quiet_hours;
pub mod saved_searches;
