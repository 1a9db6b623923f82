//! The languages tutorhub speaks. A member's choice is kept on the account so that what reaches
//! them later (SMS, e-mail) follows it; a request's language decides the words of its answer.
//! The domain only carries the choice: the words themselves are at the edges (the HTTP error
//! and page words, the message words of the adapters).

use crate::keyed_enum;

keyed_enum! {
    /// A language of the interface, keyed by its BCP 47 tag.
    #[derive(Default)]
    pub enum Language {
        /// Hong Kong written Chinese (繁體中文), the default.
        #[default]
        ZhHk => "zh-HK",
        En => "en",
    }
}
