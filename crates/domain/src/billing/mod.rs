//! The service fee our terms promise: stated before a tutor confirms a match, invoiced after the
//! first confirmed lesson, paid by FPS, receipted, with late charges exactly as the terms say.

pub mod fps;
pub mod invoices;
pub mod ledger;
pub mod model;
pub mod ports;
pub mod standing;
pub mod statement;
pub mod terms;
