//! The service fee in the API: `GET /fees/terms` (public: the numbers the terms page, the case
//! page and the offer state), `GET /invoices` (the signed-in tutor's), `GET /invoices/{number}`
//! (with its statement today and the FPS QR code), `POST /invoices/{number}/proofs` (proof of
//! payment) and `GET /invoices/{number}/receipt`. An invoice is its tutor's only: anyone else
//! gets 404. Amounts are whole HK cents, computed here, never taken from a client.

use chrono::{DateTime, NaiveDate, Utc};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{Multipart, Object, OpenApi};
use tutorhub_domain::billing::fps::Payee;
use tutorhub_domain::billing::invoices::{Billing, InvoiceView};
use tutorhub_domain::billing::ledger::{LineKind, PaymentMethod};
use tutorhub_domain::billing::model::{DueChange, InvoiceStatus};
use tutorhub_domain::billing::statement::StatementLine;
use tutorhub_domain::billing::terms::{
    FeeTerms, REMIND_DAYS_BEFORE, REMIND_OVERDUE_DAY, SHARE_PERCENT, SHARE_WEEKS, SHORT_MATCH_DAYS, ServiceFee,
};

use crate::Tag;
use crate::billing::qr::svg;
use crate::common::auth::BearerAuth;
use crate::common::keys::Key;
use crate::error::ApiError;
use crate::error::documented::{Answer, BAD_REQUEST, CONFLICT, NOT_FOUND, PAYLOAD_TOO_LARGE, UNAUTHORIZED};
use crate::words::Words;

/// The service fee's rules, as the terms state them. Settings may change the days and rates.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct FeeTermsBody {
    /// The fee is `sharePercent`% of `shareWeeks` weeks' tuition (fee per lesson × lessons a week).
    pub share_weeks: u32,
    pub share_percent: u32,
    /// An invoice is due this many days after it is issued (after the first confirmed lesson).
    pub due_days: u32,
    /// A match ending within this many days of its first lesson pays only for lessons taught.
    pub short_match_days: u32,
    /// Late interest a month, in basis points (200 = 2%), counted per day × 12 ÷ 365.
    pub interest_basis_points_per_month: u32,
    /// The late penalty, percent of the overdue principal, added once on `penaltyDay`.
    pub penalty_percent: u32,
    /// The overdue day the penalty is added on; from it, the tutor cannot apply or confirm.
    pub penalty_day: u32,
    /// Reminders go this many days before the due date, on it, and on these overdue days.
    pub remind_days_before: u32,
    pub remind_overdue_days: Vec<u32>,
}

impl From<FeeTerms> for FeeTermsBody {
    fn from(t: FeeTerms) -> Self {
        Self {
            share_weeks: SHARE_WEEKS,
            share_percent: SHARE_PERCENT,
            due_days: t.due_days,
            short_match_days: SHORT_MATCH_DAYS,
            interest_basis_points_per_month: t.late.interest_bp_per_month,
            penalty_percent: t.late.penalty_percent,
            penalty_day: t.late.penalty_day,
            remind_days_before: REMIND_DAYS_BEFORE,
            remind_overdue_days: vec![REMIND_OVERDUE_DAY, t.late.penalty_day],
        }
    }
}

/// What a match costs the tutor, and how: fee per lesson × lessons a week × 4 ÷ 2.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ServiceFeeBody {
    pub amount_cents: i64,
    pub fee_per_lesson_cents: i64,
    pub lessons_per_week: u32,
    pub share_weeks: u32,
    pub share_percent: u32,
}

impl From<ServiceFee> for ServiceFeeBody {
    fn from(f: ServiceFee) -> Self {
        Self {
            amount_cents: f.amount,
            fee_per_lesson_cents: f.fee_per_lesson.cents(),
            lessons_per_week: f.lessons_per_week,
            share_weeks: SHARE_WEEKS,
            share_percent: SHARE_PERCENT,
        }
    }
}

/// An invoice in a list.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct InvoiceSummaryBody {
    /// `INV-2026-000123`.
    pub number: String,
    pub case_id: i64,
    pub status: Key<InvoiceStatus>,
    pub issued_at: DateTime<Utc>,
    pub due_on: NaiveDate,
    /// The service fee as issued.
    pub fee: ServiceFeeBody,
    /// Owed today, late charges included (negative: a credit the back office refunds).
    pub balance_cents: i64,
    pub days_overdue: u32,
    /// The receipt's number once paid in full.
    #[oai(skip_serializing_if_is_none)]
    pub receipt_number: Option<String>,
}

impl From<&InvoiceView> for InvoiceSummaryBody {
    fn from(v: &InvoiceView) -> Self {
        Self {
            number: v.number.clone(),
            case_id: v.invoice.case_number,
            status: v.status.into(),
            issued_at: v.invoice.issued_at,
            due_on: v.invoice.due_on,
            fee: v.invoice.fee.into(),
            balance_cents: v.statement.balance,
            days_overdue: v.statement.days_overdue,
            receipt_number: v.invoice.receipt_number(),
        }
    }
}

/// The signed-in tutor's invoices.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct InvoiceListBody {
    /// Latest first.
    pub invoices: Vec<InvoiceSummaryBody>,
    /// The sum owed today over all of them.
    pub due_today_cents: i64,
}

/// A line of the statement.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct InvoiceLineBody {
    pub kind: Key<LineKind>,
    pub on: NaiveDate,
    /// Positive: owed by the tutor; negative: paid or credited.
    pub amount_cents: i64,
    /// Why, and how it was computed.
    pub reason: String,
    #[oai(skip_serializing_if_is_none)]
    pub method: Option<Key<PaymentMethod>>,
    #[oai(skip_serializing_if_is_none)]
    pub reference: Option<String>,
    /// A late charge as it stands today, written when the invoice is settled.
    pub accrued: bool,
}

impl From<&StatementLine> for InvoiceLineBody {
    fn from(l: &StatementLine) -> Self {
        Self {
            kind: l.kind.into(),
            on: l.on,
            amount_cents: l.amount,
            reason: l.reason.say(),
            method: l.method.map(Key),
            reference: l.reference.clone(),
            accrued: l.accrued,
        }
    }
}

/// A move of the due date by the back office.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct DueChangeBody {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub reason: String,
    pub at: DateTime<Utc>,
}

impl From<&DueChange> for DueChangeBody {
    fn from(c: &DueChange) -> Self {
        Self { from: c.from, to: c.to, reason: c.reason.clone(), at: c.at }
    }
}

/// A proof of payment the tutor uploaded (the image itself is for the back office only).
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ProofBody {
    pub reference: String,
    pub uploaded_at: DateTime<Utc>,
}

/// Paying by FPS: the HKMA common QR code for the amount owed today.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct FpsBody {
    /// The EMVCo payload, to copy into a banking app.
    pub payload: String,
    /// The same as a QR code, an SVG document.
    pub svg: String,
    pub amount_cents: i64,
    /// The operator's FPS proxy (FPS ID, mobile or e-mail), for a transfer typed in by hand.
    pub payee: String,
    /// The payee's name as banking apps show it.
    pub payee_name: String,
}

/// One invoice with its statement today.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct InvoiceBody {
    #[oai(flatten)]
    pub summary: InvoiceSummaryBody,
    /// Whom it is issued to (the tutor's name).
    pub payer: String,
    pub first_lesson_at: DateTime<Utc>,
    /// The date of the statement: today, in Hong Kong.
    pub statement_on: NaiveDate,
    /// In date order; their sum is `balanceCents`.
    pub lines: Vec<InvoiceLineBody>,
    pub principal_cents: i64,
    pub due_changes: Vec<DueChangeBody>,
    pub proofs: Vec<ProofBody>,
    /// While something is owed.
    #[oai(skip_serializing_if_is_none)]
    pub fps: Option<FpsBody>,
    /// The late terms this invoice was issued under.
    pub interest_basis_points_per_month: u32,
    pub penalty_percent: u32,
    pub penalty_day: u32,
    /// When it was settled (paid in full or waived).
    #[oai(skip_serializing_if_is_none)]
    pub settled_on: Option<NaiveDate>,
    #[oai(skip_serializing_if_is_none)]
    pub settled_method: Option<Key<PaymentMethod>>,
}

impl InvoiceBody {
    fn of(v: &InvoiceView, payee: &Payee) -> Result<Self, ApiError> {
        let fps = match &v.fps {
            Some(payload) => Some(FpsBody {
                svg: svg(payload)?,
                payload: payload.clone(),
                amount_cents: v.statement.balance,
                payee: payee.proxy.value().to_string(),
                payee_name: payee.name.clone(),
            }),
            None => None,
        };
        Ok(Self {
            summary: v.into(),
            payer: v.tutor_name.clone(),
            first_lesson_at: v.invoice.first_lesson_at,
            statement_on: v.statement.on,
            lines: v.statement.lines.iter().map(Into::into).collect(),
            principal_cents: v.statement.principal,
            due_changes: v.due_changes.iter().map(Into::into).collect(),
            proofs: v.proofs.iter().map(|p| ProofBody { reference: p.reference.clone(), uploaded_at: p.uploaded_at }).collect(),
            fps,
            interest_basis_points_per_month: v.invoice.late.interest_bp_per_month,
            penalty_percent: v.invoice.late.penalty_percent,
            penalty_day: v.invoice.late.penalty_day,
            settled_on: v.invoice.settled.as_ref().map(|s| s.on),
            settled_method: v.invoice.settled.as_ref().and_then(|s| s.method).map(Key),
        })
    }
}

/// A proof of payment: a screenshot or photo, and the FPS reference.
#[derive(Debug, Multipart)]
pub struct ProofUpload {
    /// JPEG, PNG or WebP, at most 5 MB (checked by content).
    pub file: Upload,
    /// The FPS (or bank) reference of the payment, at most 200 characters.
    pub reference: String,
}

pub struct BillingApi {
    pub billing: Billing,
}

#[OpenApi(tag = "Tag::Billing")]
impl BillingApi {
    /// The service fee's terms
    ///
    /// The numbers the terms page, the case page and the offer state: how the fee is computed,
    /// when it is due, and the late charges. Public.
    #[oai(path = "/fees/terms", method = "get", operation_id = "getFeeTerms")]
    async fn terms(&self) -> Json<FeeTermsBody> {
        Json(self.billing.terms().into())
    }

    /// The signed-in tutor's invoices
    ///
    /// Open and settled, latest first, each with what it owes today.
    #[oai(path = "/invoices", method = "get", operation_id = "listMyInvoices")]
    async fn mine(&self, auth: BearerAuth) -> Answer<Json<InvoiceListBody>, { UNAUTHORIZED }> {
        let views = self.billing.mine(auth.user_id()).await?;
        let due_today_cents = views.iter().map(|v| v.statement.balance.max(0)).sum();
        Ok(Json(InvoiceListBody { invoices: views.iter().map(Into::into).collect(), due_today_cents }))
    }

    /// One invoice
    ///
    /// Its tutor only (anyone else: 404): the statement today, line by line, and the FPS QR
    /// code for the amount owed.
    #[oai(path = "/invoices/:number", method = "get", operation_id = "getInvoice")]
    async fn get(
        &self,
        auth: BearerAuth,
        /// `INV-2026-000123`.
        number: Path<String>,
    ) -> Answer<Json<InvoiceBody>, { UNAUTHORIZED | NOT_FOUND }> {
        Ok(Json(InvoiceBody::of(&self.billing.page(auth.user_id(), &number.0).await?, self.billing.payee())?))
    }

    /// Upload proof of a payment
    ///
    /// Its tutor only. An image (JPEG, PNG or WebP, checked by content, at most 5 MB) and the
    /// payment's reference; at most 5 an invoice (409). The back office records the payment.
    #[oai(path = "/invoices/:number/proofs", method = "post", operation_id = "uploadPaymentProof")]
    async fn proof(
        &self,
        auth: BearerAuth,
        /// `INV-2026-000123`.
        number: Path<String>,
        form: ProofUpload,
    ) -> Answer<Json<InvoiceBody>, { BAD_REQUEST | UNAUTHORIZED | NOT_FOUND | CONFLICT | PAYLOAD_TOO_LARGE }> {
        let bytes = form.file.into_vec().await.map_err(|e| ApiError::internal(&e))?;
        let view = self.billing.add_proof(auth.user_id(), &number.0, bytes, &form.reference).await?;
        Ok(Json(InvoiceBody::of(&view, self.billing.payee())?))
    }

    /// The receipt of an invoice paid in full
    ///
    /// Its tutor only (anyone else: 404); 409 until it is paid in full.
    #[oai(path = "/invoices/:number/receipt", method = "get", operation_id = "getReceipt")]
    async fn receipt(
        &self,
        auth: BearerAuth,
        /// `INV-2026-000123`.
        number: Path<String>,
    ) -> Answer<Json<InvoiceBody>, { UNAUTHORIZED | NOT_FOUND | CONFLICT }> {
        Ok(Json(InvoiceBody::of(&self.billing.receipt(auth.user_id(), &number.0).await?, self.billing.payee())?))
    }
}
