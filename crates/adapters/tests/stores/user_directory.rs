//! The back office's account directory and organization decisions, on SQLite and on
//! PostgreSQL.

use std::sync::Arc;

use chrono::{Duration, NaiveDate, Utc};
use tutorhub_adapters::{Database, SqlAccountStores, SqlUserDirectory, SqlUserRepository};
use tutorhub_domain::accounts::ports::{
    OrgDocument, OrgDocumentKind, OrgDocumentRepository, OrgReview, UserDirectoryRepository, UserFilter, UserRepository,
};
use tutorhub_domain::accounts::user::{NewUser, OrgVerification, Role, User, UserType};
use tutorhub_domain::shared::files::{StoredFile, Visibility};
use tutorhub_domain::shared::identity::{DisplayName, Email, Phone};
use tutorhub_domain::shared::paging::PageRequest;
use uuid::Uuid;

/// Inserts an account created `minutes_ago`.
async fn account(db: &Database, phone: &str, name: &str, email: &str, user_type: UserType, minutes_ago: i64) -> User {
    SqlUserRepository::new(db.pool().clone())
        .insert(NewUser {
            id: Uuid::new_v4(),
            phone: Phone::parse(phone).unwrap(),
            email: Email::parse(email).unwrap(),
            name: DisplayName::parse(name).unwrap(),
            birthdate: NaiveDate::from_ymd_opt(1990, 1, 1).unwrap(),
            user_type,
            password_hash: "$argon2id$hash".into(),
            language: tutorhub_domain::shared::language::Language::ZhHk,
            created_at: Utc::now() - Duration::minutes(minutes_ago),
        })
        .await
        .unwrap()
}

async fn names(directory: &SqlUserDirectory, filter: UserFilter) -> Vec<String> {
    let page = directory.search(&filter, PageRequest::first(100)).await.unwrap();
    assert_eq!(page.total as usize, page.items.len());
    page.items.into_iter().map(|u| u.name.as_str().to_string()).collect()
}

fn review(outcome: OrgVerification, reason: Option<&str>) -> OrgReview {
    OrgReview { outcome, reason: reason.map(Into::into), reviewer: "staff".into(), decided_at: Utc::now() }
}

async fn lists_newest_first_with_filters_and_search_in_the_database(db: Database) {
    let directory = SqlUserDirectory::new(db.pool().clone());
    account(&db, "91234567", "陳大文", "chan@example.com", UserType::Individual, 30).await;
    account(&db, "92345678", "Mary Lee", "Mary.Lee@Example.com", UserType::Individual, 20).await;
    account(&db, "63456789", "明德教育", "info@mingtak.example.com", UserType::Organization, 10).await;
    sqlx::query("UPDATE users SET role = 'tutor', is_tutor = 1 WHERE phone = '+85292345678'").execute(db.pool()).await.unwrap();

    assert_eq!(names(&directory, UserFilter::default()).await, ["明德教育", "Mary Lee", "陳大文"]);
    let search = |text: &str| UserFilter { search: Some(text.into()), ..UserFilter::default() };
    assert_eq!(names(&directory, search("mary")).await, ["Mary Lee"], "names match in any case");
    assert_eq!(names(&directory, search("mingtak")).await, ["明德教育"], "e-mails match");
    assert_eq!(names(&directory, search("9123")).await, ["陳大文"], "phones match by digits");
    assert_eq!(names(&directory, search("大")).await, ["陳大文"]);
    assert!(names(&directory, search("100%")).await.is_empty(), "LIKE wildcards are literal");
    let orgs = UserFilter { user_type: Some(UserType::Organization), ..UserFilter::default() };
    assert_eq!(names(&directory, orgs).await, ["明德教育"]);
    let tutors = UserFilter { role: Some(Role::Tutor), ..UserFilter::default() };
    assert_eq!(names(&directory, tutors).await, ["Mary Lee"]);
    let flagged = UserFilter { tutors_only: true, search: Some("lee".into()), ..UserFilter::default() };
    assert_eq!(names(&directory, flagged).await, ["Mary Lee"]);

    let second = directory.search(&UserFilter::default(), PageRequest::new(Some(2), Some(2)).unwrap()).await.unwrap();
    assert_eq!((second.total, second.items.len()), (3, 1));
    assert_eq!(second.items[0].name.as_str(), "陳大文");
    let past_the_end = directory.search(&UserFilter::default(), PageRequest::new(Some(9), Some(2)).unwrap()).await.unwrap();
    assert_eq!((past_the_end.total, past_the_end.items.len()), (3, 0));
}

async fn finds_an_account_by_its_number(db: Database) {
    let directory = SqlUserDirectory::new(db.pool().clone());
    let user = account(&db, "91234567", "陳大文", "chan@example.com", UserType::Individual, 0).await;
    assert_eq!(directory.find_by_number(user.number).await.unwrap(), Some(user));
    assert_eq!(directory.find_by_number(999_999).await.unwrap(), None);
}

async fn a_decision_moves_an_organization_once_and_is_recorded(db: Database) {
    let directory = SqlUserDirectory::new(db.pool().clone());
    let users = SqlUserRepository::new(db.pool().clone());
    let old = account(&db, "63456789", "明德教育", "a@example.com", UserType::Organization, 10).await;
    let new = account(&db, "64567890", "啟思中心", "b@example.com", UserType::Organization, 5).await;
    let person = account(&db, "91234567", "陳大文", "c@example.com", UserType::Individual, 0).await;

    let pending = UserFilter { org_verification: Some(OrgVerification::Pending), ..UserFilter::default() };
    assert_eq!(names(&directory, pending.clone()).await, ["啟思中心", "明德教育"]);

    let rejected = review(OrgVerification::Rejected, Some("地址證明不清晰"));
    assert!(directory.decide_org(old.id, OrgVerification::Pending, &rejected).await.unwrap());
    assert!(
        !directory.decide_org(old.id, OrgVerification::Pending, &review(OrgVerification::Verified, None)).await.unwrap(),
        "no longer pending"
    );
    assert!(
        !directory.decide_org(person.id, OrgVerification::Pending, &review(OrgVerification::Verified, None)).await.unwrap(),
        "not an organization"
    );
    let stored = users.find_by_id(old.id).await.unwrap().unwrap();
    assert_eq!(
        (stored.org_verification, stored.org_rejection_reason.as_deref()),
        (Some(OrgVerification::Rejected), Some("地址證明不清晰"))
    );
    assert_eq!(users.find_by_id(person.id).await.unwrap().unwrap().org_verification, None);
    assert_eq!(names(&directory, pending).await, ["啟思中心"]);
    let refused = UserFilter { org_verification: Some(OrgVerification::Rejected), ..UserFilter::default() };
    assert_eq!(names(&directory, refused).await, ["明德教育"]);

    // A re-decision clears the reason and appends to the record.
    assert!(directory.decide_org(old.id, OrgVerification::Rejected, &review(OrgVerification::Verified, None)).await.unwrap());
    assert_eq!(users.find_by_id(old.id).await.unwrap().unwrap().org_rejection_reason, None);
    let record = directory.org_reviews(old.id).await.unwrap();
    let outcomes: Vec<_> = record.iter().map(|r| (r.outcome, r.reason.as_deref(), r.reviewer.as_str())).collect();
    assert_eq!(outcomes, [(OrgVerification::Rejected, Some("地址證明不清晰"), "staff"), (OrgVerification::Verified, None, "staff")]);
    assert!(directory.org_reviews(new.id).await.unwrap().is_empty());
}

async fn of_two_racing_decisions_exactly_one_wins(db: Database) {
    let directory = Arc::new(SqlUserDirectory::new(db.pool().clone()));
    let org = account(&db, "63456789", "明德教育", "a@example.com", UserType::Organization, 0).await;
    let race = [OrgVerification::Verified, OrgVerification::Rejected].map(|outcome| {
        let directory = directory.clone();
        tokio::spawn(async move { directory.decide_org(org.id, OrgVerification::Pending, &review(outcome, Some("x"))).await.unwrap() })
    });
    let mut wins = 0;
    for decision in race {
        wins += usize::from(decision.await.unwrap());
    }
    assert_eq!(wins, 1);
    assert_eq!(directory.org_reviews(org.id).await.unwrap().len(), 1);
}

fn document(kind: OrgDocumentKind, key: &str) -> OrgDocument {
    OrgDocument { kind, file: StoredFile { key: key.into(), visibility: Visibility::Private }, content_type: "application/pdf".into() }
}

async fn keys(documents: &SqlAccountStores, user: Uuid) -> Vec<String> {
    documents.list(user).await.unwrap().into_iter().map(|d| d.file.key).collect()
}

async fn a_rejected_organization_resubmits_once_and_is_pending_again(db: Database) {
    let directory = SqlUserDirectory::new(db.pool().clone());
    let documents = SqlAccountStores::new(db.pool().clone());
    let users = SqlUserRepository::new(db.pool().clone());
    let org = account(&db, "63456789", "明德教育", "a@example.com", UserType::Organization, 0).await;
    let person = account(&db, "91234567", "陳大文", "chan@example.com", UserType::Individual, 0).await;
    for (kind, key) in [(OrgDocumentKind::BusinessRegistration, "org/br-1.pdf"), (OrgDocumentKind::AddressProof, "org/ap-1.pdf")] {
        OrgDocumentRepository::insert(&documents, org.id, document(kind, key), Utc::now()).await.unwrap();
    }
    let new_proof = [document(OrgDocumentKind::AddressProof, "org/ap-2.pdf")];
    assert!(!documents.resubmit(org.id, &new_proof, Utc::now()).await.unwrap(), "a pending organization is still under review");
    assert!(!documents.resubmit(person.id, &new_proof, Utc::now()).await.unwrap(), "not an organization");

    directory.decide_org(org.id, OrgVerification::Pending, &review(OrgVerification::Rejected, Some("地址證明不清晰"))).await.unwrap();
    assert!(documents.resubmit(org.id, &new_proof, Utc::now()).await.unwrap());
    let stored = users.find_by_id(org.id).await.unwrap().unwrap();
    assert_eq!((stored.org_verification, stored.org_rejection_reason), (Some(OrgVerification::Pending), None));
    // The address proof is replaced in place; the business registration is untouched.
    assert_eq!(keys(&documents, org.id).await, ["org/ap-2.pdf", "org/br-1.pdf"]);
    let pending = UserFilter { org_verification: Some(OrgVerification::Pending), ..UserFilter::default() };
    assert_eq!(names(&directory, pending).await, ["明德教育"]);

    // Pending again: a second resubmission changes nothing until the back office decides.
    assert!(!documents.resubmit(org.id, &[document(OrgDocumentKind::AddressProof, "org/ap-3.pdf")], Utc::now()).await.unwrap());
    assert_eq!(keys(&documents, org.id).await, ["org/ap-2.pdf", "org/br-1.pdf"]);
    // The decision history is the back office's alone: resubmitting records no review.
    assert_eq!(directory.org_reviews(org.id).await.unwrap().len(), 1);
}

on_both_engines!(
    a_rejected_organization_resubmits_once_and_is_pending_again,
    lists_newest_first_with_filters_and_search_in_the_database,
    finds_an_account_by_its_number,
    a_decision_moves_an_organization_once_and_is_recorded,
    of_two_racing_decisions_exactly_one_wins,
);
