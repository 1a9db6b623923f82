//! After the match: the record of lessons held and cancelled for each confirmed match or
//! accepted booking, answered by the family and settled by the back office when disputed.

pub mod model;
pub mod ports;
pub mod record;
