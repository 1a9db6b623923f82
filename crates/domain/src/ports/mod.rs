//! Capabilities the domain needs from the outside world, one file per area.
//! Adapters implement them; use cases hold them as `Arc<dyn Port>`.

mod cases;
mod files;
mod matching;
mod messaging;
mod security;
mod tutors;
mod rate_limits;
mod sessions;
mod verification;
mod users;
mod user_directory;

use thiserror::Error;

pub use cases::*;
pub use files::*;
pub use matching::*;
pub use messaging::*;
pub use security::*;
pub use tutors::*;
pub use rate_limits::*;
pub use sessions::*;
pub use verification::*;
pub use users::*;
pub use user_directory::*;

/// A storage failure, translated by the adapter from its driver's error.
#[derive(Debug, Error)]
pub enum RepositoryError {
    /// A uniqueness rule would be broken; the text names the constraint or column.
    #[error("conflict on {0}")]
    Conflict(String),
    /// The store could not answer; the request may succeed later.
    #[error("storage unavailable: {0}")]
    Unavailable(#[source] Box<dyn std::error::Error + Send + Sync>),
}
