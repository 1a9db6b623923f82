//! The refresh token repository contract, run on SQLite and on PostgreSQL.

use std::sync::Arc;

use chrono::{Duration, NaiveDate, Utc};
use tutorhub_adapters::{Argon2Hasher, Database, JwtAccessTokens, RandomSecretTokens, SqlRefreshTokenRepository, SqlUserRepository};
use tutorhub_domain::accounts::ports::{RefreshTokenRecord, RefreshTokenRepository, SecretTokens, UserRepository};
use tutorhub_domain::accounts::sessions::{RefreshError, Sessions};
use tutorhub_domain::accounts::user::{NewUser, UserType};
use tutorhub_domain::shared::identity::{DisplayName, Email, Phone};
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
        language: tutorhub_domain::shared::language::Language::ZhHk,
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

async fn only_one_of_two_concurrent_rotations_wins_and_stores_its_successor(db: Database) {
    let repo = Arc::new(SqlRefreshTokenRepository::new(db.pool().clone()));
    let user = a_user(&db, "61234567").await;
    let family = Uuid::new_v4();
    let record = token(user, family, "digest-1");
    repo.insert(record.clone()).await.unwrap();
    let (a, b) = tokio::join!(
        repo.rotate(record.id, token(user, family, "successor-a"), Utc::now()),
        repo.rotate(record.id, token(user, family, "successor-b"), Utc::now())
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert!(a != b, "exactly one wins");
    assert!(repo.find_by_hash("digest-1").await.unwrap().unwrap().rotated_at.is_some());
    // The winner's successor is stored, the loser's is not.
    assert_eq!(repo.find_by_hash("successor-a").await.unwrap().is_some(), a);
    assert_eq!(repo.find_by_hash("successor-b").await.unwrap().is_some(), b);
}

/// Tokens of the family that still work: neither rotated nor revoked.
async fn live_tokens(db: &Database, family: Uuid) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM refresh_tokens WHERE family_id = $1 AND rotated_at IS NULL AND revoked_at IS NULL")
        .bind(family.to_string())
        .fetch_one(db.pool())
        .await
        .unwrap()
}

/// One refresh token sent ten times at once, 200 times over, through the use case: at most one
/// request gets a new pair, and once any of them is taken for reuse nothing of the family is
/// left alive (the winner's new token included). With the rotation and the storing of its
/// successor as two steps, a loser's revoke running between them left that token alive in
/// 3–25 % of the rounds, depending on the engine: 200 rounds miss that almost never.
async fn a_burst_of_refreshes_with_one_token_leaves_nothing_alive_after_reuse(db: Database) {
    let repo = Arc::new(SqlRefreshTokenRepository::new(db.pool().clone()));
    let users = Arc::new(SqlUserRepository::new(db.pool().clone()));
    let secrets = Arc::new(RandomSecretTokens);
    let sessions = Sessions::new(
        users,
        Arc::new(Argon2Hasher::default()),
        Arc::new(JwtAccessTokens::new(b"test secret, long enough for HS256", 900)),
        repo.clone(),
        secrets.clone(),
    );
    let user = a_user(&db, "61234567").await;
    for round in 0..200 {
        let family = Uuid::new_v4();
        let secret = secrets.generate();
        repo.insert(token(user, family, &secrets.digest(&secret))).await.unwrap();
        let burst: Vec<_> = (0..10)
            .map(|_| {
                let (sessions, secret) = (sessions.clone(), secret.clone());
                tokio::spawn(async move { sessions.refresh(&secret).await })
            })
            .collect();
        let (mut refreshed, mut reused) = (0, 0);
        for request in burst {
            match request.await.unwrap() {
                Ok(_) => refreshed += 1,
                Err(RefreshError::Reused) => reused += 1,
                Err(RefreshError::Invalid) => {}
                Err(other) => panic!("round {round}: {other:?}"),
            }
        }
        assert!(refreshed <= 1, "round {round}: {refreshed} requests got a new pair");
        assert!(reused > 0, "round {round}: ten requests with one token and no reuse");
        assert_eq!(live_tokens(&db, family).await, 0, "round {round}: a token survived the family's revocation");
    }
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
    let rotated = repo.rotate(revoked.id, token(user, family, "a3"), Utc::now()).await.unwrap();
    assert!(!rotated, "a revoked token cannot be rotated");
    assert!(repo.find_by_hash("a3").await.unwrap().is_none(), "and gets no successor");
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

/// Logout (or reuse) revoking a family while its owner's next refresh is being rotated: the
/// successor the rotation stores must not survive. On PostgreSQL the revoking UPDATE waits for
/// the rotation's row lock, and one statement alone cannot see the successor committed meanwhile.
async fn a_revoke_racing_a_rotation_leaves_nothing_alive(db: Database) {
    let repo = Arc::new(SqlRefreshTokenRepository::new(db.pool().clone()));
    let user = a_user(&db, "61234567").await;
    for round in 0..200 {
        let family = Uuid::new_v4();
        let current = token(user, family, &format!("current-{round}"));
        repo.insert(current.clone()).await.unwrap();
        let successor = token(user, family, &format!("successor-{round}"));
        let (rotated, revoked) = tokio::join!(
            tokio::spawn({
                let repo = repo.clone();
                async move { repo.rotate(current.id, successor, Utc::now()).await }
            }),
            tokio::spawn({
                let repo = repo.clone();
                async move { repo.revoke_family(family, Utc::now()).await }
            })
        );
        rotated.unwrap().unwrap();
        revoked.unwrap().unwrap();
        assert_eq!(live_tokens(&db, family).await, 0, "round {round}: a token survived the family's revocation");
    }
}

async fn a_password_change_ends_every_family_of_the_user_but_one(db: Database) {
    let repo = SqlRefreshTokenRepository::new(db.pool().clone());
    let (me, someone) = (a_user(&db, "61234567").await, a_user(&db, "62345678").await);
    let (here, elsewhere) = (Uuid::new_v4(), Uuid::new_v4());
    repo.insert(token(me, here, "here-1")).await.unwrap();
    repo.insert(token(me, here, "here-2")).await.unwrap();
    repo.insert(token(me, elsewhere, "elsewhere")).await.unwrap();
    repo.insert(token(someone, Uuid::new_v4(), "theirs")).await.unwrap();
    repo.revoke_user_except(me, here, Utc::now()).await.unwrap();
    for (hash, revoked) in [("here-1", false), ("here-2", false), ("elsewhere", true), ("theirs", false)] {
        assert_eq!(repo.find_by_hash(hash).await.unwrap().unwrap().revoked_at.is_some(), revoked, "{hash}");
    }
}

on_both_engines!(
    stores_and_finds_a_token_by_its_digest,
    only_one_of_two_concurrent_rotations_wins_and_stores_its_successor,
    a_burst_of_refreshes_with_one_token_leaves_nothing_alive_after_reuse,
    a_revoke_racing_a_rotation_leaves_nothing_alive,
    revoking_a_family_leaves_other_families_alone,
    revoking_a_user_ends_all_their_sessions_only,
    a_password_change_ends_every_family_of_the_user_but_one,
);
