//! The lesson record, the use cases: each side reads its arrangement's page; the tutor records
//! lessons held; either side records a cancellation; the family confirms or disputes within 72
//! hours, after which a job confirms; the back office settles disputes. Only the two sides
//! (and the back office) see an arrangement: to anyone else it does not exist.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::UserRepository;
use crate::jobs::scheduler::Work;
use crate::lessons::model::{
    ANSWER_WITHIN_HOURS, Arrangement, ArrangementSide, EndReason, Ending, Lesson, LessonStatus, NewLesson, Totals, cancelled, end_note,
    held, may_reopen, overlaps, reason_text, totals,
};
use crate::lessons::ports::LessonRepository;
use crate::notices::notifier::{Notice, Notifier};
use crate::shared::clock::Clock;
use crate::shared::rate_limits::LESSON_ENTRIES_PER_ARRANGEMENT;
use crate::shared::storage::{Constraint, RepositoryError};
use crate::shared::validation::{Label, LessonsProblem, Problem, ValidationErrors};

/// Disputes the back office's list shows at once.
const DISPUTES_LISTED: u32 = 200;

/// A refusal of the lesson record; the words are at the edge (its `Display` is a key for logs).
#[derive(Debug, Error)]
pub enum LessonError {
    /// Missing, or the caller is neither side (indistinguishable on purpose).
    #[error("not_found")]
    NotFound,
    /// Only the tutor records a lesson held.
    #[error("not_the_tutor")]
    NotTheTutor,
    /// Only the family confirms or disputes.
    #[error("not_the_family")]
    NotTheFamily,
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    /// A lesson is on the record at that start already.
    #[error("already_recorded")]
    AlreadyRecorded,
    /// Answered already, or past the 72 hours (then it is as good as confirmed): its status now.
    #[error("not_answerable: {0}")]
    NotAnswerable(LessonStatus),
    /// Not (or no longer) disputed: its status now.
    #[error("not_disputed: {0}")]
    NotDisputed(LessonStatus),
    #[error("ended")]
    Ended,
    /// Only the family, before the first confirmed lesson or within
    /// [`REOPEN_WITHIN_DAYS`](crate::lessons::model::REOPEN_WITHIN_DAYS) of it, once.
    #[error("not_reopenable")]
    NotReopenable,
    /// More than [`LESSON_ENTRIES_PER_ARRANGEMENT`] entries in its window.
    #[error("too_many")]
    TooMany,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// One arrangement as one of its sides reads it.
#[derive(Debug, Clone)]
pub struct ArrangementPage {
    pub arrangement: Arrangement,
    /// The reader's side.
    pub side: ArrangementSide,
    pub tutor_name: String,
    pub family_name: String,
    /// Latest start first.
    pub lessons: Vec<Lesson>,
    pub totals: Totals,
    /// The reader may open the match's case again now (see [`may_reopen`]).
    pub can_reopen: bool,
}

#[derive(Clone)]
pub struct LessonRecord {
    lessons: Arc<dyn LessonRepository>,
    users: Arc<dyn UserRepository>,
    notifier: Notifier,
    clock: Arc<dyn Clock>,
}

impl LessonRecord {
    pub fn new(lessons: Arc<dyn LessonRepository>, users: Arc<dyn UserRepository>, notifier: Notifier, clock: Arc<dyn Clock>) -> Self {
        Self { lessons, users, notifier, clock }
    }

    /// The arrangement's page for one of its sides.
    ///
    /// # Errors
    /// `NotFound` for anyone else.
    pub async fn page(&self, reader: Uuid, id: Uuid) -> Result<ArrangementPage, LessonError> {
        let (arrangement, side) = self.joined(reader, id).await?;
        let names = self.users.find_by_ids(&[arrangement.tutor_id, arrangement.family_id]).await?;
        let name_of = |id: Uuid| names.iter().find(|u| u.id == id).map(|u| u.name.as_str().to_string()).unwrap_or_default();
        let lessons = self.lessons.for_arrangement(id).await?;
        Ok(ArrangementPage {
            can_reopen: side == ArrangementSide::Family && may_reopen(&arrangement, &lessons),
            side,
            tutor_name: name_of(arrangement.tutor_id),
            family_name: name_of(arrangement.family_id),
            totals: totals(&lessons, arrangement.fee),
            lessons,
            arrangement,
        })
    }

    /// The tutor records a lesson held; the family is texted (once a day per arrangement) to
    /// confirm it within 72 hours.
    ///
    /// # Errors
    /// `NotFound`, `NotTheTutor`, `TooMany`, `Invalid` (time or minutes), `AlreadyRecorded`
    /// (also when two requests race).
    pub async fn record(&self, tutor: Uuid, id: Uuid, starts_at: DateTime<Utc>, minutes: Option<i64>) -> Result<Lesson, LessonError> {
        let (arrangement, side) = self.joined(tutor, id).await?;
        if side != ArrangementSide::Tutor {
            return Err(LessonError::NotTheTutor);
        }
        if arrangement.ended.is_some() {
            return Err(LessonError::Ended);
        }
        self.count_entry(id).await?;
        let now = self.clock.now();
        let minutes = held(&arrangement, starts_at, minutes, now).map_err(LessonError::Invalid)?;
        let recorded = self.lessons.for_arrangement(id).await?;
        if recorded.iter().any(|l| l.starts_at == starts_at && l.status != LessonStatus::Cancelled) {
            return Err(LessonError::AlreadyRecorded);
        }
        if overlaps(&recorded, starts_at, minutes) {
            return Err(LessonError::Invalid(ValidationErrors::single("startsAt", LessonsProblem::Overlaps)));
        }
        let lesson = self
            .insert(NewLesson {
                arrangement_id: id,
                starts_at,
                minutes,
                status: LessonStatus::Recorded,
                recorded_by: ArrangementSide::Tutor,
                recorded_at: now,
                reason: None,
                late: false,
            })
            .await?;
        self.notifier.tell_id(arrangement.family_id, &Notice::LessonToConfirm { arrangement: id }).await;
        Ok(lesson)
    }

    /// Either side records a lesson cancelled ahead of time, with a reason; under a day's
    /// notice it is marked late.
    ///
    /// # Errors
    /// `NotFound`, `TooMany`, `Invalid` (time or reason), `AlreadyRecorded`.
    pub async fn cancel(&self, member: Uuid, id: Uuid, starts_at: DateTime<Utc>, reason: &str) -> Result<Lesson, LessonError> {
        let (arrangement, side) = self.joined(member, id).await?;
        if arrangement.ended.is_some() {
            return Err(LessonError::Ended);
        }
        self.count_entry(id).await?;
        let now = self.clock.now();
        let (reason, late) = cancelled(starts_at, reason, now).map_err(LessonError::Invalid)?;
        self.insert(NewLesson {
            arrangement_id: id,
            starts_at,
            minutes: 0,
            status: LessonStatus::Cancelled,
            recorded_by: side,
            recorded_at: now,
            reason: Some(reason),
            late,
        })
        .await
    }

    /// Either side ends the arrangement, with a reason from the short list and a note; the
    /// other side is texted. No lesson is recorded after.
    ///
    /// # Errors
    /// `NotFound`, `Invalid` (the reason or the note), `Ended` (also when two requests race).
    pub async fn end(&self, member: Uuid, id: Uuid, reason: &str, note: &str) -> Result<ArrangementPage, LessonError> {
        let (arrangement, side) = self.joined(member, id).await?;
        let mut errors = ValidationErrors::new();
        let reason = errors.check("reason", EndReason::parse(reason).ok_or(Problem::NotChosen(Label::EndReason)));
        let note = reason.and_then(|reason| errors.check("note", end_note(reason, note)));
        let (Some(reason), Some(note)) = (reason, note) else { return Err(LessonError::Invalid(errors)) };
        let ending = Ending { by: side, reason, note, at: self.clock.now(), reopened_at: None };
        if arrangement.ended.is_some() || !self.lessons.end(id, &ending).await? {
            return Err(LessonError::Ended);
        }
        let other = if side == ArrangementSide::Tutor { arrangement.family_id } else { arrangement.tutor_id };
        self.notifier.tell_id(other, &Notice::ArrangementEnded { arrangement: id }).await;
        self.page(member, id).await
    }

    /// The family opens the ended match's case again: back on the board, its other applicants
    /// listed again, the ended tutor out.
    ///
    /// # Errors
    /// `NotFound`, `NotReopenable` (not the family, not ended by them, too late, or done).
    pub async fn reopen(&self, family: Uuid, id: Uuid) -> Result<i64, LessonError> {
        let page = self.page(family, id).await?;
        let Some(case_number) = page.arrangement.case_number.filter(|_| page.can_reopen) else {
            return Err(LessonError::NotReopenable);
        };
        if !self.lessons.reopen_case(id, case_number, page.arrangement.tutor_id, self.clock.now()).await? {
            return Err(LessonError::NotReopenable);
        }
        Ok(case_number)
    }

    /// The family confirms a recorded lesson.
    ///
    /// # Errors
    /// `NotFound`, `NotTheFamily`, `NotAnswerable`.
    pub async fn confirm(&self, family: Uuid, number: i64) -> Result<Lesson, LessonError> {
        self.answer(family, number, LessonStatus::Confirmed, None).await
    }

    /// The family disputes a recorded lesson, with a reason the back office reads.
    ///
    /// # Errors
    /// `NotFound`, `NotTheFamily`, `Invalid` (the reason), `NotAnswerable`.
    pub async fn dispute(&self, family: Uuid, number: i64, reason: &str) -> Result<Lesson, LessonError> {
        let reason = reason_text(reason, Label::DisputeReason).map_err(|p| LessonError::Invalid(ValidationErrors::single("reason", p)))?;
        self.answer(family, number, LessonStatus::Disputed, Some(reason)).await
    }

    /// Confirms the lessons nobody answered within 72 hours. Safe on several servers at once.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn confirm_unanswered(&self) -> Result<usize, RepositoryError> {
        let before = self.clock.now() - chrono::Duration::hours(ANSWER_WITHIN_HOURS);
        Ok(self.lessons.confirm_unanswered(before).await?.len())
    }

    /// The back office's list of disputed lessons, oldest first.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn disputes(&self) -> Result<Vec<Lesson>, RepositoryError> {
        self.lessons.disputed(DISPUTES_LISTED).await
    }

    /// The back office settles a dispute: the lesson was held (confirmed) or not.
    ///
    /// # Errors
    /// `NotFound`, `Invalid` (the reason), `NotDisputed`.
    pub async fn resolve(&self, number: i64, held: bool, reason: &str) -> Result<Lesson, LessonError> {
        let reason =
            reason_text(reason, Label::ResolutionReason).map_err(|p| LessonError::Invalid(ValidationErrors::single("reason", p)))?;
        let lesson = self.lessons.find(number).await?.ok_or(LessonError::NotFound)?;
        if lesson.status != LessonStatus::Disputed || !self.lessons.resolve(number, held, &reason).await? {
            let now = self.lessons.find(number).await?.ok_or(LessonError::NotFound)?;
            return Err(LessonError::NotDisputed(now.status));
        }
        self.lessons.find(number).await?.ok_or(LessonError::NotFound)
    }

    async fn answer(&self, family: Uuid, number: i64, to: LessonStatus, reason: Option<String>) -> Result<Lesson, LessonError> {
        let lesson = self.lessons.find(number).await?.ok_or(LessonError::NotFound)?;
        let (_, side) = self.joined(family, lesson.arrangement_id).await?;
        if side != ArrangementSide::Family {
            return Err(LessonError::NotTheFamily);
        }
        let now = self.clock.now();
        let recorded_after = now - chrono::Duration::hours(ANSWER_WITHIN_HOURS);
        if !lesson.is_answerable(now) || !self.lessons.answer(number, to, reason, recorded_after).await? {
            let now = self.lessons.find(number).await?.ok_or(LessonError::NotFound)?;
            return Err(LessonError::NotAnswerable(now.status));
        }
        self.lessons.find(number).await?.ok_or(LessonError::NotFound)
    }

    /// The arrangement and the member's side of it; `NotFound` when they are on neither.
    async fn joined(&self, member: Uuid, id: Uuid) -> Result<(Arrangement, ArrangementSide), LessonError> {
        let arrangement = self.lessons.arrangement(id).await?.ok_or(LessonError::NotFound)?;
        let side = arrangement.side_of(member).ok_or(LessonError::NotFound)?;
        Ok((arrangement, side))
    }

    /// Entries are counted, refused ones too: a loop of bad requests stops here as well.
    async fn count_entry(&self, id: Uuid) -> Result<(), LessonError> {
        self.notifier
            .throttle()
            .hit("lesson-entries", &id.to_string(), LESSON_ENTRIES_PER_ARRANGEMENT)
            .await
            .map_err(|_| LessonError::TooMany)
    }

    async fn insert(&self, lesson: NewLesson) -> Result<Lesson, LessonError> {
        match self.lessons.insert(lesson).await {
            Ok(Some(lesson)) => Ok(lesson),
            Ok(None) => Err(LessonError::Ended),
            Err(RepositoryError::Conflict(Constraint::LessonPerStart)) => Err(LessonError::AlreadyRecorded),
            Err(e) => Err(e.into()),
        }
    }
}

/// The auto-confirm job: every ten minutes, on whichever server takes the lease.
pub struct LessonAutoConfirm(pub LessonRecord);

#[async_trait]
impl Work for LessonAutoConfirm {
    async fn run(&self, _now: DateTime<Utc>) -> Result<String, String> {
        self.0.confirm_unanswered().await.map(|n| format!("{n} lessons confirmed")).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use chrono::Duration;

    use super::*;
    use crate::accounts::ports::MockUserRepository;
    use crate::lessons::model::tests::arrangement;
    use crate::lessons::ports::MockLessonRepository;
    use crate::shared::clock::ManualClock;
    use crate::shared::hong_kong::at;
    use crate::shared::messaging::MockSmsSender;

    /// A lesson record over a store that keeps lessons in memory the way the SQL one does.
    fn record(a: &Arrangement, clock: Arc<ManualClock>) -> (LessonRecord, Arc<Mutex<Vec<Lesson>>>) {
        let kept: Arc<Mutex<Vec<Lesson>>> = Arc::default();
        let mut store = MockLessonRepository::new();
        let arrangement = a.clone();
        store.expect_arrangement().returning(move |id| Ok((id == arrangement.id).then(|| arrangement.clone())));
        let k = kept.clone();
        store.expect_insert().returning(move |new| {
            let mut kept = k.lock().unwrap();
            if kept.iter().any(|l| l.starts_at == new.starts_at) {
                return Err(RepositoryError::Conflict(Constraint::LessonPerStart));
            }
            let lesson = Lesson {
                number: kept.len() as i64 + 1,
                arrangement_id: new.arrangement_id,
                starts_at: new.starts_at,
                minutes: new.minutes,
                status: new.status,
                recorded_by: new.recorded_by,
                recorded_at: new.recorded_at,
                reason: new.reason,
                confirmed_by: None,
                late: new.late,
                resolution: None,
            };
            kept.push(lesson.clone());
            Ok(Some(lesson))
        });
        let k = kept.clone();
        store.expect_find().returning(move |n| Ok(k.lock().unwrap().iter().find(|l| l.number == n).cloned()));
        let k = kept.clone();
        store.expect_for_arrangement().returning(move |_| Ok(k.lock().unwrap().clone()));
        let k = kept.clone();
        store.expect_answer().returning(move |n, to, reason, after| {
            let mut kept = k.lock().unwrap();
            let lesson = kept.iter_mut().find(|l| l.number == n).unwrap();
            let open = lesson.status == LessonStatus::Recorded && lesson.recorded_at > after;
            if open {
                (lesson.status, lesson.reason) = (to, reason);
            }
            Ok(open)
        });
        let k = kept.clone();
        store.expect_confirm_unanswered().returning(move |before| {
            let mut kept = k.lock().unwrap();
            let due: Vec<&mut Lesson> = kept.iter_mut().filter(|l| l.status == LessonStatus::Recorded && l.recorded_at <= before).collect();
            Ok(due
                .into_iter()
                .map(|l| {
                    l.status = LessonStatus::Confirmed;
                    l.clone()
                })
                .collect())
        });
        let mut sms = MockSmsSender::new();
        sms.expect_send_sms().returning(|_, _| Ok(()));
        let mut users = MockUserRepository::new();
        users
            .expect_find_by_id()
            .returning(|id| Ok(Some(crate::accounts::user::User { id, ..crate::accounts::sessions::tests_support::user() })));
        let users: Arc<dyn UserRepository> = Arc::new(users);
        let notifier = crate::notices::notifier::testing::notifier(users.clone(), Arc::new(sms));
        (LessonRecord::new(Arc::new(store), users, notifier, clock), kept)
    }

    #[tokio::test]
    async fn the_family_answers_within_72_hours_and_silence_confirms() {
        let a = arrangement();
        let clock = Arc::new(ManualClock::at(at("2026-12-01T21:00")));
        let (lessons, kept) = record(&a, clock.clone());
        let first = lessons.record(a.tutor_id, a.id, at("2026-12-01T19:00"), Some(90)).await.unwrap();
        let second = lessons.record(a.tutor_id, a.id, at("2026-11-29T19:00"), Some(90)).await.unwrap();
        assert!(matches!(lessons.record(a.tutor_id, a.id, at("2026-12-01T19:00"), Some(60)).await, Err(LessonError::AlreadyRecorded)));
        assert!(matches!(lessons.record(a.family_id, a.id, at("2026-11-30T19:00"), Some(60)).await, Err(LessonError::NotTheTutor)));
        assert!(matches!(lessons.record(Uuid::new_v4(), a.id, at("2026-11-30T19:00"), Some(60)).await, Err(LessonError::NotFound)));
        assert!(matches!(lessons.confirm(a.tutor_id, first.number).await, Err(LessonError::NotTheFamily)));

        let disputed = lessons.dispute(a.family_id, first.number, "當日改了時間，只上了 60 分鐘").await.unwrap();
        assert_eq!(disputed.status, LessonStatus::Disputed);
        let error = lessons.confirm(a.family_id, first.number).await.unwrap_err();
        assert!(matches!(error, LessonError::NotAnswerable(LessonStatus::Disputed)), "{error:?}");

        clock.advance(Duration::hours(72) - Duration::seconds(1));
        assert_eq!(lessons.confirm_unanswered().await.unwrap(), 0, "not yet");
        clock.advance(Duration::seconds(1));
        assert!(matches!(lessons.confirm(a.family_id, second.number).await, Err(LessonError::NotAnswerable(LessonStatus::Recorded))));
        assert_eq!(lessons.confirm_unanswered().await.unwrap(), 1);
        let statuses: Vec<_> = kept.lock().unwrap().iter().map(|l| l.status).collect();
        assert_eq!(statuses, [LessonStatus::Disputed, LessonStatus::Confirmed]);
    }

    #[tokio::test]
    async fn either_side_cancels_ahead_and_late_notice_is_marked() {
        let a = arrangement();
        let clock = Arc::new(ManualClock::at(at("2026-12-01T12:00")));
        let (lessons, _) = record(&a, clock);
        let late = lessons.cancel(a.family_id, a.id, at("2026-12-02T10:00"), "學生發燒").await.unwrap();
        assert_eq!((late.status, late.recorded_by, late.late), (LessonStatus::Cancelled, ArrangementSide::Family, true));
        let early = lessons.cancel(a.tutor_id, a.id, at("2026-12-05T10:00"), "導師考試").await.unwrap();
        assert_eq!((early.recorded_by, early.late), (ArrangementSide::Tutor, false));
        let error = lessons.cancel(a.tutor_id, a.id, at("2026-12-06T10:00"), "").await.unwrap_err();
        let LessonError::Invalid(errors) = error else { panic!("not a validation failure") };
        assert_eq!(errors.get("reason"), Some(&Problem::Missing(Label::CancelReason)));
    }
}
