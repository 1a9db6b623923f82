//! The one catalogue of levels, grades, subjects, places and option lists.
//!
//! Every form, filter and rule reads from here (the server serves it as `GET /catalogue`),
//! so a grade or an area exists in exactly one place. Data: `shared/design/catalogue-zh-HK.md`.

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
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn has_eighteen_districts_in_three_regions() {
        assert_eq!(REGIONS.len(), 3);
        assert_eq!(REGIONS.iter().map(|r| r.districts.len()).sum::<usize>(), 18);
    }

    #[test]
    fn area_names_are_unique_so_a_location_names_one_place() {
        let mut seen = HashSet::new();
        for place in places() {
            assert!(seen.insert(place.area), "duplicate area {}", place.area);
        }
    }

    #[test]
    fn locates_an_area_in_its_district_and_region() {
        let place = place("藍田").unwrap();
        assert_eq!((place.region, place.district), ("九龍", "觀塘區"));
        assert!(super::place("火星").is_none());
    }

    #[test]
    fn tertiary_is_the_only_free_text_level() {
        let free: Vec<_> = LEVELS.iter().filter(|l| l.free_text_subject()).map(|l| l.key).collect();
        assert_eq!(free, ["tertiary"]);
    }

    #[test]
    fn interest_classes_span_kindergarten_to_secondary_six() {
        let interest = level("interest").unwrap();
        assert!(interest.has_grade("K1 幼兒班") && interest.has_grade("小六") && interest.has_grade("中六"));
        assert_eq!(interest.grades.len(), 15);
    }
}
