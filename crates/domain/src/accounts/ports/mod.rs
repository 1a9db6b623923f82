//! What accounts need from the outside world: where accounts, tokens, codes and registration
//! documents live, and how passwords are hashed.

mod directory;
mod security;
mod sessions;
mod users;
mod verification;

pub use directory::*;
pub use security::*;
pub use sessions::*;
pub use users::*;
pub use verification::*;
