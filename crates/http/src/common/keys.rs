//! The domain's closed sets in the API. A field typed `Key<CaseStatus>` travels as the
//! member's key (`"approved"`) and is described in `openapi.yaml` as a string enum named after
//! the set, so the generated client sees a union of the keys instead of a plain string.

use std::borrow::Cow;

use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseResult, ToJSON, Type};
use serde_json::Value;
use tutorhub_domain::shared::keyed::Keyed;

/// One member of the closed set `T`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key<T>(pub T);

impl<T: Keyed> From<T> for Key<T> {
    fn from(member: T) -> Self {
        Self(member)
    }
}

impl<T: Keyed> Type for Key<T> {
    const IS_REQUIRED: bool = true;
    type RawValueType = Self;
    type RawElementValueType = Self;

    fn name() -> Cow<'static, str> {
        T::NAME.into()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Reference(T::NAME.into())
    }

    fn register(registry: &mut Registry) {
        registry.create_schema::<Self, _>(T::NAME.into(), |_| MetaSchema {
            enum_items: T::all().iter().map(|member| Value::String(member.key().into())).collect(),
            ..MetaSchema::new("string")
        });
    }

    fn as_raw_value(&self) -> Option<&Self::RawValueType> {
        Some(self)
    }

    fn raw_element_iter<'a>(&'a self) -> Box<dyn Iterator<Item = &'a Self::RawElementValueType> + 'a> {
        Box::new(self.as_raw_value().into_iter())
    }
}

impl<T: Keyed> ToJSON for Key<T> {
    fn to_json(&self) -> Option<Value> {
        Some(Value::String(self.0.key().into()))
    }
}

/// The same key, for answers serialised directly (`common::prepared`).
impl<T: Keyed> serde::Serialize for Key<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.key())
    }
}

impl<T: Keyed> ParseFromJSON for Key<T> {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        match value {
            Some(Value::String(key)) => T::parse(&key).map(Key).ok_or_else(|| ParseError::custom(format!("unknown {} `{key}`", T::NAME))),
            other => Err(ParseError::expected_type(other.unwrap_or_default())),
        }
    }
}

#[cfg(test)]
mod tests {
    use tutorhub_domain::cases::model::CaseStatus;

    use super::*;

    #[test]
    fn a_member_travels_as_its_key_and_back() {
        let json = Key(CaseStatus::Matched).to_json();
        assert_eq!(json, Some(Value::String("matched".into())));
        assert_eq!(Key::<CaseStatus>::parse_from_json(json).ok(), Some(Key(CaseStatus::Matched)));
        assert!(Key::<CaseStatus>::parse_from_json(Some(Value::String("lost".into()))).is_err());
    }

    #[test]
    fn the_schema_lists_every_key_under_the_sets_name() {
        let mut registry = Registry::new();
        Key::<CaseStatus>::register(&mut registry);
        let schema = &registry.schemas["CaseStatus"];
        let keys: Vec<_> = CaseStatus::ALL.iter().map(|s| Value::String(s.key().into())).collect();
        assert_eq!(schema.enum_items, keys);
    }
}
