//! `GET /catalogue`: the lists every form and filter offers.

use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use serde::Serialize;
use tutorhub_domain::shared::catalogue::{self, Choice};

use crate::Tag;

#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct LevelView {
    pub key: String,
    pub label: String,
    pub grades: Vec<String>,
    /// Empty when `freeTextSubject` is true.
    pub subjects: Vec<String>,
    /// The subject is typed in, not chosen (tertiary).
    pub free_text_subject: bool,
}

#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct DistrictView {
    pub name: String,
    pub areas: Vec<String>,
}

#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct RegionView {
    pub name: String,
    pub districts: Vec<DistrictView>,
}

#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ChoiceView {
    pub key: String,
    pub label: String,
}

impl From<&Choice> for ChoiceView {
    fn from(choice: &Choice) -> Self {
        Self { key: choice.key.into(), label: choice.label.into() }
    }
}

#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct Catalogue {
    pub levels: Vec<LevelView>,
    pub regions: Vec<RegionView>,
    pub teaching_modes: Vec<ChoiceView>,
    pub genders: Vec<ChoiceView>,
    pub post_types: Vec<ChoiceView>,
    pub user_types: Vec<ChoiceView>,
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn choices(items: &[Choice]) -> Vec<ChoiceView> {
    items.iter().map(ChoiceView::from).collect()
}

impl Catalogue {
    pub fn build() -> Self {
        Self {
            levels: catalogue::LEVELS
                .iter()
                .map(|level| LevelView {
                    key: level.key.into(),
                    label: level.label.into(),
                    grades: strings(level.grades),
                    subjects: strings(level.subjects),
                    free_text_subject: level.free_text_subject(),
                })
                .collect(),
            regions: catalogue::REGIONS
                .iter()
                .map(|region| RegionView {
                    name: region.name.into(),
                    districts: region.districts.iter().map(|d| DistrictView { name: d.name.into(), areas: strings(d.areas) }).collect(),
                })
                .collect(),
            teaching_modes: choices(catalogue::TEACHING_MODES),
            genders: choices(catalogue::GENDERS),
            post_types: choices(catalogue::POST_TYPES),
            user_types: choices(catalogue::USER_TYPES),
        }
    }
}

pub struct CatalogueApi;

#[OpenApi(tag = "Tag::Catalogue")]
impl CatalogueApi {
    /// Levels, grades, subjects, regions, districts, areas and option lists
    #[oai(path = "/catalogue", method = "get", operation_id = "getCatalogue")]
    async fn catalogue(&self) -> Json<Catalogue> {
        Json(Catalogue::build())
    }
}
