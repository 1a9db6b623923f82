//! A person's profile as others see it: name, phone and, for tutors, the avatar on their public
//! profile. It spans an account and a tutor profile, so it sits above both.

pub mod editing;
