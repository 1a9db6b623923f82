//! The back office's zh-HK words for lessons: a refusal reads to the clerk as the family and the
//! tutor read it in zh-HK (the API's words, `tutorhub_http::words`).

use tutorhub_domain::lessons::record::LessonError;
use tutorhub_domain::shared::language::Language;
use tutorhub_http::words::Words;

/// A refusal of the lesson record in the clerk's words (zh-HK); a failure of storage keeps its
/// cause.
pub fn lesson_error(error: LessonError) -> anyhow::Error {
    match error {
        LessonError::Repository(_) => anyhow::Error::new(error),
        refused => anyhow::anyhow!(refused.words(Language::ZhHk)),
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::lessons::model::LessonStatus;

    use super::*;

    #[test]
    fn refusals_read_as_before() {
        let settled = lesson_error(LessonError::NotDisputed(LessonStatus::Confirmed));
        assert_eq!(settled.to_string(), "這一堂的狀態為「已確認」，沒有待處理的異議");
    }
}
