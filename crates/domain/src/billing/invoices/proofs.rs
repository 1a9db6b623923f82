//! Proofs of payment: the tutor uploads them, the back office reads them with the invoice.

use uuid::Uuid;

use super::{Billing, BillingError, InvoiceView, PROOFS_PER_INVOICE, text};
use crate::billing::model::Proof;
use crate::shared::files::{StoredFile, Visibility};
use crate::shared::upload::{Upload, UploadPurpose};
use crate::shared::validation::Label;

impl Billing {
    /// The tutor uploads proof of a payment (an image) with its FPS reference; the back office
    /// reads it with the invoice.
    ///
    /// # Errors
    /// `NotFound` (not theirs), `Invalid` (the reference), `Upload`, `TooManyProofs`.
    pub async fn add_proof(&self, tutor: Uuid, number: &str, bytes: Vec<u8>, reference: &str) -> Result<InvoiceView, BillingError> {
        let invoice = self.find(number).await?;
        if invoice.tutor_id != tutor {
            return Err(BillingError::NotFound);
        }
        let reference = text(reference, "reference", Label::FpsReference)?;
        let upload = Upload::check(bytes, UploadPurpose::PaymentProof).map_err(BillingError::Upload)?;
        if self.invoices.proofs(invoice.id).await?.len() >= PROOFS_PER_INVOICE as usize {
            return Err(BillingError::TooManyProofs);
        }
        let file = self.files.save("payment-proofs", upload.kind, Visibility::Private, upload.bytes).await?;
        let proof = Proof { id: Uuid::new_v4(), file_key: file.key.clone(), reference, uploaded_at: self.clock.now() };
        if !self.invoices.add_proof(invoice.id, &proof, PROOFS_PER_INVOICE).await? {
            let _ = self.files.delete(&file).await;
            return Err(BillingError::TooManyProofs);
        }
        self.page(tutor, number).await
    }

    /// The proofs of payment of an invoice with their images, for the back office.
    ///
    /// # Errors
    /// `NotFound`, `Files` when an image cannot be read.
    pub async fn proof_images(&self, number: &str) -> Result<Vec<(Proof, Vec<u8>)>, BillingError> {
        let invoice = self.find(number).await?;
        let mut images = Vec::new();
        for proof in self.invoices.proofs(invoice.id).await? {
            let bytes = self.files.read(&StoredFile { key: proof.file_key.clone(), visibility: Visibility::Private }).await?;
            images.push((proof, bytes));
        }
        Ok(images)
    }
}
