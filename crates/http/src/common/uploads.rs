//! Multipart uploads: the files a form carries.

use poem_openapi::types::multipart::Upload;

use crate::error::{ApiError, ApiResult};

/// The bytes of an optional multipart file.
pub async fn read_upload(upload: Option<Upload>) -> ApiResult<Option<Vec<u8>>> {
    match upload {
        Some(upload) => Ok(Some(upload.into_vec().await.map_err(|e| ApiError::internal(&e))?)),
        None => Ok(None),
    }
}
