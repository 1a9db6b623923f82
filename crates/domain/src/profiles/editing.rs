//! A user editing their own profile: name, phone and (tutors only) avatar. A tutor's public
//! profile follows name and avatar changes. A new phone needs the SMS verification of spec §4:
//! its grant is consumed here, with the token of whoever verified it, so the client's
//! "verified" flag is never trusted. A replaced avatar is deleted once the change is saved.

use std::sync::Arc;

use chrono::Utc;
use thiserror::Error;
use uuid::Uuid;

use crate::accounts::phone_verification::PhoneVerification;
use crate::accounts::ports::UserRepository;
use crate::accounts::user::User;
use crate::shared::files::{FileStore, FileStoreError, StoredFile, Visibility};
use crate::shared::identity::{DisplayName, Phone};
use crate::shared::rate_limits::{PROFILE_UPDATES_PER_ACCOUNT, RateLimited, Throttle};
use crate::shared::storage::{Constraint, RepositoryError};
use crate::shared::upload::{Upload, UploadError, UploadPurpose};
use crate::shared::validation::{ProfilesProblem, ValidationErrors};
use crate::tutors::applications::AVATAR_FOLDER;
use crate::tutors::ports::{IdentityUpdate, TutorProfileRepository};

/// What the user sent; `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileChange {
    pub name: Option<String>,
    pub phone: Option<String>,
    pub avatar: Option<Vec<u8>>,
    /// What verifying the new phone answered; needed only with a new phone.
    pub verification_token: Option<String>,
}

#[derive(Debug, Error)]
pub enum UpdateProfileError {
    #[error("invalid: {0}")]
    Invalid(ValidationErrors),
    #[error("avatar_too_large")]
    AvatarTooLarge,
    /// A new phone needs a verification grant for it (spec §4).
    #[error("phone_not_verified")]
    PhoneNotVerified,
    #[error("phone_taken")]
    PhoneTaken,
    #[error("account_gone")]
    Gone,
    #[error(transparent)]
    RateLimited(#[from] RateLimited),
    #[error(transparent)]
    Files(#[from] FileStoreError),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Clone)]
pub struct ProfileEditing {
    users: Arc<dyn UserRepository>,
    tutors: Arc<dyn TutorProfileRepository>,
    files: Arc<dyn FileStore>,
    verification: PhoneVerification,
    throttle: Throttle,
}

impl ProfileEditing {
    pub fn new(
        users: Arc<dyn UserRepository>,
        tutors: Arc<dyn TutorProfileRepository>,
        files: Arc<dyn FileStore>,
        verification: PhoneVerification,
        throttle: Throttle,
    ) -> Self {
        Self { users, tutors, files, verification, throttle }
    }

    /// Applies a change to the caller's own account and returns the account as it now is.
    /// A phone different from the current one must be free and verified by this client (the
    /// `verification_token`): its grant is used up by a successful change and given back when
    /// the change fails.
    ///
    /// Every update counts towards [`PROFILE_UPDATES_PER_ACCOUNT`], because its answer tells
    /// whether a phone belongs to another account. The limit is per account, not per address
    /// as on the anonymous check-phone: the caller is signed in, so the account is the one key
    /// a prober cannot change at will (a new account needs a verified phone), while an address
    /// is cheap to change and shared by honest users behind one network.
    ///
    /// # Errors
    /// `Invalid` (name rules, bad phone, avatar type or not a tutor), `AvatarTooLarge`,
    /// `PhoneTaken`, `PhoneNotVerified`, `RateLimited`, `Gone`, storage failures.
    pub async fn update(&self, user_id: Uuid, change: ProfileChange) -> Result<User, UpdateProfileError> {
        self.throttle.hit("profile-update", &user_id.to_string(), PROFILE_UPDATES_PER_ACCOUNT).await?;
        let user = self.users.find_by_id(user_id).await?.ok_or(UpdateProfileError::Gone)?;
        let mut errors = ValidationErrors::new();
        let name = change.name.as_deref().and_then(|raw| errors.check("name", DisplayName::parse(raw)));
        let phone = change.phone.as_deref().and_then(|raw| errors.check("phone", Phone::parse(raw)));
        let avatar = match change.avatar.map(|bytes| Upload::check(bytes, UploadPurpose::Avatar)) {
            Some(Err(UploadError::TooLarge)) => return Err(UpdateProfileError::AvatarTooLarge),
            Some(_) if !user.is_tutor => {
                errors.add("avatar", ProfilesProblem::AvatarTutorsOnly);
                None
            }
            Some(Err(error)) => {
                errors.add("avatar", ProfilesProblem::Avatar(error));
                None
            }
            Some(Ok(upload)) => Some(upload),
            None => None,
        };
        if !errors.is_empty() {
            return Err(UpdateProfileError::Invalid(errors));
        }
        let new_phone = phone.filter(|phone| *phone != user.phone);
        let token = change.verification_token.unwrap_or_default();
        if let Some(phone) = &new_phone {
            // Checked before the grant is touched, so a taken phone keeps its grant.
            if self.users.find_by_phone(phone).await?.is_some() {
                return Err(UpdateProfileError::PhoneTaken);
            }
            if !self.verification.consume_grant(phone, &token).await? {
                return Err(UpdateProfileError::PhoneNotVerified);
            }
        }
        let update = IdentityUpdate { name: name.unwrap_or_else(|| user.name.clone()), phone: new_phone.clone(), avatar: None };
        let result = self.save(&user, update, avatar).await;
        if let (Err(_), Some(phone)) = (&result, &new_phone) {
            // The phone is still verified; the user may fix the form and submit again.
            self.verification.restore_grant(phone, &token).await?;
        }
        result
    }

    /// Writes the change; a new avatar replaces the old one's file too, once the account
    /// points to the new one (a replaced avatar would otherwise stay public and on disk).
    async fn save(&self, user: &User, mut update: IdentityUpdate, avatar: Option<Upload>) -> Result<User, UpdateProfileError> {
        let stored = match avatar {
            Some(upload) => Some(self.files.save(AVATAR_FOLDER, upload.kind, Visibility::Public, upload.bytes).await?),
            None => None,
        };
        update.avatar = stored.as_ref().and_then(StoredFile::public_path);
        let saved = self.tutors.update_identity(user.id, update, Utc::now()).await.map_err(|error| match error {
            // Lost a race for the phone: the unique index decided.
            RepositoryError::Conflict(Constraint::UserPhone) => UpdateProfileError::PhoneTaken,
            other => other.into(),
        });
        let replaced = match (&saved, &stored) {
            // Not saved: the new file is on no record.
            (Err(_), Some(new)) => Some(new.clone()),
            (Ok(()), Some(_)) => user.avatar.as_deref().and_then(StoredFile::from_public_path),
            _ => None,
        };
        if let Some(file) = replaced {
            // Best effort: the account no longer points to it, so a failure costs disk only.
            let _ = self.files.delete(&file).await;
        }
        saved?;
        self.users.find_by_id(user.id).await?.ok_or(UpdateProfileError::Gone)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;
    use crate::accounts::ports::{MockPhoneVerificationStore, MockSecretTokens, MockUserRepository};
    use crate::accounts::user::Role;
    use crate::shared::files::{MockFileStore, StoredFile};
    use crate::shared::identity::Email;
    use crate::shared::messaging::MockSmsSender;
    use crate::shared::rate_limits::{MockRateLimiter, Refused, Throttle};
    use crate::shared::validation::Problem;
    use crate::tutors::ports::MockTutorProfileRepository;
    use chrono::NaiveDate;

    const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0];

    fn user(is_tutor: bool) -> User {
        User {
            id: Uuid::nil(),
            phone: Phone::parse("91234567").unwrap(),
            email: Email::parse("a@example.com").unwrap(),
            name: DisplayName::parse("陳大文").unwrap(),
            birthdate: NaiveDate::from_ymd_opt(2000, 1, 1).unwrap(),
            role: if is_tutor { Role::Tutor } else { Role::User },
            is_tutor,
            is_tutor_profile_active: is_tutor,
            ..crate::accounts::sessions::tests_support::user()
        }
    }

    /// The account, and no other account holding any phone unless `taken`.
    fn users(is_tutor: bool, taken: bool) -> MockUserRepository {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(move |_| Ok(Some(user(is_tutor))));
        users.expect_find_by_phone().returning(move |_| Ok(taken.then(|| User { id: Uuid::new_v4(), ..user(false) })));
        users
    }

    fn editing(
        users: MockUserRepository,
        tutors: MockTutorProfileRepository,
        files: MockFileStore,
        grants: MockPhoneVerificationStore,
    ) -> ProfileEditing {
        let mut limiter = MockRateLimiter::new();
        limiter.expect_hit().returning(|_, _| Ok(()));
        editing_with(users, tutors, files, grants, limiter)
    }

    fn editing_with(
        users: MockUserRepository,
        tutors: MockTutorProfileRepository,
        files: MockFileStore,
        grants: MockPhoneVerificationStore,
        limiter: MockRateLimiter,
    ) -> ProfileEditing {
        let mut secrets = MockSecretTokens::new();
        secrets.expect_digest().returning(|s| format!("digest({s})"));
        let throttle = Throttle::new(Arc::new(limiter));
        let verification = PhoneVerification::new(
            Arc::new(grants),
            Arc::new(MockUserRepository::new()),
            Arc::new(MockSmsSender::new()),
            crate::shared::messages::testing::words(),
            Arc::new(secrets),
            throttle.clone(),
        );
        ProfileEditing::new(Arc::new(users), Arc::new(tutors), Arc::new(files), verification, throttle)
    }

    /// A new phone, sent with the token its verification answered.
    fn new_phone() -> ProfileChange {
        ProfileChange {
            name: Some("陳大文".into()),
            phone: Some("6234 5678".into()),
            avatar: None,
            verification_token: Some("mine".into()),
        }
    }

    #[tokio::test]
    async fn a_new_name_is_checked_and_reaches_the_tutor_profile() {
        let mut tutors = MockTutorProfileRepository::new();
        tutors
            .expect_update_identity()
            .withf(|_, update, _| update.name.as_str() == "李小明" && update.phone.is_none() && update.avatar.is_none())
            .times(1)
            .returning(|_, _, _| Ok(()));
        let mut grants = MockPhoneVerificationStore::new();
        grants.expect_consume_grant().never();
        let editing = editing(users(true, false), tutors, MockFileStore::new(), grants);
        let same_phone = ProfileChange { name: Some("李小明".into()), phone: Some("9123 4567".into()), ..Default::default() };
        editing.update(Uuid::nil(), same_phone).await.unwrap();
        let bad = ProfileChange { name: Some("李小明1".into()), ..Default::default() };
        assert!(matches!(editing.update(Uuid::nil(), bad).await, Err(UpdateProfileError::Invalid(_))));
    }

    #[tokio::test]
    async fn a_verified_new_phone_is_saved_once_and_its_grant_cannot_be_reused() {
        let mut grants = MockPhoneVerificationStore::new();
        let granted = Arc::new(AtomicBool::new(true));
        grants
            .expect_consume_grant()
            .withf(|phone, hash, _| phone.as_str() == "+85262345678" && hash == "digest(mine)")
            .times(2)
            .returning(move |_, _, _| Ok(granted.swap(false, Ordering::SeqCst)));
        let mut tutors = MockTutorProfileRepository::new();
        tutors
            .expect_update_identity()
            .withf(|_, update, _| update.phone.as_ref().map(Phone::as_str) == Some("+85262345678"))
            .times(1)
            .returning(|_, _, _| Ok(()));
        let editing = editing(users(false, false), tutors, MockFileStore::new(), grants);
        editing.update(Uuid::nil(), new_phone()).await.unwrap();
        assert!(matches!(editing.update(Uuid::nil(), new_phone()).await, Err(UpdateProfileError::PhoneNotVerified)));
    }

    #[tokio::test]
    async fn a_new_phone_without_verification_is_refused() {
        let mut grants = MockPhoneVerificationStore::new();
        grants.expect_consume_grant().returning(|_, _, _| Ok(false));
        let mut tutors = MockTutorProfileRepository::new();
        tutors.expect_update_identity().never();
        let editing = editing(users(false, false), tutors, MockFileStore::new(), grants);
        assert!(matches!(editing.update(Uuid::nil(), new_phone()).await, Err(UpdateProfileError::PhoneNotVerified)));
    }

    #[tokio::test]
    async fn a_phone_verified_by_someone_else_cannot_be_taken_over() {
        // The grant exists, but it was made for the token of the client that typed the code.
        let mut grants = MockPhoneVerificationStore::new();
        grants.expect_consume_grant().returning(|_, hash, _| Ok(hash == "digest(verifiers)"));
        let mut tutors = MockTutorProfileRepository::new();
        tutors.expect_update_identity().never();
        let editing = editing(users(false, false), tutors, MockFileStore::new(), grants);
        for token in [None, Some("mine".to_string())] {
            let change = ProfileChange { verification_token: token, ..new_phone() };
            assert!(matches!(editing.update(Uuid::nil(), change).await, Err(UpdateProfileError::PhoneNotVerified)));
        }
    }

    #[tokio::test]
    async fn updates_past_the_accounts_limit_are_refused_before_anything_is_looked_up() {
        let mut limiter = MockRateLimiter::new();
        limiter
            .expect_hit()
            .withf(|key, limit| key == format!("profile-update:{}", Uuid::nil()) && *limit == PROFILE_UPDATES_PER_ACCOUNT)
            .returning(|_, _| Err(Refused::Wait(30)));
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().never();
        users.expect_find_by_phone().never();
        let editing =
            editing_with(users, MockTutorProfileRepository::new(), MockFileStore::new(), MockPhoneVerificationStore::new(), limiter);
        let error = editing.update(Uuid::nil(), new_phone()).await.unwrap_err();
        assert!(matches!(error, UpdateProfileError::RateLimited(RateLimited { retry_after_seconds: 30 })), "{error:?}");
    }

    /// A tutor whose avatar is `/media/avatars/old.png`.
    fn tutor_with_avatar() -> MockUserRepository {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|_| Ok(Some(User { avatar: Some("/media/avatars/old.png".into()), ..user(true) })));
        users
    }

    fn files_deleting(deleted: Arc<std::sync::Mutex<Vec<String>>>) -> MockFileStore {
        let mut files = MockFileStore::new();
        files.expect_save().returning(|_, _, visibility, _| Ok(StoredFile { key: "avatars/new.png".into(), visibility }));
        files.expect_delete().returning(move |file| {
            assert_eq!(file.visibility, Visibility::Public);
            deleted.lock().unwrap().push(file.key.clone());
            Ok(())
        });
        files
    }

    #[tokio::test]
    async fn a_replaced_avatar_is_deleted_once_the_new_one_is_saved() {
        let deleted = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut tutors = MockTutorProfileRepository::new();
        let seen = deleted.clone();
        tutors.expect_update_identity().times(1).returning(move |_, _, _| {
            assert!(seen.lock().unwrap().is_empty(), "the old avatar is still the account's until this commits");
            Ok(())
        });
        let editing = editing(tutor_with_avatar(), tutors, files_deleting(deleted.clone()), MockPhoneVerificationStore::new());
        editing.update(Uuid::nil(), ProfileChange { avatar: Some(PNG.to_vec()), ..Default::default() }).await.unwrap();
        assert_eq!(*deleted.lock().unwrap(), ["avatars/old.png"]);
    }

    #[tokio::test]
    async fn an_avatar_whose_change_fails_is_deleted_and_the_old_one_kept() {
        let deleted = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut tutors = MockTutorProfileRepository::new();
        tutors.expect_update_identity().returning(|_, _, _| Err(RepositoryError::Unavailable("database down".to_string().into())));
        let editing = editing(tutor_with_avatar(), tutors, files_deleting(deleted.clone()), MockPhoneVerificationStore::new());
        let change = ProfileChange { avatar: Some(PNG.to_vec()), ..Default::default() };
        assert!(matches!(editing.update(Uuid::nil(), change).await, Err(UpdateProfileError::Repository(_))));
        assert_eq!(*deleted.lock().unwrap(), ["avatars/new.png"]);
    }

    #[tokio::test]
    async fn a_change_without_a_new_avatar_deletes_nothing() {
        let mut tutors = MockTutorProfileRepository::new();
        tutors.expect_update_identity().times(1).returning(|_, _, _| Ok(()));
        let mut files = MockFileStore::new();
        files.expect_delete().never();
        let editing = editing(tutor_with_avatar(), tutors, files, MockPhoneVerificationStore::new());
        editing.update(Uuid::nil(), ProfileChange { name: Some("李小明".into()), ..Default::default() }).await.unwrap();
    }

    #[tokio::test]
    async fn a_taken_phone_is_refused_and_keeps_its_grant() {
        let mut grants = MockPhoneVerificationStore::new();
        grants.expect_consume_grant().never();
        let mut tutors = MockTutorProfileRepository::new();
        tutors.expect_update_identity().never();
        let editing = editing(users(false, true), tutors, MockFileStore::new(), grants);
        let error = editing.update(Uuid::nil(), new_phone()).await.unwrap_err();
        assert!(matches!(error, UpdateProfileError::PhoneTaken), "{error:?}");
    }

    #[tokio::test]
    async fn losing_the_phone_to_a_concurrent_change_gives_the_grant_back() {
        let mut grants = MockPhoneVerificationStore::new();
        grants.expect_consume_grant().times(1).returning(|_, _, _| Ok(true));
        grants
            .expect_grant()
            .withf(|phone, hash, _, _| phone.as_str() == "+85262345678" && hash == "digest(mine)")
            .times(1)
            .returning(|_, _, _, _| Ok(()));
        let mut tutors = MockTutorProfileRepository::new();
        tutors.expect_update_identity().returning(|_, _, _| Err(RepositoryError::Conflict(Constraint::UserPhone)));
        let editing = editing(users(false, false), tutors, MockFileStore::new(), grants);
        assert!(matches!(editing.update(Uuid::nil(), new_phone()).await, Err(UpdateProfileError::PhoneTaken)));
    }

    #[tokio::test]
    async fn only_tutors_upload_an_avatar_and_it_must_be_an_image() {
        let grants = MockPhoneVerificationStore::new;
        let editing_as_student = editing(users(false, false), MockTutorProfileRepository::new(), MockFileStore::new(), grants());
        let change = ProfileChange { avatar: Some(PNG.to_vec()), ..Default::default() };
        let Err(UpdateProfileError::Invalid(errors)) = editing_as_student.update(Uuid::nil(), change).await else {
            panic!("a student's avatar is refused")
        };
        assert_eq!(errors.get("avatar"), Some(&Problem::Profiles(ProfilesProblem::AvatarTutorsOnly)));

        let mut files = MockFileStore::new();
        files.expect_save().returning(|_, _, visibility, _| Ok(StoredFile { key: "avatars/n.png".into(), visibility }));
        let mut tutors = MockTutorProfileRepository::new();
        tutors
            .expect_update_identity()
            .withf(|_, update, _| update.avatar.as_deref() == Some("/media/avatars/n.png"))
            .times(1)
            .returning(|_, _, _| Ok(()));
        let editing = editing(users(true, false), tutors, files, grants());
        let pdf = ProfileChange { avatar: Some(b"%PDF-1.7".to_vec()), ..Default::default() };
        let Err(UpdateProfileError::Invalid(errors)) = editing.update(Uuid::nil(), pdf).await else { panic!("a PDF is no avatar") };
        let wrong_type = ProfilesProblem::Avatar(UploadError::WrongType(UploadPurpose::Avatar));
        assert_eq!(errors.get("avatar"), Some(&Problem::Profiles(wrong_type)));
        editing.update(Uuid::nil(), ProfileChange { avatar: Some(PNG.to_vec()), ..Default::default() }).await.unwrap();
    }
}
