pub mod cases;
pub mod openapi;
pub mod seed;
pub mod serve;
