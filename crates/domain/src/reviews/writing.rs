//! Writing, reading, answering and reporting reviews.
//!
//! Only a member with real lessons behind them reviews: at least one lesson of a match or a
//! booking with the tutor is confirmed on the lesson record; once per tutor, saying how many
//! lessons it rests on. The store counts the lessons, so nobody can claim a relationship the
//! data does not hold.

use std::sync::Arc;

use chrono::Utc;
use thiserror::Error;
use uuid::Uuid;

use crate::notices::notifier::{Notice, Notifier};
use crate::reviews::model::{Eligibility, NewReview, Review, ReviewForm, ReviewStatus, ReviewText};
use crate::reviews::ports::{ReviewChange, ReviewRepository};
use crate::shared::paging::{Page, PageRequest};
use crate::shared::storage::{Constraint, RepositoryError};
use crate::shared::validation::{Label, Lines, Problem, ReviewsProblem, ValidationErrors, refuse_control_characters};
use crate::tutors::model::{ReviewSummary, TutorProfile, TutorRef};
use crate::tutors::ports::TutorProfileRepository;

/// The most a report's reason may say.
pub const REPORT_REASON_MAX_CHARS: usize = 200;

#[derive(Debug, Error)]
pub enum ReviewError {
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    #[error("tutor_not_found")]
    TutorNotFound,
    #[error("own_profile")]
    OwnProfile,
    #[error("no_lessons")]
    NoLessons,
    #[error("already_reviewed")]
    AlreadyReviewed,
    #[error("review_not_found")]
    NotFound,
    #[error("not_the_tutor")]
    NotTheTutor,
    #[error("already_replied")]
    AlreadyReplied,
    /// A member reporting their own review: a report asks the back office about someone else's.
    #[error("own_review")]
    OwnReview,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// A tutor's visible reviews: the page asked for, and what they add up to.
#[derive(Debug, Clone, PartialEq)]
pub struct TutorReviews {
    pub summary: ReviewSummary,
    pub page: Page<Review>,
}

#[derive(Clone)]
pub struct Reviews {
    reviews: Arc<dyn ReviewRepository>,
    tutors: Arc<dyn TutorProfileRepository>,
    notifier: Notifier,
}

impl Reviews {
    pub fn new(reviews: Arc<dyn ReviewRepository>, tutors: Arc<dyn TutorProfileRepository>, notifier: Notifier) -> Self {
        Self { reviews, tutors, notifier }
    }

    /// An active tutor's visible reviews, newest first.
    ///
    /// # Errors
    /// `TutorNotFound` (also for a hidden profile); `Repository` when storage fails.
    pub async fn of_tutor(&self, tutor: TutorRef, page: PageRequest) -> Result<TutorReviews, ReviewError> {
        let profile = self.active_tutor(tutor).await?;
        let page = self.reviews.for_tutor(profile.user_id, ReviewStatus::Visible, page).await?;
        Ok(TutorReviews { summary: profile.reviews, page })
    }

    /// Whether `author` may review the tutor now.
    ///
    /// # Errors
    /// `TutorNotFound`; `Repository` when storage fails.
    pub async fn eligibility(&self, author: Uuid, tutor: TutorRef) -> Result<Eligibility, ReviewError> {
        let profile = self.active_tutor(tutor).await?;
        self.decide(author, profile.user_id).await
    }

    /// The author reviews the tutor, stored visible; the tutor is told by SMS that a review
    /// arrived (not what it says).
    ///
    /// # Errors
    /// `Invalid` (per field), `TutorNotFound`, `OwnProfile`, `NoLessons`,
    /// `AlreadyReviewed` (also when a concurrent review won).
    pub async fn write(&self, author: Uuid, tutor: TutorRef, rating: i64, text: &str) -> Result<Review, ReviewError> {
        let form = ReviewForm::parse(rating, text).map_err(ReviewError::Invalid)?;
        let profile = self.active_tutor(tutor).await?;
        let lessons = match self.decide(author, profile.user_id).await? {
            Eligibility::CanReview(lessons) => lessons,
            Eligibility::NoLessons => return Err(ReviewError::NoLessons),
            Eligibility::AlreadyReviewed(_) => return Err(ReviewError::AlreadyReviewed),
            Eligibility::OwnProfile => return Err(ReviewError::OwnProfile),
        };
        let review = NewReview { tutor_id: profile.user_id, author_id: author, form, lessons, created_at: Utc::now() };
        let stored = match self.reviews.insert(review).await {
            Err(RepositoryError::Conflict(Constraint::ReviewPerAuthorAndTutor)) => return Err(ReviewError::AlreadyReviewed),
            other => other?,
        };
        self.notifier.tell_id(profile.user_id, &Notice::NewReview { tutor: profile.user_number }).await;
        Ok(stored)
    }

    /// The reviewed tutor answers, once.
    ///
    /// # Errors
    /// `Invalid` (field `text`), `NotFound` (also a hidden review), `NotTheTutor`, `AlreadyReplied`.
    pub async fn reply(&self, tutor: Uuid, number: i64, text: &str) -> Result<Review, ReviewError> {
        let text =
            ReviewText::parse(text, Label::Reply).map_err(|problem| ReviewError::Invalid(ValidationErrors::single("text", problem)))?;
        let review = self.visible(number).await?;
        if review.tutor_id != tutor {
            return Err(ReviewError::NotTheTutor);
        }
        match self.reviews.reply(number, tutor, &text, Utc::now()).await? {
            ReviewChange::Done => self.reviews.find(number).await?.ok_or(ReviewError::NotFound),
            ReviewChange::Unchanged => Err(ReviewError::AlreadyReplied),
            ReviewChange::NotFound => Err(ReviewError::NotFound),
        }
    }

    /// A member reports someone else's visible review to the back office; reporting it again
    /// changes nothing. The reviewed tutor may report a review of them.
    ///
    /// # Errors
    /// `Invalid` (field `reason`), `NotFound`, `OwnReview` (the reporter wrote it).
    pub async fn report(&self, reporter: Uuid, number: i64, reason: &str) -> Result<(), ReviewError> {
        let reason = parse_reason(reason).map_err(|problem| ReviewError::Invalid(ValidationErrors::single("reason", problem)))?;
        if self.visible(number).await?.author_id == reporter {
            return Err(ReviewError::OwnReview);
        }
        self.reviews.report(number, reporter, &reason, Utc::now()).await?;
        Ok(())
    }

    async fn decide(&self, author: Uuid, tutor: Uuid) -> Result<Eligibility, ReviewError> {
        if author == tutor {
            return Ok(Eligibility::OwnProfile);
        }
        let earlier = self.reviews.by_author(author, tutor).await?.map(|r| r.number);
        let lessons = self.reviews.confirmed_lessons(author, tutor).await?;
        Ok(Eligibility::decide(lessons, earlier))
    }

    async fn active_tutor(&self, tutor: TutorRef) -> Result<TutorProfile, ReviewError> {
        match self.tutors.find_profile(tutor).await? {
            Some(profile) if profile.active => Ok(profile),
            _ => Err(ReviewError::TutorNotFound),
        }
    }

    async fn visible(&self, number: i64) -> Result<Review, ReviewError> {
        self.reviews.find(number).await?.filter(|r| r.status == ReviewStatus::Visible).ok_or(ReviewError::NotFound)
    }
}

fn parse_reason(raw: &str) -> Result<String, Problem> {
    let reason = raw.trim();
    refuse_control_characters(reason, Label::ReportReason, Lines::Multi)?;
    match reason.chars().count() {
        0 => Err(ReviewsProblem::NoReportReason.into()),
        n if n > REPORT_REASON_MAX_CHARS => Err(Problem::TooLong { label: Label::ReportReason, max: REPORT_REASON_MAX_CHARS }),
        _ => Ok(reason.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    use crate::notices::notifier::testing::{recording_notifier, sms};
    use crate::reviews::model::{ReviewText, Stars};
    use crate::reviews::ports::MockReviewRepository;

    use crate::tutors::model::tests::approved_profile;
    use crate::tutors::ports::MockTutorProfileRepository;

    const TUTOR: Uuid = Uuid::from_u128(1);
    const PARENT: Uuid = Uuid::from_u128(2);
    const STRANGER: Uuid = Uuid::from_u128(3);
    /// Long enough to be a review (`ReviewForm::TEXT_MIN_CHARS`).
    const GOOD_REVIEW: &str = "講解清楚，女兒數學進步了";

    fn review(number: i64, tutor_id: Uuid) -> Review {
        Review {
            number,
            tutor_id,
            author_id: PARENT,
            author_name: "陳太".into(),
            stars: Stars::parse(5).unwrap(),
            text: ReviewText::parse("講解清楚", Label::ReviewText).unwrap(),
            reply: None,
            status: ReviewStatus::Visible,
            reports: 0,
            moderation_reason: None,
            lessons: 3,
            created_at: Utc::now(),
        }
    }

    /// Reviews over a store where PARENT and TUTOR have `lessons` confirmed, PARENT has
    /// `earlier` reviews, and review 7 (TUTOR's) exists; answers the SMS sent too.
    fn reviews(lessons: u32, earlier: Option<i64>, store: MockReviewRepository) -> (Reviews, Arc<Mutex<Vec<String>>>) {
        let mut store = store;
        store.expect_confirmed_lessons().returning(move |author, tutor| Ok(if author == PARENT && tutor == TUTOR { lessons } else { 0 }));
        store.expect_by_author().returning(move |_, tutor| Ok(earlier.map(|n| review(n, tutor))));
        store.expect_find().returning(|n| Ok((n == 7).then(|| review(7, TUTOR))));
        let mut tutors = MockTutorProfileRepository::new();
        tutors.expect_find_profile().returning(|r| {
            let TutorRef::Id(id) = r else { panic!() };
            Ok((id == TUTOR || id == PARENT).then(|| approved_profile(id)))
        });
        let (notifier, sent) = recording_notifier();
        (Reviews::new(Arc::new(store), Arc::new(tutors), notifier), sent)
    }

    #[tokio::test]
    async fn a_parent_reviews_after_a_confirmed_lesson_once_and_the_tutor_hears_of_it() {
        let mut store = MockReviewRepository::new();
        store
            .expect_insert()
            .times(1)
            .withf(|new| new.lessons == 2)
            .returning(|new| Ok(Review { stars: new.form.stars, lessons: new.lessons, ..review(8, new.tutor_id) }));
        let (reviews, sent) = reviews(2, None, store);
        let written = reviews.write(PARENT, TutorRef::Id(TUTOR), 5, GOOD_REVIEW).await.unwrap();
        assert_eq!((written.number, written.lessons), (8, 2), "it says how many lessons it rests on");
        assert_eq!(sent.lock().unwrap().as_slice(), [sms(Notice::NewReview { tutor: 1001 })]);
    }

    #[tokio::test]
    async fn no_review_without_a_confirmed_lesson_twice_or_of_oneself() {
        let (strangers, _) = reviews(0, None, MockReviewRepository::new());
        let refused = strangers.write(PARENT, TutorRef::Id(TUTOR), 4, GOOD_REVIEW).await.unwrap_err();
        assert!(matches!(refused, ReviewError::NoLessons), "{refused:?}");
        assert!(matches!(strangers.write(TUTOR, TutorRef::Id(TUTOR), 4, GOOD_REVIEW).await, Err(ReviewError::OwnProfile)));
        assert!(matches!(strangers.write(PARENT, TutorRef::Id(Uuid::new_v4()), 4, GOOD_REVIEW).await, Err(ReviewError::TutorNotFound)));
        let (again, _) = reviews(5, Some(3), MockReviewRepository::new());
        assert!(matches!(again.write(PARENT, TutorRef::Id(TUTOR), 4, GOOD_REVIEW).await, Err(ReviewError::AlreadyReviewed)));
        assert_eq!(again.eligibility(PARENT, TutorRef::Id(TUTOR)).await.unwrap(), Eligibility::AlreadyReviewed(3));
        let Err(ReviewError::Invalid(errors)) = again.write(PARENT, TutorRef::Id(TUTOR), 9, "").await else { panic!() };
        assert_eq!(errors.fields().len(), 2, "the form is checked before anything is read");
    }

    #[tokio::test]
    async fn a_race_lost_at_the_unique_index_reads_as_already_reviewed() {
        let mut store = MockReviewRepository::new();
        store.expect_insert().returning(|_| Err(RepositoryError::Conflict(Constraint::ReviewPerAuthorAndTutor)));
        let (reviews, sent) = reviews(1, None, store);
        assert!(matches!(reviews.write(PARENT, TutorRef::Id(TUTOR), 5, GOOD_REVIEW).await, Err(ReviewError::AlreadyReviewed)));
        assert!(sent.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn only_the_reviewed_tutor_replies_and_only_once() {
        let mut store = MockReviewRepository::new();
        let mut replies = vec![ReviewChange::Unchanged, ReviewChange::Done];
        store.expect_reply().times(2).returning(move |_, _, _, _| Ok(replies.pop().unwrap()));
        let (reviews, _) = reviews(0, None, store);
        assert!(matches!(reviews.reply(PARENT, 7, "多謝").await, Err(ReviewError::NotTheTutor)));
        assert!(matches!(reviews.reply(TUTOR, 99, "多謝").await, Err(ReviewError::NotFound)));
        assert_eq!(reviews.reply(TUTOR, 7, "多謝").await.unwrap().number, 7);
        assert!(matches!(reviews.reply(TUTOR, 7, "多謝").await, Err(ReviewError::AlreadyReplied)));
        assert!(matches!(reviews.reply(TUTOR, 7, " ").await, Err(ReviewError::Invalid(_))));
    }

    #[tokio::test]
    async fn a_report_needs_a_reason_and_a_visible_review() {
        let mut store = MockReviewRepository::new();
        store.expect_report().times(1).returning(|_, _, reason, _| {
            assert_eq!(reason, "內容與補習無關");
            Ok(true)
        });
        let (reviews, _) = reviews(0, None, store);
        reviews.report(STRANGER, 7, " 內容與補習無關 ").await.unwrap();
        let Err(ReviewError::Invalid(errors)) = reviews.report(STRANGER, 7, "").await else { panic!() };
        assert_eq!(errors.fields()[0].problem, Problem::Reviews(ReviewsProblem::NoReportReason));
        assert!(matches!(reviews.report(STRANGER, 99, "假評價").await, Err(ReviewError::NotFound)));
    }

    #[tokio::test]
    async fn nobody_reports_their_own_review_but_the_reviewed_tutor_may() {
        let mut store = MockReviewRepository::new();
        store.expect_report().times(1).withf(|_, reporter, _, _| *reporter == TUTOR).returning(|_, _, _, _| Ok(true));
        let (reviews, _) = reviews(0, None, store);
        // Review 7 is PARENT's review of TUTOR.
        let refused = reviews.report(PARENT, 7, "想改內容").await.unwrap_err();
        assert!(matches!(refused, ReviewError::OwnReview), "{refused:?}");
        reviews.report(TUTOR, 7, "內容不實").await.unwrap();
    }
}
