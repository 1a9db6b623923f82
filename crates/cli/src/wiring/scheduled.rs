//! The use cases the site's periodic jobs run (alerts, offers, the lesson record, billing),
//! which the API and the back office use too, and this server's scheduler of the jobs.

use std::sync::Arc;
use std::time::Duration;
use tutorhub_adapters::messaging::counted::MessageKind;

use tutorhub_adapters::{
    HmacLinkSigner, SqlAlertRepository, SqlApplicationRepository, SqlInvoiceRepository, SqlLessonRepository, SqlRateLimiter,
};
use tutorhub_domain::alerts::delivery::{AlertDelivery, AlertPorts};
use tutorhub_domain::billing::invoices::{Billing, BillingPorts, InvoiceReminders, Invoicing};
use tutorhub_domain::billing::ports::InvoiceRepository;
use tutorhub_domain::billing::standing::Standing;
use tutorhub_domain::jobs::model::Job;
use tutorhub_domain::jobs::scheduler::{Scheduled, Scheduler};
use tutorhub_domain::lessons::record::{LessonAutoConfirm, LessonRecord};
use tutorhub_domain::matching::offers::{FirstLessonReminders, OfferLapse, OfferPorts, Offers};
use tutorhub_domain::matching::ports::ApplicationRepository;
use tutorhub_domain::shared::clock::Clock;

use crate::background::{AlertRound, Sweep};

use super::Wiring;

impl Wiring {
    /// Case alerts' delivery, as `serve` runs it in rounds.
    ///
    /// # Errors
    /// The secret that signs unsubscribe links cannot be read or created.
    pub fn alert_delivery(&self) -> anyhow::Result<AlertDelivery> {
        let ports = AlertPorts {
            alerts: Arc::new(SqlAlertRepository::new(&self.database)),
            cases: self.cases.clone(),
            tutors: self.tutors.clone(),
            users: self.users.clone(),
            sms: self.senders.sms_counted(MessageKind::Alert),
            mail: self.senders.mail_counted(MessageKind::Alert),
            words: self.words.clone(),
            signer: Arc::new(HmacLinkSigner::new(&self.secret()?)),
        };
        Ok(AlertDelivery::new(ports, self.settings.alert_quiet_hours, &self.settings.public_base_url))
    }

    pub(super) fn applications(&self) -> Arc<dyn ApplicationRepository> {
        Arc::new(SqlApplicationRepository::new(self.database.pool().clone()))
    }

    /// Offers to chosen tutors: made and answered through the API, lapsed by the job.
    pub fn offers(&self) -> Offers {
        let ports = OfferPorts {
            cases: self.cases.clone(),
            applications: self.applications(),
            users: self.users.clone(),
            tutors: self.tutors.clone(),
            notifier: self.notifier(),
            clock: self.settings.clock.clone(),
            standing: self.standing(),
        };
        Offers::new(ports, self.settings.offer_hours)
    }

    pub(super) fn invoices(&self) -> Arc<dyn InvoiceRepository> {
        Arc::new(SqlInvoiceRepository::new(self.database.pool().clone()))
    }

    /// Whether an overdue invoice keeps a tutor from applying and confirming.
    pub(super) fn standing(&self) -> Standing {
        Standing::new(self.invoices(), self.settings.clock.clone())
    }

    /// The service fee: the API's invoices, the back office's money, the invoicing and
    /// reminder jobs.
    pub fn billing(&self) -> Billing {
        self.billing_at(self.settings.clock.clone())
    }

    /// The service fee on another clock: the demo data's history is billed as it happened.
    pub fn billing_at(&self, clock: Arc<dyn Clock>) -> Billing {
        let ports = BillingPorts {
            invoices: self.invoices(),
            lessons: Arc::new(SqlLessonRepository::new(self.database.pool().clone())),
            users: self.users.clone(),
            files: self.files.clone(),
            notifier: self.notifier(),
            clock,
        };
        Billing::new(ports, self.settings.fee_terms, self.settings.payee.clone(), self.settings.alert_quiet_hours)
    }

    /// The lesson record of matches and bookings: the API's, the back office's and the
    /// auto-confirm job's.
    pub fn lesson_record(&self) -> LessonRecord {
        LessonRecord::new(
            Arc::new(SqlLessonRepository::new(self.database.pool().clone())),
            self.users.clone(),
            self.notifier(),
            self.settings.clock.clone(),
        )
    }

    /// This server's scheduler of the site's periodic jobs: alert delivery every
    /// `alert_round`; the sweep, first-lesson reminders, lesson auto-confirmation and invoice
    /// reminders every ten minutes; lapsing offers and invoicing every minute. `owner` names
    /// the server in `jobs list`.
    ///
    /// # Errors
    /// As [`Wiring::alert_delivery`].
    pub fn scheduler(&self, owner: &str, alert_round: Duration) -> anyhow::Result<Scheduler> {
        let ledger = self.job_ledger();
        let sweep = Sweep {
            rate_limits: SqlRateLimiter::new(self.database.pool().clone(), self.settings.clock.clone()),
            ledger: ledger.clone(),
            feed: self.feed.clone(),
        };
        let jobs = vec![
            Scheduled { job: Job::AlertDelivery, every: alert_round, work: Arc::new(AlertRound(self.alert_delivery()?)) },
            Scheduled { job: Job::Sweep, every: SWEEP_EVERY, work: Arc::new(sweep) },
            Scheduled { job: Job::OfferLapse, every: OFFER_LAPSE_EVERY, work: Arc::new(OfferLapse(self.offers())) },
            Scheduled { job: Job::FirstLessonReminders, every: REMINDERS_EVERY, work: Arc::new(FirstLessonReminders(self.offers())) },
            Scheduled { job: Job::LessonAutoConfirm, every: REMINDERS_EVERY, work: Arc::new(LessonAutoConfirm(self.lesson_record())) },
            Scheduled { job: Job::Invoicing, every: OFFER_LAPSE_EVERY, work: Arc::new(Invoicing(self.billing())) },
            Scheduled { job: Job::InvoiceReminders, every: REMINDERS_EVERY, work: Arc::new(InvoiceReminders(self.billing())) },
        ];
        Ok(Scheduler::new(ledger, owner, jobs))
    }
}

const SWEEP_EVERY: Duration = Duration::from_secs(600);
/// An offer lapses within a minute of its deadline; an invoice is issued within a minute of the
/// first confirmed lesson (at once when the family confirms it on the site).
const OFFER_LAPSE_EVERY: Duration = Duration::from_secs(60);
/// Reminders go out within ten minutes of six in the evening; unanswered lessons are confirmed
/// within ten minutes of their 72 hours.
const REMINDERS_EVERY: Duration = Duration::from_secs(600);
