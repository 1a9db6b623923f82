//! The words of alerts (saved searches): its validation problems, its failures, and what a
//! saved search looks for, in both languages.

use tutorhub_domain::alerts::model::{FeeBounds, MAX_SAVED_SEARCHES, SearchSummary, SummaryPart};
use tutorhub_domain::alerts::saved_searches::SavedSearchError;
use tutorhub_domain::shared::language::Language::{self, En, ZhHk};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::validation::AlertsProblem;

use super::cases::{catalogue_name, first_problem, level_name};
use super::{InputWords, Words, pick, thousands};

impl Words for AlertsProblem {
    fn words(&self, language: Language) -> String {
        match self {
            Self::NothingNarrows => pick(
                language,
                "請最少選擇一個篩選條件或輸入關鍵字，以免收到所有新個案",
                "Choose at least one filter or enter a keyword, so that you are not sent every new case.",
            ),
            Self::KeywordsWithoutWords => {
                pick(language, "關鍵字須包含中文、英文字母或數字", "Keywords need Chinese characters, English letters or digits.")
            }
            Self::KeywordTooLong { max } => {
                pick(language, format!("每個關鍵字不可多於 {max} 個字"), format!("Each keyword can be at most {max} characters."))
            }
        }
    }
}

impl Words for SavedSearchError {
    fn words(&self, language: Language) -> String {
        match self {
            Self::Invalid(errors) => first_problem(errors, language),
            Self::NotATutor => pick(language, "只有已通過審批的導師可以設定個案通知", "Only approved tutors can set up case alerts."),
            Self::TooMany => pick(
                language,
                format!("每位導師最多可儲存 {MAX_SAVED_SEARCHES} 個搜尋"),
                format!("Each tutor can save at most {MAX_SAVED_SEARCHES} searches."),
            ),
            Self::NotFound => pick(language, "找不到這個儲存的搜尋", "This saved search could not be found."),
            Self::BadLink => pick(
                language,
                "這條停止通知的連結無效，或這個搜尋已被刪除",
                "This link to stop alerts is not valid, or the search was deleted.",
            ),
            Self::Repository(_) => InputWords::Internal.words(language),
        }
    }
}

impl Words for SearchSummary {
    /// "中學・數學、物理・觀塘區・每堂 HK$300 起・關鍵字：dse" /
    /// "Secondary · Mathematics, Physics · Kwun Tong · from HK$300 per lesson · keywords: dse".
    fn words(&self, language: Language) -> String {
        match self {
            Self::Outdated => pick(language, "已失效的搜尋條件", "Search criteria no longer valid"),
            Self::Looking(parts) if parts.is_empty() => pick(language, "所有個案", "All cases"),
            Self::Looking(parts) => {
                let parts: Vec<String> = parts.iter().map(|part| summary_part(part, language)).collect();
                parts.join(pick_static(language, "・", " · "))
            }
        }
    }
}

fn summary_part(part: &SummaryPart, language: Language) -> String {
    let names = |list: &[String]| {
        list.iter().map(|name| catalogue_name(name, language)).collect::<Vec<_>>().join(pick_static(language, "、", ", "))
    };
    match part {
        SummaryPart::Level(key) => level_name(key, language),
        SummaryPart::Grades(grades) => names(grades.as_slice()),
        SummaryPart::Subjects(subjects) => names(subjects.as_slice()),
        SummaryPart::SubjectText(text) => text.clone(),
        SummaryPart::Places(places) => names(places.as_slice()),
        SummaryPart::Fee(FeeBounds::Between(min, max)) => pick(
            language,
            format!("每堂 HK${} 至 HK${}", min.dollars(), max.dollars()),
            format!("{} to {} per lesson", money(*min), money(*max)),
        ),
        SummaryPart::Fee(FeeBounds::From(min)) => {
            pick(language, format!("每堂 HK${} 起", min.dollars()), format!("from {} per lesson", money(*min)))
        }
        SummaryPart::Fee(FeeBounds::UpTo(max)) => {
            pick(language, format!("每堂 HK${} 或以下", max.dollars()), format!("up to {} per lesson", money(*max)))
        }
        SummaryPart::Keywords(words) => pick(language, format!("關鍵字：{}", words.join(" ")), format!("keywords: {}", words.join(" "))),
    }
}

fn pick_static(language: Language, zh: &'static str, en: &'static str) -> &'static str {
    match language {
        ZhHk => zh,
        En => en,
    }
}

/// "HK$1,200", "HK$350.50".
fn money(rate: Rate) -> String {
    let cents = rate.cents();
    let dollars = thousands(cents / 100);
    if cents % 100 == 0 { format!("HK${dollars}") } else { format!("HK${dollars}.{:02}", cents % 100) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alert_rules_read_as_before_in_chinese_and_have_english() {
        assert_eq!(AlertsProblem::KeywordsWithoutWords.words(ZhHk), "關鍵字須包含中文、英文字母或數字");
        assert_eq!(AlertsProblem::KeywordTooLong { max: 20 }.words(ZhHk), "每個關鍵字不可多於 20 個字");
        assert_eq!(AlertsProblem::KeywordTooLong { max: 20 }.words(En), "Each keyword can be at most 20 characters.");
        assert_eq!(SavedSearchError::TooMany.words(ZhHk), "每位導師最多可儲存 10 個搜尋");
        assert_eq!(SavedSearchError::TooMany.words(En), "Each tutor can save at most 10 searches.");
    }

    #[test]
    fn a_summary_reads_as_before_in_chinese_and_has_english() {
        let summary = SearchSummary::Looking(vec![
            SummaryPart::Level("secondary"),
            SummaryPart::Subjects(vec!["數學".into(), "物理".into()]),
            SummaryPart::Places(vec!["觀塘區".into()]),
            SummaryPart::Fee(FeeBounds::From(Rate::from_cents(30_000))),
            SummaryPart::Keywords(vec!["dse".into()]),
        ]);
        assert_eq!(summary.words(ZhHk), "中學・數學、物理・觀塘區・每堂 HK$300 起・關鍵字：dse");
        let english = summary.words(En);
        assert!(english.starts_with("Secondary · ") && english.ends_with(" · from HK$300 per lesson · keywords: dse"), "{english}");
        let fee = SearchSummary::Looking(vec![SummaryPart::Fee(FeeBounds::Between(Rate::from_cents(30_050), Rate::from_cents(120_000)))]);
        assert_eq!(fee.words(ZhHk), "每堂 HK$300.5 至 HK$1200");
        assert_eq!(fee.words(En), "HK$300.50 to HK$1,200 per lesson");
        assert_eq!(SearchSummary::Looking(vec![]).words(ZhHk), "所有個案");
        assert_eq!(SearchSummary::Outdated.words(ZhHk), "已失效的搜尋條件");
    }
}
