pub mod cases;
pub mod applications;
pub mod confirm;
pub mod openapi;
pub mod seed;
pub mod serve;
pub mod tutors;
