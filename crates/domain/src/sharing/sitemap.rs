//! The sitemap: the public pages a search engine may list, with active tutors' profiles and
//! open cases in files of [`URLS_PER_FILE`] (the protocol allows 50,000), newest first, as deep
//! as a search pages ([`PageRequest::MAX_SEARCH_DEPTH`]).

use chrono::{DateTime, Utc};

use crate::cases::board::CaseBoard;
use crate::shared::paging::PageRequest;
use crate::shared::storage::RepositoryError;
use crate::tutors::directory::TutorDirectory;
use crate::tutors::search::TutorFilter;

/// Addresses in one sitemap file.
pub const URLS_PER_FILE: u32 = 1000;
/// The pages every visitor may open, besides profiles and cases.
const PAGES: &[&str] = &["/", "/all-cases", "/terms", "/privacy"];

/// One address of the sitemap, with when it last changed when that is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SitemapEntry {
    pub path: String,
    pub changed: Option<DateTime<Utc>>,
}

/// A file of the sitemap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SitemapFile {
    Pages,
    Tutors(u32),
    Cases(u32),
}

impl SitemapFile {
    /// Its path, e.g. `/sitemaps/tutors-2.xml`.
    pub fn path(self) -> String {
        match self {
            Self::Pages => "/sitemaps/pages.xml".into(),
            Self::Tutors(n) => format!("/sitemaps/tutors-{n}.xml"),
            Self::Cases(n) => format!("/sitemaps/cases-{n}.xml"),
        }
    }

    /// The file a path names, e.g. `cases-3.xml`.
    pub fn parse(name: &str) -> Option<Self> {
        let stem = name.strip_suffix(".xml")?;
        if stem == "pages" {
            return Some(Self::Pages);
        }
        let (kind, n) = stem.rsplit_once('-')?;
        let n: u32 = n.parse().ok().filter(|n| *n >= 1)?;
        match kind {
            "tutors" => Some(Self::Tutors(n)),
            "cases" => Some(Self::Cases(n)),
            _ => None,
        }
    }
}

#[derive(Clone)]
pub struct Sitemaps {
    tutors: TutorDirectory,
    board: CaseBoard,
}

impl Sitemaps {
    pub fn new(tutors: TutorDirectory, board: CaseBoard) -> Self {
        Self { tutors, board }
    }

    /// Every file of the sitemap, as many as the tutors and cases need now.
    ///
    /// # Errors
    /// When storage fails.
    pub async fn files(&self) -> Result<Vec<SitemapFile>, RepositoryError> {
        let tutors = self.tutors.search(&TutorFilter::default(), PageRequest::first(1)).await.map_err(unavailable)?.total;
        let cases = self.board.latest(PageRequest::first(1)).await.map_err(unavailable)?.total;
        // The newest of each, as deep as a search pages.
        let count =
            |total: u64| u32::try_from(total.min(PageRequest::MAX_SEARCH_DEPTH).div_ceil(u64::from(URLS_PER_FILE))).unwrap_or(u32::MAX);
        let mut files = vec![SitemapFile::Pages];
        files.extend((1..=count(tutors)).map(SitemapFile::Tutors));
        files.extend((1..=count(cases)).map(SitemapFile::Cases));
        Ok(files)
    }

    /// The addresses in one file; None for a file past the last one.
    ///
    /// # Errors
    /// When storage fails.
    pub async fn entries(&self, file: SitemapFile) -> Result<Option<Vec<SitemapEntry>>, RepositoryError> {
        let (n, kind) = match file {
            SitemapFile::Pages => return Ok(Some(PAGES.iter().map(|p| SitemapEntry { path: (*p).into(), changed: None }).collect())),
            SitemapFile::Tutors(n) => (n, true),
            SitemapFile::Cases(n) => (n, false),
        };
        let mut entries = Vec::new();
        // Pages of the repositories' largest size, as many as one file holds.
        let per_page = PageRequest::MAX_SIZE;
        // A file past what paging reaches is not there (nor does its number overflow).
        let Some(first) = (n - 1).checked_mul(URLS_PER_FILE / per_page).map(|skipped| skipped + 1) else { return Ok(None) };
        if (u64::from(first) - 1 + u64::from(URLS_PER_FILE / per_page)) * u64::from(per_page) > PageRequest::MAX_SEARCH_DEPTH {
            return Ok(None);
        }
        for page in first..first + URLS_PER_FILE / per_page {
            let request = PageRequest::new(Some(i64::from(page)), Some(i64::from(per_page)))
                .map_err(|(field, problem)| unavailable(format!("{field}: {problem:?}")))?;
            let found: Vec<SitemapEntry> = if kind {
                let page = self.tutors.search(&TutorFilter::default(), request).await.map_err(unavailable)?;
                page.items
                    .iter()
                    .map(|t| SitemapEntry { path: format!("/tutor/{}", t.user_number), changed: Some(t.approved_at) })
                    .collect()
            } else {
                let page = self.board.latest(request).await.map_err(unavailable)?;
                page.items.iter().map(|c| SitemapEntry { path: format!("/case/{}", c.number), changed: Some(c.updated_at) }).collect()
            };
            let last = found.len() < per_page as usize;
            entries.extend(found);
            if last {
                break;
            }
        }
        Ok((!entries.is_empty() || n == 1).then_some(entries))
    }
}

fn unavailable(e: impl std::fmt::Display) -> RepositoryError {
    RepositoryError::Unavailable(e.to_string().into())
}
