//! Accounts: who is calling, and what they may see of themselves.

use std::sync::Arc;

use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::UserRepository;
use crate::accounts::user::User;
use crate::shared::language::Language;
use crate::shared::storage::RepositoryError;

#[derive(Debug, Error)]
pub enum CurrentUserError {
    /// The token named an account that no longer exists.
    #[error("account_gone")]
    Gone,
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Account use cases.
#[derive(Clone)]
pub struct Accounts {
    users: Arc<dyn UserRepository>,
}

impl Accounts {
    pub fn new(users: Arc<dyn UserRepository>) -> Self {
        Self { users }
    }

    /// The signed-in user's own account.
    ///
    /// # Errors
    /// `Gone` when the account was removed since the token was issued.
    pub async fn current_user(&self, id: Uuid) -> Result<User, CurrentUserError> {
        self.users.find_by_id(id).await?.ok_or(CurrentUserError::Gone)
    }

    /// Keeps the language the member chose: their SMS and e-mail follow it from now on.
    ///
    /// # Errors
    /// `Gone` when the account was removed since the token was issued.
    pub async fn choose_language(&self, id: Uuid, language: Language) -> Result<(), CurrentUserError> {
        self.current_user(id).await?;
        Ok(self.users.set_language(id, language).await?)
    }
}
