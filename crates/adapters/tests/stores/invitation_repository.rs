//! The invitation repository contract, run on SQLite and on PostgreSQL, including the races:
//! many owners inviting one tutor at once, one owner inviting many tutors at once.

use std::sync::Arc;

use chrono::{Duration, Utc};
use tutorhub_adapters::{Database, SqlInvitationRepository};
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::matching::ports::{Invitation, InvitationRepository, InviteOutcome};
use uuid::Uuid;

fn invitation(case_number: i64, tutor_id: Uuid) -> Invitation {
    Invitation { case_number, tutor_id, created_at: Utc::now() }
}

/// Sends every invitation at once and counts the outcomes: (invited, refused with `limit`).
async fn race(repo: &Arc<SqlInvitationRepository>, invitations: Vec<Invitation>, limit: InviteOutcome) -> (usize, usize) {
    let tasks: Vec<_> = invitations
        .into_iter()
        .map(|invitation| {
            let repo = repo.clone();
            tokio::spawn(async move { repo.invite(&invitation, 10, 5).await.unwrap() })
        })
        .collect();
    let (mut invited, mut refused) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            InviteOutcome::Invited => invited += 1,
            outcome if outcome == limit => refused += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    (invited, refused)
}

async fn many_owners_inviting_one_tutor_at_once_stay_within_the_daily_limit(db: Database) {
    let repo = Arc::new(SqlInvitationRepository::new(&db));
    let tutor = Uuid::new_v4();
    let mut invitations = Vec::new();
    for _ in 0..12 {
        invitations.push(invitation(crate::support::stored_case(&db, CaseStatus::Approved).await, tutor));
    }
    assert_eq!(race(&repo, invitations, InviteOutcome::TutorLimit).await, (5, 7));
}

async fn one_case_inviting_many_tutors_at_once_stays_within_its_limit(db: Database) {
    let repo = Arc::new(SqlInvitationRepository::new(&db));
    let case = crate::support::stored_case(&db, CaseStatus::Approved).await;
    let invitations = (0..15).map(|_| invitation(case, Uuid::new_v4())).collect();
    assert_eq!(race(&repo, invitations, InviteOutcome::CaseLimit).await, (10, 5));
    assert_eq!(repo.invited_to(case).await.unwrap().len(), 10);
}

async fn a_tutor_is_invited_to_a_case_once_and_not_after_turning_invitations_off(db: Database) {
    let repo = SqlInvitationRepository::new(&db);
    let (case, other_case) =
        (crate::support::stored_case(&db, CaseStatus::Approved).await, crate::support::stored_case(&db, CaseStatus::Approved).await);
    let (tutor, quiet) = (Uuid::new_v4(), Uuid::new_v4());
    assert_eq!(repo.invite(&invitation(case, tutor), 10, 5).await.unwrap(), InviteOutcome::Invited);
    assert_eq!(repo.invite(&invitation(case, tutor), 10, 5).await.unwrap(), InviteOutcome::AlreadyInvited);
    assert_eq!(repo.invited_to(case).await.unwrap(), [tutor]);

    repo.set_declining(quiet, true, Utc::now()).await.unwrap();
    repo.set_declining(quiet, true, Utc::now()).await.unwrap();
    assert_eq!(repo.declining(&[tutor, quiet]).await.unwrap(), [quiet]);
    assert_eq!(repo.invite(&invitation(case, quiet), 10, 5).await.unwrap(), InviteOutcome::Declined);
    repo.set_declining(quiet, false, Utc::now()).await.unwrap();
    assert!(repo.declining(&[quiet]).await.unwrap().is_empty());
    assert_eq!(repo.invite(&invitation(other_case, quiet), 10, 5).await.unwrap(), InviteOutcome::Invited);
}

async fn invitations_older_than_a_day_do_not_count_towards_the_tutors_limit(db: Database) {
    let repo = SqlInvitationRepository::new(&db);
    let tutor = Uuid::new_v4();
    let yesterday = Utc::now() - Duration::hours(25);
    for _ in 0..5 {
        let case = crate::support::stored_case(&db, CaseStatus::Approved).await;
        let old = Invitation { created_at: yesterday, ..invitation(case, tutor) };
        assert_eq!(repo.invite(&old, 10, 5).await.unwrap(), InviteOutcome::Invited);
    }
    let today = crate::support::stored_case(&db, CaseStatus::Approved).await;
    assert_eq!(repo.invite(&invitation(today, tutor), 10, 5).await.unwrap(), InviteOutcome::Invited);
}

on_both_engines!(
    many_owners_inviting_one_tutor_at_once_stay_within_the_daily_limit,
    one_case_inviting_many_tutors_at_once_stays_within_its_limit,
    a_tutor_is_invited_to_a_case_once_and_not_after_turning_invitations_off,
    invitations_older_than_a_day_do_not_count_towards_the_tutors_limit,
);
