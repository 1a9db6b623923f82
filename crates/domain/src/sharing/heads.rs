//! The public pages: what each address shows anyone, as typed data (a tutor's public profile,
//! a case as anyone sees it, the board's filters in the catalogue's names). The HTTP edge words
//! each page's head (title, description) and first screen in each language. Built from the
//! same public views as the pages, so nothing private (phone, e-mail, birth date) can be in it.

use crate::cases::model::Case;
use crate::cases::posting::CasePosting;
use crate::cases::search::{CaseFilter, CaseQuery, SubjectMatch};
use crate::shared::catalogue::{self, Level};
use crate::shared::money::Rate;
use crate::tutors::directory::TutorDirectory;
use crate::tutors::model::{TutorProfile, TutorRef};

/// The site's name, in every language.
pub const SITE_NAME: &str = "tutorhub";

/// The site's share card, served from the app's files (`frontend/public/share-card.png`, drawn
/// by `frontend/scripts/share-card.sh`): the picture of every page without one of its own, so
/// that a case link in a chat comes with a picture, at the size chats show large.
pub const SHARE_CARD_PATH: &str = "/share-card.png";
/// Its width and height in pixels.
pub const SHARE_CARD_SIZE: (u32, u32) = (1200, 630);

/// A page's picture for link previews.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageImage {
    /// A path on this site.
    pub path: String,
    /// Width and height, when known (a tutor's avatar is whatever they uploaded).
    pub size: Option<(u32, u32)>,
}

impl PageImage {
    pub fn share_card() -> Self {
        Self { path: SHARE_CARD_PATH.into(), size: Some(SHARE_CARD_SIZE) }
    }
}

/// What kind of thing a page shows, for Open Graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    Website,
    Profile,
    Article,
}

/// The board's filters as a link's address gives them: only the catalogue's names (every
/// parsed search holds no other), so a link's query string cannot put its own words in a
/// preview. In the order a preview names them: level, grades, subjects, place, fee.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardFilters {
    pub level: Option<&'static Level>,
    pub grades: Vec<String>,
    /// Subjects named from the catalogue (a free-text subject is not named).
    pub subjects: Vec<String>,
    /// The region, when no district or area names the place more closely.
    pub region: Option<&'static str>,
    pub districts: Vec<String>,
    pub areas: Vec<String>,
    pub min_rate: Option<Rate>,
}

impl BoardFilters {
    /// The filters of a board search; none when the search is refused (a name the catalogue
    /// does not hold makes it a 400: the link previews the plain board).
    pub fn of(query: &CaseQuery) -> Self {
        CaseFilter::public_search(query).map(|filter| Self::from_filter(&filter)).unwrap_or_default()
    }

    fn from_filter(f: &CaseFilter) -> Self {
        Self {
            level: f.level.and_then(catalogue::level),
            grades: f.own.grades.clone(),
            subjects: match &f.subjects {
                Some(SubjectMatch::AnyOf(names)) => names.clone(),
                _ => Vec::new(),
            },
            region: if f.areas.is_empty() && f.districts.is_empty() { f.region } else { None },
            districts: f.districts.clone(),
            areas: f.areas.clone(),
            min_rate: f.min_rate,
        }
    }

    /// Whether the board is searched without a filter a preview names.
    pub fn is_empty(&self) -> bool {
        self.level.is_none()
            && self.grades.is_empty()
            && self.subjects.is_empty()
            && self.region.is_none()
            && self.districts.is_empty()
            && self.areas.is_empty()
            && self.min_rate.is_none()
    }
}

/// A public page, as typed data: the edge words its head (and a tutor's or a case's first
/// screen) in the page's language.
#[derive(Debug, Clone, PartialEq)]
pub enum PublicPage {
    Home,
    /// The board (`/all-cases`), with the filters of its address.
    Board(BoardFilters),
    Terms,
    Privacy,
    /// A listed tutor's public profile.
    Tutor(Box<TutorProfile>),
    /// An open case, as anyone sees it.
    Case(Box<Case>),
}

impl PublicPage {
    /// The page's one address in zh-HK (the English page's is under `/en`), e.g. `/tutor/1024`:
    /// a profile reached by its id points here too.
    pub fn canonical_path(&self) -> String {
        match self {
            Self::Home => "/".into(),
            Self::Board(_) => "/all-cases".into(),
            Self::Terms => "/terms".into(),
            Self::Privacy => "/privacy".into(),
            Self::Tutor(profile) => format!("/tutor/{}", profile.user_number),
            Self::Case(case) => format!("/case/{}", case.number),
        }
    }

    /// A tutor's avatar, or the site's share card (a case has no picture of its own; without
    /// one, a shared link is easily passed over).
    pub fn image(&self) -> PageImage {
        match self {
            Self::Tutor(profile) => profile.avatar.clone().map_or_else(PageImage::share_card, |path| PageImage { path, size: None }),
            _ => PageImage::share_card(),
        }
    }

    pub fn kind(&self) -> PageKind {
        match self {
            Self::Tutor(_) => PageKind::Profile,
            Self::Case(_) => PageKind::Article,
            _ => PageKind::Website,
        }
    }
}

/// What a page's address leads to.
#[derive(Debug, Clone, PartialEq)]
pub enum PageLookup {
    /// A public page, with what its head (and first screen) says.
    Public(Box<PublicPage>),
    /// A page of the app that is not for sharing (a member's own pages).
    Private,
    /// A tutor or case that is not there (or not public): the page says so, with 404.
    Missing,
}

#[derive(Clone)]
pub struct PageHeads {
    tutors: TutorDirectory,
    posting: CasePosting,
}

impl PageHeads {
    pub fn new(tutors: TutorDirectory, posting: CasePosting) -> Self {
        Self { tutors, posting }
    }

    /// What `path` (the zh-HK address, without a language prefix; for /all-cases, with its
    /// filters) leads to. The board's head needs no query: a stranger requesting odd filters
    /// costs no database work.
    pub async fn for_page(&self, path: &str, query: &CaseQuery) -> PageLookup {
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        let found = |page: Option<PublicPage>| page.map_or(PageLookup::Missing, |page| PageLookup::Public(Box::new(page)));
        let site_page = |page: PublicPage| PageLookup::Public(Box::new(page));
        match segments.as_slice() {
            [""] => site_page(PublicPage::Home),
            ["all-cases"] => site_page(PublicPage::Board(BoardFilters::of(query))),
            ["tutor", id] => found(self.tutor(id).await),
            ["case", number] => found(match number.parse() {
                Ok(number) => self.case(number).await,
                Err(_) => None,
            }),
            ["terms"] => site_page(PublicPage::Terms),
            ["privacy"] => site_page(PublicPage::Privacy),
            _ => PageLookup::Private,
        }
    }

    async fn tutor(&self, id: &str) -> Option<PublicPage> {
        let profile = self.tutors.listed(TutorRef::parse(id)?).await.ok()??;
        Some(PublicPage::Tutor(Box::new(profile)))
    }

    async fn case(&self, number: i64) -> Option<PublicPage> {
        let case = self.posting.view(None, number).await.ok()?;
        Some(PublicPage::Case(Box::new(case)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_names_only_what_the_catalogue_holds() {
        let query = CaseQuery { level: Some("secondary".into()), subjects: vec!["物理".into()], ..CaseQuery::default() };
        let filters = BoardFilters::of(&query);
        assert_eq!(filters.level.map(|level| level.key), Some("secondary"));
        assert_eq!(filters.subjects, vec!["物理".to_string()]);
        let junk = CaseQuery { areas: vec!["<script>".into()], ..query };
        assert!(BoardFilters::of(&junk).is_empty(), "a refused search previews the plain board");
    }
}
