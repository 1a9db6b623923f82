//! The shape every public search has, the case board's and the tutor directory's alike: the
//! query as typed (`query`), the filter it is read into (`filter`), and the catalogue's names
//! it is read against (`names`). Each area composes them with what only it filters on (its
//! `Own` part): the case board its grades, post type, status and owner; the tutor directory
//! nothing. One reading, so the two searches cannot drift apart in what a field means or in
//! the 400 a refused one gets.

pub mod filter;
pub mod names;
pub mod query;
