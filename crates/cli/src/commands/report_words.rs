//! The report's words and formats, shared by its table (`report`) and its page
//! (`report_html`): English names of the catalogue's stored names, durations, shares.

use tutorhub_domain::reports::figures::{FunnelStage, percent};
use tutorhub_domain::shared::catalogue;

/// A level's English name from its key; the key itself for a level the catalogue lost.
pub fn level_name(key: &str) -> String {
    catalogue::level(key).and_then(|level| catalogue::english(level.label)).unwrap_or(key).to_string()
}

/// The English name of a stored name (a region, a district, a subject); a tertiary subject
/// typed in free text is shown as typed.
pub fn name(stored: &str) -> String {
    catalogue::english(stored).unwrap_or(stored).to_string()
}

/// A wait, cut to the minute: "45 s", "12 min", "5 h 12 min", "3 d 4 h"; "-" when no case had one.
pub fn duration(seconds: Option<i64>) -> String {
    let Some(seconds) = seconds else { return "-".to_string() };
    let minutes = seconds / 60;
    match minutes {
        0 => format!("{seconds} s"),
        1..60 => format!("{minutes} min"),
        // Up to two days in hours: "30 h 5 min" reads better than "1 d 6 h" for a first reply.
        60..2880 => format!("{} h {} min", minutes / 60, minutes % 60),
        _ => format!("{} d {} h", minutes / 1440, minutes / 60 % 24),
    }
}

/// `part` of `whole` as "33%"; "-" of nothing.
pub fn share(part: u64, whole: u64) -> String {
    percent(part, whole).map_or_else(|| "-".to_string(), |p| format!("{p}%"))
}

/// A funnel step as the table and the page name it.
pub fn stage_name(stage: FunnelStage) -> &'static str {
    match stage {
        FunnelStage::Posted => "Posted",
        FunnelStage::Approved => "Approved",
        FunnelStage::Applied => "With an applicant",
        FunnelStage::Matched => "Matched (tutor chosen)",
        FunnelStage::Confirmed => "Confirmed by the tutor",
        FunnelStage::FirstLesson => "First lesson held",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_read_in_the_largest_sensible_units() {
        assert_eq!(duration(None), "-");
        assert_eq!(duration(Some(45)), "45 s");
        assert_eq!(duration(Some(12 * 60 + 59)), "12 min");
        assert_eq!(duration(Some(5 * 3600 + 12 * 60)), "5 h 12 min");
        assert_eq!(duration(Some(30 * 3600)), "30 h 0 min");
        assert_eq!(duration(Some(3 * 86_400 + 4 * 3600 + 59)), "3 d 4 h");
        assert_eq!((share(1, 3), share(0, 0)), ("33%".to_string(), "-".to_string()));
    }

    #[test]
    fn stored_names_read_in_english() {
        assert_eq!(level_name("secondary"), "Secondary");
        assert_eq!(level_name("music"), "music");
        let kowloon = catalogue::REGIONS[1].name;
        assert_eq!(name(kowloon), "Kowloon");
        assert_eq!(name("Accounting"), "Accounting");
    }
}
