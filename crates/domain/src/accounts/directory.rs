//! The back office's directory of accounts: lists with filters, and one account in full
//! (private fields included: the back office may see them, nobody else).

use std::fmt;
use std::sync::Arc;

use thiserror::Error;
use uuid::Uuid;

use crate::accounts::ports::{OrgDocument, OrgDocumentRepository, OrgReview, UserDirectoryRepository, UserFilter, UserRepository};
use crate::accounts::user::User;
use crate::shared::identity::Phone;
use crate::shared::paging::{Page, PageRequest};
use crate::shared::storage::RepositoryError;

/// Longest search text; names, e-mails and phones are all shorter.
pub const SEARCH_MAX_CHARS: usize = 100;

/// How the back office names an account: its id, its number ("1024") or its phone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UserRef {
    Id(Uuid),
    Number(i64),
    Phone(Phone),
}

impl UserRef {
    /// A UUID, a Hong Kong phone (8 digits from 4 to 9, or with +852), or a user number.
    /// Eight digits are read as a phone: user numbers start at 1001 and stay far shorter.
    pub fn parse(raw: &str) -> Option<Self> {
        let raw = raw.trim();
        if let Ok(id) = Uuid::parse_str(raw) {
            return Some(Self::Id(id));
        }
        if let Ok(phone) = Phone::parse(raw) {
            return Some(Self::Phone(phone));
        }
        raw.parse::<i64>().ok().filter(|n| *n > 0).map(Self::Number)
    }
}

impl fmt::Display for UserRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Id(id) => write!(f, "{id}"),
            Self::Number(number) => write!(f, "{number}"),
            Self::Phone(phone) => f.write_str(phone.local()),
        }
    }
}

#[derive(Debug, Error)]
pub enum UserDirectoryError {
    #[error("user_not_found: {0}")]
    NotFound(UserRef),
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// One account as the back office sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct UserDetails {
    pub user: User,
    /// An organization's registration documents (where they are stored, not their bytes).
    pub documents: Vec<OrgDocument>,
    /// The back office's decisions on an organization, oldest first.
    pub reviews: Vec<OrgReview>,
}

#[derive(Clone)]
pub struct UserDirectory {
    directory: Arc<dyn UserDirectoryRepository>,
    users: Arc<dyn UserRepository>,
    documents: Arc<dyn OrgDocumentRepository>,
}

impl UserDirectory {
    pub fn new(
        directory: Arc<dyn UserDirectoryRepository>,
        users: Arc<dyn UserRepository>,
        documents: Arc<dyn OrgDocumentRepository>,
    ) -> Self {
        Self { directory, users, documents }
    }

    /// Accounts matching `filter`, newest first. The search text is trimmed and cut to
    /// [`SEARCH_MAX_CHARS`]; one that looks like a phone number loses its spaces and dashes,
    /// so "9123 4567" finds +85291234567.
    ///
    /// # Errors
    /// When storage fails.
    pub async fn list(&self, mut filter: UserFilter, page: PageRequest) -> Result<Page<User>, RepositoryError> {
        filter.search = filter.search.as_deref().and_then(clean_search);
        self.directory.search(&filter, page).await
    }

    /// # Errors
    /// `NotFound`, or when storage fails.
    pub async fn find(&self, user: &UserRef) -> Result<User, UserDirectoryError> {
        let found = match user {
            UserRef::Id(id) => self.users.find_by_id(*id).await?,
            UserRef::Number(number) => self.directory.find_by_number(*number).await?,
            UserRef::Phone(phone) => self.users.find_by_phone(phone).await?,
        };
        found.ok_or_else(|| UserDirectoryError::NotFound(user.clone()))
    }

    /// The account with its documents and the decisions on it.
    ///
    /// # Errors
    /// `NotFound`, or when storage fails.
    pub async fn show(&self, user: &UserRef) -> Result<UserDetails, UserDirectoryError> {
        let user = self.find(user).await?;
        let documents = self.documents.list(user.id).await?;
        let reviews = self.directory.org_reviews(user.id).await?;
        Ok(UserDetails { user, documents, reviews })
    }
}

fn clean_search(raw: &str) -> Option<String> {
    let text: String = raw.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(SEARCH_MAX_CHARS).collect();
    let phone_like = text.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '+'));
    let text = if phone_like { text.chars().filter(|c| !matches!(c, ' ' | '-')).collect() } else { text };
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::ports::{MockOrgDocumentRepository, MockUserDirectoryRepository, MockUserRepository};
    use crate::accounts::sessions::tests_support::user;

    #[test]
    fn names_an_account_by_id_phone_or_number() {
        let id = Uuid::new_v4();
        assert_eq!(UserRef::parse(&id.to_string()), Some(UserRef::Id(id)));
        assert_eq!(UserRef::parse(" 1024 "), Some(UserRef::Number(1024)));
        let phone = UserRef::parse("6123 4567").unwrap();
        assert_eq!(phone, UserRef::Phone(Phone::parse("61234567").unwrap()));
        assert_eq!(phone.to_string(), "61234567");
        assert_eq!(UserRef::parse("+85261234567"), Some(phone));
        assert_eq!(UserRef::parse("0"), None);
        assert_eq!(UserRef::parse("陳太"), None);
    }

    #[tokio::test]
    async fn the_search_is_cleaned_before_it_reaches_the_store() {
        let mut directory = MockUserDirectoryRepository::new();
        directory
            .expect_search()
            .withf(|filter, _| filter.search.as_deref() == Some("91234567"))
            .times(1)
            .returning(|_, page| Ok(Page { items: Vec::new(), total: 0, request: page }));
        directory
            .expect_search()
            .withf(|filter, _| filter.search.is_none())
            .times(1)
            .returning(|_, page| Ok(Page { items: Vec::new(), total: 0, request: page }));
        let users =
            UserDirectory::new(Arc::new(directory), Arc::new(MockUserRepository::new()), Arc::new(MockOrgDocumentRepository::new()));
        let search = |text: &str| UserFilter { search: Some(text.into()), ..UserFilter::default() };
        users.list(search(" 9123-4567 "), PageRequest::default()).await.unwrap();
        users.list(search("   "), PageRequest::default()).await.unwrap();
    }

    #[tokio::test]
    async fn an_unknown_account_is_named_in_the_error() {
        let mut directory = MockUserDirectoryRepository::new();
        directory.expect_find_by_number().returning(|_| Ok(None));
        let users =
            UserDirectory::new(Arc::new(directory), Arc::new(MockUserRepository::new()), Arc::new(MockOrgDocumentRepository::new()));
        let error = users.show(&UserRef::Number(4242)).await.unwrap_err();
        assert!(matches!(&error, UserDirectoryError::NotFound(UserRef::Number(4242))), "{error:?}");
        assert_eq!(error.to_string(), "user_not_found: 4242");
    }

    #[tokio::test]
    async fn shows_an_account_with_its_documents_and_reviews() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_phone().returning(|_| Ok(Some(user())));
        let mut documents = MockOrgDocumentRepository::new();
        documents.expect_list().withf(|id| *id == user().id).returning(|_| Ok(Vec::new()));
        let mut directory = MockUserDirectoryRepository::new();
        directory.expect_org_reviews().returning(|_| Ok(Vec::new()));
        let shown = UserDirectory::new(Arc::new(directory), Arc::new(users), Arc::new(documents))
            .show(&UserRef::parse("61234567").unwrap())
            .await
            .unwrap();
        assert_eq!(shown.user.number, 1001);
    }
}
