//! A user editing their own profile: name, phone and (tutors only) avatar. A tutor's public
//! profile follows name and avatar changes.

use std::sync::Arc;

use chrono::Utc;
use thiserror::Error;
use uuid::Uuid;

use crate::identity::{DisplayName, Phone};
use crate::ports::{FileStore, FileStoreError, RepositoryError, TutorRepository, UserRepository, Visibility};
use crate::tutor_applications::AVATAR_FOLDER;
use crate::upload::{Upload, UploadError, UploadPurpose};
use crate::user::User;
use crate::validation::ValidationErrors;

/// What the user sent; `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileChange {
    pub name: Option<String>,
    pub phone: Option<String>,
    pub avatar: Option<Vec<u8>>,
}

#[derive(Debug, Error)]
pub enum UpdateProfileError {
    #[error("{0}")]
    Invalid(ValidationErrors),
    #[error("頭像檔案超過大小上限（最大 5MB）")]
    AvatarTooLarge,
    /// A new phone needs a verification grant for it (spec §4).
    #[error("請先完成電話驗證再提交")]
    PhoneNotVerified,
    #[error("此電話號碼已被使用，請使用其他號碼")]
    PhoneTaken,
    #[error("帳戶不存在，請重新登入")]
    Gone,
    #[error(transparent)]
    Files(#[from] FileStoreError),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

#[derive(Clone)]
pub struct ProfileEditing {
    users: Arc<dyn UserRepository>,
    tutors: Arc<dyn TutorRepository>,
    files: Arc<dyn FileStore>,
}

impl ProfileEditing {
    pub fn new(users: Arc<dyn UserRepository>, tutors: Arc<dyn TutorRepository>, files: Arc<dyn FileStore>) -> Self {
        Self { users, tutors, files }
    }

    /// Applies a change to the caller's own account and returns the account as it now is.
    /// A phone different from the current one is refused until the phone-verification grant
    /// store (accounts issue) can vouch for it: the client's "verified" flag is not a control.
    ///
    /// # Errors
    /// `Invalid` (name rules, bad phone, avatar type or not a tutor), `AvatarTooLarge`,
    /// `PhoneNotVerified`, `Gone`, storage failures.
    pub async fn update(&self, user_id: Uuid, change: ProfileChange) -> Result<User, UpdateProfileError> {
        let user = self.users.find_by_id(user_id).await?.ok_or(UpdateProfileError::Gone)?;
        let mut errors = ValidationErrors::new();
        let name = change.name.as_deref().and_then(|raw| errors.check("name", DisplayName::parse(raw)));
        let phone = change.phone.as_deref().and_then(|raw| errors.check("phone", Phone::parse(raw)));
        let avatar = match change.avatar.map(|bytes| Upload::check(bytes, UploadPurpose::Avatar)) {
            Some(Err(UploadError::TooLarge)) => return Err(UpdateProfileError::AvatarTooLarge),
            Some(_) if !user.is_tutor => {
                errors.add("avatar", "只有導師可以上載頭像");
                None
            }
            Some(Err(error)) => {
                errors.add("avatar", error.to_string());
                None
            }
            Some(Ok(upload)) => Some(upload),
            None => None,
        };
        if !errors.is_empty() {
            return Err(UpdateProfileError::Invalid(errors));
        }
        if phone.as_ref().is_some_and(|phone| *phone != user.phone) {
            return Err(UpdateProfileError::PhoneNotVerified);
        }
        let avatar_path = match avatar {
            Some(upload) => {
                let stored = self.files.save(AVATAR_FOLDER, upload.kind, Visibility::Public, upload.bytes).await?;
                stored.public_path()
            }
            None => None,
        };
        let name = name.unwrap_or_else(|| user.name.clone());
        self.tutors.update_identity(user_id, name.as_str(), avatar_path, Utc::now()).await?;
        self.users.find_by_id(user_id).await?.ok_or(UpdateProfileError::Gone)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::Email;
    use crate::ports::{MockFileStore, MockTutorRepository, MockUserRepository, StoredFile};
    use crate::user::{Role, UserType};
    use chrono::NaiveDate;

    const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0];

    fn user(is_tutor: bool) -> User {
        User {
            id: Uuid::nil(),
            number: 1001,
            phone: Phone::parse("91234567").unwrap(),
            email: Email::parse("a@example.com").unwrap(),
            name: DisplayName::parse("陳大文").unwrap(),
            birthdate: NaiveDate::from_ymd_opt(2000, 1, 1).unwrap(),
            user_type: UserType::Individual,
            role: if is_tutor { Role::Tutor } else { Role::User },
            account_type: "student".into(),
            is_tutor,
            is_tutor_profile_active: is_tutor,
            avatar: None,
            org_verification: None,
            created_at: Utc::now(),
        }
    }

    fn users(is_tutor: bool) -> MockUserRepository {
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(move |_| Ok(Some(user(is_tutor))));
        users
    }

    #[tokio::test]
    async fn a_new_name_is_checked_and_reaches_the_tutor_profile() {
        let mut tutors = MockTutorRepository::new();
        tutors.expect_update_identity().withf(|_, name, avatar, _| name == "李小明" && avatar.is_none()).times(1).returning(|_, _, _, _| Ok(()));
        let editing = ProfileEditing::new(Arc::new(users(true)), Arc::new(tutors), Arc::new(MockFileStore::new()));
        let same_phone = ProfileChange { name: Some("李小明".into()), phone: Some("9123 4567".into()), avatar: None };
        editing.update(Uuid::nil(), same_phone).await.unwrap();
        let bad = ProfileChange { name: Some("李小明1".into()), ..Default::default() };
        assert!(matches!(editing.update(Uuid::nil(), bad).await, Err(UpdateProfileError::Invalid(_))));
    }

    #[tokio::test]
    async fn a_new_phone_without_verification_is_refused() {
        let mut tutors = MockTutorRepository::new();
        tutors.expect_update_identity().never();
        let editing = ProfileEditing::new(Arc::new(users(false)), Arc::new(tutors), Arc::new(MockFileStore::new()));
        let change = ProfileChange { name: Some("陳大文".into()), phone: Some("62345678".into()), avatar: None };
        assert!(matches!(editing.update(Uuid::nil(), change).await, Err(UpdateProfileError::PhoneNotVerified)));
    }

    #[tokio::test]
    async fn only_tutors_upload_an_avatar_and_it_must_be_an_image() {
        let editing = ProfileEditing::new(Arc::new(users(false)), Arc::new(MockTutorRepository::new()), Arc::new(MockFileStore::new()));
        let change = ProfileChange { avatar: Some(PNG.to_vec()), ..Default::default() };
        assert!(matches!(editing.update(Uuid::nil(), change).await, Err(UpdateProfileError::Invalid(_))));

        let mut files = MockFileStore::new();
        files.expect_save().returning(|_, _, visibility, _| Ok(StoredFile { key: "avatars/n.png".into(), visibility }));
        let mut tutors = MockTutorRepository::new();
        tutors
            .expect_update_identity()
            .withf(|_, _, avatar, _| avatar.as_deref() == Some("/media/avatars/n.png"))
            .times(1)
            .returning(|_, _, _, _| Ok(()));
        let editing = ProfileEditing::new(Arc::new(users(true)), Arc::new(tutors), Arc::new(files));
        let pdf = ProfileChange { avatar: Some(b"%PDF-1.7".to_vec()), ..Default::default() };
        assert!(matches!(editing.update(Uuid::nil(), pdf).await, Err(UpdateProfileError::Invalid(_))));
        editing.update(Uuid::nil(), ProfileChange { avatar: Some(PNG.to_vec()), ..Default::default() }).await.unwrap();
    }
}
