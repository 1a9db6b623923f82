//! Demo accounts with known passwords, so that a developer, a reviewer and the e2e tests can
//! log in at once after `tutorhub seed --demo`. Never use these in production data.

use chrono::{NaiveDate, Utc};
use tutorhub_domain::accounts::user::{NewUser, UserType};
use tutorhub_domain::shared::identity::{DisplayName, Email, Password, Phone};
use uuid::Uuid;

use crate::wiring::Wiring;

/// One demo account; every one has the password [`DEMO_PASSWORD`].
pub struct DemoAccount {
    pub name: &'static str,
    pub phone: &'static str,
    pub email: &'static str,
    pub birthdate: (i32, u32, u32),
    pub user_type: UserType,
}

/// The password of every demo account (documented in README).
pub const DEMO_PASSWORD: &str = "demo1234";

pub const DEMO_ACCOUNTS: &[DemoAccount] = &[
    // A parent looking for a tutor.
    DemoAccount {
        name: "陳太",
        phone: "61234567",
        email: "chan.tai@example.com",
        birthdate: (1985, 3, 1),
        user_type: UserType::Individual,
    },
    // A university student who will apply to become a tutor.
    DemoAccount {
        name: "李思敏",
        phone: "62345678",
        email: "lee.simone@example.com",
        birthdate: (2003, 9, 15),
        user_type: UserType::Individual,
    },
    // A tutoring centre, pending verification by the back office (with two demo documents).
    DemoAccount {
        name: "明德教育",
        phone: "63456789",
        email: "info@mingtak.example.com",
        birthdate: (1990, 1, 1),
        user_type: UserType::Organization,
    },
];

/// Adds each demo account whose phone is not registered yet; returns how many were added.
///
/// # Errors
/// When the store fails.
pub async fn ensure_demo_accounts(app: &Wiring) -> anyhow::Result<usize> {
    let password = Password::parse(DEMO_PASSWORD).map_err(|problem| anyhow::anyhow!("{problem:?}"))?;
    let mut added = 0;
    for account in DEMO_ACCOUNTS {
        let phone = Phone::parse(account.phone).map_err(|problem| anyhow::anyhow!("{problem:?}"))?;
        if app.users.find_by_phone(&phone).await?.is_some() {
            continue;
        }
        let (y, m, d) = account.birthdate;
        let user = app
            .users
            .insert(NewUser {
                id: Uuid::new_v4(),
                phone,
                email: Email::parse(account.email).map_err(|problem| anyhow::anyhow!("{problem:?}"))?,
                name: DisplayName::parse(account.name).map_err(|problem| anyhow::anyhow!("{problem:?}"))?,
                birthdate: NaiveDate::from_ymd_opt(y, m, d).expect("demo birthdates are real dates"),
                user_type: account.user_type,
                password_hash: app.hasher.hash(&password).await?,
                language: tutorhub_domain::shared::language::Language::ZhHk,
                created_at: Utc::now(),
            })
            .await?;
        if user.user_type == UserType::Organization {
            crate::demo_documents::add_demo_documents(app, &user).await?;
        }
        added += 1;
    }
    Ok(added)
}
