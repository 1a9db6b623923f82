//! The service fee: terms, invoices, proofs of payment and receipts.

pub mod api;
pub mod qr;
