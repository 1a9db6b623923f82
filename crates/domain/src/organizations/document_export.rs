//! The back office reads an organization's private registration documents out of the file
//! store, under readable names (`business-registration.pdf`), to check them.

use std::sync::Arc;

use thiserror::Error;

use crate::accounts::directory::{UserDirectory, UserDirectoryError, UserRef};
use crate::accounts::ports::{OrgDocument, OrgDocumentKind, OrgDocumentRepository};
use crate::accounts::user::User;
use crate::shared::files::{FileStore, FileStoreError};
use crate::shared::storage::RepositoryError;
use crate::shared::upload::FileKind;

#[derive(Debug, Error)]
pub enum DocumentExportError {
    #[error(transparent)]
    Directory(#[from] UserDirectoryError),
    /// The account (its user number) has no document on record.
    #[error("no_documents: user {0}")]
    NoDocuments(i64),
    /// The database lists a file the store cannot give back (a lost or moved folder).
    #[error("unreadable: {} {}: {source}", .kind.key(), .key)]
    Unreadable {
        kind: OrgDocumentKind,
        key: String,
        #[source]
        source: FileStoreError,
    },
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// One document, ready to be written out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportedDocument {
    pub kind: OrgDocumentKind,
    /// `business-registration.pdf`, `address-proof.jpg`: the kind, then the type's extension.
    pub file_name: String,
    pub bytes: Vec<u8>,
}

#[derive(Clone)]
pub struct DocumentExport {
    directory: UserDirectory,
    documents: Arc<dyn OrgDocumentRepository>,
    files: Arc<dyn FileStore>,
}

impl DocumentExport {
    pub fn new(directory: UserDirectory, documents: Arc<dyn OrgDocumentRepository>, files: Arc<dyn FileStore>) -> Self {
        Self { directory, documents, files }
    }

    /// Every document of the account, read in full (each is at most 5 MB).
    ///
    /// # Errors
    /// `Directory` (unknown account), `NoDocuments`, `Unreadable`, storage failures.
    pub async fn export(&self, user: &UserRef) -> Result<(User, Vec<ExportedDocument>), DocumentExportError> {
        let user = self.directory.find(user).await?;
        let documents = self.documents.list(user.id).await?;
        if documents.is_empty() {
            return Err(DocumentExportError::NoDocuments(user.number));
        }
        let mut exported = Vec::with_capacity(documents.len());
        for document in documents {
            let bytes = self.files.read(&document.file).await.map_err(|source| DocumentExportError::Unreadable {
                kind: document.kind,
                key: document.file.key.clone(),
                source,
            })?;
            let file_name = format!("{}.{}", document.kind.key(), extension(&document, &bytes));
            exported.push(ExportedDocument { kind: document.kind, file_name, bytes });
        }
        Ok((user, exported))
    }
}

/// By content first (what was checked at upload), else by the recorded type.
fn extension(document: &OrgDocument, bytes: &[u8]) -> &'static str {
    FileKind::sniff(bytes)
        .or_else(|| [FileKind::Pdf, FileKind::Jpeg, FileKind::Png].into_iter().find(|k| k.content_type() == document.content_type))
        .map_or("bin", FileKind::extension)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::ports::{MockOrgDocumentRepository, MockUserDirectoryRepository, MockUserRepository};
    use crate::accounts::sessions::tests_support::user;
    use crate::shared::files::{MockFileStore, StoredFile, Visibility};

    fn document(kind: OrgDocumentKind, key: &str, content_type: &str) -> OrgDocument {
        OrgDocument { kind, file: StoredFile { key: key.into(), visibility: Visibility::Private }, content_type: content_type.into() }
    }

    fn export(documents: Vec<OrgDocument>, files: MockFileStore) -> DocumentExport {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|_| Ok(Some(user())));
        let mut listed = MockOrgDocumentRepository::new();
        listed.expect_list().returning(move |_| Ok(documents.clone()));
        let listed = Arc::new(listed);
        let directory = UserDirectory::new(Arc::new(MockUserDirectoryRepository::new()), Arc::new(users), listed.clone());
        DocumentExport::new(directory, listed, Arc::new(files))
    }

    #[tokio::test]
    async fn names_each_file_by_its_kind_and_real_type() {
        let mut files = MockFileStore::new();
        files
            .expect_read()
            .withf(|f| f.visibility == Visibility::Private)
            .returning(|f| Ok(if f.key.starts_with("br") { b"%PDF-1.7 x".to_vec() } else { vec![0xFF, 0xD8, 0xFF, 0xE0, 1] }));
        let documents = vec![
            document(OrgDocumentKind::BusinessRegistration, "br.pdf", "application/pdf"),
            document(OrgDocumentKind::AddressProof, "ap.jpg", "image/jpeg"),
        ];
        let (_, exported) = export(documents, files).export(&UserRef::Id(user().id)).await.unwrap();
        let names: Vec<_> = exported.iter().map(|d| d.file_name.as_str()).collect();
        assert_eq!(names, ["business-registration.pdf", "address-proof.jpg"]);
        assert_eq!(exported[0].bytes, b"%PDF-1.7 x");
    }

    #[tokio::test]
    async fn an_account_without_documents_or_with_a_lost_file_is_a_clear_error() {
        let none = export(Vec::new(), MockFileStore::new()).export(&UserRef::Id(user().id)).await.unwrap_err();
        assert!(matches!(none, DocumentExportError::NoDocuments(1001)), "{none:?}");

        let mut files = MockFileStore::new();
        files.expect_read().returning(|_| Err(FileStoreError("No such file".into())));
        let lost = vec![document(OrgDocumentKind::AddressProof, "org-documents/x/ap.png", "image/png")];
        let error = export(lost, files).export(&UserRef::Id(user().id)).await.unwrap_err();
        let DocumentExportError::Unreadable { kind, key, .. } = &error else { panic!("expected Unreadable, got {error:?}") };
        assert_eq!((*kind, key.as_str()), (OrgDocumentKind::AddressProof, "org-documents/x/ap.png"));
    }

    #[test]
    fn falls_back_to_the_recorded_type_then_to_bin() {
        let png = document(OrgDocumentKind::AddressProof, "k", "image/png");
        assert_eq!(extension(&png, b"????"), "png");
        assert_eq!(extension(&document(OrgDocumentKind::AddressProof, "k", "text/plain"), b"????"), "bin");
    }
}
