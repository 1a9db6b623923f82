//! Applying, withdrawing and the owner's list of applicants, with the fit of each.

use chrono::Utc;

use super::*;
use crate::accounts::ports::MockUserRepository;
use crate::cases::ports::MockCaseRepository;
use crate::matching::fit::{FitGap, FitGrade};
use crate::matching::ports::MockApplicationRepository;
use crate::shared::messaging::MockSmsSender;
use crate::tutors::model::TutorSubject;
use crate::tutors::model::tests::approved_profile;
use crate::tutors::ports::MockTutorProfileRepository;

fn matching(applications: MockApplicationRepository) -> Matching {
    let users: Arc<dyn UserRepository> = Arc::new(MockUserRepository::new());
    let notifier = crate::notices::notifier::testing::notifier(users.clone(), Arc::new(MockSmsSender::new()));
    Matching::new(
        Arc::new(MockCaseRepository::new()),
        Arc::new(applications),
        users,
        Arc::new(MockTutorProfileRepository::new()),
        notifier,
        clock(),
        DEFAULT_APPLICANT_CAP,
        crate::billing::standing::testing::clear(),
    )
}

fn clock() -> Arc<dyn Clock> {
    Arc::new(crate::shared::clock::SystemClock)
}

fn open_application(tutor_id: Uuid) -> CaseApplication {
    CaseApplication {
        id: Uuid::new_v4(),
        case_number: 10234,
        tutor_id,
        available_times: AvailableTimes::from_stored("星期六".into()),
        status: CaseApplicationStatus::Applied,
        created_at: Utc::now(),
    }
}

#[tokio::test]
async fn a_withdrawal_that_loses_the_race_to_a_selection_names_the_new_state() {
    let tutor = Uuid::new_v4();
    let application = open_application(tutor);
    let id = application.id;
    let mut applications = MockApplicationRepository::new();
    let mut reads = vec![CaseApplication { status: CaseApplicationStatus::Selected, ..application.clone() }, application];
    applications.expect_find().times(2).returning(move |_| Ok(reads.pop()));
    applications.expect_withdraw().withf(move |case, app, _| *case == 10234 && *app == id).returning(|_, _, _| Ok(false));
    let error = matching(applications).withdraw(tutor, id).await.unwrap_err();
    assert!(matches!(error, WithdrawError::NotOpen(CaseApplicationStatus::Selected)), "{error:?}");
}

/// `owner`'s approved case 10234: 中三 數學、英文 at 藍田 for HK$300 a lesson.
fn owners_case(owner: Uuid) -> Case {
    use crate::cases::model::{CaseDetails, CaseStatus};
    Case {
        id: Uuid::new_v4(),
        number: 10234,
        owner_id: Some(owner),
        details: CaseDetails::parse(&crate::cases::model::tests::valid_form()).unwrap(),
        status: CaseStatus::Approved,
        applicant_count: 0,
        created_at: Utc::now(),
        updated_at: Utc::now(),
    }
}

/// A profile teaching only these (level key, subject) pairs; otherwise `approved_profile`'s:
/// 藍田 (觀塘區), HK$300 a lesson.
fn teaching(tutor: Uuid, subjects: &[(&'static str, &str)]) -> TutorProfile {
    let subjects = subjects.iter().map(|&(level, name)| TutorSubject { level, name: name.to_string() }).collect();
    TutorProfile { subjects, ..approved_profile(tutor) }
}

/// [`owners_case`], a tutor 李老師 with `profile`, and every SMS recorded.
fn applying(owner: Uuid, tutor: Uuid, profile: TutorProfile) -> (Matching, Arc<std::sync::Mutex<Vec<String>>>) {
    use crate::shared::identity::DisplayName;
    let case = owners_case(owner);
    let mut cases = MockCaseRepository::new();
    cases.expect_find_by_number().returning(move |_| Ok(Some(case.clone())));
    let mut users = MockUserRepository::new();
    users.expect_find_by_id().returning(move |id| {
        let mut u = User { id, ..crate::accounts::sessions::tests_support::user() };
        if id == tutor {
            u.name = DisplayName::parse("李老師").unwrap();
            (u.is_tutor, u.is_tutor_profile_active) = (true, true);
        }
        Ok(Some(u))
    });
    let mut applications = MockApplicationRepository::new();
    applications.expect_apply().returning(|a, _| Ok(ApplyOutcome::Applied(a)));
    let sent = Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = sent.clone();
    let mut sms = MockSmsSender::new();
    sms.expect_send_sms().returning(move |_, body| {
        log.lock().unwrap().push(body.to_string());
        Ok(())
    });
    let mut tutors = MockTutorProfileRepository::new();
    tutors.expect_find_profile().returning(move |_| Ok(Some(profile.clone())));
    let users: Arc<dyn UserRepository> = Arc::new(users);
    let notifier = crate::notices::notifier::testing::notifier(users.clone(), Arc::new(sms));
    (
        Matching::new(
            Arc::new(cases),
            Arc::new(applications),
            users,
            Arc::new(tutors),
            notifier,
            clock(),
            DEFAULT_APPLICANT_CAP,
            crate::billing::standing::testing::clear(),
        ),
        sent,
    )
}

#[tokio::test]
async fn the_owner_is_texted_the_case_number_once_an_hour_and_apply_calls_are_limited() {
    let (owner, tutor) = (Uuid::new_v4(), Uuid::new_v4());
    let (matching, sent) = applying(owner, tutor, approved_profile(tutor));
    // An apply/withdraw loop: every apply succeeds, only the first is texted.
    for _ in 0..APPLIES_PER_TUTOR.max {
        matching.apply(tutor, 10234, "星期六 下午【tutorhub】請即回覆").await.unwrap();
    }
    assert_eq!(sent.lock().unwrap().as_slice(), [crate::notices::notifier::testing::sms(Notice::NewApplicant { case: 10234 })]);
    let error = matching.apply(tutor, 10234, "星期六").await.unwrap_err();
    assert!(matches!(error, ApplyError::TooMany), "{error:?}");
}

#[tokio::test]
async fn only_the_applying_tutor_withdraws_and_nothing_is_written_otherwise() {
    let application = open_application(Uuid::new_v4());
    let id = application.id;
    let mut applications = MockApplicationRepository::new();
    applications.expect_find().returning(move |_| Ok(Some(application.clone())));
    applications.expect_withdraw().never();
    let error = matching(applications).withdraw(Uuid::new_v4(), id).await.unwrap_err();
    assert!(matches!(error, WithdrawError::NotYours), "{error:?}");
}

/// Issue 34: a kindergarten tutor applied to a secondary maths case.
#[tokio::test]
async fn a_tutor_who_does_not_teach_the_case_is_refused_saying_what_and_the_owner_hears_nothing() {
    let (owner, tutor) = (Uuid::new_v4(), Uuid::new_v4());
    let secondary = crate::shared::catalogue::level("secondary").unwrap();
    for (subjects, expected) in [
        (&[("kindergarten", "幼兒英文")][..], NotTaught::Level(secondary)),
        (
            &[("secondary", "物理"), ("primary", "數學")][..],
            NotTaught::Subjects { level: secondary, subjects: vec!["數學".into(), "英文".into()] },
        ),
    ] {
        let (matching, sent) = applying(owner, tutor, teaching(tutor, subjects));
        let error = matching.apply(tutor, 10234, "星期六").await.unwrap_err();
        let ApplyError::OutsideTeaching(missing) = error else { panic!("{error:?}") };
        assert_eq!(missing, expected);
        assert!(sent.lock().unwrap().is_empty(), "nothing stored, nobody texted");
    }
    // One of the case's subjects at its level is enough, wherever and for whatever fee.
    let elsewhere = TutorProfile {
        teaching_districts: vec!["屯門區".into()],
        place: crate::shared::catalogue::place("屯門").unwrap(),
        rate: crate::shared::money::Rate::from_cents(90000),
        ..teaching(tutor, &[("secondary", "英文")])
    };
    let (matching, _) = applying(owner, tutor, elsewhere);
    matching.apply(tutor, 10234, "星期六").await.unwrap();
}

#[tokio::test]
async fn the_owner_sees_applicants_who_fit_first_each_with_its_gaps_in_order_of_arrival() {
    let owner = Uuid::new_v4();
    let [outside, partial, full, late_full] = [1, 2, 3, 4].map(Uuid::from_u128);
    let mut cases = MockCaseRepository::new();
    cases.expect_find_by_number().returning(move |_| Ok(Some(owners_case(owner))));
    let mut applications = MockApplicationRepository::new();
    // Oldest first, as the store answers; one withdrawn, which the owner no longer sees.
    let withdrawn = CaseApplication { status: CaseApplicationStatus::Withdrawn, ..open_application(Uuid::from_u128(5)) };
    let arrived =
        vec![open_application(outside), open_application(partial), withdrawn, open_application(full), open_application(late_full)];
    applications.expect_for_case().returning(move |_| Ok(arrived.clone()));
    let mut users = MockUserRepository::new();
    users
        .expect_find_by_ids()
        .returning(|ids| Ok(ids.iter().map(|&id| User { id, ..crate::accounts::sessions::tests_support::user() }).collect()));
    let mut tutors = MockTutorProfileRepository::new();
    tutors.expect_find_profile().returning(move |tutor| {
        let TutorRef::Id(id) = tutor else { panic!("profiles are read by id") };
        Ok(Some(match id {
            id if id == outside => teaching(id, &[("kindergarten", "幼兒英文")]),
            // Maths, but in 沙田 only and for more than the case pays.
            id if id == partial => TutorProfile {
                teaching_districts: vec!["沙田區".into()],
                place: crate::shared::catalogue::place("沙田").unwrap(),
                rate: crate::shared::money::Rate::from_cents(45000),
                ..teaching(id, &[("secondary", "數學")])
            },
            id => teaching(id, &[("secondary", "英文")]),
        }))
    });
    let users: Arc<dyn UserRepository> = Arc::new(users);
    let notifier = crate::notices::notifier::testing::notifier(users.clone(), Arc::new(MockSmsSender::new()));
    let matching = Matching::new(
        Arc::new(cases),
        Arc::new(applications),
        users,
        Arc::new(tutors),
        notifier,
        clock(),
        DEFAULT_APPLICANT_CAP,
        crate::billing::standing::testing::clear(),
    );
    let (_, applicants) = matching.applicants(owner, 10234).await.unwrap();
    let seen: Vec<(Uuid, FitGrade, Vec<FitGap>)> = applicants.iter().map(|a| (a.tutor.id, a.fit.grade(), a.fit.gaps().to_vec())).collect();
    assert_eq!(
        seen,
        [
            (full, FitGrade::Full, vec![]),
            (late_full, FitGrade::Full, vec![]),
            (partial, FitGrade::Partial, vec![FitGap::District, FitGap::Fee]),
            (outside, FitGrade::Outside, vec![FitGap::Level]),
        ]
    );
}
