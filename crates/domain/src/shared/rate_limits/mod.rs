//! Rate limits, in one place: the site's limits (`limits`), the window rule every limiter
//! counts by (`window`), the port the limiters implement and its store-failure answer
//! (`ports`), and `Throttle`, through which the use cases count and which decides what a store
//! failure means for them (fail closed: `throttle`).
//!
//! Two adapters implement the port: one process's memory (SQLite sites, one server) and a
//! table every server shares (PostgreSQL). Both count by [`Window`], so a limit means the same
//! on every engine; `crates/adapters/tests/stores/rate_limits.rs` runs the same stories on both.

pub mod limits;
pub mod ports;
pub mod throttle;
pub mod window;

pub use limits::*;
#[cfg(any(test, feature = "mocks"))]
pub use ports::MockRateLimiter;
pub use ports::{Limit, RateLimiter, Refused, StoreFailed};
pub use throttle::{RateLimited, STORE_FAILURE_WAIT_SECONDS, Throttle};
pub use window::{Hit, Window};
