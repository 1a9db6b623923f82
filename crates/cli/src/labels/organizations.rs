//! The back office's zh-HK words for organizations.

use tutorhub_domain::accounts::ports::OrgDocumentKind;
use tutorhub_domain::organizations::document_export::DocumentExportError;
use tutorhub_domain::organizations::verification::OrgVerificationError;
use tutorhub_domain::tutors::model::limits::REASON_MAX_CHARS;

use super::users::{directory_error, org_verification};

/// A registration document, as the registration form calls it.
pub fn document_kind(kind: OrgDocumentKind) -> &'static str {
    match kind {
        OrgDocumentKind::BusinessRegistration => "商業登記證",
        OrgDocumentKind::AddressProof => "地址證明",
    }
}

/// Why a verification decision was refused, for the clerk.
pub fn verification_error(error: &OrgVerificationError) -> String {
    match error {
        OrgVerificationError::Directory(e) => directory_error(e),
        OrgVerificationError::NotOrganization(number) => format!("用戶 {number} 不是機構帳戶"),
        OrgVerificationError::Unchanged(state) => format!("此機構的認證狀態已經是「{}」", org_verification(*state)),
        OrgVerificationError::AlreadyDecided(state) => {
            format!("此機構已有審批結果（{}），更改決定須明確要求重新審批", org_verification(*state))
        }
        OrgVerificationError::ReasonRequired => "請填寫拒絕原因".into(),
        OrgVerificationError::ReasonTooLong => format!("拒絕原因不可多於 {REASON_MAX_CHARS} 個字"),
        OrgVerificationError::ReasonHasControlCharacters => "拒絕原因不可包含控制字元".into(),
        OrgVerificationError::Repository(e) => e.to_string(),
    }
}

/// Why an organization's documents could not be exported, for the clerk.
pub fn export_error(error: &DocumentExportError) -> String {
    match error {
        DocumentExportError::Directory(e) => directory_error(e),
        DocumentExportError::NoDocuments(number) => format!("用戶 {number} 沒有任何已上載的文件"),
        DocumentExportError::Unreadable { kind, key, source } => format!("未能讀取{}（{key}）：{}", document_kind(*kind), source.0),
        DocumentExportError::Repository(e) => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::accounts::user::OrgVerification;
    use tutorhub_domain::shared::files::FileStoreError;

    use super::*;

    #[test]
    fn refusals_read_as_the_domain_wrote_them() {
        assert_eq!(verification_error(&OrgVerificationError::Unchanged(OrgVerification::Verified)), "此機構的認證狀態已經是「已認證」");
        assert_eq!(verification_error(&OrgVerificationError::NotOrganization(1001)), "用戶 1001 不是機構帳戶");
        assert_eq!(export_error(&DocumentExportError::NoDocuments(1001)), "用戶 1001 沒有任何已上載的文件");
        let lost = DocumentExportError::Unreadable {
            kind: OrgDocumentKind::AddressProof,
            key: "org-documents/x/ap.png".into(),
            source: FileStoreError("No such file".into()),
        };
        assert_eq!(export_error(&lost), "未能讀取地址證明（org-documents/x/ap.png）：No such file");
    }
}
