//! The user repository contract, run on SQLite and on PostgreSQL.

use chrono::{NaiveDate, Utc};
use tutorhub_adapters::{Database, SqlUserRepository};
use tutorhub_domain::accounts::ports::UserRepository;
use tutorhub_domain::accounts::user::{NewUser, OrgVerification, Role, UserType};
use tutorhub_domain::shared::identity::{DisplayName, Email, Phone};
use tutorhub_domain::shared::storage::{Constraint, RepositoryError};
use uuid::Uuid;

fn new_user(phone: &str, email: &str, user_type: UserType) -> NewUser {
    NewUser {
        id: Uuid::new_v4(),
        phone: Phone::parse(phone).unwrap(),
        email: Email::parse(email).unwrap(),
        name: DisplayName::parse("陳大文").unwrap(),
        birthdate: NaiveDate::from_ymd_opt(2000, 1, 31).unwrap(),
        user_type,
        password_hash: "$argon2id$hash".into(),
        language: tutorhub_domain::shared::language::Language::ZhHk,
        created_at: Utc::now(),
    }
}

async fn stores_an_account_with_defaults_and_finds_it_three_ways(db: Database) {
    let repo = SqlUserRepository::new(db.pool().clone());
    let user = repo.insert(new_user("91234567", "Chan@Example.com", UserType::Individual)).await.unwrap();
    assert_eq!(user.number, 1001);
    assert_eq!((user.role, user.account_type.as_str(), user.is_tutor), (Role::User, "student", false));
    assert_eq!(user.org_verification, None);
    assert_eq!(repo.find_by_id(user.id).await.unwrap().unwrap(), user);
    assert_eq!(repo.find_by_phone(&Phone::parse("+852 9123 4567").unwrap()).await.unwrap().unwrap().id, user.id);
    assert_eq!(repo.find_by_email(&Email::parse("CHAN@example.com").unwrap()).await.unwrap().unwrap().id, user.id);
    assert!(repo.find_by_phone(&Phone::parse("61234567").unwrap()).await.unwrap().is_none());
}

async fn organizations_start_pending_verification(db: Database) {
    let repo = SqlUserRepository::new(db.pool().clone());
    let org = repo.insert(new_user("51234567", "org@example.com", UserType::Organization)).await.unwrap();
    assert_eq!(org.org_verification, Some(OrgVerification::Pending));
}

async fn a_taken_phone_or_email_is_a_conflict_naming_it(db: Database) {
    let repo = SqlUserRepository::new(db.pool().clone());
    repo.insert(new_user("91234567", "a@example.com", UserType::Individual)).await.unwrap();
    match repo.insert(new_user("91234567", "b@example.com", UserType::Individual)).await {
        Err(RepositoryError::Conflict(Constraint::UserPhone)) => {}
        other => panic!("expected a phone conflict, got {other:?}"),
    }
    match repo.insert(new_user("92234567", "a@example.com", UserType::Individual)).await {
        Err(RepositoryError::Conflict(Constraint::UserEmail)) => {}
        other => panic!("expected an email conflict, got {other:?}"),
    }
}

async fn keeps_only_the_hash_and_replaces_it(db: Database) {
    let repo = SqlUserRepository::new(db.pool().clone());
    let user = repo.insert(new_user("91234567", "a@example.com", UserType::Individual)).await.unwrap();
    assert_eq!(repo.password_hash(user.id).await.unwrap().as_deref(), Some("$argon2id$hash"));
    repo.set_password_hash(user.id, "$argon2id$new".into()).await.unwrap();
    assert_eq!(repo.password_hash(user.id).await.unwrap().as_deref(), Some("$argon2id$new"));
}

async fn finds_a_list_of_users_in_one_call(db: Database) {
    let repo = SqlUserRepository::new(db.pool().clone());
    let a = repo.insert(new_user("91234567", "a@example.com", UserType::Individual)).await.unwrap();
    let b = repo.insert(new_user("92234567", "b@example.com", UserType::Organization)).await.unwrap();
    repo.insert(new_user("93234567", "c@example.com", UserType::Individual)).await.unwrap();
    let mut found = repo.find_by_ids(&[b.id, Uuid::new_v4(), a.id, a.id]).await.unwrap();
    found.sort_by_key(|u| u.number);
    assert_eq!(found, vec![a, b]);
    assert!(repo.find_by_ids(&[]).await.unwrap().is_empty());
}

on_both_engines!(
    finds_a_list_of_users_in_one_call,
    stores_an_account_with_defaults_and_finds_it_three_ways,
    organizations_start_pending_verification,
    a_taken_phone_or_email_is_a_conflict_naming_it,
    keeps_only_the_hash_and_replaces_it,
);
