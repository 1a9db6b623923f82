//! `POST /self-users/me/org-documents`: a rejected organization sends new documents and goes
//! back to the back office's pending list.

use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{Multipart, OpenApi};
use tutorhub_domain::organizations::resubmission::{OrgDocumentsForm, OrgResubmission};

use crate::Tag;
use crate::accounts::current_user::CurrentUser;
use crate::common::auth::BearerAuth;
use crate::common::uploads::read_upload;
use crate::error::documented::{Answer, BAD_REQUEST, CONFLICT, FORBIDDEN, PAYLOAD_TOO_LARGE, UNAUTHORIZED};

/// The new documents; at least one. A document not sent stays as it is.
#[derive(Debug, Multipart)]
#[oai(rename_all = "camelCase")]
pub struct OrgDocumentsUpload {
    /// PDF, JPEG or PNG, at most 5 MB.
    pub business_registration: Option<Upload>,
    /// PDF, JPEG or PNG, at most 5 MB.
    pub address_proof: Option<Upload>,
}

pub struct OrgDocumentsApi {
    pub resubmission: OrgResubmission,
}

#[OpenApi(tag = "Tag::Accounts")]
impl OrgDocumentsApi {
    /// Resubmit an organization's documents after a rejection
    ///
    /// The documents sent replace those of the same kind, the rejection reason is cleared and
    /// the organization is pending again. Only a rejected organization may resubmit: 403
    /// `NOT_ORGANIZATION` for an individual, 409 `NOT_REJECTED` while pending or once verified.
    #[oai(path = "/self-users/me/org-documents", method = "post", operation_id = "resubmitOrgDocuments")]
    async fn resubmit(
        &self,
        auth: BearerAuth,
        form: OrgDocumentsUpload,
    ) -> Answer<Json<CurrentUser>, { BAD_REQUEST | UNAUTHORIZED | FORBIDDEN | CONFLICT | PAYLOAD_TOO_LARGE }> {
        let form = OrgDocumentsForm {
            business_registration: read_upload(form.business_registration).await?,
            address_proof: read_upload(form.address_proof).await?,
        };
        let user = self.resubmission.resubmit(auth.user_id(), form).await?;
        Ok(Json((&user).into()))
    }
}
