//! The refresh token repository contract, run on SQLite and on PostgreSQL.

mod support;

use chrono::{Duration, NaiveDate, Utc};
use tutorhub_adapters::{Database, SqlRefreshTokenRepository, SqlUserRepository};
use tutorhub_domain::identity::{DisplayName, Email, Phone};
use tutorhub_domain::ports::{RefreshTokenRecord, RefreshTokenRepository, UserRepository};
use tutorhub_domain::user::{NewUser, UserType};
use uuid::Uuid;

async fn a_user(db: &Database, phone: &str) -> Uuid {
    let repo = SqlUserRepository::new(db.pool().clone());
    let user = NewUser {
        id: Uuid::new_v4(),
        phone: Phone::parse(phone).unwrap(),
        email: Email::parse(&format!("{phone}@example.com")).unwrap(),
        name: DisplayName::parse("陳太").unwrap(),
        birthdate: NaiveDate::from_ymd_opt(1985, 3, 1).unwrap(),
        user_type: UserType::Individual,
        password_hash: "$argon2id$hash".into(),
        created_at: Utc::now(),
    };
    repo.insert(user).await.unwrap().id
}

fn token(user_id: Uuid, family_id: Uuid, hash: &str) -> RefreshTokenRecord {
    let now = Utc::now();
    RefreshTokenRecord {
        id: Uuid::new_v4(),
        family_id,
        user_id,
        token_hash: hash.into(),
        created_at: now,
        expires_at: now + Duration::days(30),
        rotated_at: None,
        revoked_at: None,
    }
}

async fn stores_and_finds_a_token_by_its_digest(db: Database) {
    let repo = SqlRefreshTokenRepository::new(db.pool().clone());
    let user = a_user(&db, "61234567").await;
    let record = token(user, Uuid::new_v4(), "digest-1");
    repo.insert(record.clone()).await.unwrap();
    let found = repo.find_by_hash("digest-1").await.unwrap().unwrap();
    assert_eq!((found.id, found.family_id, found.user_id), (record.id, record.family_id, user));
    assert_eq!(found.expires_at.timestamp_millis(), record.expires_at.timestamp_millis());
    assert!(repo.find_by_hash("digest-2").await.unwrap().is_none());
}

async fn only_one_of_two_concurrent_rotations_wins(db: Database) {
    let repo = std::sync::Arc::new(SqlRefreshTokenRepository::new(db.pool().clone()));
    let user = a_user(&db, "61234567").await;
    let record = token(user, Uuid::new_v4(), "digest-1");
    repo.insert(record.clone()).await.unwrap();
    let (a, b) = tokio::join!(repo.mark_rotated(record.id, Utc::now()), repo.mark_rotated(record.id, Utc::now()));
    assert_eq!([a.unwrap(), b.unwrap()].iter().filter(|won| **won).count(), 1);
    assert!(repo.find_by_hash("digest-1").await.unwrap().unwrap().rotated_at.is_some());
}

async fn revoking_a_family_leaves_other_families_alone(db: Database) {
    let repo = SqlRefreshTokenRepository::new(db.pool().clone());
    let user = a_user(&db, "61234567").await;
    let (family, other) = (Uuid::new_v4(), Uuid::new_v4());
    repo.insert(token(user, family, "a1")).await.unwrap();
    repo.insert(token(user, family, "a2")).await.unwrap();
    repo.insert(token(user, other, "b1")).await.unwrap();
    repo.revoke_family(family, Utc::now()).await.unwrap();
    assert!(repo.find_by_hash("a1").await.unwrap().unwrap().revoked_at.is_some());
    assert!(repo.find_by_hash("a2").await.unwrap().unwrap().revoked_at.is_some());
    assert!(repo.find_by_hash("b1").await.unwrap().unwrap().revoked_at.is_none());
    let revoked = repo.find_by_hash("a2").await.unwrap().unwrap();
    assert!(!repo.mark_rotated(revoked.id, Utc::now()).await.unwrap(), "a revoked token cannot be rotated");
}

async fn revoking_a_user_ends_all_their_sessions_only(db: Database) {
    let repo = SqlRefreshTokenRepository::new(db.pool().clone());
    let (me, someone) = (a_user(&db, "61234567").await, a_user(&db, "62345678").await);
    repo.insert(token(me, Uuid::new_v4(), "mine-1")).await.unwrap();
    repo.insert(token(me, Uuid::new_v4(), "mine-2")).await.unwrap();
    repo.insert(token(someone, Uuid::new_v4(), "theirs")).await.unwrap();
    repo.revoke_user(me, Utc::now()).await.unwrap();
    assert!(repo.find_by_hash("mine-1").await.unwrap().unwrap().revoked_at.is_some());
    assert!(repo.find_by_hash("mine-2").await.unwrap().unwrap().revoked_at.is_some());
    assert!(repo.find_by_hash("theirs").await.unwrap().unwrap().revoked_at.is_none());
}

on_both_engines!(
    stores_and_finds_a_token_by_its_digest,
    only_one_of_two_concurrent_rotations_wins,
    revoking_a_family_leaves_other_families_alone,
    revoking_a_user_ends_all_their_sessions_only,
);
