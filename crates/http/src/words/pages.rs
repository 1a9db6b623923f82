//! The words of the public pages (issues 14 and 35): each page's head (its title and
//! description, as a link preview and a search result show them) and a tutor's or a case's
//! first screen, in zh-HK and in English. The domain says which page an address shows and what
//! it holds (`tutorhub_domain::sharing::heads::PublicPage`); the catalogue's names (levels,
//! grades, subjects, places) read in English from `catalogue::english`, and what a person typed
//! (a name, a title, a bio) stays as typed. The zh-HK words are the app's own (frontend
//! `src/i18n/*-zh-HK.ts`), so the app's takeover of a first screen changes as little as it can.

use tutorhub_domain::cases::model::{Case, PreferredGender};
use tutorhub_domain::shared::catalogue;
use tutorhub_domain::shared::hong_kong;
use tutorhub_domain::shared::language::Language::{self, En, ZhHk};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::sharing::heads::{BoardFilters, PublicPage, SITE_NAME};
use tutorhub_domain::tutors::model::{TutorGender, TutorProfile, TutorSubject};

use super::{pick, thousands};

/// A page's title and description.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadWords {
    pub title: String,
    pub description: String,
}

/// One labelled fact of a first screen, e.g. 任教科目: 中學 物理.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fact {
    pub label: String,
    pub value: String,
}

/// A titled block of text under the facts (a case's description).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    pub text: String,
}

/// The first screen of a tutor's or a case's page, as the app's page shows it (frontend
/// `features/tutors/routes` `TutorProfilePage`, `features/cases/routes` `CasePage`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirstScreen {
    /// A small line above the heading (a case's number).
    pub overline: Option<String>,
    pub heading: String,
    /// The fee, under the heading.
    pub lead: String,
    /// Short lines under the fee (a tutor's rating and approval).
    pub notes: Vec<String>,
    /// A path on this site (the tutor's avatar).
    pub image_path: Option<String>,
    pub facts: Vec<Fact>,
    pub section: Option<Section>,
}

/// The home page's head, also for any page without one of its own (a member's page, a tutor
/// or a case that is not there).
pub fn home(language: Language) -> HeadWords {
    HeadWords {
        title: pick(language, format!("{SITE_NAME}｜香港補習配對平台"), format!("{SITE_NAME} | Hong Kong tutor matching platform")),
        description: pick(
            language,
            "連繫家長、學生與導師的香港補習配對平台：免費刊登補習個案，按科目、地區及學費搜尋已審核導師及最新個案。",
            "The Hong Kong tutoring platform for parents, students and tutors: post a tutoring case for free, and find approved \
             tutors and the latest cases by subject, district and fee.",
        ),
    }
}

/// The head of a public page in `language`.
pub fn head(page: &PublicPage, language: Language) -> HeadWords {
    match page {
        PublicPage::Home => home(language),
        PublicPage::Board(filters) => board(filters, language),
        PublicPage::Terms => site(
            language,
            pick(language, "服務條款", "Terms of service"),
            pick(
                language,
                format!("{SITE_NAME} 的服務條款：使用平台、刊登個案及預約導師的規則。"),
                format!("The {SITE_NAME} terms of service: the rules for using the platform, posting cases and booking tutors."),
            ),
        ),
        PublicPage::Privacy => site(
            language,
            pick(language, "私隱政策", "Privacy policy"),
            pick(
                language,
                format!("{SITE_NAME} 如何收集、使用及保護你的個人資料。"),
                format!("How {SITE_NAME} collects, uses and protects your personal data."),
            ),
        ),
        PublicPage::Tutor(profile) => tutor_head(profile, language),
        PublicPage::Case(case) => case_head(case, language),
    }
}

/// The first screen of a tutor's or a case's page; none for the other pages (the build
/// prerenders theirs).
pub fn first_screen(page: &PublicPage, language: Language) -> Option<FirstScreen> {
    match page {
        PublicPage::Tutor(profile) => Some(tutor_screen(profile, language)),
        PublicPage::Case(case) => Some(case_screen(case, language)),
        _ => None,
    }
}

/// A page of the site's own: its title, then the site's name and what it is.
fn site(language: Language, title: String, description: String) -> HeadWords {
    HeadWords {
        title: pick(
            language,
            format!("{title}｜{SITE_NAME} 香港補習配對平台"),
            format!("{title} | {SITE_NAME} · Hong Kong tutor matching platform"),
        ),
        description,
    }
}

/// The board's head: its filters in words.
fn board(filters: &BoardFilters, language: Language) -> HeadWords {
    let words = filter_words(filters, language);
    match language {
        ZhHk => {
            let (title, subject) = if words.is_empty() {
                ("所有補習個案".to_string(), "最新補習個案".to_string())
            } else {
                (format!("所有補習個案：{}", words.join("・")), format!("{}補習個案", words.join("・")))
            };
            site(language, title, format!("{subject}：按年級、科目、地區及學費篩選，導師可即時申請。"))
        }
        En => {
            let (title, subject) = if words.is_empty() {
                ("All tutoring cases".to_string(), "The latest tutoring cases".to_string())
            } else {
                (format!("All tutoring cases: {}", words.join(" · ")), format!("Tutoring cases for {}", words.join(" · ")))
            };
            site(language, title, format!("{subject}: filter by grade, subject, district and fee; tutors can apply straight away."))
        }
    }
}

/// The filters of a board search in words: level, grades, subjects, place, fee. Only the
/// catalogue's names: a link's query string must not put its own words in a preview.
fn filter_words(f: &BoardFilters, language: Language) -> Vec<String> {
    let mut words = Vec::new();
    words.extend(f.level.map(|level| named(level.label, language)));
    words.extend(f.grades.iter().map(|grade| named(grade, language)));
    words.extend(f.subjects.iter().map(|subject| named(subject, language)));
    words.extend(f.region.map(|region| named(region, language)));
    words.extend(f.districts.iter().map(|district| named(district, language)));
    words.extend(f.areas.iter().map(|area| named(area, language)));
    if let Some(min) = f.min_rate {
        words.push(pick(language, format!("每堂 HK${} 起", min.dollars()), format!("from {} per lesson", money(min))));
    }
    words
}

fn tutor_head(profile: &TutorProfile, language: Language) -> HeadWords {
    let subjects = subjects(profile, language);
    let (area, district) = (named(profile.place.area, language), named(profile.place.district, language));
    let bio = excerpt(&profile.bio);
    let average = profile.reviews.average();
    match language {
        ZhHk => {
            let rating = average.map(|avg| format!("・評分 {avg:.1}（{} 則評價）", profile.reviews.count)).unwrap_or_default();
            HeadWords {
                title: format!("{}｜{subjects}導師｜{SITE_NAME}", profile.name),
                description: format!("{subjects}・{area}（{district}）・每堂 HK${}{rating}。{bio}", profile.rate.dollars()),
            }
        }
        En => {
            let rating = average.map(|avg| format!(" · rated {avg:.1} ({})", reviews(profile.reviews.count))).unwrap_or_default();
            // A preview reads in one language: a bio written in Chinese stays out of the English one.
            let bio = if bio.is_empty() || has_chinese(&bio) { String::new() } else { format!(" {bio}") };
            HeadWords {
                title: format!("{} | {subjects} tutor | {SITE_NAME}", profile.name),
                description: format!(
                    "{subjects} · {} · {} per lesson{rating}.{bio}",
                    area_in_district(&area, &district),
                    money(profile.rate)
                ),
            }
        }
    }
}

fn case_head(case: &Case, language: Language) -> HeadWords {
    let d = &case.details;
    let grade = named(&d.grade, language);
    let subjects: Vec<String> = d.subjects.iter().map(|subject| named(subject, language)).collect();
    let (area, district) = (named(d.place.area, language), named(d.place.district, language));
    match language {
        ZhHk => HeadWords {
            title: format!("{}｜補習個案 {}｜{SITE_NAME}", d.title, case.number),
            description: format!(
                "{grade}{}・{area}（{district}）・每堂 HK${}・每週 {} 堂，每堂 {} 分鐘。",
                subjects.join("、"),
                d.rate.dollars(),
                d.sessions_per_week,
                d.session_minutes
            ),
        },
        En => HeadWords {
            title: format!("{} | Tutoring case {} | {SITE_NAME}", d.title, case.number),
            description: format!(
                "{grade} {} · {} · {} per lesson · {}, {} minutes each.",
                subjects.join(", "),
                area_in_district(&area, &district),
                money(d.rate),
                lessons_a_week(d.sessions_per_week),
                d.session_minutes
            ),
        },
    }
}

fn tutor_screen(profile: &TutorProfile, language: Language) -> FirstScreen {
    let rating = match profile.reviews.average() {
        Some(average) => pick(
            language,
            format!("★ {average:.1} {} 則評價", profile.reviews.count),
            format!("★ {average:.1} ({})", reviews(profile.reviews.count)),
        ),
        None => pick(language, "未有評價", "No reviews yet"),
    };
    let approved = hong_kong::local(profile.approved_at);
    let notes = vec![
        rating,
        pick(
            language,
            format!("已審核導師・{}批核", approved.format("%Y年%-m月")),
            format!("Verified tutor · approved {}", approved.format("%b %Y")),
        ),
    ];
    let gender = profile.gender.map(|gender| match gender {
        TutorGender::Male => pick(language, "男", "Male"),
        TutorGender::Female => pick(language, "女", "Female"),
    });
    let experience = match profile.experience_years {
        0 => pick(language, "少於一年", "Less than a year"),
        1 => pick(language, "1 年", "1 year"),
        years => pick(language, format!("{years} 年"), format!("{years} years")),
    };
    let modes: Vec<String> = profile.teaching_mode_choices().iter().map(|mode| named(mode.label, language)).collect();
    let districts: Vec<String> = profile.teaching_districts.iter().map(|district| named(district, language)).collect();
    let levels = match language {
        // As the profile keeps it ("小學、中學").
        ZhHk => profile.grade_level.clone(),
        En => catalogue::LEVELS
            .iter()
            .filter(|level| profile.subjects.iter().any(|subject| subject.level == level.key))
            .map(|level| named(level.label, language))
            .collect::<Vec<_>>()
            .join(", "),
    };
    let rate = per_lesson(profile.rate, language);
    let mut facts: Vec<Fact> = gender.map(|gender| fact(pick(language, "性別", "Gender"), gender)).into_iter().collect();
    facts.extend([
        fact(pick(language, "教學經驗", "Teaching experience"), experience),
        fact(pick(language, "學歷", "Education"), filled(&profile.education, language)),
        fact(pick(language, "任教科目", "Subjects"), filled(&subjects(profile, language), language)),
        fact(pick(language, "教授程度", "Levels taught"), filled(&levels, language)),
        fact(pick(language, "可上堂時間", "Available times"), filled(&profile.available_times, language)),
        fact(pick(language, "地點", "Area"), named(profile.place.area, language)),
        fact(pick(language, "教學模式", "Teaching modes"), filled(&modes.join(list_separator(language)), language)),
        fact(pick(language, "授課地區", "Districts taught"), filled(&districts.join(list_separator(language)), language)),
        fact(pick(language, "學費", "Fee"), rate.clone()),
        fact(pick(language, "考試成績", "Exam results"), filled(&profile.exam_results, language)),
        fact(pick(language, "課程特色", "Course features"), filled(&profile.course_features, language)),
        fact(pick(language, "自我介紹", "About me"), filled(&profile.bio, language)),
    ]);
    FirstScreen {
        overline: None,
        heading: profile.name.clone(),
        lead: rate,
        notes,
        image_path: profile.avatar.clone(),
        facts,
        section: None,
    }
}

fn case_screen(case: &Case, language: Language) -> FirstScreen {
    let d = &case.details;
    let (area, district, region) = (named(d.place.area, language), named(d.place.district, language), named(d.place.region, language));
    // An area with its district's own name (in English, Sha Tin in Sha Tin) is named once.
    let place = match (language, district != area) {
        (ZhHk, true) => format!("{area}（{district}・{region}）"),
        (ZhHk, false) => format!("{area}（{region}）"),
        (En, true) => format!("{area} ({district}, {region})"),
        (En, false) => format!("{area} ({region})"),
    };
    let gender = match d.preferred_gender {
        PreferredGender::NoLimit => pick(language, "不限", "No preference"),
        PreferredGender::Male => pick(language, "男", "Male"),
        PreferredGender::Female => pick(language, "女", "Female"),
    };
    let subject_line = match language {
        // As the case keeps it ("中四 物理").
        ZhHk => d.subject_line(),
        En => format!(
            "{} {}",
            named(&d.grade, language),
            d.subjects.iter().map(|subject| named(subject, language)).collect::<Vec<_>>().join(", ")
        ),
    };
    let posted = hong_kong::local(case.created_at);
    let rate = per_lesson(d.rate, language);
    FirstScreen {
        overline: Some(pick(language, format!("個案編號 {}", case.number), format!("Case no. {}", case.number))),
        heading: d.title.clone(),
        lead: rate.clone(),
        notes: Vec::new(),
        image_path: None,
        facts: vec![
            fact(pick(language, "年級及科目", "Grade and subjects"), subject_line),
            fact(pick(language, "上堂地點", "Lesson location"), place),
            fact(pick(language, "學費", "Fee"), rate),
            fact(
                pick(language, "上堂安排", "Lessons"),
                pick(
                    language,
                    format!("每堂 {} 分鐘・每週 {} 堂", d.session_minutes, d.sessions_per_week),
                    format!("{} minutes a lesson · {}", d.session_minutes, lessons_a_week(d.sessions_per_week)),
                ),
            ),
            fact(
                pick(language, "開始日期", "Start date"),
                pick(language, d.start_date.format("%Y年%-m月%-d日").to_string(), d.start_date.format("%-d %b %Y").to_string()),
            ),
            fact(pick(language, "導師性別要求", "Preferred tutor gender"), gender),
            fact(
                pick(language, "刊登時間", "Posted"),
                pick(language, posted.format("%d/%m/%Y %H:%M").to_string(), posted.format("%-d %b %Y, %H:%M").to_string()),
            ),
            fact(pick(language, "申請人數", "Applicants"), applicants(case.applicant_count, language)),
        ],
        section: Some(Section { title: pick(language, "個案描述", "Case description"), text: d.description.clone() }),
    }
}

/// "Tai Wai (Sha Tin)"; an area with its district's own name ("Sha Tin" in Sha Tin) once.
fn area_in_district(area: &str, district: &str) -> String {
    if area == district { area.to_string() } else { format!("{area} ({district})") }
}

fn fact(label: String, value: impl Into<String>) -> Fact {
    Fact { label, value: value.into() }
}

/// A name of the catalogue (a level, grade, subject, region, district, area or a choice's
/// label, e.g. a teaching mode) in `language`:
/// in English, the catalogue's English name, or the name as kept when it has none (a tertiary
/// subject is typed).
pub fn named(name: &str, language: Language) -> String {
    match language {
        ZhHk => name.to_string(),
        En => catalogue::english(name).map_or_else(|| name.to_string(), str::to_string),
    }
}

/// A tutor's subject, "中學 物理" / "Secondary Physics".
fn subject(subject: &TutorSubject, language: Language) -> String {
    match language {
        ZhHk => subject.label(),
        En => {
            let level = catalogue::level(subject.level).map_or_else(|| subject.level.to_string(), |level| named(level.label, language));
            format!("{level} {}", named(&subject.name, language))
        }
    }
}

fn subjects(profile: &TutorProfile, language: Language) -> String {
    profile.subjects.iter().map(|s| subject(s, language)).collect::<Vec<_>>().join(list_separator(language))
}

fn list_separator(language: Language) -> &'static str {
    match language {
        ZhHk => "、",
        En => ", ",
    }
}

/// Text the person left empty reads as such, as on the app's page.
fn filled(text: &str, language: Language) -> String {
    if text.trim().is_empty() { pick(language, "未填寫", "Not given") } else { text.trim().into() }
}

fn applicants(count: u32, language: Language) -> String {
    match count {
        0 => pick(language, "暫時未有導師申請", "No tutors have applied yet"),
        1 => pick(language, "1 位導師已申請", "1 tutor has applied"),
        n => pick(language, format!("{n} 位導師已申請"), format!("{n} tutors have applied")),
    }
}

/// "每堂 HK$350" / "HK$350 per lesson".
fn per_lesson(rate: Rate, language: Language) -> String {
    pick(language, format!("每堂 {rate}"), format!("{} per lesson", money(rate)))
}

/// "HK$1,200", "HK$350.50": English writes thousands apart.
fn money(rate: Rate) -> String {
    let cents = rate.cents();
    let dollars = thousands(cents / 100);
    if cents % 100 == 0 { format!("HK${dollars}") } else { format!("HK${dollars}.{:02}", cents % 100) }
}

fn reviews(count: u32) -> String {
    if count == 1 { "1 review".into() } else { format!("{count} reviews") }
}

fn lessons_a_week(count: u32) -> String {
    if count == 1 { "1 lesson a week".into() } else { format!("{count} lessons a week") }
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

/// Whether a text has Chinese (or other CJK) characters or punctuation.
fn has_chinese(text: &str) -> bool {
    text.chars()
        .any(|c| matches!(c, '\u{2E80}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{FF00}'..='\u{FFEF}' | '\u{20000}'..='\u{3FFFF}'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_text_reads_as_not_filled_as_in_the_app() {
        assert_eq!(filled("  \n", ZhHk), "未填寫");
        assert_eq!(filled("  \n", En), "Not given");
        assert_eq!(filled(" 港大 物理系 ", En), "港大 物理系");
    }

    #[test]
    fn applicants_and_fees_in_the_pages_words() {
        assert_eq!(applicants(0, ZhHk), "暫時未有導師申請");
        assert_eq!(applicants(3, ZhHk), "3 位導師已申請");
        assert_eq!(applicants(1, En), "1 tutor has applied");
        assert_eq!(applicants(3, En), "3 tutors have applied");
        assert_eq!(per_lesson(Rate::from_cents(35_000), ZhHk), "每堂 HK$350");
        assert_eq!(per_lesson(Rate::from_cents(35_050), ZhHk), "每堂 HK$350.50");
        assert_eq!(per_lesson(Rate::from_cents(120_000), En), "HK$1,200 per lesson");
        assert_eq!(per_lesson(Rate::from_cents(35_050), En), "HK$350.50 per lesson");
    }

    #[test]
    fn the_site_pages_read_as_before_in_zh_hk_and_have_english() {
        assert_eq!(home(ZhHk).title, "tutorhub｜香港補習配對平台");
        assert_eq!(head(&PublicPage::Terms, ZhHk).title, "服務條款｜tutorhub 香港補習配對平台");
        assert_eq!(head(&PublicPage::Privacy, ZhHk).description, "tutorhub 如何收集、使用及保護你的個人資料。");
        assert_eq!(head(&PublicPage::Board(BoardFilters::default()), ZhHk).title, "所有補習個案｜tutorhub 香港補習配對平台");
        for page in [PublicPage::Home, PublicPage::Terms, PublicPage::Privacy, PublicPage::Board(BoardFilters::default())] {
            let words = head(&page, En);
            assert!(!has_chinese(&words.title) && !has_chinese(&words.description), "{words:?}");
        }
    }

    #[test]
    fn chinese_is_told_apart_from_english() {
        assert!(has_chinese("喜歡教學"));
        assert!(has_chinese("Patient，kind"));
        assert!(!has_chinese("Patient and kind · HK$400 (Sha Tin)"));
        assert_eq!(excerpt(&format!("a  b\n{}", "x".repeat(100))).chars().count(), 81);
    }
}
