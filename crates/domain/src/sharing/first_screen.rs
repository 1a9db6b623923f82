//! What a tutor's or a case's page shows before the app's JavaScript runs (issue 14): the app's
//! own words and facts, in its order, so the app's takeover changes as little as it can. Built
//! from the same public views as the page's head, so nothing private (phone, e-mail, birth date,
//! documents) can be in it.

use crate::cases::model::{Case, PreferredGender};
use crate::shared::hong_kong;
use crate::shared::money::Rate;
use crate::tutors::model::{TutorGender, TutorProfile};

/// One labelled fact, e.g. 任教科目: 中學 數學.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fact {
    pub label: &'static str,
    pub value: String,
}

/// A titled block of text under the facts (a case's description).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub title: &'static str,
    pub text: String,
}

/// The first screen of a tutor's or a case's page.
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

fn fact(label: &'static str, value: impl Into<String>) -> Fact {
    Fact { label, value: value.into() }
}

/// Text the person left empty reads as such, as on the app's page.
fn filled(text: &str) -> String {
    if text.trim().is_empty() { "未填寫".into() } else { text.trim().into() }
}

fn applicants(count: u32) -> String {
    if count == 0 { "暫時未有導師申請".into() } else { format!("{count} 位導師已申請") }
}

fn per_lesson(rate: Rate) -> String {
    format!("每堂 {rate}")
}

impl FirstScreen {
    /// As the app's `TutorProfilePage` (frontend `features/tutors/routes`).
    pub fn tutor(profile: &TutorProfile) -> Self {
        let rating = match profile.reviews.average() {
            Some(average) => format!("★ {average:.1} {} 則評價", profile.reviews.count),
            None => "未有評價".into(),
        };
        let mut notes = vec![rating];
        notes.push(format!("已審核導師・{}批核", hong_kong::local(profile.approved_at).format("%Y年%-m月")));
        let gender = profile.gender.map(|g| match g {
            TutorGender::Male => "男",
            TutorGender::Female => "女",
        });
        let modes: Vec<&str> = profile.teaching_mode_choices().iter().map(|m| m.label).collect();
        let experience =
            if profile.experience_years == 0 { "少於一年".to_string() } else { format!("{} 年", profile.experience_years) };
        let rate = per_lesson(profile.rate);
        let mut facts: Vec<Fact> = gender.map(|g| fact("性別", g)).into_iter().collect();
        facts.extend([
            fact("教學經驗", experience),
            fact("學歷", filled(&profile.education)),
            fact("任教科目", filled(&profile.subject_labels().join("、"))),
            fact("教授程度", filled(&profile.grade_level)),
            fact("可上堂時間", filled(&profile.available_times)),
            fact("地點", profile.place.area),
            fact("教學模式", filled(&modes.join("、"))),
            fact("授課地區", filled(&profile.teaching_districts.join("、"))),
            fact("學費", rate.clone()),
            fact("考試成績", filled(&profile.exam_results)),
            fact("課程特色", filled(&profile.course_features)),
            fact("自我介紹", filled(&profile.bio)),
        ]);
        Self { overline: None, heading: profile.name.clone(), lead: rate, notes, image_path: profile.avatar.clone(), facts, section: None }
    }

    /// As the app's `CasePage` (frontend `features/cases/routes`), as anyone sees it.
    pub fn case(case: &Case) -> Self {
        let d = &case.details;
        let place = &d.place;
        let place = if place.district != place.area {
            format!("{}（{}・{}）", place.area, place.district, place.region)
        } else {
            format!("{}（{}）", place.area, place.region)
        };
        let gender = match d.preferred_gender {
            PreferredGender::NoLimit => "不限",
            PreferredGender::Male => "男",
            PreferredGender::Female => "女",
        };
        let rate = per_lesson(d.rate);
        Self {
            overline: Some(format!("個案編號 {}", case.number)),
            heading: d.title.clone(),
            lead: rate.clone(),
            notes: Vec::new(),
            image_path: None,
            facts: vec![
                fact("年級及科目", d.subject_line()),
                fact("上堂地點", place),
                fact("學費", rate),
                fact("上堂安排", format!("每堂 {} 分鐘・每週 {} 堂", d.session_minutes, d.sessions_per_week)),
                fact("開始日期", d.start_date.format("%Y年%-m月%-d日").to_string()),
                fact("導師性別要求", gender),
                fact("刊登時間", hong_kong::local(case.created_at).format("%d/%m/%Y %H:%M").to_string()),
                fact("申請人數", applicants(case.applicant_count)),
            ],
            section: Some(Section { title: "個案描述", text: d.description.clone() }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_text_reads_as_not_filled_as_in_the_app() {
        assert_eq!(filled("  \n"), "未填寫");
        assert_eq!(filled(" 港大 物理系 "), "港大 物理系");
    }

    #[test]
    fn applicants_and_fees_in_the_pages_words() {
        assert_eq!(applicants(0), "暫時未有導師申請");
        assert_eq!(applicants(3), "3 位導師已申請");
        assert_eq!(per_lesson(Rate::from_cents(35_000)), "每堂 HK$350");
        assert_eq!(per_lesson(Rate::from_cents(35_050)), "每堂 HK$350.50");
    }
}
