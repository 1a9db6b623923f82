//! The head of each public page: title, description, canonical path, image. Built from the
//! same public views as the pages, so nothing private (phone, e-mail, birth date) can be in it.

use super::first_screen::FirstScreen;
use crate::cases::posting::CasePosting;
use crate::cases::search::{CaseFilter, CaseQuery, SubjectMatch};
use crate::shared::catalogue;
use crate::tutors::directory::TutorDirectory;
use crate::tutors::model::TutorRef;

/// The site's name and what it is, as the home page says it.
pub const SITE_NAME: &str = "tutorhub";
const SITE_TAGLINE: &str = "香港補習配對平台";
const SITE_DESCRIPTION: &str = "連繫家長、學生與導師的香港補習配對平台：免費刊登補習個案，按科目、地區及學費搜尋已審核導師及最新個案。";

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

/// The head of one page. Paths are the site's own; the server adds its public address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageHead {
    pub title: String,
    pub description: String,
    /// The page's one address, e.g. `/tutor/1024` (a profile reached by its id points here too).
    pub canonical_path: String,
    /// A tutor's avatar, or the site's share card.
    pub image: PageImage,
    pub kind: PageKind,
}

impl PageHead {
    fn site(title: &str, description: &str, path: &str) -> Self {
        Self {
            title: format!("{title}｜{SITE_NAME} {SITE_TAGLINE}"),
            description: description.into(),
            canonical_path: path.into(),
            image: PageImage::share_card(),
            kind: PageKind::Website,
        }
    }

    /// The home page's head, also for any page without one of its own.
    pub fn home() -> Self {
        Self { title: format!("{SITE_NAME}｜{SITE_TAGLINE}"), ..Self::site("", SITE_DESCRIPTION, "/") }
    }
}

/// A public page: its head, and for a tutor or a case, its first screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicPage {
    pub head: PageHead,
    pub screen: Option<FirstScreen>,
}

/// What a page's address leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageLookup {
    /// A public page, with its head (and first screen).
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

    /// What `path` (and, for /all-cases, its filters) leads to. The board's head is words only,
    /// with no query: a stranger requesting odd filters costs no database work.
    pub async fn for_page(&self, path: &str, query: &CaseQuery) -> PageLookup {
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        let found = |page: Option<PublicPage>| page.map_or(PageLookup::Missing, |page| PageLookup::Public(Box::new(page)));
        let site_page = |head: PageHead| PageLookup::Public(Box::new(PublicPage { head, screen: None }));
        match segments.as_slice() {
            [""] => site_page(PageHead::home()),
            ["all-cases"] => site_page(all_cases(query)),
            ["tutor", id] => found(self.tutor(id).await),
            ["case", number] => found(match number.parse() {
                Ok(number) => self.case(number).await,
                Err(_) => None,
            }),
            ["terms"] => site_page(PageHead::site("服務條款", "tutorhub 的服務條款：使用平台、刊登個案及預約導師的規則。", "/terms")),
            ["privacy"] => site_page(PageHead::site("私隱政策", "tutorhub 如何收集、使用及保護你的個人資料。", "/privacy")),
            _ => PageLookup::Private,
        }
    }

    async fn tutor(&self, id: &str) -> Option<PublicPage> {
        let profile = self.tutors.listed(TutorRef::parse(id)?).await.ok()??;
        let subjects = profile.subject_labels().join("、");
        let place = format!("{}（{}）", profile.place.area, profile.place.district);
        let rating =
            profile.reviews.average().map(|avg| format!("・評分 {avg:.1}（{} 則評價）", profile.reviews.count)).unwrap_or_default();
        let head = PageHead {
            title: format!("{}｜{}導師｜{SITE_NAME}", profile.name, subjects),
            description: format!("{subjects}・{place}・每堂 HK${}{rating}。{}", profile.rate.dollars(), excerpt(&profile.bio)),
            canonical_path: format!("/tutor/{}", profile.user_number),
            image: profile.avatar.clone().map_or_else(PageImage::share_card, |path| PageImage { path, size: None }),
            kind: PageKind::Profile,
        };
        Some(PublicPage { head, screen: Some(FirstScreen::tutor(&profile)) })
    }

    async fn case(&self, number: i64) -> Option<PublicPage> {
        let case = self.posting.view(None, number).await.ok()?;
        let d = &case.details;
        let head = PageHead {
            title: format!("{}｜補習個案 {}｜{SITE_NAME}", d.title, case.number),
            description: format!(
                "{}{}・{}（{}）・每堂 HK${}・每週 {} 堂，每堂 {} 分鐘。",
                d.grade,
                d.subjects.join("、"),
                d.place.area,
                d.place.district,
                d.rate.dollars(),
                d.sessions_per_week,
                d.session_minutes
            ),
            canonical_path: format!("/case/{}", case.number),
            // A case has no picture of its own; without one, a shared link is easily passed over.
            image: PageImage::share_card(),
            kind: PageKind::Article,
        };
        Some(PublicPage { head, screen: Some(FirstScreen::case(&case)) })
    }
}

/// The board's head: its filters in words.
fn all_cases(query: &CaseQuery) -> PageHead {
    let words = CaseFilter::public_search(query).map(|f| filter_words(&f)).unwrap_or_default();
    let (title, subject) = if words.is_empty() {
        ("所有補習個案".to_string(), "最新補習個案".to_string())
    } else {
        (format!("所有補習個案：{}", words.join("・")), format!("{}補習個案", words.join("・")))
    };
    PageHead::site(&title, &format!("{subject}：按年級、科目、地區及學費篩選，導師可即時申請。"), "/all-cases")
}

/// The filters of a board search in words: level, grades, subjects, place, fee. Only the
/// catalogue's names, as every parsed search holds: a link's query string must not put its own
/// words in a preview.
fn filter_words(f: &CaseFilter) -> Vec<String> {
    let mut words = Vec::new();
    if let Some(level) = f.level.and_then(catalogue::level) {
        words.push(level.label.to_string());
    }
    words.extend(f.grades.iter().cloned());
    if let Some(SubjectMatch::AnyOf(names)) = &f.subjects {
        words.extend(names.iter().cloned());
    }
    if f.areas.is_empty() && f.districts.is_empty() {
        words.extend(f.region.map(str::to_string));
    }
    words.extend(f.districts.iter().cloned());
    words.extend(f.areas.iter().cloned());
    if let Some(min) = f.min_rate {
        words.push(format!("每堂 HK${} 起", min.dollars()));
    }
    words
}

/// The first 80 characters of a text, on one line.
fn excerpt(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out: String = line.chars().take(80).collect();
    if line.chars().count() > 80 {
        out.push('…');
    }
    out
}
