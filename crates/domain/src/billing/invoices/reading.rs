//! Reading invoices: the tutor's list, page and receipt, and the back office's look and list.

use chrono::NaiveDate;
use uuid::Uuid;

use super::{Billing, BillingError, InvoiceView, LISTED};
use crate::billing::model::{InvoiceStatus, SettledBy, Settlement};

/// Which invoices the back office lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listed {
    All,
    /// Past their due date and still owed.
    Overdue,
    /// Owing the tutor money (a short match, or paid twice): to refund.
    Credit,
}

impl Billing {
    /// A tutor's invoices as they stand today, latest first.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn mine(&self, tutor: Uuid) -> Result<Vec<InvoiceView>, BillingError> {
        let mut views = Vec::new();
        for invoice in self.invoices.for_tutor(tutor).await? {
            views.push(self.view(invoice, self.today()).await?);
        }
        Ok(views)
    }

    /// One invoice as its tutor reads it today.
    ///
    /// # Errors
    /// `NotFound` for anyone but its tutor.
    pub async fn page(&self, reader: Uuid, number: &str) -> Result<InvoiceView, BillingError> {
        let invoice = self.find(number).await?;
        if invoice.tutor_id != reader {
            return Err(BillingError::NotFound);
        }
        self.view(invoice, self.today()).await
    }

    /// The receipt of an invoice paid in full, for its tutor: the invoice as it stood the day
    /// it was settled.
    ///
    /// # Errors
    /// `NotFound` for anyone but its tutor, `NoReceipt` until paid in full.
    pub async fn receipt(&self, reader: Uuid, number: &str) -> Result<InvoiceView, BillingError> {
        let invoice = self.find(number).await?;
        if invoice.tutor_id != reader {
            return Err(BillingError::NotFound);
        }
        let Some(Settlement { how: SettledBy::Paid, on, .. }) = invoice.settled else { return Err(BillingError::NoReceipt) };
        self.view(invoice, on).await
    }

    /// The back office's look at an invoice on any date (today by default).
    ///
    /// # Errors
    /// `NotFound`.
    pub async fn show(&self, number: &str, on: Option<NaiveDate>) -> Result<InvoiceView, BillingError> {
        let invoice = self.find(number).await?;
        self.view(invoice, on.unwrap_or_else(|| self.today())).await
    }

    /// The back office's list, latest first: all invoices, those overdue today, or those with a
    /// credit to refund.
    ///
    /// # Errors
    /// `Repository` when storage fails.
    pub async fn list(&self, only: Listed) -> Result<Vec<InvoiceView>, BillingError> {
        let mut views = Vec::new();
        for invoice in self.invoices.list(only == Listed::Overdue, LISTED).await? {
            let view = self.view(invoice, self.today()).await?;
            let wanted = match only {
                Listed::All => true,
                Listed::Overdue => view.status == InvoiceStatus::Overdue,
                Listed::Credit => view.statement.balance < 0,
            };
            if wanted {
                views.push(view);
            }
        }
        Ok(views)
    }
}
