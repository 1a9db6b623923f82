//! The one catalogue of levels, grades, subjects, places and option lists.
//!
//! Every form, filter and rule reads from here (the server serves it as `GET /catalogue`),
//! so a grade or an area exists in exactly one place. Data: `shared/design/catalogue-zh-HK.md`.
//!
//! The stored names are zh-HK; [`english`] gives each one's English name (Hong Kong usage: P1,
//! S1, HKDSE subject names, districts and areas as the government writes them). The frontend
//! keeps the same pairs in `frontend/src/i18n/catalogue-names-en.ts`.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Serialize;

/// An education level with its grades and subjects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Level {
    /// Stable key used in the API and database, e.g. `secondary`.
    pub key: &'static str,
    pub label: &'static str,
    pub grades: &'static [&'static str],
    /// Empty when the subject is free text (tertiary).
    pub subjects: &'static [&'static str],
}

impl Level {
    /// Tertiary cases name their one subject in free text.
    pub fn free_text_subject(&self) -> bool {
        self.subjects.is_empty()
    }

    pub fn has_grade(&self, grade: &str) -> bool {
        self.grades.contains(&grade)
    }

    pub fn has_subject(&self, subject: &str) -> bool {
        self.subjects.contains(&subject)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct District {
    pub name: &'static str,
    pub areas: &'static [&'static str],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Region {
    pub name: &'static str,
    pub districts: &'static [District],
}

/// A keyed option with its zh-HK label (teaching modes, genders, post types, user types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub key: &'static str,
    pub label: &'static str,
}

/// Where an area lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub region: &'static str,
    pub district: &'static str,
    pub area: &'static str,
}

const KINDERGARTEN_GRADES: &[&str] = &["K1 幼兒班", "K2 低班", "K3 高班"];
const PRIMARY_GRADES: &[&str] = &["小一", "小二", "小三", "小四", "小五", "小六"];
const SECONDARY_GRADES: &[&str] = &["中一", "中二", "中三", "中四", "中五", "中六"];

pub const LEVELS: &[Level] = &[
    Level {
        key: "kindergarten", label: "幼稚園", grades: KINDERGARTEN_GRADES, subjects: &["幼兒中文", "幼兒英文", "幼兒數學"]
    },
    Level {
        key: "primary",
        label: "小學",
        grades: PRIMARY_GRADES,
        subjects: &["全科", "功課輔導", "中文", "英文", "數學", "常識", "普通話", "其他"],
    },
    Level {
        key: "secondary",
        label: "中學",
        grades: SECONDARY_GRADES,
        subjects: &[
            "初中全科",
            "中文",
            "英文",
            "數學",
            "公民與社會發展",
            "中國文學",
            "英國文學",
            "物理",
            "化學",
            "生物",
            "中國歷史",
            "歷史",
            "地理",
            "經濟",
            "企業、會計與財務概論",
            "資訊及通訊科技",
            "設計與應用科技",
            "科技與生活",
            "倫理與宗教",
            "音樂",
            "視覺藝術",
            "體育",
            "旅遊與款待",
            "健康管理與社會關懷",
            "其他",
        ],
    },
    Level {
        key: "tertiary", label: "大學或以上", grades: &["大學一年級", "大學二年級", "大學三年級", "大學四年級"], subjects: &[]
    },
    Level {
        key: "interest",
        label: "學生興趣班",
        grades: &[
            "K1 幼兒班",
            "K2 低班",
            "K3 高班",
            "小一",
            "小二",
            "小三",
            "小四",
            "小五",
            "小六",
            "中一",
            "中二",
            "中三",
            "中四",
            "中五",
            "中六",
        ],
        subjects: &["繪畫", "劍橋英語", "奧林匹克數學", "珠心算"],
    },
];

pub const REGIONS: &[Region] = &[
    Region {
        name: "香港島",
        districts: &[
            District { name: "中西區", areas: &["堅尼地城", "西營盤", "上環", "中環", "金鐘", "半山", "山頂"] },
            District { name: "灣仔區", areas: &["灣仔", "銅鑼灣", "跑馬地", "大坑"] },
            District {
                name: "東區", areas: &["天后", "北角", "鰂魚涌", "太古", "西灣河", "筲箕灣", "柴灣", "小西灣"]
            },
            District { name: "南區", areas: &["薄扶林", "香港仔", "鴨脷洲", "黃竹坑", "淺水灣", "赤柱"] },
        ],
    },
    Region {
        name: "九龍",
        districts: &[
            District { name: "油尖旺區", areas: &["尖沙咀", "佐敦", "油麻地", "旺角", "太子", "大角咀"] },
            District { name: "深水埗區", areas: &["深水埗", "長沙灣", "荔枝角", "美孚", "石硤尾", "南昌"] },
            District { name: "九龍城區", areas: &["九龍塘", "何文田", "九龍城", "土瓜灣", "紅磡", "黃埔", "啟德"] },
            District {
                name: "黃大仙區", areas: &["黃大仙", "樂富", "橫頭磡", "新蒲崗", "鑽石山", "慈雲山", "彩虹"]
            },
            District { name: "觀塘區", areas: &["九龍灣", "牛頭角", "觀塘", "秀茂坪", "藍田", "油塘"] },
        ],
    },
    Region {
        name: "新界",
        districts: &[
            District { name: "荃灣區", areas: &["荃灣", "深井", "馬灣"] },
            District { name: "葵青區", areas: &["葵涌", "葵芳", "青衣"] },
            District { name: "屯門區", areas: &["屯門"] },
            District { name: "元朗區", areas: &["元朗", "天水圍", "錦田"] },
            District { name: "北區", areas: &["上水", "粉嶺", "沙頭角"] },
            District { name: "大埔區", areas: &["大埔", "太和"] },
            District { name: "沙田區", areas: &["沙田", "大圍", "火炭", "馬鞍山"] },
            District { name: "西貢區", areas: &["西貢", "將軍澳"] },
            District { name: "離島區", areas: &["東涌", "愉景灣", "長洲", "南丫島", "坪洲"] },
        ],
    },
];

pub const TEACHING_MODES: &[Choice] = &[
    Choice { key: "one-to-one", label: "一對一" },
    Choice { key: "group", label: "小組" },
    Choice { key: "centre", label: "補習中心" },
    Choice { key: "home", label: "上門補習" },
    Choice { key: "online", label: "視像補習" },
];

pub const GENDERS: &[Choice] =
    &[Choice { key: "no limit", label: "不限" }, Choice { key: "male", label: "男" }, Choice { key: "female", label: "女" }];

pub const POST_TYPES: &[Choice] =
    &[Choice { key: "student-seeking-tutor", label: "學生搵導師" }, Choice { key: "tutor-seeking-student", label: "導師招學生" }];

pub const USER_TYPES: &[Choice] = &[Choice { key: "individual", label: "個人" }, Choice { key: "organization", label: "機構" }];

/// What joins catalogue names in one stored or served line, as in a case's `subject` ("中三 數學、英文").
pub const LIST_MARK: &str = "、";

/// The English name of every stored name of the catalogue, each zh name once: a name shared by
/// two levels (中文, 其他) or a grade shared by interest classes has one English name. A district
/// and its main area may read the same in English (灣仔區 and 灣仔 are both Wan Chai), as the
/// government writes them.
const ENGLISH: &[(&str, &str)] = &[
    // Levels
    ("幼稚園", "Kindergarten"),
    ("小學", "Primary"),
    ("中學", "Secondary"),
    ("大學或以上", "University or above"),
    ("學生興趣班", "Interest classes"),
    // Grades
    ("K1 幼兒班", "K1"),
    ("K2 低班", "K2"),
    ("K3 高班", "K3"),
    ("小一", "P1"),
    ("小二", "P2"),
    ("小三", "P3"),
    ("小四", "P4"),
    ("小五", "P5"),
    ("小六", "P6"),
    ("中一", "S1"),
    ("中二", "S2"),
    ("中三", "S3"),
    ("中四", "S4"),
    ("中五", "S5"),
    ("中六", "S6"),
    ("大學一年級", "University Year 1"),
    ("大學二年級", "University Year 2"),
    ("大學三年級", "University Year 3"),
    ("大學四年級", "University Year 4"),
    // Kindergarten subjects
    ("幼兒中文", "Kindergarten Chinese"),
    ("幼兒英文", "Kindergarten English"),
    ("幼兒數學", "Kindergarten Mathematics"),
    // Primary subjects (中文, 英文, 數學 and 其他 serve secondary too)
    ("全科", "All subjects"),
    ("功課輔導", "Homework help"),
    ("中文", "Chinese Language"),
    ("英文", "English Language"),
    ("數學", "Mathematics"),
    ("常識", "General Studies"),
    ("普通話", "Putonghua"),
    ("其他", "Others"),
    // Secondary subjects
    ("初中全科", "All subjects (S1–S3)"),
    ("公民與社會發展", "Citizenship and Social Development"),
    ("中國文學", "Chinese Literature"),
    ("英國文學", "Literature in English"),
    ("物理", "Physics"),
    ("化學", "Chemistry"),
    ("生物", "Biology"),
    ("中國歷史", "Chinese History"),
    ("歷史", "History"),
    ("地理", "Geography"),
    ("經濟", "Economics"),
    ("企業、會計與財務概論", "BAFS"),
    ("資訊及通訊科技", "ICT"),
    ("設計與應用科技", "Design and Applied Technology"),
    ("科技與生活", "Technology and Living"),
    ("倫理與宗教", "Ethics and Religious Studies"),
    ("音樂", "Music"),
    ("視覺藝術", "Visual Arts"),
    ("體育", "Physical Education"),
    ("旅遊與款待", "Tourism and Hospitality Studies"),
    ("健康管理與社會關懷", "Health Management and Social Care"),
    // Interest class subjects
    ("繪畫", "Drawing and Painting"),
    ("劍橋英語", "Cambridge English"),
    ("奧林匹克數學", "Olympiad Mathematics"),
    ("珠心算", "Abacus Mental Arithmetic"),
    // Regions
    ("香港島", "Hong Kong Island"),
    ("九龍", "Kowloon"),
    ("新界", "New Territories"),
    // Districts and their areas: Hong Kong Island
    ("中西區", "Central and Western"),
    ("堅尼地城", "Kennedy Town"),
    ("西營盤", "Sai Ying Pun"),
    ("上環", "Sheung Wan"),
    ("中環", "Central"),
    ("金鐘", "Admiralty"),
    ("半山", "Mid-Levels"),
    ("山頂", "The Peak"),
    ("灣仔區", "Wan Chai"),
    ("灣仔", "Wan Chai"),
    ("銅鑼灣", "Causeway Bay"),
    ("跑馬地", "Happy Valley"),
    ("大坑", "Tai Hang"),
    ("東區", "Eastern"),
    ("天后", "Tin Hau"),
    ("北角", "North Point"),
    ("鰂魚涌", "Quarry Bay"),
    ("太古", "Tai Koo"),
    ("西灣河", "Sai Wan Ho"),
    ("筲箕灣", "Shau Kei Wan"),
    ("柴灣", "Chai Wan"),
    ("小西灣", "Siu Sai Wan"),
    ("南區", "Southern"),
    ("薄扶林", "Pok Fu Lam"),
    ("香港仔", "Aberdeen"),
    ("鴨脷洲", "Ap Lei Chau"),
    ("黃竹坑", "Wong Chuk Hang"),
    ("淺水灣", "Repulse Bay"),
    ("赤柱", "Stanley"),
    // Kowloon
    ("油尖旺區", "Yau Tsim Mong"),
    ("尖沙咀", "Tsim Sha Tsui"),
    ("佐敦", "Jordan"),
    ("油麻地", "Yau Ma Tei"),
    ("旺角", "Mong Kok"),
    ("太子", "Prince Edward"),
    ("大角咀", "Tai Kok Tsui"),
    ("深水埗區", "Sham Shui Po"),
    ("深水埗", "Sham Shui Po"),
    ("長沙灣", "Cheung Sha Wan"),
    ("荔枝角", "Lai Chi Kok"),
    ("美孚", "Mei Foo"),
    ("石硤尾", "Shek Kip Mei"),
    ("南昌", "Nam Cheong"),
    ("九龍城區", "Kowloon City"),
    ("九龍塘", "Kowloon Tong"),
    ("何文田", "Ho Man Tin"),
    ("九龍城", "Kowloon City"),
    ("土瓜灣", "To Kwa Wan"),
    ("紅磡", "Hung Hom"),
    ("黃埔", "Whampoa"),
    ("啟德", "Kai Tak"),
    ("黃大仙區", "Wong Tai Sin"),
    ("黃大仙", "Wong Tai Sin"),
    ("樂富", "Lok Fu"),
    ("橫頭磡", "Wang Tau Hom"),
    ("新蒲崗", "San Po Kong"),
    ("鑽石山", "Diamond Hill"),
    ("慈雲山", "Tsz Wan Shan"),
    ("彩虹", "Choi Hung"),
    ("觀塘區", "Kwun Tong"),
    ("九龍灣", "Kowloon Bay"),
    ("牛頭角", "Ngau Tau Kok"),
    ("觀塘", "Kwun Tong"),
    ("秀茂坪", "Sau Mau Ping"),
    ("藍田", "Lam Tin"),
    ("油塘", "Yau Tong"),
    // New Territories
    ("荃灣區", "Tsuen Wan"),
    ("荃灣", "Tsuen Wan"),
    ("深井", "Sham Tseng"),
    ("馬灣", "Ma Wan"),
    ("葵青區", "Kwai Tsing"),
    ("葵涌", "Kwai Chung"),
    ("葵芳", "Kwai Fong"),
    ("青衣", "Tsing Yi"),
    ("屯門區", "Tuen Mun"),
    ("屯門", "Tuen Mun"),
    ("元朗區", "Yuen Long"),
    ("元朗", "Yuen Long"),
    ("天水圍", "Tin Shui Wai"),
    ("錦田", "Kam Tin"),
    ("北區", "North"),
    ("上水", "Sheung Shui"),
    ("粉嶺", "Fanling"),
    ("沙頭角", "Sha Tau Kok"),
    ("大埔區", "Tai Po"),
    ("大埔", "Tai Po"),
    ("太和", "Tai Wo"),
    ("沙田區", "Sha Tin"),
    ("沙田", "Sha Tin"),
    ("大圍", "Tai Wai"),
    ("火炭", "Fo Tan"),
    ("馬鞍山", "Ma On Shan"),
    ("西貢區", "Sai Kung"),
    ("西貢", "Sai Kung"),
    ("將軍澳", "Tseung Kwan O"),
    ("離島區", "Islands"),
    ("東涌", "Tung Chung"),
    ("愉景灣", "Discovery Bay"),
    ("長洲", "Cheung Chau"),
    ("南丫島", "Lamma Island"),
    ("坪洲", "Peng Chau"),
    // Teaching modes
    ("一對一", "One-to-one"),
    ("小組", "Group"),
    ("補習中心", "Tutoring centre"),
    ("上門補習", "Home tutoring"),
    ("視像補習", "Online (video)"),
    // Genders (a case's preference, a tutor's gender)
    ("不限", "No preference"),
    ("男", "Male"),
    ("女", "Female"),
    // Post types
    ("學生搵導師", "Student seeking a tutor"),
    ("導師招學生", "Tutor seeking students"),
    // User types
    ("個人", "Individual"),
    ("機構", "Organisation"),
];

static ENGLISH_BY_NAME: LazyLock<HashMap<&'static str, &'static str>> = LazyLock::new(|| ENGLISH.iter().copied().collect());

/// The English name of a stored name or label of the catalogue (a level's label, a grade, a
/// subject, a region, district or area, a choice's label): `english("中三") == Some("S3")`.
/// `None` for anything the catalogue does not store (a tertiary subject typed in free text).
pub fn english(name: &str) -> Option<&'static str> {
    ENGLISH_BY_NAME.get(name).copied()
}

/// Every stored name with its English name, in the catalogue's order.
pub fn english_names() -> &'static [(&'static str, &'static str)] {
    ENGLISH
}

pub fn level(key: &str) -> Option<&'static Level> {
    LEVELS.iter().find(|level| level.key == key)
}

pub fn region(name: &str) -> Option<&'static Region> {
    REGIONS.iter().find(|region| region.name == name)
}

pub fn district(name: &str) -> Option<(&'static Region, &'static District)> {
    REGIONS
        .iter()
        .flat_map(|region| region.districts.iter().map(move |district| (region, district)))
        .find(|(_, district)| district.name == name)
}

/// Every area with its district and region, in catalogue order.
pub fn places() -> impl Iterator<Item = Place> {
    REGIONS.iter().flat_map(|region| {
        region
            .districts
            .iter()
            .flat_map(move |district| district.areas.iter().map(move |area| Place { region: region.name, district: district.name, area }))
    })
}

/// Locates an area; a case or tutor location is always an area.
pub fn place(area: &str) -> Option<Place> {
    places().find(|place| place.area == area)
}

#[cfg(test)]
mod tests;
