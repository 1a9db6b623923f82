//! Delivering alerts, one round at a time (every server runs rounds; see `AlertRepository`):
//! 1. match the cases that became public against the candidate saved searches;
//! 2. outside quiet hours, gather each tutor's waiting matches per channel into one message,
//!    at most one an hour (a digest when several waited);
//! 3. send the messages, each once, with the message's id as the provider's idempotency key.

use std::collections::hash_map::Entry;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use crate::accounts::ports::UserRepository;
use crate::alerts::messages::{AlertMail, AlertSms, SearchFooter};
use crate::alerts::model::{AlertChannel, AlertMatch, CaseText, SavedSearch};
use crate::alerts::ports::{AlertRepository, ClaimedMessage, LinkSigner, MessageEnd};
use crate::alerts::quiet_hours::QuietHours;
use crate::cases::model::Case;
use crate::cases::ports::CaseRepository;
use crate::shared::messages::{Mail, MessageWords, Sms};
use crate::shared::messaging::{Mailer, SmsSender};
use crate::shared::storage::RepositoryError;
use crate::tutors::model::TutorRef;
use crate::tutors::ports::TutorProfileRepository;

/// At most one message per tutor and channel in this time.
pub const GAP: Duration = Duration::hours(1);
/// How long a worker holds a message it is sending before another may try it (well beyond
/// the providers' request timeouts, so a slow send is not sent again meanwhile).
const LEASE: Duration = Duration::minutes(5);
/// Tries of one message before it is given up.
const MAX_ATTEMPTS: u32 = 5;
/// Work one round takes on at most, per step.
const BATCH: u32 = 200;

/// What one round did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Round {
    pub cases_matched: usize,
    pub messages_composed: usize,
    pub messages_sent: usize,
    /// Refused or unreachable provider: tried again once the claim runs out.
    pub messages_failed: usize,
}

/// The saved searches among `candidates` that `case` matches (not the tutor's own case).
fn matches_of(case: &Case, candidates: &[SavedSearch]) -> Vec<AlertMatch> {
    let text = CaseText::new(case);
    candidates
        .iter()
        .filter(|search| !case.is_owned_by(search.tutor_id) && search.criteria.matches(&text))
        .map(|search| AlertMatch { search: search.number, tutor_id: search.tutor_id, channel: search.channel, case_number: case.number })
        .collect()
}

/// Where alerts go out from: the ports they need.
pub struct AlertPorts {
    pub alerts: Arc<dyn AlertRepository>,
    pub cases: Arc<dyn CaseRepository>,
    pub tutors: Arc<dyn TutorProfileRepository>,
    pub users: Arc<dyn UserRepository>,
    pub sms: Arc<dyn SmsSender>,
    pub mail: Arc<dyn Mailer>,
    /// Words each message in its tutor's language.
    pub words: Arc<dyn MessageWords>,
    pub signer: Arc<dyn LinkSigner>,
}

#[derive(Clone)]
pub struct AlertDelivery {
    ports: Arc<AlertPorts>,
    quiet: QuietHours,
    /// The public base URL without a trailing slash.
    site: String,
}

impl AlertDelivery {
    pub fn new(ports: AlertPorts, quiet: QuietHours, public_base_url: &str) -> Self {
        Self { ports: Arc::new(ports), quiet, site: public_base_url.trim_end_matches('/').to_string() }
    }

    /// One round at `now`.
    ///
    /// # Errors
    /// When storage fails; what was done before stays done, and the next round goes on.
    pub async fn run_round(&self, now: DateTime<Utc>) -> Result<Round, RepositoryError> {
        let mut round = Round { cases_matched: self.match_opened_cases(now).await?, ..Round::default() };
        if self.quiet.is_quiet(now) {
            return Ok(round);
        }
        for (tutor, channel) in self.ports.alerts.waiting(now, GAP, BATCH).await? {
            if self.ports.alerts.compose(tutor, channel, now, GAP).await?.is_some() {
                round.messages_composed += 1;
            }
        }
        for _ in 0..BATCH {
            let Some(message) = self.ports.alerts.claim_message(now, LEASE, MAX_ATTEMPTS).await? else { break };
            // Not delivered: the claim stays, and the message is tried again once it runs out.
            let Some(end) = self.send(&message).await? else {
                round.messages_failed += 1;
                continue;
            };
            if self.ports.alerts.finish_message(message.id, message.claimed_until, end, Utc::now()).await? && end == MessageEnd::Sent {
                round.messages_sent += 1;
            }
        }
        Ok(round)
    }

    async fn match_opened_cases(&self, now: DateTime<Utc>) -> Result<usize, RepositoryError> {
        let opened = self.ports.alerts.opened_cases(BATCH).await?;
        // Cases of one level and region share their candidates within a round.
        let mut candidates: HashMap<(&'static str, &'static str), Vec<SavedSearch>> = HashMap::new();
        for &number in &opened {
            let matches = match self.ports.cases.find_by_number(number).await? {
                Some(case) if case.is_public() => {
                    let place = (case.details.level.key, case.details.place.region);
                    let searches = match candidates.entry(place) {
                        Entry::Occupied(known) => known.into_mut(),
                        Entry::Vacant(slot) => slot.insert(self.ports.alerts.candidates(place.0, place.1).await?),
                    };
                    matches_of(&case, searches)
                }
                // Closed or edited back to pending before its turn: nothing to tell.
                _ => Vec::new(),
            };
            self.ports.alerts.record_matches(number, &matches, now).await?;
        }
        Ok(opened.len())
    }

    /// Sends a claimed message, or says why it is cancelled; None when the provider failed.
    async fn send(&self, message: &ClaimedMessage) -> Result<Option<MessageEnd>, RepositoryError> {
        let active = self.ports.tutors.find_profile(TutorRef::Id(message.tutor_id)).await?.is_some_and(|p| p.active);
        let Some(user) = self.ports.users.find_by_id(message.tutor_id).await?.filter(|_| active) else {
            return Ok(Some(MessageEnd::Cancelled));
        };
        // A case several saved searches matched is told once; a closed one not at all.
        let mut cases: Vec<Case> = Vec::new();
        let mut searches: BTreeSet<i64> = BTreeSet::new();
        for &(search, number) in &message.matches {
            if cases.iter().any(|c| c.number == number) {
                searches.insert(search);
                continue;
            }
            if let Some(case) = self.ports.cases.find_by_number(number).await?.filter(Case::is_public) {
                cases.push(case);
                searches.insert(search);
            }
        }
        if cases.is_empty() {
            return Ok(Some(MessageEnd::Cancelled));
        }
        let matched: Vec<&Case> = cases.iter().collect();
        let tokens: Vec<String> = searches.iter().map(|&s| self.ports.signer.unsubscribe_token(s)).collect();
        let key = format!("alert-{}", message.id);
        let delivered = match message.channel {
            AlertChannel::Sms => {
                let body = self.ports.words.sms(&Sms::Alert(AlertSms::new(&self.site, &matched, &tokens)), user.language);
                self.ports.sms.send_sms_once(&user.phone, &body, &key).await
            }
            AlertChannel::Email => {
                let mut footers = Vec::new();
                for (&search, token) in searches.iter().zip(&tokens) {
                    if let Some(saved) = self.ports.alerts.find_search(search).await? {
                        footers.push(SearchFooter { summary: saved.criteria.summary(), token: token.clone() });
                    }
                }
                let (subject, body) = self.ports.words.mail(&Mail::Alert(AlertMail::new(&self.site, &matched, footers)), user.language);
                self.ports.mail.send_mail_once(&user.email, &subject, &body, &key).await
            }
        };
        Ok(delivered.ok().map(|()| MessageEnd::Sent))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::accounts::ports::MockUserRepository;
    use crate::accounts::sessions::tests_support::user;
    use crate::accounts::user::User;
    use crate::alerts::model::{Criteria, SavedSearch};
    use crate::alerts::ports::{MockAlertRepository, MockLinkSigner};
    use crate::cases::ports::MockCaseRepository;
    use crate::cases::search::CaseQuery;
    use crate::matching::recommendations::tests::case;
    use crate::shared::messages::testing::sms;
    use crate::shared::messaging::{MockMailer, MockSmsSender};
    use crate::tutors::model::TutorProfile;
    use crate::tutors::model::tests::approved_profile;
    use crate::tutors::ports::MockTutorProfileRepository;
    use uuid::Uuid;

    const TUTOR: Uuid = Uuid::from_u128(5);

    /// What a test's sender was asked to send: (body, key).
    type Sent = Arc<Mutex<Vec<(String, String)>>>;
    /// What a test's store was asked to record: (case, its matches).
    type Recorded = Arc<Mutex<Vec<(i64, Vec<AlertMatch>)>>>;

    /// A Hong Kong wall-clock time on 1 December 2026.
    fn hk(hour: u32) -> DateTime<Utc> {
        crate::shared::hong_kong::at(&format!("2026-12-01T{hour:02}:00"))
    }

    fn maths_in_kwun_tong(number: i64) -> SavedSearch {
        let query = CaseQuery {
            level: Some("secondary".into()),
            subjects: vec!["數學".into()],
            districts: vec!["觀塘區".into()],
            ..CaseQuery::default()
        };
        SavedSearch {
            number,
            tutor_id: TUTOR,
            criteria: Criteria::parse(query, "").unwrap(),
            channel: AlertChannel::Sms,
            stopped: false,
            created_at: Utc::now(),
        }
    }

    /// Delivery over a store holding case 20 (open, 中三數學 in 藍田) and case 21 (other
    /// district), with one waiting message of `matches`; answers the SMS sent with their keys.
    fn deliver_with(alerts: MockAlertRepository, active: bool) -> (AlertDelivery, Sent) {
        let mut cases = MockCaseRepository::new();
        cases.expect_find_by_number().returning(|n| {
            Ok(match n {
                20 => Some(case(20, "secondary", "中三", "數學", "藍田", 480.0, "no limit")),
                21 => Some(case(21, "secondary", "中三", "數學", "旺角", 480.0, "no limit")),
                _ => None,
            })
        });
        let mut tutors = MockTutorProfileRepository::new();
        tutors.expect_find_profile().returning(move |_| Ok(Some(TutorProfile { active, ..approved_profile(TUTOR) })));
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|id| Ok(Some(User { id, ..user() })));
        let sent = Arc::new(Mutex::new(Vec::new()));
        let log = sent.clone();
        let mut sms = MockSmsSender::new();
        sms.expect_send_sms_once().returning(move |_, body, key| {
            log.lock().unwrap().push((body.to_string(), key.to_string()));
            Ok(())
        });
        let mut signer = MockLinkSigner::new();
        signer.expect_unsubscribe_token().returning(|n| format!("{n}-sig"));
        let ports = AlertPorts {
            alerts: Arc::new(alerts),
            cases: Arc::new(cases),
            tutors: Arc::new(tutors),
            users: Arc::new(users),
            sms: Arc::new(sms),
            mail: Arc::new(MockMailer::new()),
            words: crate::shared::messages::testing::words(),
            signer: Arc::new(signer),
        };
        (AlertDelivery::new(ports, QuietHours::NIGHT, "https://tutorhub.example.hk/"), sent)
    }

    /// A store whose queue holds cases 20 and 21 and whose one saved search is `search`.
    fn store_with_opened_cases(search: SavedSearch, recorded: Recorded) -> MockAlertRepository {
        let mut alerts = MockAlertRepository::new();
        alerts.expect_opened_cases().returning(|_| Ok(vec![20, 21]));
        alerts.expect_candidates().returning(move |_, _| Ok(vec![search.clone()]));
        alerts.expect_record_matches().returning(move |number, matches, _| {
            recorded.lock().unwrap().push((number, matches.to_vec()));
            Ok(true)
        });
        alerts
    }

    #[tokio::test]
    async fn at_night_cases_are_matched_but_nothing_is_composed_or_sent() {
        let recorded = Arc::new(Mutex::new(Vec::new()));
        let mut alerts = store_with_opened_cases(maths_in_kwun_tong(7), recorded.clone());
        alerts.expect_waiting().never();
        alerts.expect_claim_message().never();
        let (delivery, sent) = deliver_with(alerts, true);
        let round = delivery.run_round(hk(23)).await.unwrap();
        assert_eq!(round, Round { cases_matched: 2, ..Round::default() });
        let recorded = recorded.lock().unwrap();
        assert_eq!(recorded[0], (20, vec![AlertMatch { search: 7, tutor_id: TUTOR, channel: AlertChannel::Sms, case_number: 20 }]));
        assert_eq!(recorded[1], (21, vec![]), "旺角 is not in 觀塘區: taken off the queue with no match");
        assert!(sent.lock().unwrap().is_empty());
    }

    /// A store with nothing to match and one claimable message of `matches`.
    fn store_with_message(matches: Vec<(i64, i64)>, finished: Arc<Mutex<Vec<MessageEnd>>>) -> MockAlertRepository {
        let mut alerts = MockAlertRepository::new();
        alerts.expect_opened_cases().returning(|_| Ok(vec![]));
        alerts.expect_waiting().returning(|_, _, _| Ok(vec![(TUTOR, AlertChannel::Sms)]));
        alerts.expect_compose().returning(|_, _, at, gap| {
            assert_eq!(gap, GAP);
            assert_eq!(at, hk(8));
            Ok(Some(3))
        });
        let mut claimed = Some(ClaimedMessage { id: 3, tutor_id: TUTOR, channel: AlertChannel::Sms, matches, claimed_until: hk(9) });
        alerts.expect_claim_message().returning(move |_, _, _| Ok(claimed.take()));
        alerts.expect_finish_message().returning(move |id, until, end, _| {
            assert_eq!((id, until), (3, hk(9)));
            finished.lock().unwrap().push(end);
            Ok(true)
        });
        alerts
    }

    #[tokio::test]
    async fn at_eight_the_waiting_matches_go_out_as_one_digest_keyed_by_the_message() {
        let finished = Arc::new(Mutex::new(Vec::new()));
        let (delivery, sent) = deliver_with(store_with_message(vec![(7, 20), (7, 21)], finished.clone()), true);
        let round = delivery.run_round(hk(8)).await.unwrap();
        assert_eq!((round.messages_composed, round.messages_sent), (1, 1));
        let digest = AlertSms { site: "https://tutorhub.example.hk".into(), cases: vec![20, 21], tokens: vec!["7-sig".into()] };
        assert_eq!(sent.lock().unwrap().as_slice(), [(sms(Sms::Alert(digest)), "alert-3".to_string())]);
        assert_eq!(finished.lock().unwrap().as_slice(), [MessageEnd::Sent]);
    }

    #[tokio::test]
    async fn one_case_links_to_itself_and_a_deactivated_tutor_gets_nothing() {
        let finished = Arc::new(Mutex::new(Vec::new()));
        let (delivery, sent) = deliver_with(store_with_message(vec![(7, 20)], finished.clone()), true);
        delivery.run_round(hk(8)).await.unwrap();
        let one = AlertSms { site: "https://tutorhub.example.hk".into(), cases: vec![20], tokens: vec!["7-sig".into()] };
        assert_eq!(sent.lock().unwrap()[0].0, sms(Sms::Alert(one)));
        let finished = Arc::new(Mutex::new(Vec::new()));
        let (deactivated, sent) = deliver_with(store_with_message(vec![(7, 20)], finished.clone()), false);
        deactivated.run_round(hk(8)).await.unwrap();
        assert!(sent.lock().unwrap().is_empty());
        assert_eq!(finished.lock().unwrap().as_slice(), [MessageEnd::Cancelled]);
    }

    #[tokio::test]
    async fn a_message_whose_saved_searches_were_deleted_is_cancelled() {
        let finished = Arc::new(Mutex::new(Vec::new()));
        let (delivery, sent) = deliver_with(store_with_message(vec![], finished.clone()), true);
        delivery.run_round(hk(8)).await.unwrap();
        assert!(sent.lock().unwrap().is_empty());
        assert_eq!(finished.lock().unwrap().as_slice(), [MessageEnd::Cancelled]);
    }
}
