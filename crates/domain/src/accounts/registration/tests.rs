//! Checking a registration form, and registering.

use super::*;
use crate::shared::upload::MAX_UPLOAD_BYTES;

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
        verification_token: String::new(),
        language: Language::ZhHk,
    }
}

fn problems(errors: &ValidationErrors) -> Vec<(&'static str, Problem)> {
    errors.fields().iter().map(|e| (e.field, e.problem.clone())).collect()
}

#[test]
fn an_individual_needs_no_documents() {
    assert!(parse(form("individual"), today()).is_ok());
}

#[test]
fn every_field_is_checked_at_once_with_the_spec_rules() {
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
    let fields: Vec<_> = problems(&errors).into_iter().map(|(f, _)| f).collect();
    assert_eq!(fields, ["name", "email", "phone", "password", "birthdate", "userType"]);
    assert_eq!(problems(&errors)[0].1, Problem::Accounts(AccountsProblem::NameSymbols));
    assert_eq!(problems(&errors)[4].1, Problem::Accounts(AccountsProblem::TooYoung { min_age: 15 }));
    assert_eq!(problems(&errors)[5].1, Problem::NotChosen(Label::UserType));
}

#[test]
fn the_role_is_always_user() {
    assert!(parse(RegistrationForm { role: String::new(), ..form("individual") }, today()).is_ok());
    let admin = parse(RegistrationForm { role: "admin".into(), ..form("individual") }, today()).err().unwrap();
    assert_eq!(problems(&admin), [("role", Problem::Accounts(AccountsProblem::RoleNotAllowed))]);
}

#[test]
fn an_organization_needs_both_documents() {
    let mut org = form("organization");
    org.business_registration = Some(b"%PDF-1.7".to_vec());
    let errors = parse(org, today()).err().unwrap();
    assert_eq!(problems(&errors), [("businessRegistration", Problem::Accounts(AccountsProblem::OrgDocumentsMissing))]);
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
        problems(&errors),
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

#[test]
fn an_organization_with_both_documents_passes() {
    let mut org = form("organization");
    org.business_registration = Some(b"%PDF-1.7".to_vec());
    org.address_proof = Some(vec![0xFF, 0xD8, 0xFF, 0xE0]);
    assert_eq!(parse(org, today()).ok().unwrap().documents.len(), 2);
}

mod registering {
    use std::sync::Mutex;

    use super::*;
    use crate::accounts::ports::{
        MockOrgDocumentRepository, MockPasswordHasher, MockPhoneVerificationStore, MockSecretTokens, MockUserRepository,
    };
    use crate::accounts::sessions::tests_support::user;
    use crate::shared::files::{FileStoreError, MockFileStore, StoredFile};
    use crate::shared::messaging::MockSmsSender;
    use crate::shared::rate_limits::{MockRateLimiter, Throttle};

    /// What the fakes saw.
    #[derive(Default)]
    struct Seen {
        saved: Vec<String>,
        deleted: Vec<String>,
        restored: usize,
    }

    /// The use case with a grant for the token "mine" (consumed at most once unless given
    /// back), e-mails taken when `email_taken`, the `n`-th file save failing when
    /// `fail_save_at`, and the account insert answering `insert`.
    fn registration(
        email_taken: bool,
        fail_save_at: Option<usize>,
        insert: fn() -> Result<(), RepositoryError>,
    ) -> (Registration, Arc<Mutex<Seen>>) {
        let seen = Arc::new(Mutex::new(Seen::default()));
        let mut users = MockUserRepository::new();
        users.expect_find_by_phone().returning(|_| Ok(None));
        users.expect_find_by_email().returning(move |_| Ok(email_taken.then(user)));
        users.expect_insert().returning(move |new| insert().map(|()| User { id: new.id, ..user() }));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|_| Ok("$argon2id$h".into()));
        let mut grants = MockPhoneVerificationStore::new();
        grants.expect_consume_grant().returning(|_, hash, _| Ok(hash == "digest(mine)"));
        let log = seen.clone();
        grants.expect_grant().returning(move |_, hash, _, _| {
            assert_eq!(hash, "digest(mine)", "the grant comes back with the same token");
            log.lock().unwrap().restored += 1;
            Ok(())
        });
        let mut secrets = MockSecretTokens::new();
        secrets.expect_digest().returning(|s| format!("digest({s})"));
        let verification = PhoneVerification::new(
            Arc::new(grants),
            Arc::new(MockUserRepository::new()),
            Arc::new(MockSmsSender::new()),
            crate::shared::messages::testing::words(),
            Arc::new(secrets),
            Throttle::new(Arc::new(MockRateLimiter::new())),
        );
        let mut files = MockFileStore::new();
        let log = seen.clone();
        files.expect_save().returning(move |folder, kind, visibility, _| {
            let mut seen = log.lock().unwrap();
            if fail_save_at.is_some_and(|n| seen.saved.len() + 1 >= n) {
                return Err(FileStoreError("disk full".into()));
            }
            let key = format!("{folder}/{}.{}", seen.saved.len(), kind.extension());
            seen.saved.push(key.clone());
            Ok(StoredFile { key, visibility })
        });
        let log = seen.clone();
        files.expect_delete().returning(move |file| {
            log.lock().unwrap().deleted.push(file.key.clone());
            Ok(())
        });
        let mut documents = MockOrgDocumentRepository::new();
        documents.expect_insert().returning(|_, _, _| Ok(()));
        let registration = Registration::new(Arc::new(users), Arc::new(hasher), verification, Arc::new(files), Arc::new(documents));
        (registration, seen)
    }

    fn with_token(token: &str, form: RegistrationForm) -> RegistrationForm {
        RegistrationForm { verification_token: token.into(), ..form }
    }

    fn organization() -> RegistrationForm {
        let mut org = form("organization");
        org.business_registration = Some(b"%PDF-1.7".to_vec());
        org.address_proof = Some(vec![0xFF, 0xD8, 0xFF, 0xE0]);
        org
    }

    #[tokio::test]
    async fn without_the_grant_a_taken_email_looks_like_a_free_one() {
        for email_taken in [true, false] {
            let (registration, seen) = registration(email_taken, None, || Ok(()));
            for token in ["", "someone-elses"] {
                let err = registration.register(with_token(token, form("individual")), today()).await.unwrap_err();
                assert!(matches!(err, RegistrationError::PhoneNotVerified), "{err:?}");
            }
            assert_eq!(seen.lock().unwrap().restored, 0);
        }
    }

    #[tokio::test]
    async fn a_taken_email_behind_a_verified_phone_gives_the_grant_back() {
        let (registration, seen) = registration(true, None, || Ok(()));
        let err = registration.register(with_token("mine", form("individual")), today()).await.unwrap_err();
        let RegistrationError::Taken(taken) = err else { panic!("expected the e-mail to be taken, got {err:?}") };
        assert_eq!(taken.get("email"), Some(&Problem::Accounts(AccountsProblem::EmailTaken)));
        assert_eq!(seen.lock().unwrap().restored, 1);
    }

    #[tokio::test]
    async fn the_documents_of_a_refused_registration_are_deleted() {
        let (registration, seen) = registration(false, None, || Err(RepositoryError::Conflict(Constraint::UserEmail)));
        let err = registration.register(with_token("mine", organization()), today()).await.unwrap_err();
        assert!(matches!(err, RegistrationError::Taken(_)), "{err:?}");
        let seen = seen.lock().unwrap();
        assert_eq!(seen.saved.len(), 2);
        assert_eq!(seen.deleted, seen.saved);
    }

    #[tokio::test]
    async fn a_document_that_cannot_be_stored_takes_the_other_with_it() {
        let (registration, seen) = registration(false, Some(2), || Ok(()));
        let err = registration.register(with_token("mine", organization()), today()).await.unwrap_err();
        assert!(matches!(err, RegistrationError::Storage), "{err:?}");
        let seen = seen.lock().unwrap();
        assert_eq!((seen.saved.len(), &seen.deleted), (1, &seen.saved));
    }

    #[tokio::test]
    async fn a_registration_that_succeeds_keeps_its_documents() {
        let (registration, seen) = registration(false, None, || Ok(()));
        registration.register(with_token("mine", organization()), today()).await.unwrap();
        let seen = seen.lock().unwrap();
        assert_eq!((seen.saved.len(), seen.deleted.len(), seen.restored), (2, 0, 0));
    }
}
