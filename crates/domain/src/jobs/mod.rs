//! Background work that runs once per period for the whole site, however many servers run:
//! alert delivery, clean-ups. Each run takes a lease on its job first (`ports::JobLedger`), so
//! one server runs it and the others skip; a server that dies mid-run loses its lease when it
//! expires, and another takes over.

pub mod model;
pub mod ports;
pub mod scheduler;
