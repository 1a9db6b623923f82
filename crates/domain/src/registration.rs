//! Registration (spec §2–§5): a verified phone, then the account's details; organizations add
//! two documents that go to private storage.

use std::sync::Arc;

use chrono::{NaiveDate, Utc};
use thiserror::Error;
use uuid::Uuid;

use crate::identity::{DisplayName, Email, Password, Phone, parse_birthdate};
use crate::phone_verification::PhoneVerification;
use crate::ports::{FileStore, OrgDocument, OrgDocumentKind, OrgDocumentRepository, PasswordHasher, RepositoryError, UserRepository, Visibility};
use crate::upload::{Upload, UploadError, UploadPurpose};
use crate::user::{NewUser, User, UserType};
use crate::validation::ValidationErrors;

/// The registration form as sent (multipart, spec §3).
#[derive(Debug, Default, Clone)]
pub struct RegistrationForm {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub password: String,
    pub birthdate: String,
    /// Spec §3: always `user`; empty is taken as `user`.
    pub role: String,
    pub user_type: String,
    pub business_registration: Option<Vec<u8>>,
    pub address_proof: Option<Vec<u8>>,
}

pub const PHONE_TAKEN: &str = "此電話號碼已被使用，請勿重複註冊";
pub const EMAIL_TAKEN: &str = "此電郵已被註冊，請使用其他電郵";

#[derive(Debug, Error)]
pub enum RegistrationError {
    #[error("{0}")]
    Invalid(ValidationErrors),
    /// The phone was not verified in the last 30 minutes (or the grant was used).
    #[error("請先完成電話號碼驗證")]
    PhoneNotVerified,
    #[error("{0}")]
    Taken(ValidationErrors),
    #[error("檔案儲存失敗，請稍後再試")]
    Storage,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Clone)]
pub struct Registration {
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    verification: PhoneVerification,
    files: Arc<dyn FileStore>,
    documents: Arc<dyn OrgDocumentRepository>,
}

struct Parsed {
    phone: Phone,
    email: Email,
    name: DisplayName,
    password: Password,
    birthdate: NaiveDate,
    user_type: UserType,
    documents: Vec<(OrgDocumentKind, Upload)>,
}

impl Registration {
    pub fn new(
        users: Arc<dyn UserRepository>,
        hasher: Arc<dyn PasswordHasher>,
        verification: PhoneVerification,
        files: Arc<dyn FileStore>,
        documents: Arc<dyn OrgDocumentRepository>,
    ) -> Self {
        Self { users, hasher, verification, files, documents }
    }

    /// Whether a phone already has an account.
    ///
    /// # Errors
    /// A zh-HK message when it is not a phone number; a store failure.
    pub async fn phone_exists(&self, raw: &str) -> Result<Result<bool, String>, RepositoryError> {
        match Phone::parse(raw) {
            Ok(phone) => Ok(Ok(self.users.find_by_phone(&phone).await?.is_some())),
            Err(message) => Ok(Err(message)),
        }
    }

    /// Whether an e-mail already has an account.
    ///
    /// # Errors
    /// A zh-HK message when it is not an address; a store failure.
    pub async fn email_exists(&self, raw: &str) -> Result<Result<bool, String>, RepositoryError> {
        match Email::parse(raw) {
            Ok(email) => Ok(Ok(self.users.find_by_email(&email).await?.is_some())),
            Err(message) => Ok(Err(message)),
        }
    }

    /// Creates the account. Nothing is kept when anything fails (an oversized file included).
    ///
    /// # Errors
    /// See [`RegistrationError`].
    pub async fn register(&self, form: RegistrationForm, today: NaiveDate) -> Result<User, RegistrationError> {
        let parsed = parse(form, today).map_err(RegistrationError::Invalid)?;
        let mut taken = ValidationErrors::new();
        if self.users.find_by_phone(&parsed.phone).await?.is_some() {
            taken.add("phone", PHONE_TAKEN);
        }
        if self.users.find_by_email(&parsed.email).await?.is_some() {
            taken.add("email", EMAIL_TAKEN);
        }
        if !taken.is_empty() {
            return Err(RegistrationError::Taken(taken));
        }
        if !self.verification.consume_grant(&parsed.phone).await? {
            return Err(RegistrationError::PhoneNotVerified);
        }
        let phone = parsed.phone.clone();
        let result = self.create(parsed).await;
        if result.is_err() {
            // The phone is still verified; the user may fix the form and submit again.
            self.verification.restore_grant(&phone).await?;
        }
        result
    }

    async fn create(&self, parsed: Parsed) -> Result<User, RegistrationError> {
        let id = Uuid::new_v4();
        let mut stored = Vec::new();
        for (kind, upload) in parsed.documents {
            let file = self
                .files
                .save(&documents_folder(id), upload.kind, Visibility::Private, upload.bytes)
                .await
                .map_err(|_| RegistrationError::Storage)?;
            stored.push(OrgDocument { kind, file, content_type: upload.kind.content_type().into() });
        }
        let now = Utc::now();
        let user = self
            .users
            .insert(NewUser {
                id,
                phone: parsed.phone,
                email: parsed.email,
                name: parsed.name,
                birthdate: parsed.birthdate,
                user_type: parsed.user_type,
                password_hash: self.hasher.hash(&parsed.password).await,
                created_at: now,
            })
            .await
            .map_err(|e| match e {
                // Lost a race with another registration: the unique indexes decided.
                RepositoryError::Conflict(what) if what.contains("email") => {
                    RegistrationError::Taken(ValidationErrors::single("email", EMAIL_TAKEN))
                }
                RepositoryError::Conflict(_) => RegistrationError::Taken(ValidationErrors::single("phone", PHONE_TAKEN)),
                other => other.into(),
            })?;
        for document in stored {
            self.documents.insert(user.id, document, now).await?;
        }
        Ok(user)
    }
}

/// Where an organization's documents are kept (private storage).
pub(crate) fn documents_folder(user_id: Uuid) -> String {
    format!("org-documents/{user_id}")
}

/// One organization document, checked by size and content; an empty part counts as absent.
pub(crate) fn document(errors: &mut ValidationErrors, field: &'static str, label: &str, bytes: Option<Vec<u8>>) -> Option<Upload> {
    let bytes = bytes.filter(|b| !b.is_empty())?;
    match Upload::check(bytes, UploadPurpose::Document) {
        Ok(upload) => Some(upload),
        Err(UploadError::TooLarge) => {
            errors.add(field, format!("{label}檔案超過大小上限，最大 5MB"));
            None
        }
        Err(other) => {
            errors.add(field, format!("{label}：{other}"));
            None
        }
    }
}

fn parse(form: RegistrationForm, today: NaiveDate) -> Result<Parsed, ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let name = errors.check("name", DisplayName::parse(&form.name));
    let email = errors.check("email", Email::parse(&form.email));
    let phone = errors.check("phone", Phone::parse(&form.phone));
    let password = errors.check("password", Password::parse(&form.password));
    let birthdate = errors.check("birthdate", parse_birthdate(&form.birthdate, today));
    let user_type = errors.check("userType", UserType::parse(form.user_type.trim()).ok_or_else(|| "請選擇個人或機構".to_string()));
    // Nobody registers themselves into the back office.
    if !matches!(form.role.trim(), "" | "user") {
        errors.add("role", "只可以註冊一般用戶帳戶");
    }
    let mut documents = Vec::new();
    if user_type == Some(UserType::Organization) {
        let registration = document(&mut errors, "businessRegistration", "商業登記證", form.business_registration);
        let address = document(&mut errors, "addressProof", "地址證明", form.address_proof);
        match (registration, address) {
            (Some(r), Some(a)) => {
                documents.push((OrgDocumentKind::BusinessRegistration, r));
                documents.push((OrgDocumentKind::AddressProof, a));
            }
            _ if errors.fields().iter().all(|e| e.field != "businessRegistration" && e.field != "addressProof") => {
                errors.add("businessRegistration", "機構註冊須上載商業登記證及地址證明");
            }
            _ => {}
        }
    }
    errors.finish(|| Parsed {
        phone: phone.expect("checked"),
        email: email.expect("checked"),
        name: name.expect("checked"),
        password: password.expect("checked"),
        birthdate: birthdate.expect("checked"),
        user_type: user_type.expect("checked"),
        documents,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::upload::MAX_UPLOAD_BYTES;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
    }

    fn form(user_type: &str) -> RegistrationForm {
        RegistrationForm {
            name: "陳大文".into(),
            email: "chan@example.com".into(),
            phone: "91234567".into(),
            password: "abcd1234".into(),
            birthdate: "2000-01-31".into(),
            role: "user".into(),
            user_type: user_type.into(),
            business_registration: None,
            address_proof: None,
        }
    }

    fn messages(errors: &ValidationErrors) -> Vec<(&'static str, String)> {
        errors.fields().iter().map(|e| (e.field, e.message.clone())).collect()
    }

    #[test]
    fn an_individual_needs_no_documents() {
        assert!(parse(form("individual"), today()).is_ok());
    }

    #[test]
    fn every_field_is_checked_at_once_with_the_spec_messages() {
        let bad = RegistrationForm {
            name: "陳大文1".into(),
            email: "x".into(),
            phone: "123".into(),
            password: "short".into(),
            birthdate: "2015-01-01".into(),
            user_type: "robot".into(),
            ..RegistrationForm::default()
        };
        let errors = parse(bad, today()).err().unwrap();
        let fields: Vec<_> = messages(&errors).into_iter().map(|(f, _)| f).collect();
        assert_eq!(fields, ["name", "email", "phone", "password", "birthdate", "userType"]);
        assert_eq!(messages(&errors)[0].1, "名稱只可包含英文字母或中文字，不可包含數字或符號");
        assert_eq!(messages(&errors)[4].1, "根據服務條款，用戶須年滿 15 歲");
    }

    #[test]
    fn the_role_is_always_user() {
        assert!(parse(RegistrationForm { role: String::new(), ..form("individual") }, today()).is_ok());
        let admin = parse(RegistrationForm { role: "admin".into(), ..form("individual") }, today()).err().unwrap();
        assert_eq!(messages(&admin), [("role", "只可以註冊一般用戶帳戶".to_string())]);
    }

    #[test]
    fn an_organization_needs_both_documents() {
        let mut org = form("organization");
        org.business_registration = Some(b"%PDF-1.7".to_vec());
        let errors = parse(org, today()).err().unwrap();
        assert_eq!(messages(&errors), [("businessRegistration", "機構註冊須上載商業登記證及地址證明".to_string())]);
    }

    #[test]
    fn oversized_or_wrong_documents_are_refused_by_name() {
        let mut org = form("organization");
        let mut big = b"%PDF-1.7".to_vec();
        big.resize(MAX_UPLOAD_BYTES + 1, 0);
        org.business_registration = Some(big);
        org.address_proof = Some(b"<html>".to_vec());
        let errors = parse(org, today()).err().unwrap();
        assert_eq!(
            messages(&errors),
            [
                ("businessRegistration", "商業登記證檔案超過大小上限，最大 5MB".to_string()),
                ("addressProof", "地址證明：文件只接受 PDF、JPEG 或 PNG 格式".to_string()),
            ]
        );
    }

    #[test]
    fn an_organization_with_both_documents_passes() {
        let mut org = form("organization");
        org.business_registration = Some(b"%PDF-1.7".to_vec());
        org.address_proof = Some(vec![0xFF, 0xD8, 0xFF, 0xE0]);
        assert_eq!(parse(org, today()).ok().unwrap().documents.len(), 2);
    }
}
