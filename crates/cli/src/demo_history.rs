//! Demo history: past parents whose cases matched demo tutors weeks ago, with two confirmed
//! lessons each, and who reviewed them, so that cards and profiles show ratings; and the demo
//! parent 陳太's matches: with demo tutor 2 ten days ago (two lessons, not reviewed yet, so
//! that she can write one), with demo tutor 15 five days ago (one lesson, a runner-up: to end
//! and reopen), and an offer to demo tutor 17 nobody answered (the lapse job opens it again).
//! Every review rests on confirmed lessons in the data, as the product requires.
//!
//! Each match is billed as it happened: the service fee's invoice issued after its first
//! confirmed lesson; the past parents' tutors paid theirs by FPS a few days later, except demo
//! tutor 20, whose invoice is more than 10 days overdue (so that tutor cannot apply), and demo
//! tutor 21, matched with 黃太 three days ago, whose first lesson awaits her confirmation (no
//! invoice until she confirms).

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use tutorhub_adapters::{SqlApplicationRepository, SqlLessonRepository, SqlReviewRepository};
use tutorhub_domain::accounts::user::{NewUser, UserType};
use tutorhub_domain::billing::invoices::{Listed, MoneyIn};
use tutorhub_domain::billing::ledger::PaymentMethod;
use tutorhub_domain::cases::model::{CaseDetails, CaseForm, CaseStatus, NewCase};
use tutorhub_domain::lessons::model::{ArrangementSide, LessonStatus, NewLesson};
use tutorhub_domain::lessons::ports::LessonRepository;
use tutorhub_domain::matching::model::{AvailableTimes, CaseApplication, CaseApplicationStatus};
use tutorhub_domain::matching::offer::{DEFAULT_OFFER_HOURS, Offer};
use tutorhub_domain::matching::ports::{ApplicationRepository, ApplyOutcome};
use tutorhub_domain::reviews::model::{NewReview, ReviewForm};
use tutorhub_domain::reviews::ports::ReviewRepository;
use tutorhub_domain::shared::catalogue::{self, Level};
use tutorhub_domain::shared::clock::ManualClock;
use tutorhub_domain::shared::hong_kong;
use tutorhub_domain::shared::identity::{DisplayName, Email, Password, Phone};
use tutorhub_domain::tutors::model::{TutorProfile, TutorRef};
use uuid::Uuid;

use crate::demo_accounts::DEMO_PASSWORD;
use crate::demo_market::{self, Stage};
use crate::demo_tutors::demo_phone;
use crate::wiring::Wiring;

/// Past parents' names; their phones are 5100 0001, 5100 0002, …
const PAST_PARENTS: &[&str] = &["黃太", "李先生", "張太", "何太", "吳先生", "周太"];
/// Demo tutors (by index) the past parents reviewed; index 1 is left for 陳太.
const REVIEWED_TUTORS: usize = 12;
/// The stars of the past parents' reviews, in turn.
const STARS: [i64; 6] = [5, 4, 5, 3, 5, 4];
/// What they wrote, by the level of the case (the tutor's first subject), one for each of
/// [`STARS`] (the three-star one with a reservation): a kindergarten tutor is not praised for
/// exam practice.
const REVIEWS: &[(&str, [&str; 6])] = &[
    (
        "kindergarten",
        [
            "老師好有耐性，小朋友每次都好期待上堂。",
            "準時，備課充足，每堂後都會講小朋友的進度。",
            "以遊戲教學，仔仔專注咗好多，亦肯主動認字。",
            "教學認真，但對小朋友來說節奏稍快。",
            "囡囡由怕寫字變成主動要求練習，多謝老師。",
            "態度友善，溝通容易，上堂時間有彈性。",
        ],
    ),
    (
        "primary",
        [
            "講解清楚，有耐性，女兒測驗由不合格進步到七十多分。",
            "準時，備課充足，會定期向家長匯報進度。",
            "會跟進默書及測驗，仔仔溫習自律咗好多。",
            "教學認真，但功課量對我們來說稍多。",
            "很會引導孩子思考，孩子很期待上堂。",
            "態度友善，溝通容易，上堂時間有彈性。",
        ],
    ),
    (
        "secondary",
        [
            "講解清楚，有耐性，兒子校內考試進步明顯。",
            "準時，備課充足，會定期向家長匯報進度。",
            "先找出弱項再針對練習，女兒成績穩步上升。",
            "教學認真，但功課量對我們來說稍多。",
            "針對文憑試題型練習，兒子考試更有信心。",
            "態度友善，溝通容易，上堂時間有彈性。",
        ],
    ),
    (
        "tertiary",
        [
            "講解大學課程好清晰，兒子期末考順利合格。",
            "準時，備課充足，解答問題好有耐性。",
            "幫女兒理解課堂筆記，功課唔再拖延。",
            "教學認真，但進度對我們來說稍快。",
            "熟悉課程內容，溫習歷屆試題好有幫助。",
            "態度友善，溝通容易，上堂時間有彈性。",
        ],
    ),
    (
        "interest",
        [
            "老師好有心，小朋友好享受上堂，進步明顯。",
            "準時，每堂後都會同家長講進度。",
            "很會引導孩子思考，孩子很期待上堂。",
            "教學認真，但功課量對我們來說稍多。",
            "小朋友比以前有自信，多謝老師鼓勵。",
            "態度友善，溝通容易，上堂時間有彈性。",
        ],
    ),
];

/// The review the past parents' `turn`-th review of a tutor of `level` reads.
fn review(level: &str, turn: usize) -> (i64, &'static str) {
    let texts = REVIEWS.iter().find(|(key, _)| *key == level).map_or(&REVIEWS[1].1, |(_, texts)| texts);
    (STARS[turn % STARS.len()], texts[turn % texts.len()])
}

fn past_parent_phone(index: usize) -> Phone {
    Phone::parse(&format!("5100{:04}", index + 1)).expect("demo phones are valid Hong Kong numbers")
}

/// Adds the history once (it is there when the first past parent is); answers how many reviews
/// it added.
///
/// # Errors
/// When the store fails.
pub async fn ensure_demo_history(app: &Wiring) -> anyhow::Result<usize> {
    if app.users.find_by_phone(&past_parent_phone(0)).await?.is_some() {
        return Ok(0);
    }
    let password_hash = app.hasher.hash(&Password::parse(DEMO_PASSWORD).map_err(|problem| anyhow::anyhow!("{problem:?}"))?).await?;
    let mut parents = Vec::new();
    for (index, name) in PAST_PARENTS.iter().enumerate() {
        let phone = past_parent_phone(index);
        let user = NewUser {
            id: Uuid::new_v4(),
            email: Email::parse(&format!("parent{}@example.com", index + 1)).map_err(|problem| anyhow::anyhow!("{problem:?}"))?,
            phone,
            name: DisplayName::parse(name).map_err(|problem| anyhow::anyhow!("{problem:?}"))?,
            birthdate: chrono::NaiveDate::from_ymd_opt(1982, 5, 1).expect("a real date"),
            user_type: UserType::Individual,
            password_hash: password_hash.clone(),
            language: tutorhub_domain::shared::language::Language::ZhHk,
            created_at: Utc::now() - Duration::days(120),
        };
        parents.push(app.users.insert(user).await?.id);
    }
    let reviews = SqlReviewRepository::new(app.database.pool().clone());
    let mut added = 0;
    for tutor_index in (0..REVIEWED_TUTORS).filter(|&i| i != 1) {
        let Some(tutor) = demo_tutor(app, tutor_index).await? else { continue };
        // Every tutor one review; every other one a second, from another parent.
        let reviewers = if tutor_index % 2 == 0 { vec![tutor_index, tutor_index + 2] } else { vec![tutor_index] };
        for (k, reviewer) in reviewers.into_iter().enumerate() {
            let parent = parents[reviewer % parents.len()];
            let matched_days_ago = 30 + i64::try_from(tutor_index * 3 + k).unwrap_or_default();
            match_case(app, parent, &tutor, matched_days_ago, &[], 2).await?;
            let first_lesson = days_ago(matched_days_ago - 2);
            bill(app, first_lesson, Some(first_lesson + Duration::days(4))).await?;
            let (stars, text) = review(tutor.subjects[0].level, tutor_index + k);
            let form = ReviewForm::parse(stars, text).map_err(|e| anyhow::anyhow!("{e:?}"))?;
            let created_at = Utc::now() - Duration::days(matched_days_ago - 10);
            reviews.insert(NewReview { tutor_id: tutor.user_id, author_id: parent, form, lessons: 2, created_at }).await?;
            added += 1;
        }
    }
    // 陳太 matched demo tutor 2 ten days ago; two lessons are confirmed, so she may review them.
    let parent = &crate::demo_accounts::DEMO_ACCOUNTS[0];
    let chan = app.users.find_by_phone(&Phone::parse(parent.phone).map_err(|problem| anyhow::anyhow!("{problem:?}"))?).await?;
    if let (Some(chan), Some(tutor)) = (chan.as_ref(), demo_tutor(app, 1).await?) {
        match_case(app, chan.id, &tutor, 10, &[], 2).await?;
        bill(app, days_ago(8), None).await?;
    }
    // And demo tutor 15 five days ago, with one lesson held and demo tutor 16 the runner-up: a
    // match she may end and open to the other applicant again.
    if let (Some(chan), Some(tutor), Some(runner_up)) = (chan.as_ref(), demo_tutor(app, 14).await?, demo_tutor(app, 15).await?) {
        match_case(app, chan.id, &tutor, 5, &[runner_up], 1).await?;
        bill(app, days_ago(3), None).await?;
    }
    // Demo tutor 20 matched 周太 40 days ago and never paid the invoice: overdue past the
    // penalty day, the tutor cannot apply to cases or confirm offers until it is paid.
    if let Some(tutor) = demo_tutor(app, 19).await? {
        match_case(app, parents[5], &tutor, 40, &[], 2).await?;
        bill(app, days_ago(38), None).await?;
    }
    // Demo tutor 21 matched 黃太 three days ago; the first lesson, yesterday, waits for her to
    // confirm it: then the invoice is issued.
    if let Some(tutor) = demo_tutor(app, 20).await? {
        let offer = match_case(app, parents[0], &tutor, 3, &[], 0).await?;
        SqlLessonRepository::new(app.database.pool().clone()).insert(held(offer, Utc::now() - Duration::days(1))).await?;
    }
    // And a case she offered to demo tutor 17 25 hours ago, demo tutor 18 the runner-up: the
    // tutor never answered, so the first lapse job opens it again.
    if let (Some(chan), Some(tutor), Some(runner_up)) = (chan, demo_tutor(app, 16).await?, demo_tutor(app, 17).await?) {
        offer_case(app, chan.id, &tutor, &[runner_up], Utc::now() - Duration::hours(25)).await?;
    }
    Ok(added)
}

async fn demo_tutor(app: &Wiring, index: usize) -> anyhow::Result<Option<TutorProfile>> {
    let Some(user) = app.users.find_by_phone(&demo_phone(index)).await? else { return Ok(None) };
    Ok(app.tutors.find_profile(TutorRef::Id(user.id)).await?)
}

/// `parent`'s case in the tutor's first subject and area, which the tutor (and `others`, then
/// declined) applied to and the parent chose `days_ago`, with `lessons` lessons held and
/// confirmed since.
async fn match_case(
    app: &Wiring,
    parent: Uuid,
    tutor: &TutorProfile,
    days_ago: i64,
    others: &[TutorProfile],
    lessons: i64,
) -> anyhow::Result<Uuid> {
    let at = self::days_ago(days_ago);
    let (applications, offer) = offer_case(app, parent, tutor, others, at - Duration::hours(1)).await?;
    applications.confirm(offer.id, at + Duration::days(2), at).await?;
    // The first lessons, on the record and confirmed by the family: what a review rests on.
    let record = SqlLessonRepository::new(app.database.pool().clone());
    for day in 2..2 + lessons {
        let starts_at = at + Duration::days(day);
        let Some(stored) = record.insert(held(offer.id, starts_at)).await? else { anyhow::bail!("demo match {} ended", offer.id) };
        let number = stored.number;
        record.answer(number, LessonStatus::Confirmed, None, starts_at).await?;
    }
    Ok(offer.id)
}

/// Noon in Hong Kong, `days` days before today's date there: what a match or a lesson "days
/// ago" means. Dates that follow from it (an invoice's issue and due dates) are then the same
/// whatever the hour the demo is seeded: a lesson at this hour 8 days ago, billed three hours
/// later, was billed on the next day when seeded after 21:00, and demo tutor 2's invoice, a day
/// overdue, was not overdue yet.
fn days_ago(days: i64) -> DateTime<Utc> {
    let noon = chrono::NaiveTime::from_hms_opt(12, 0, 0).expect("noon is a time");
    let today = hong_kong::date(Utc::now());
    let day = today - Duration::days(days);
    day.and_time(noon).and_local_timezone(hong_kong::offset()).single().expect("fixed offsets have no gaps").with_timezone(&Utc)
}

/// An hour's lesson of `arrangement` at `starts_at`, recorded by the tutor two hours later.
fn held(arrangement: Uuid, starts_at: DateTime<Utc>) -> NewLesson {
    NewLesson {
        arrangement_id: arrangement,
        starts_at,
        minutes: 60,
        status: LessonStatus::Recorded,
        recorded_by: ArrangementSide::Tutor,
        recorded_at: starts_at + Duration::hours(2),
        reason: None,
        late: false,
    }
}

/// Bills the match just seeded as it happened: its invoice issued three hours after its first
/// lesson `first_lesson`, and paid by FPS on `paid_on` when given.
async fn bill(app: &Wiring, first_lesson: DateTime<Utc>, paid_on: Option<DateTime<Utc>>) -> anyhow::Result<()> {
    let billing = app.billing_at(Arc::new(ManualClock::at(first_lesson + Duration::hours(3))));
    billing.issue_due().await?;
    let Some(paid_on) = paid_on else { return Ok(()) };
    let billing = app.billing_at(Arc::new(ManualClock::at(paid_on)));
    for invoice in billing.list(Listed::All).await?.into_iter().filter(|v| v.invoice.settled.is_none()) {
        let reference = format!("FPS{}", invoice.invoice.id + 80_000_000);
        let money = MoneyIn { cents: invoice.statement.balance, method: PaymentMethod::Fps, reference: &reference, on: None, by: "demo" };
        billing.record_payment(&invoice.number, money).await?;
    }
    Ok(())
}

/// `parent`'s case that the tutor and `others` all fit (a subject they teach, in a district
/// where they teach, paying what they ask), at a grade that takes the subject and pays that fee,
/// posted three days before `offered_at`, which the tutor and `others` applied to; then offered
/// to the tutor at the case's fee.
async fn offer_case(
    app: &Wiring,
    parent: Uuid,
    tutor: &TutorProfile,
    others: &[TutorProfile],
    offered_at: DateTime<Utc>,
) -> anyhow::Result<(SqlApplicationRepository, Offer)> {
    let subject = tutor.subjects.iter().find(|s| others.iter().all(|other| other.subjects.contains(s))).unwrap_or(&tutor.subjects[0]);
    let level = catalogue::level(subject.level).ok_or_else(|| anyhow::anyhow!("demo tutor teaches an unknown level"))?;
    let teaches_in = |profile: &TutorProfile, district: &str| {
        profile.place.district == district || profile.teaching_districts.iter().any(|d| d == district)
    };
    let place = std::iter::once(&tutor.place)
        .chain(others.iter().map(|other| &other.place))
        .find(|place| teaches_in(tutor, place.district) && others.iter().all(|other| teaches_in(other, place.district)))
        .copied()
        .unwrap_or(tutor.place);
    // An hour's lesson (a tutor's fee is per hour, see demo_market) at what the dearest asks.
    let rate = others.iter().map(|other| other.rate).fold(tutor.rate, std::cmp::max);
    let grade = case_grade(level, &subject.name, rate.cents());
    let subjects = vec![subject.name.clone()];
    let form = CaseForm {
        post_type: "student-seeking-tutor".into(),
        post_title: crate::demo::case_title(place.area, grade, &subjects, false),
        level: level.key.into(),
        grade: grade.into(),
        subjects,
        location: place.area.into(),
        rate: Some(rate.dollars()),
        session_length: Some(60),
        sessions_per_week: Some(1),
        description: "希望搵有耐性的導師。".into(),
        preferred_gender: "no limit".into(),
        start_date: (Utc::now() + Duration::days(7)).format("%Y-%m-%d").to_string(),
    };
    let details = CaseDetails::parse(&form).map_err(|e| anyhow::anyhow!("demo case: {e:?}"))?;
    let fee = details.rate;
    let created_at = offered_at - Duration::days(3);
    let case = NewCase { id: Uuid::new_v4(), owner_id: Some(parent), details, status: CaseStatus::Approved, created_at };
    let number = app.cases.insert(vec![case]).await?[0].number;
    let applications = SqlApplicationRepository::new(app.database.pool().clone());
    let application = CaseApplication {
        id: Uuid::new_v4(),
        case_number: number,
        tutor_id: tutor.user_id,
        available_times: AvailableTimes::parse("星期六 下午").map_err(|e| anyhow::anyhow!("{e:?}"))?,
        status: CaseApplicationStatus::Applied,
        created_at: created_at + Duration::days(1),
    };
    let ApplyOutcome::Applied(application) = applications.apply(application.clone(), u32::MAX).await? else {
        anyhow::bail!("demo case {number} did not take the application");
    };
    for other in others {
        let theirs = CaseApplication { id: Uuid::new_v4(), tutor_id: other.user_id, ..application.clone() };
        applications.apply(theirs, u32::MAX).await?;
    }
    let offer = Offer::open(number, application.id, tutor.user_id, fee, offered_at, DEFAULT_OFFER_HOURS);
    applications.offer(&offer).await?;
    Ok((applications, offer))
}

/// A grade of `level` that takes `subject` and whose stage pays `hourly` cents: the middle one
/// of those (中四 for a secondary subject every form takes), or the level's first.
fn case_grade(level: &'static Level, subject: &str, hourly: i64) -> &'static str {
    let fitting: Vec<&'static str> = demo_market::grades_taking(level, subject)
        .into_iter()
        .filter(|grade| Stage::of(level.key, grade).is_some_and(|stage| demo_market::fee_band(stage).published.contains(&hourly)))
        .collect();
    fitting.get(fitting.len() / 2).copied().unwrap_or(level.grades[0])
}
