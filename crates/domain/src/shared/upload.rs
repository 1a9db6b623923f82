//! Checking uploaded files before anything is kept: size and real type (by content).

use std::fmt;

/// The 5 MB limit of spec §9, per file.
pub const MAX_UPLOAD_BYTES: usize = 5_242_880;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Pdf,
    Jpeg,
    Png,
    Webp,
}

impl FileKind {
    /// Recognises a file by its first bytes; what the client claims is not trusted.
    pub fn sniff(bytes: &[u8]) -> Option<Self> {
        match bytes {
            [b'%', b'P', b'D', b'F', b'-', ..] => Some(Self::Pdf),
            [0xFF, 0xD8, 0xFF, ..] => Some(Self::Jpeg),
            [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, ..] => Some(Self::Png),
            [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => Some(Self::Webp),
            _ => None,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Self::Pdf => "pdf",
            Self::Jpeg => "jpg",
            Self::Png => "png",
            Self::Webp => "webp",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::Pdf => "application/pdf",
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
            Self::Webp => "image/webp",
        }
    }

    pub fn is_image(self) -> bool {
        self != Self::Pdf
    }
}

/// What an upload is for, which decides the kinds it may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UploadPurpose {
    /// JPEG, PNG or WebP.
    Avatar,
    /// PDF, JPEG or PNG.
    Document,
    /// A photo or screenshot of a payment: JPEG, PNG or WebP.
    PaymentProof,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UploadError {
    Empty,
    TooLarge,
    WrongType(UploadPurpose),
}

impl fmt::Display for UploadError {
    /// For logs; the words a person reads are at the edge.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for UploadError {}

/// An uploaded file that passed the checks for its purpose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upload {
    pub kind: FileKind,
    pub bytes: Vec<u8>,
}

impl Upload {
    /// # Errors
    /// `Empty`, `TooLarge` (over [`MAX_UPLOAD_BYTES`]) or `WrongType` for the purpose.
    pub fn check(bytes: Vec<u8>, purpose: UploadPurpose) -> Result<Self, UploadError> {
        if bytes.is_empty() {
            return Err(UploadError::Empty);
        }
        if bytes.len() > MAX_UPLOAD_BYTES {
            return Err(UploadError::TooLarge);
        }
        let kind = FileKind::sniff(&bytes).ok_or(UploadError::WrongType(purpose))?;
        let allowed = match purpose {
            UploadPurpose::Avatar | UploadPurpose::PaymentProof => kind.is_image(),
            UploadPurpose::Document => kind != FileKind::Webp,
        };
        if allowed { Ok(Self { kind, bytes }) } else { Err(UploadError::WrongType(purpose)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0];

    #[test]
    fn accepts_by_content_not_by_name() {
        assert_eq!(Upload::check(PNG.to_vec(), UploadPurpose::Avatar).unwrap().kind, FileKind::Png);
        assert_eq!(Upload::check(b"%PDF-1.7 ...".to_vec(), UploadPurpose::Document).unwrap().kind, FileKind::Pdf);
        assert_eq!(Upload::check(b"%PDF-1.7".to_vec(), UploadPurpose::Avatar), Err(UploadError::WrongType(UploadPurpose::Avatar)));
        assert_eq!(Upload::check(b"<html>".to_vec(), UploadPurpose::Document), Err(UploadError::WrongType(UploadPurpose::Document)));
    }

    #[test]
    fn refuses_empty_and_oversized_files() {
        assert_eq!(Upload::check(Vec::new(), UploadPurpose::Avatar), Err(UploadError::Empty));
        let mut big = PNG.to_vec();
        big.resize(MAX_UPLOAD_BYTES + 1, 0);
        assert_eq!(Upload::check(big, UploadPurpose::Avatar), Err(UploadError::TooLarge));
        let mut limit = PNG.to_vec();
        limit.resize(MAX_UPLOAD_BYTES, 0);
        assert!(Upload::check(limit, UploadPurpose::Avatar).is_ok());
    }
}
