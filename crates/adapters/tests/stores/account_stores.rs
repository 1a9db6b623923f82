//! Codes, grants, reset links and organization documents, on SQLite and on PostgreSQL.

use chrono::{Duration, NaiveDate, Utc};
use tutorhub_adapters::{Database, SqlAccountStores, SqlUserRepository};
use tutorhub_domain::accounts::ports::{
    OrgDocument, OrgDocumentKind, OrgDocumentRepository, PasswordResetStore, PhoneCode, PhoneVerificationStore, UserRepository,
};
use tutorhub_domain::accounts::user::{NewUser, UserType};
use tutorhub_domain::shared::files::{StoredFile, Visibility};
use tutorhub_domain::shared::identity::{DisplayName, Email, Phone};
use uuid::Uuid;

fn phone() -> Phone {
    Phone::parse("91234567").unwrap()
}

fn code(hash: &str, sent_seconds_ago: i64) -> PhoneCode {
    let sent_at = Utc::now() - Duration::seconds(sent_seconds_ago);
    PhoneCode { code_hash: hash.into(), sent_at, expires_at: sent_at + Duration::minutes(10), attempts: 0 }
}

async fn a_resend_within_the_cooldown_keeps_the_old_code(db: Database) {
    let store = SqlAccountStores::new(db.pool().clone());
    let cooldown = || Utc::now() - Duration::seconds(60);
    assert!(store.replace_code(&phone(), code("first", 0), cooldown()).await.unwrap());
    assert!(!store.replace_code(&phone(), code("second", 0), cooldown()).await.unwrap());
    assert_eq!(store.find_code(&phone()).await.unwrap().unwrap().code_hash, "first");
    // Pretend the first was sent long ago by replacing it with an old one directly.
    store.delete_code(&phone()).await.unwrap();
    assert!(store.replace_code(&phone(), code("old", 120), cooldown()).await.unwrap());
    assert!(store.replace_code(&phone(), code("third", 0), cooldown()).await.unwrap());
    assert_eq!(store.find_code(&phone()).await.unwrap().unwrap().code_hash, "third");
}

async fn attempts_stop_at_the_limit_even_in_parallel(db: Database) {
    let store = std::sync::Arc::new(SqlAccountStores::new(db.pool().clone()));
    store.replace_code(&phone(), code("h", 0), Utc::now()).await.unwrap();
    let tries = (0..8).map(|_| {
        let store = store.clone();
        tokio::spawn(async move { store.spend_attempt(&phone(), 5, Utc::now()).await.unwrap() })
    });
    let mut granted = 0;
    for t in tries {
        granted += usize::from(t.await.unwrap().is_some());
    }
    assert_eq!(granted, 5);
    assert_eq!(store.find_code(&phone()).await.unwrap().unwrap().attempts, 5);
}

async fn an_expired_code_cannot_be_tried(db: Database) {
    let store = SqlAccountStores::new(db.pool().clone());
    store.replace_code(&phone(), code("h", 11 * 60), Utc::now()).await.unwrap();
    assert!(store.spend_attempt(&phone(), 5, Utc::now()).await.unwrap().is_none());
}

async fn a_grant_is_consumed_once_and_only_before_it_expires(db: Database) {
    let store = SqlAccountStores::new(db.pool().clone());
    let now = Utc::now();
    store.grant(&phone(), "mine", now, now + Duration::minutes(30)).await.unwrap();
    assert!(store.consume_grant(&phone(), "mine", now).await.unwrap());
    assert!(!store.consume_grant(&phone(), "mine", now).await.unwrap());
    store.grant(&phone(), "mine", now, now + Duration::minutes(30)).await.unwrap();
    assert!(!store.consume_grant(&phone(), "mine", now + Duration::minutes(31)).await.unwrap());
}

async fn a_grant_is_consumed_only_with_the_digest_it_was_made_for(db: Database) {
    let store = SqlAccountStores::new(db.pool().clone());
    let now = Utc::now();
    store.grant(&phone(), "verifiers", now, now + Duration::minutes(30)).await.unwrap();
    assert!(!store.consume_grant(&phone(), "someone-elses", now).await.unwrap());
    assert!(!store.consume_grant(&phone(), "", now).await.unwrap());
    // A newer verification of the phone replaces the grant, and its digest with it.
    store.grant(&phone(), "newer", now, now + Duration::minutes(30)).await.unwrap();
    assert!(!store.consume_grant(&phone(), "verifiers", now).await.unwrap());
    assert!(store.consume_grant(&phone(), "newer", now).await.unwrap());
}

async fn a_user(db: &Database) -> Uuid {
    let user = NewUser {
        id: Uuid::new_v4(),
        phone: phone(),
        email: Email::parse("org@example.com").unwrap(),
        name: DisplayName::parse("明德教育").unwrap(),
        birthdate: NaiveDate::from_ymd_opt(1990, 1, 1).unwrap(),
        user_type: UserType::Organization,
        password_hash: "$argon2id$x".into(),
        language: tutorhub_domain::shared::language::Language::ZhHk,
        created_at: Utc::now(),
    };
    SqlUserRepository::new(db.pool().clone()).insert(user).await.unwrap().id
}

async fn another_user(db: &Database) -> Uuid {
    let user = NewUser {
        id: Uuid::new_v4(),
        phone: Phone::parse("62345678").unwrap(),
        email: Email::parse("other@example.com").unwrap(),
        name: DisplayName::parse("李小明").unwrap(),
        birthdate: NaiveDate::from_ymd_opt(1990, 1, 1).unwrap(),
        user_type: UserType::Individual,
        password_hash: "$argon2id$x".into(),
        language: tutorhub_domain::shared::language::Language::ZhHk,
        created_at: Utc::now(),
    };
    SqlUserRepository::new(db.pool().clone()).insert(user).await.unwrap().id
}

async fn a_reset_token_is_redeemed_once_before_it_expires(db: Database) {
    let store = SqlAccountStores::new(db.pool().clone());
    let user = a_user(&db).await;
    let now = Utc::now();
    PasswordResetStore::insert(&store, "live", user, now, now + Duration::minutes(30)).await.unwrap();
    assert_eq!(store.redeem("live", now).await.unwrap(), Some(user));
    assert_eq!(store.redeem("live", now).await.unwrap(), None);
    PasswordResetStore::insert(&store, "stale", user, now, now + Duration::minutes(30)).await.unwrap();
    assert_eq!(store.redeem("stale", now + Duration::minutes(31)).await.unwrap(), None);
    assert_eq!(store.redeem("unknown", now).await.unwrap(), None);
}

async fn a_new_request_voids_the_older_links_of_the_account_only(db: Database) {
    let store = SqlAccountStores::new(db.pool().clone());
    let (user, other) = (a_user(&db).await, another_user(&db).await);
    let now = Utc::now();
    PasswordResetStore::insert(&store, "first", user, now, now + Duration::minutes(30)).await.unwrap();
    PasswordResetStore::insert(&store, "theirs", other, now, now + Duration::minutes(30)).await.unwrap();
    PasswordResetStore::insert(&store, "second", user, now, now + Duration::minutes(30)).await.unwrap();
    assert_eq!(store.redeem("first", now).await.unwrap(), None, "the older link is void");
    assert_eq!(store.redeem("second", now).await.unwrap(), Some(user));
    assert_eq!(store.redeem("theirs", now).await.unwrap(), Some(other), "another account's link is not touched");
}

async fn a_completed_reset_voids_every_other_link_of_the_account(db: Database) {
    let store = SqlAccountStores::new(db.pool().clone());
    let (user, other) = (a_user(&db).await, another_user(&db).await);
    let now = Utc::now();
    for (hash, whose) in [("first", user), ("theirs", other)] {
        PasswordResetStore::insert(&store, hash, whose, now, now + Duration::minutes(30)).await.unwrap();
    }
    // Two links live at once (as two requests at the same moment can leave them).
    sqlx::query("INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind("second")
        .bind(user.to_string())
        .bind(now.timestamp_millis())
        .bind((now + Duration::minutes(30)).timestamp_millis())
        .execute(db.pool())
        .await
        .unwrap();
    assert_eq!(store.redeem("second", now).await.unwrap(), Some(user));
    assert_eq!(store.redeem("first", now).await.unwrap(), None, "the other link died with the reset");
    assert_eq!(store.redeem("theirs", now).await.unwrap(), Some(other));
}

async fn of_two_links_of_one_account_redeemed_at_once_one_wins(db: Database) {
    let store = std::sync::Arc::new(SqlAccountStores::new(db.pool().clone()));
    let user = a_user(&db).await;
    let now = Utc::now();
    for round in 0..10 {
        let (a, b) = (format!("a{round}"), format!("b{round}"));
        for hash in [&a, &b] {
            sqlx::query("INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
                .bind(hash.clone())
                .bind(user.to_string())
                .bind(now.timestamp_millis())
                .bind((now + Duration::minutes(30)).timestamp_millis())
                .execute(db.pool())
                .await
                .unwrap();
        }
        let (x, y) = tokio::join!(store.redeem(&a, now), store.redeem(&b, now));
        let won = [x.unwrap(), y.unwrap()].iter().filter(|u| u.is_some()).count();
        assert_eq!(won, 1, "round {round}");
    }
}

async fn organization_documents_are_listed_per_user(db: Database) {
    let store = SqlAccountStores::new(db.pool().clone());
    let user = a_user(&db).await;
    for (kind, key) in [(OrgDocumentKind::BusinessRegistration, "org/a.pdf"), (OrgDocumentKind::AddressProof, "org/b.png")] {
        let document = OrgDocument {
            kind,
            file: StoredFile { key: key.into(), visibility: Visibility::Private },
            content_type: "application/pdf".into(),
        };
        OrgDocumentRepository::insert(&store, user, document, Utc::now()).await.unwrap();
    }
    let listed = store.list(user).await.unwrap();
    assert_eq!(listed.len(), 2);
    assert!(listed.iter().any(|d| d.kind == OrgDocumentKind::AddressProof && d.file.key == "org/b.png"));
    assert!(store.list(Uuid::new_v4()).await.unwrap().is_empty());
}

on_both_engines!(
    a_resend_within_the_cooldown_keeps_the_old_code,
    attempts_stop_at_the_limit_even_in_parallel,
    an_expired_code_cannot_be_tried,
    a_grant_is_consumed_once_and_only_before_it_expires,
    a_grant_is_consumed_only_with_the_digest_it_was_made_for,
    a_reset_token_is_redeemed_once_before_it_expires,
    a_new_request_voids_the_older_links_of_the_account_only,
    a_completed_reset_voids_every_other_link_of_the_account,
    of_two_links_of_one_account_redeemed_at_once_one_wins,
    organization_documents_are_listed_per_user,
);
