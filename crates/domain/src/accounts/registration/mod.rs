//! Registration (spec §2–§5): a verified phone, then the account's details; organizations add
//! two documents that go to private storage.

use std::sync::Arc;

use chrono::{NaiveDate, Utc};
use thiserror::Error;
use uuid::Uuid;

use crate::accounts::phone_verification::PhoneVerification;
use crate::accounts::ports::{HashingBusy, OrgDocument, OrgDocumentKind, OrgDocumentRepository, PasswordHasher, UserRepository};
use crate::accounts::user::{NewUser, User, UserType};
use crate::shared::files::{FileStore, Visibility};
use crate::shared::identity::{DisplayName, Email, Password, Phone, parse_birthdate};
use crate::shared::language::Language;
use crate::shared::storage::{Constraint, RepositoryError};
use crate::shared::upload::{Upload, UploadError, UploadPurpose};
use crate::shared::validation::{AccountsProblem, Label, Problem, ValidationErrors};

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
    /// What verifying the phone answered: the grant is used only by the client holding it.
    pub verification_token: String,
    /// The language of the page they registered on: what is sent to them follows it.
    pub language: Language,
}

#[derive(Debug, Error)]
pub enum RegistrationError {
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    /// The phone was not verified in the last 30 minutes (or the grant was used).
    #[error("phone_not_verified")]
    PhoneNotVerified,
    /// The phone or the e-mail has an account ([`AccountsProblem::PhoneTaken`], [`AccountsProblem::EmailTaken`]).
    #[error("taken: {0}")]
    Taken(ValidationErrors),
    #[error("storage_failed")]
    Storage,
    #[error(transparent)]
    Busy(#[from] HashingBusy),
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
    language: Language,
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
    /// The problem when it is not a phone number; a store failure.
    pub async fn phone_exists(&self, raw: &str) -> Result<Result<bool, Problem>, RepositoryError> {
        match Phone::parse(raw) {
            Ok(phone) => Ok(Ok(self.users.find_by_phone(&phone).await?.is_some())),
            Err(problem) => Ok(Err(problem)),
        }
    }

    /// Whether an e-mail already has an account.
    ///
    /// # Errors
    /// The problem when it is not an address; a store failure.
    pub async fn email_exists(&self, raw: &str) -> Result<Result<bool, Problem>, RepositoryError> {
        match Email::parse(raw) {
            Ok(email) => Ok(Ok(self.users.find_by_email(&email).await?.is_some())),
            Err(problem) => Ok(Err(problem)),
        }
    }

    /// Creates the account. Nothing is kept when anything fails (an oversized file included).
    ///
    /// The phone's grant is checked (and used up) before anything is looked up: without a
    /// phone verified by this client the answer is the same whether the e-mail or phone is
    /// taken or not, so this endpoint does not tell strangers who has an account.
    ///
    /// # Errors
    /// See [`RegistrationError`].
    pub async fn register(&self, form: RegistrationForm, today: NaiveDate) -> Result<User, RegistrationError> {
        let token = form.verification_token.clone();
        let parsed = parse(form, today).map_err(RegistrationError::Invalid)?;
        if !self.verification.consume_grant(&parsed.phone, &token).await? {
            return Err(RegistrationError::PhoneNotVerified);
        }
        let phone = parsed.phone.clone();
        let result = self.create_if_free(parsed).await;
        if result.is_err() {
            // The phone is still verified; the user may fix the form and submit again.
            self.verification.restore_grant(&phone, &token).await?;
        }
        result
    }

    async fn create_if_free(&self, parsed: Parsed) -> Result<User, RegistrationError> {
        let mut taken = ValidationErrors::new();
        if self.users.find_by_phone(&parsed.phone).await?.is_some() {
            taken.add("phone", AccountsProblem::PhoneTaken);
        }
        if self.users.find_by_email(&parsed.email).await?.is_some() {
            taken.add("email", AccountsProblem::EmailTaken);
        }
        if !taken.is_empty() {
            return Err(RegistrationError::Taken(taken));
        }
        self.create(parsed).await
    }

    /// Stores the documents, then the account. Files that end up on no record (the account
    /// was refused, or storing failed half-way) are deleted: private documents of an account
    /// that does not exist are kept for no one.
    async fn create(&self, parsed: Parsed) -> Result<User, RegistrationError> {
        let id = Uuid::new_v4();
        // Hashed before any file is written, so that a busy hasher leaves nothing behind.
        let password_hash = self.hasher.hash(&parsed.password).await?;
        let mut stored = Vec::new();
        for (kind, upload) in parsed.documents {
            match self.files.save(&documents_folder(id), upload.kind, Visibility::Private, upload.bytes).await {
                Ok(file) => stored.push(OrgDocument { kind, file, content_type: upload.kind.content_type().into() }),
                Err(_) => {
                    self.discard(&stored).await;
                    return Err(RegistrationError::Storage);
                }
            }
        }
        let now = Utc::now();
        let inserted = self
            .users
            .insert(NewUser {
                id,
                phone: parsed.phone,
                email: parsed.email,
                name: parsed.name,
                birthdate: parsed.birthdate,
                user_type: parsed.user_type,
                password_hash,
                language: parsed.language,
                created_at: now,
            })
            .await;
        let user = match inserted {
            Ok(user) => user,
            Err(error) => {
                self.discard(&stored).await;
                return Err(match error {
                    // Lost a race with another registration: the unique indexes decided.
                    RepositoryError::Conflict(Constraint::UserEmail) => {
                        RegistrationError::Taken(ValidationErrors::single("email", AccountsProblem::EmailTaken))
                    }
                    RepositoryError::Conflict(Constraint::UserPhone) => {
                        RegistrationError::Taken(ValidationErrors::single("phone", AccountsProblem::PhoneTaken))
                    }
                    other => other.into(),
                });
            }
        };
        for (recorded, document) in stored.iter().enumerate() {
            if let Err(error) = self.documents.insert(user.id, document.clone(), now).await {
                self.discard(&stored[recorded..]).await;
                return Err(error.into());
            }
        }
        Ok(user)
    }

    /// Best effort: a file that cannot be deleted costs disk only, no record points to it.
    async fn discard(&self, documents: &[OrgDocument]) {
        for document in documents {
            let _ = self.files.delete(&document.file).await;
        }
    }
}

/// Where an organization's documents are kept (private storage).
pub(crate) fn documents_folder(user_id: Uuid) -> String {
    format!("org-documents/{user_id}")
}

/// One organization document, checked by size and content; an empty part counts as absent.
pub(crate) fn document(errors: &mut ValidationErrors, field: &'static str, label: Label, bytes: Option<Vec<u8>>) -> Option<Upload> {
    let bytes = bytes.filter(|b| !b.is_empty())?;
    match Upload::check(bytes, UploadPurpose::Document) {
        Ok(upload) => Some(upload),
        Err(UploadError::TooLarge) => {
            errors.add(field, AccountsProblem::DocumentTooLarge(label));
            None
        }
        Err(error) => {
            errors.add(field, AccountsProblem::DocumentRefused { label, error });
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
    let user_type = errors.check("userType", UserType::parse(form.user_type.trim()).ok_or(Problem::NotChosen(Label::UserType)));
    // Nobody registers themselves into the back office.
    if !matches!(form.role.trim(), "" | "user") {
        errors.add("role", AccountsProblem::RoleNotAllowed);
    }
    let mut documents = Vec::new();
    if user_type == Some(UserType::Organization) {
        let registration = document(&mut errors, "businessRegistration", Label::BusinessRegistration, form.business_registration);
        let address = document(&mut errors, "addressProof", Label::AddressProof, form.address_proof);
        match (registration, address) {
            (Some(r), Some(a)) => {
                documents.push((OrgDocumentKind::BusinessRegistration, r));
                documents.push((OrgDocumentKind::AddressProof, a));
            }
            _ if errors.fields().iter().all(|e| e.field != "businessRegistration" && e.field != "addressProof") => {
                errors.add("businessRegistration", AccountsProblem::OrgDocumentsMissing);
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
        language: form.language,
    })
}

#[cfg(test)]
mod tests;
