//! The demo organization's registration documents: two one-page PDFs written locally, so that
//! `tutorhub documents export` and `orgs verify` can be tried on the demo data.

use chrono::Utc;
use tutorhub_domain::accounts::ports::{OrgDocument, OrgDocumentKind};
use tutorhub_domain::accounts::user::User;
use tutorhub_domain::shared::files::Visibility;
use tutorhub_domain::shared::upload::FileKind;

use crate::wiring::Wiring;

/// Stores both documents of `org` in private storage, as registration would.
///
/// # Errors
/// When the file store or the database fails.
pub async fn add_demo_documents(app: &Wiring, org: &User) -> anyhow::Result<()> {
    for (kind, title) in [
        (OrgDocumentKind::BusinessRegistration, "Business Registration Certificate (demo)"),
        (OrgDocumentKind::AddressProof, "Proof of Address (demo)"),
    ] {
        let text = format!("{title}: {} / user {}", org.email.as_str(), org.number);
        let file = app.files.save(&format!("org-documents/{}", org.id), FileKind::Pdf, Visibility::Private, one_page_pdf(&text)).await?;
        let document = OrgDocument { kind, file, content_type: FileKind::Pdf.content_type().into() };
        app.org_documents.insert(org.id, document, Utc::now()).await?;
    }
    Ok(())
}

/// A valid one-page PDF showing one line of ASCII text in Helvetica.
pub fn one_page_pdf(text: &str) -> Vec<u8> {
    let text: String = text.chars().filter(|c| c.is_ascii() && !matches!(c, '(' | ')' | '\\')).collect();
    let content = format!("BT /F1 14 Tf 56 780 Td ({text}) Tj ET");
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>".to_string(),
        format!("<< /Length {} >>\nstream\n{content}\nendstream", content.len()),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_string(),
    ];
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n{body}\nendobj\n", i + 1).as_bytes());
    }
    let xref = pdf.len();
    pdf.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for offset in offsets {
        pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).as_bytes());
    pdf
}

#[cfg(test)]
mod tests {
    use super::*;
    use tutorhub_domain::shared::upload::{Upload, UploadPurpose};

    #[test]
    fn passes_the_registration_check_for_documents() {
        let pdf = one_page_pdf("Demo (test)");
        assert_eq!(Upload::check(pdf.clone(), UploadPurpose::Document).unwrap().kind, FileKind::Pdf);
        assert!(String::from_utf8(pdf).unwrap().ends_with("%%EOF\n"));
    }
}
