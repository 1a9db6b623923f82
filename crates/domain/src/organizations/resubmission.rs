//! A rejected organization sends new documents itself: they replace the refused ones of the
//! same kinds and the account goes back to the back office's pending list.
//!
//! Only a rejected organization resubmits: a pending one is still being reviewed and a verified
//! one has nothing to fix. The replaced files are deleted once the new ones are on record, so
//! private documents are not kept longer than they are needed.

use std::sync::Arc;

use chrono::Utc;
use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::{OrgDocument, OrgDocumentKind, OrgDocumentRepository, UserRepository};
use crate::accounts::registration::{document, documents_folder};
use crate::accounts::user::{OrgVerification, User, UserType};
use crate::shared::files::{FileStore, StoredFile, Visibility};
use crate::shared::storage::RepositoryError;
use crate::shared::upload::Upload;
use crate::shared::validation::{Label, OrganizationsProblem, ValidationErrors};

/// The new documents as sent; at least one, each like at registration (PDF, JPEG or PNG, at
/// most 5 MB). A kind not sent keeps its current document.
#[derive(Debug, Default, Clone)]
pub struct OrgDocumentsForm {
    pub business_registration: Option<Vec<u8>>,
    pub address_proof: Option<Vec<u8>>,
}

#[derive(Debug, Error)]
pub enum ResubmitError {
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    #[error("not_organization")]
    NotOrganization,
    /// Pending or verified: there is no refusal to answer.
    #[error("not_rejected: {0}")]
    NotRejected(OrgVerification),
    #[error("account_gone")]
    Gone,
    #[error("storage_failed")]
    Storage,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Clone)]
pub struct OrgResubmission {
    users: Arc<dyn UserRepository>,
    files: Arc<dyn FileStore>,
    documents: Arc<dyn OrgDocumentRepository>,
}

impl OrgResubmission {
    pub fn new(users: Arc<dyn UserRepository>, files: Arc<dyn FileStore>, documents: Arc<dyn OrgDocumentRepository>) -> Self {
        Self { users, files, documents }
    }

    /// Replaces the documents of the rejected organization `user_id` and puts it back in the
    /// pending list; returns the account as it is now. Nothing changes when anything fails.
    ///
    /// # Errors
    /// See [`ResubmitError`]: the state is checked before the files.
    pub async fn resubmit(&self, user_id: Uuid, form: OrgDocumentsForm) -> Result<User, ResubmitError> {
        rejected_organization(&self.account(user_id).await?)?;
        let uploads = parse(form).map_err(ResubmitError::Invalid)?;
        let previous = self.documents.list(user_id).await?;
        let stored = self.store(user_id, uploads).await?;
        if !self.documents.resubmit(user_id, &stored, Utc::now()).await? {
            // Decided (or resubmitted) in the meantime: ours are not on record, so drop them.
            self.discard(stored.iter().map(|d| &d.file)).await;
            let now = self.account(user_id).await?;
            rejected_organization(&now)?;
            return Err(ResubmitError::NotRejected(OrgVerification::Pending));
        }
        let replaced = previous.iter().filter(|old| stored.iter().any(|new| new.kind == old.kind));
        self.discard(replaced.map(|d| &d.file)).await;
        self.account(user_id).await
    }

    async fn account(&self, user_id: Uuid) -> Result<User, ResubmitError> {
        self.users.find_by_id(user_id).await?.ok_or(ResubmitError::Gone)
    }

    async fn store(&self, user_id: Uuid, uploads: Vec<(OrgDocumentKind, Upload)>) -> Result<Vec<OrgDocument>, ResubmitError> {
        let mut stored = Vec::new();
        for (kind, upload) in uploads {
            let content_type = upload.kind.content_type().to_string();
            match self.files.save(&documents_folder(user_id), upload.kind, Visibility::Private, upload.bytes).await {
                Ok(file) => stored.push(OrgDocument { kind, file, content_type }),
                Err(_) => {
                    self.discard(stored.iter().map(|d| &d.file)).await;
                    return Err(ResubmitError::Storage);
                }
            }
        }
        Ok(stored)
    }

    /// Best effort: a file left behind costs only disk, the account no longer points to it.
    async fn discard<'a>(&self, files: impl Iterator<Item = &'a StoredFile>) {
        for file in files {
            let _ = self.files.delete(file).await;
        }
    }
}

fn rejected_organization(user: &User) -> Result<(), ResubmitError> {
    match (user.user_type, user.org_verification) {
        (UserType::Organization, Some(OrgVerification::Rejected)) => Ok(()),
        (UserType::Organization, Some(state)) => Err(ResubmitError::NotRejected(state)),
        _ => Err(ResubmitError::NotOrganization),
    }
}

fn parse(form: OrgDocumentsForm) -> Result<Vec<(OrgDocumentKind, Upload)>, ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let sent = [
        (
            OrgDocumentKind::BusinessRegistration,
            document(&mut errors, "businessRegistration", Label::BusinessRegistration, form.business_registration),
        ),
        (OrgDocumentKind::AddressProof, document(&mut errors, "addressProof", Label::AddressProof, form.address_proof)),
    ];
    let uploads: Vec<_> = sent.into_iter().filter_map(|(kind, upload)| upload.map(|u| (kind, u))).collect();
    if uploads.is_empty() && errors.is_empty() {
        errors.add("businessRegistration", OrganizationsProblem::NoNewDocument);
    }
    errors.finish(|| uploads)
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::accounts::ports::{MockOrgDocumentRepository, MockUserRepository};
    use crate::accounts::sessions::tests_support::user;
    use crate::shared::files::{FileStoreError, MockFileStore};
    use crate::shared::upload::{MAX_UPLOAD_BYTES, UploadError, UploadPurpose};
    use crate::shared::validation::{AccountsProblem, Problem};

    const PDF: &[u8] = b"%PDF-1.7";
    const JPEG: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE0];

    fn org(state: OrgVerification) -> User {
        User {
            user_type: UserType::Organization,
            org_verification: Some(state),
            org_rejection_reason: (state == OrgVerification::Rejected).then(|| "地址證明不清晰".into()),
            ..user()
        }
    }

    fn old(kind: OrgDocumentKind) -> OrgDocument {
        let key = format!("org-documents/old-{}.pdf", kind.key());
        OrgDocument { kind, file: StoredFile { key, visibility: Visibility::Private }, content_type: "application/pdf".into() }
    }

    /// What the fakes saw: files saved and deleted, and the documents put on record.
    #[derive(Default)]
    struct Seen {
        saved: Vec<String>,
        deleted: Vec<String>,
        recorded: Vec<OrgDocument>,
    }

    /// The use case over an account that starts as `account`; the store's compare-and-set
    /// finds it rejected unless `raced`, and saving fails from the `fail_save_at`-th file.
    fn service(account: User, raced: bool, fail_save_at: Option<usize>) -> (OrgResubmission, Arc<Mutex<Seen>>) {
        let seen = Arc::new(Mutex::new(Seen::default()));
        let state = Arc::new(Mutex::new(account));
        let mut users = MockUserRepository::new();
        let read = state.clone();
        users.expect_find_by_id().returning(move |_| Ok(Some(read.lock().unwrap().clone())));
        let mut files = MockFileStore::new();
        let log = seen.clone();
        files.expect_save().returning(move |folder, kind, visibility, _| {
            let mut seen = log.lock().unwrap();
            if fail_save_at.is_some_and(|n| seen.saved.len() + 1 >= n) {
                return Err(FileStoreError("disk full".into()));
            }
            let key = format!("{folder}/new-{}.{}", seen.saved.len(), kind.extension());
            seen.saved.push(key.clone());
            Ok(StoredFile { key, visibility })
        });
        let log = seen.clone();
        files.expect_delete().returning(move |file| {
            log.lock().unwrap().deleted.push(file.key.clone());
            Ok(())
        });
        let mut documents = MockOrgDocumentRepository::new();
        documents.expect_list().returning(|_| Ok(vec![old(OrgDocumentKind::AddressProof), old(OrgDocumentKind::BusinessRegistration)]));
        let (log, write) = (seen.clone(), state);
        documents.expect_resubmit().returning(move |_, docs, _| {
            let mut account = write.lock().unwrap();
            if raced {
                account.org_verification = Some(OrgVerification::Verified);
                return Ok(false);
            }
            account.org_verification = Some(OrgVerification::Pending);
            account.org_rejection_reason = None;
            log.lock().unwrap().recorded = docs.to_vec();
            Ok(true)
        });
        (OrgResubmission::new(Arc::new(users), Arc::new(files), Arc::new(documents)), seen)
    }

    fn address_only() -> OrgDocumentsForm {
        OrgDocumentsForm { business_registration: None, address_proof: Some(JPEG.to_vec()) }
    }

    fn field_problems(error: ResubmitError) -> Vec<(&'static str, Problem)> {
        let ResubmitError::Invalid(errors) = error else { panic!("expected a validation error, got {error:?}") };
        errors.fields().iter().map(|e| (e.field, e.problem.clone())).collect()
    }

    #[tokio::test]
    async fn a_new_address_proof_replaces_only_that_document_and_reopens_the_review() {
        let (s, seen) = service(org(OrgVerification::Rejected), false, None);
        let now = s.resubmit(user().id, address_only()).await.unwrap();
        assert_eq!((now.org_verification, now.org_rejection_reason), (Some(OrgVerification::Pending), None));
        let seen = seen.lock().unwrap();
        assert_eq!(seen.recorded.len(), 1);
        assert_eq!((seen.recorded[0].kind, seen.recorded[0].content_type.as_str()), (OrgDocumentKind::AddressProof, "image/jpeg"));
        assert!(seen.recorded[0].file.key.starts_with(&format!("org-documents/{}/", user().id)));
        assert_eq!(seen.recorded[0].file.visibility, Visibility::Private);
        // The refused address proof goes; the business registration stays on record.
        assert_eq!(seen.deleted, ["org-documents/old-address-proof.pdf"]);
    }

    #[tokio::test]
    async fn both_documents_may_be_replaced_at_once() {
        let (s, seen) = service(org(OrgVerification::Rejected), false, None);
        let form = OrgDocumentsForm { business_registration: Some(PDF.to_vec()), address_proof: Some(JPEG.to_vec()) };
        s.resubmit(user().id, form).await.unwrap();
        let seen = seen.lock().unwrap();
        assert_eq!(
            seen.recorded.iter().map(|d| d.kind).collect::<Vec<_>>(),
            [OrgDocumentKind::BusinessRegistration, OrgDocumentKind::AddressProof]
        );
        assert_eq!(seen.deleted.len(), 2);
    }

    #[tokio::test]
    async fn only_a_rejected_organization_resubmits() {
        for (account, expected) in [
            (org(OrgVerification::Pending), "not_rejected: pending"),
            (org(OrgVerification::Verified), "not_rejected: verified"),
            (user(), "not_organization"),
        ] {
            let (s, seen) = service(account, false, None);
            let error = s.resubmit(user().id, address_only()).await.unwrap_err();
            assert_eq!(error.to_string(), expected);
            assert!(seen.lock().unwrap().saved.is_empty(), "no file is stored for a refused request");
        }
    }

    #[tokio::test]
    async fn at_least_one_valid_document_is_needed() {
        let (s, _) = service(org(OrgVerification::Rejected), false, None);
        let none =
            s.resubmit(user().id, OrgDocumentsForm { business_registration: Some(Vec::new()), address_proof: None }).await.unwrap_err();
        assert_eq!(field_problems(none), [("businessRegistration", Problem::Organizations(OrganizationsProblem::NoNewDocument))]);

        let mut big = PDF.to_vec();
        big.resize(MAX_UPLOAD_BYTES + 1, 0);
        let form = OrgDocumentsForm { business_registration: Some(big), address_proof: Some(b"<html>".to_vec()) };
        assert_eq!(
            field_problems(s.resubmit(user().id, form).await.unwrap_err()),
            [
                ("businessRegistration", Problem::Accounts(AccountsProblem::DocumentTooLarge(Label::BusinessRegistration))),
                (
                    "addressProof",
                    Problem::Accounts(AccountsProblem::DocumentRefused {
                        label: Label::AddressProof,
                        error: UploadError::WrongType(UploadPurpose::Document)
                    })
                ),
            ]
        );
    }

    #[tokio::test]
    async fn a_decision_made_meanwhile_wins_and_the_new_files_are_dropped() {
        let (s, seen) = service(org(OrgVerification::Rejected), true, None);
        let error = s.resubmit(user().id, address_only()).await.unwrap_err();
        assert!(matches!(error, ResubmitError::NotRejected(OrgVerification::Verified)), "{error:?}");
        let seen = seen.lock().unwrap();
        assert_eq!(seen.deleted, seen.saved, "only our own new files are removed");
    }

    #[tokio::test]
    async fn a_storage_failure_keeps_nothing() {
        let (s, seen) = service(org(OrgVerification::Rejected), false, Some(2));
        let form = OrgDocumentsForm { business_registration: Some(PDF.to_vec()), address_proof: Some(JPEG.to_vec()) };
        assert!(matches!(s.resubmit(user().id, form).await, Err(ResubmitError::Storage)));
        let seen = seen.lock().unwrap();
        assert_eq!((seen.saved.len(), seen.deleted.clone()), (1, seen.saved.clone()));
        assert!(seen.recorded.is_empty());
    }
}
