//! The words of the fields and of the rules every area shares: "請填寫標題" / "Please fill in
//! the title". Each area's own rules are worded in its file beside this one.

use tutorhub_domain::shared::contact_details::{ContactKind, Exchange};
use tutorhub_domain::shared::language::Language::{self, En, ZhHk};
use tutorhub_domain::shared::real_text::NotRealText;
use tutorhub_domain::shared::validation::{Label, Problem, SearchProblem, Unit};

use super::{Words, pick};

/// A field's name: zh-HK as it stands in a sentence, English in lower case for the middle of
/// one (a sentence starting with it capitalises it, see [`capitalised`]).
pub fn label(label: Label, language: Language) -> &'static str {
    let (zh, en) = match label {
        Label::UserType => ("個人或機構", "account type"),
        Label::Name => ("名稱", "name"),
        Label::Phone => ("電話號碼", "phone number"),
        Label::Email => ("電郵", "email"),
        Label::Password => ("密碼", "password"),
        Label::BirthDate => ("出生日期", "date of birth"),
        Label::BusinessRegistration => ("商業登記證", "business registration certificate"),
        Label::AddressProof => ("地址證明", "proof of address"),
        Label::Identifier => ("電話號碼", "phone number"),
        Label::Avatar => ("頭像", "profile photo"),
        Label::PostType => ("個案類型", "case type"),
        Label::Title => ("標題", "title"),
        Label::CaseDescription => ("個案描述", "case description"),
        Label::Level => ("教育程度", "level"),
        Label::Grade => ("年級", "grade"),
        Label::Grades => ("年級", "grades"),
        Label::Subject => ("科目", "subject"),
        Label::Subjects => ("科目", "subjects"),
        Label::Location => ("地點", "location"),
        Label::Region => ("區域", "region"),
        Label::District => ("地區", "district"),
        Label::Districts => ("地區", "districts"),
        Label::Area => ("地點", "area"),
        Label::Areas => ("地點", "areas"),
        Label::RatePerLesson => ("每堂學費", "fee per lesson"),
        Label::SessionLength => ("每堂時長", "lesson length"),
        Label::SessionsPerWeek => ("每週堂數", "lessons per week"),
        Label::PreferredGender => ("導師性別要求", "tutor's gender"),
        Label::StartDate => ("開始日期", "start date"),
        Label::MaxRate => ("最高學費", "highest fee"),
        Label::Sort => ("排序方式", "order"),
        Label::Page => ("頁數", "page"),
        Label::PageSize => ("每頁數量", "page size"),
        Label::Keywords => ("關鍵字", "keywords"),
        Label::SearchWords => ("搜尋字詞", "search words"),
        Label::Education => ("學歷", "education"),
        Label::Age => ("年齡", "age"),
        Label::TeachingExperience => ("教學經驗", "teaching experience"),
        Label::ExamResults => ("考試成績", "exam results"),
        Label::CourseFeatures => ("課程特色", "course features"),
        Label::TeachingArea => ("教授地區", "teaching area"),
        Label::TeachingSchedule => ("可上堂時間", "available times"),
        Label::Gender => ("性別", "gender"),
        Label::Bio => ("自我介紹", "introduction"),
        Label::TeachingModes => ("教學模式", "teaching modes"),
        Label::TeachingDistricts => ("授課地區", "teaching districts"),
        Label::TeachingSubjects => ("任教科目", "subjects taught"),
        Label::AvailableTimes => ("可上堂時間", "available times"),
        Label::FirstLesson => ("第一堂時間", "first lesson"),
        Label::BookingTime => ("預約時間", "booking time"),
        Label::Message => ("留言", "message"),
        Label::LessonTime => ("上堂時間", "lesson time"),
        Label::LessonMinutes => ("每堂時長", "lesson length"),
        Label::EndReason => ("結束的原因", "reason for ending"),
        Label::EndNote => ("補充說明", "note"),
        Label::CancelReason => ("取消原因", "reason for cancelling"),
        Label::DisputeReason => ("異議原因", "reason for disputing"),
        Label::ResolutionReason => ("處理原因", "reason for the decision"),
        Label::ReviewText => ("評價內容", "review"),
        Label::Reply => ("回覆", "reply"),
        Label::Stars => ("評分", "rating"),
        Label::ReportReason => ("舉報原因", "reason for reporting"),
        Label::RejectionReason => ("拒絕原因", "reason for rejecting"),
        Label::Amount => ("金額", "amount"),
        Label::Reference => ("參考編號", "reference"),
        Label::Reason => ("原因", "reason"),
        Label::PaidOn => ("付款日期", "payment date"),
        Label::DueOn => ("到期日", "due date"),
        Label::PaymentProof => ("付款證明", "proof of payment"),
        Label::PaymentReference => ("付款的參考編號", "payment reference"),
        Label::RefundReference => ("退款的參考編號", "refund reference"),
        Label::FpsReference => ("轉數快的參考編號", "FPS reference"),
        Label::WaiverReason => ("豁免的原因", "reason for the waiver"),
        Label::AdjustmentReason => ("調整的原因", "reason for the adjustment"),
        Label::DueChangeReason => ("更改到期日的原因", "reason for moving the due date"),
        Label::SavedSearchCriteria => ("搜尋條件", "search criteria"),
    };
    pick_static(language, zh, en)
}

/// Whether a field's English name is a plural ("the grades are …").
fn plural(label: Label) -> bool {
    matches!(
        label,
        Label::Grades
            | Label::Subjects
            | Label::Districts
            | Label::Areas
            | Label::Keywords
            | Label::SearchWords
            | Label::TeachingModes
            | Label::TeachingDistricts
            | Label::TeachingSubjects
            | Label::ExamResults
            | Label::CourseFeatures
            | Label::AvailableTimes
            | Label::TeachingSchedule
            | Label::SavedSearchCriteria
    )
}

/// An English sentence starting with a field's name: "Title must …".
pub fn capitalised(label_words: &str) -> String {
    let mut chars = label_words.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn pick_static(language: Language, zh: &'static str, en: &'static str) -> &'static str {
    match language {
        ZhHk => zh,
        En => en,
    }
}

fn unit(unit: Unit, language: Language) -> &'static str {
    let (zh, en) = match unit {
        Unit::Minutes => ("分鐘", "minutes"),
        Unit::Lessons => ("堂", "lessons"),
        Unit::Years => ("年", "years"),
        Unit::YearsOfAge => ("歲", "years old"),
    };
    pick_static(language, zh, en)
}

/// What a kind of contact detail is called in a refusal.
fn contact_kind(kind: ContactKind, language: Language) -> &'static str {
    let (zh, en) = match kind {
        ContactKind::Phone => ("電話號碼", "a phone number"),
        ContactKind::Email => ("電郵地址", "an email address"),
        ContactKind::Messenger => ("通訊軟件帳號（如 WhatsApp、微信）", "a messenger account (such as WhatsApp or WeChat)"),
        ContactKind::Link => ("網址連結", "a link"),
    };
    pick_static(language, zh, en)
}

/// Where the two sides of an exchange do see each other's phone.
fn where_contacts_are(exchange: Exchange, language: Language) -> &'static str {
    let (zh, en) = match exchange {
        Exchange::Case => (
            "導師確認配對後，雙方會在「我的個案」及「我的申請」看到對方的電話。",
            "Once the tutor confirms the match, both sides see each other's phone in My cases and My applications.",
        ),
        Exchange::Tutor => (
            "配對確認或你接受預約後，雙方便會看到對方的電話。",
            "Once a match is confirmed or you accept a booking, both sides see each other's phone.",
        ),
        Exchange::Review => (
            "評價會公開顯示；如需聯絡對方，可在「我的個案」或「我的預約」查看電話。",
            "Reviews are public; to contact the other side, find their phone in My cases or My bookings.",
        ),
        Exchange::Booking => (
            "導師接受預約後，雙方會在「我的預約」看到對方的電話。",
            "Once the tutor accepts the booking, both sides see each other's phone in My bookings.",
        ),
    };
    pick_static(language, zh, en)
}

impl Words for Problem {
    fn words(&self, language: Language) -> String {
        let l = |field: &Label| label(*field, language);
        match self {
            Problem::Missing(field) => pick(language, format!("請填寫{}", l(field)), format!("Please fill in the {}.", l(field))),
            Problem::NotChosen(field) => pick(language, format!("請選擇{}", l(field)), format!("Please choose the {}.", l(field))),
            Problem::Incorrect(field) => {
                let verb = if plural(*field) { "are" } else { "is" };
                pick(language, format!("{}不正確", l(field)), format!("The {} {verb} not valid.", l(field)))
            }
            Problem::TooLong { label: field, max } => pick(
                language,
                format!("{}不可多於 {max} 個字", l(field)),
                format!("{} can be at most {max} characters.", capitalised(l(field))),
            ),
            Problem::TooMany { label: field, max } => {
                pick(language, format!("{}最多 {max} 個", l(field)), format!("Use at most {max} {}.", l(field)))
            }
            Problem::OutOfRange { label: field, min, max, unit: None } => pick(
                language,
                format!("{}須介乎 {min} 至 {max}", l(field)),
                format!("{} must be between {min} and {max}.", capitalised(l(field))),
            ),
            Problem::OutOfRange { label: field, min, max, unit: Some(u) } => pick(
                language,
                format!("{}須介乎 {min} 至 {max} {}", l(field), unit(*u, ZhHk)),
                format!("{} must be between {min} and {max} {}.", capitalised(l(field)), unit(*u, En)),
            ),
            Problem::ControlCharacters(field) => {
                pick(language, format!("{}不可包含控制字元", l(field)), format!("The {} cannot contain control characters.", l(field)))
            }
            Problem::ContactDetails { label: field, found, exchange } => pick(
                language,
                format!(
                    "為保障雙方，{}不可包含{}或其他聯絡方法；{}",
                    l(field),
                    contact_kind(*found, ZhHk),
                    where_contacts_are(*exchange, ZhHk)
                ),
                format!(
                    "To protect both sides, the {} cannot contain {} or any other way to get in touch. {}",
                    l(field),
                    contact_kind(*found, En),
                    where_contacts_are(*exchange, En)
                ),
            ),
            Problem::NotReal { label: field, why, min_chars } => match why {
                NotRealText::TooShort => pick(
                    language,
                    format!("{}最少要有 {min_chars} 個字", l(field)),
                    format!("The {} needs at least {min_chars} characters.", l(field)),
                ),
                NotRealText::NoWords => pick(
                    language,
                    format!("{}要有文字，不可只有數字或符號", l(field)),
                    format!("The {} needs words, not only numbers or symbols.", l(field)),
                ),
                NotRealText::Repeated => {
                    pick(language, format!("{}不可只重複同一個字", l(field)), format!("The {} cannot be one character repeated.", l(field)))
                }
            },
            Problem::FeeNotPositive => pick(language, "每堂學費必須大於 0", "The fee per lesson must be more than 0."),
            Problem::FeeTooHigh { max_dollars } => pick(
                language,
                format!("每堂學費不可高於 HK${max_dollars}"),
                format!("The fee per lesson cannot be more than HK${}.", thousands(*max_dollars)),
            ),
            Problem::FeeCents => pick(language, "每堂學費最多只可有兩個小數位", "The fee per lesson can have at most two decimal places."),
            Problem::Search(SearchProblem::WordsTooLong { max }) => {
                pick(language, format!("搜尋字詞最多 {max} 個字"), format!("Search words can be at most {max} characters."))
            }
            Problem::Search(SearchProblem::TooDeep { max }) => pick(
                language,
                format!("只可查看首 {max} 個結果，請用篩選條件或關鍵字收窄範圍"),
                format!("Only the first {} results can be shown. Narrow the search with filters or keywords.", thousands(*max as i64)),
            ),
            Problem::Accounts(p) => p.words(language),
            Problem::Alerts(p) => p.words(language),
            Problem::Billing(p) => p.words(language),
            Problem::Bookings(p) => p.words(language),
            Problem::Cases(p) => p.words(language),
            Problem::Lessons(p) => p.words(language),
            Problem::Matching(p) => p.words(language),
            Problem::Organizations(p) => p.words(language),
            Problem::Profiles(p) => p.words(language),
            Problem::Reviews(p) => p.words(language),
            Problem::Tutors(p) => p.words(language),
        }
    }
}

/// "100,000": English writes thousands apart (the Chinese sentences keep the figure as it was).
pub fn thousands(value: i64) -> String {
    let digits = value.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if value < 0 { format!("-{out}") } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_rules_read_the_same_in_chinese_as_before_and_naturally_in_english() {
        let missing = Problem::Missing(Label::Title);
        assert_eq!(missing.words(ZhHk), "請填寫標題");
        assert_eq!(missing.words(En), "Please fill in the title.");
        let range = Problem::OutOfRange { label: Label::SessionLength, min: 30, max: 240, unit: Some(Unit::Minutes) };
        assert_eq!(range.words(ZhHk), "每堂時長須介乎 30 至 240 分鐘");
        assert_eq!(range.words(En), "Lesson length must be between 30 and 240 minutes.");
        assert_eq!(Problem::FeeTooHigh { max_dollars: 100_000 }.words(En), "The fee per lesson cannot be more than HK$100,000.");
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(-1234567), "-1,234,567");
    }
}
