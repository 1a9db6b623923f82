//! How the two sides of a match or an accepted booking reach each other.

use poem_openapi::Object;
use tutorhub_domain::matching::applications::Contact;

/// A name and phone, shown only to the two sides of a match.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ContactBody {
    pub name: String,
    /// E.164, e.g. `+85291234567`.
    pub phone: String,
}

impl From<Contact> for ContactBody {
    fn from(contact: Contact) -> Self {
        Self { name: contact.name, phone: contact.phone.as_str().into() }
    }
}
