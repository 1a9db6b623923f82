//! Whether a tutor may take on new work: not while an invoice of theirs is owed past the day the
//! penalty is added (the 11th day overdue). Applying to cases and confirming offers ask here.

use std::sync::Arc;

use uuid::Uuid;

use crate::billing::ports::InvoiceRepository;
use crate::shared::clock::Clock;
use crate::shared::hong_kong;
use crate::shared::storage::RepositoryError;

#[derive(Clone)]
pub struct Standing {
    invoices: Arc<dyn InvoiceRepository>,
    clock: Arc<dyn Clock>,
}

impl Standing {
    pub fn new(invoices: Arc<dyn InvoiceRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { invoices, clock }
    }

    /// The number of the invoice that restricts the tutor today, if any.
    ///
    /// # Errors
    /// `Unavailable` when the store fails.
    pub async fn restricting_invoice(&self, tutor: Uuid) -> Result<Option<String>, RepositoryError> {
        let today = hong_kong::date(self.clock.now());
        for invoice in self.invoices.unsettled_due_before(tutor, today).await? {
            let lines = self.invoices.lines(invoice.id).await?;
            if invoice.statement(&lines, today).restricts(&invoice.late) {
                return Ok(Some(invoice.number()));
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::billing::ports::MockInvoiceRepository;

    /// A standing with nothing owed: nobody is restricted.
    pub fn clear() -> Standing {
        let mut invoices = MockInvoiceRepository::new();
        invoices.expect_unsettled_due_before().returning(|_, _| Ok(Vec::new()));
        Standing::new(Arc::new(invoices), Arc::new(crate::shared::clock::SystemClock))
    }
}
