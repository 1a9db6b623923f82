//! People with an account: students, parents, tutors and organizations.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::keyed_enum;
use crate::shared::identity::{DisplayName, Email, Phone};
use crate::shared::language::Language;

keyed_enum! {
    /// `user` for every self-registered account; `tutor` once an application is approved.
    pub enum Role {
        User => "user",
        Tutor => "tutor",
        Admin => "admin",
    }
}

keyed_enum! {
    pub enum UserType {
        Individual => "individual",
        Organization => "organization",
    }
}

keyed_enum! {
    /// Organizations' documents are checked by the back office.
    pub enum OrgVerification {
        Pending => "pending",
        Verified => "verified",
        Rejected => "rejected",
    }
}

/// The default account type (spec §3).
pub const DEFAULT_ACCOUNT_TYPE: &str = "student";

/// A registered account.
#[derive(Debug, Clone, PartialEq)]
pub struct User {
    pub id: Uuid,
    /// The short number shown on screen ("用戶編號 1024").
    pub number: i64,
    pub phone: Phone,
    pub email: Email,
    pub name: DisplayName,
    pub birthdate: NaiveDate,
    pub user_type: UserType,
    pub role: Role,
    pub account_type: String,
    pub is_tutor: bool,
    pub is_tutor_profile_active: bool,
    /// Public path of the avatar under `/media/…`.
    pub avatar: Option<String>,
    /// Present for organizations only.
    pub org_verification: Option<OrgVerification>,
    /// Why the back office refused to verify the organization (only while rejected).
    pub org_rejection_reason: Option<String>,
    /// The language the member reads: what is sent to them later (SMS, e-mail) follows it.
    pub language: Language,
    pub created_at: DateTime<Utc>,
}

impl User {
    /// May apply to cases and post tutor-seeking-student cases.
    pub fn is_active_tutor(&self) -> bool {
        self.is_tutor && self.is_tutor_profile_active
    }
}

/// An account about to be stored; the repository assigns its number.
#[derive(Debug, Clone, PartialEq)]
pub struct NewUser {
    pub id: Uuid,
    pub phone: Phone,
    pub email: Email,
    pub name: DisplayName,
    pub birthdate: NaiveDate,
    pub user_type: UserType,
    pub password_hash: String,
    /// The language they registered in.
    pub language: Language,
    pub created_at: DateTime<Utc>,
}
