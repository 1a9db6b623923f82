//! What the text rules every area shares found: the kind of contact detail and where the text
//! is read (`shared::contact_details`), the way a text is not real (`shared::real_text`).

/// What kind of contact detail a text carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactKind {
    Phone,
    Email,
    /// A messenger handle or an invitation to one ("whatsapp 我", "tg @abc", "@abc").
    Messenger,
    Link,
}

impl ContactKind {
    /// The key the shared test vectors use.
    pub fn key(self) -> &'static str {
        match self {
            Self::Phone => "phone",
            Self::Email => "email",
            Self::Messenger => "messenger",
            Self::Link => "link",
        }
    }
}

/// Where the text is read, which decides where the two sides do see each other's phone: what a
/// refused field's message tells the writer instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exchange {
    /// A case's title and description.
    Case,
    /// A tutor's public profile (bio, course features).
    Tutor,
    /// A review and the tutor's reply.
    Review,
    /// A booking's time and message.
    Booking,
}

/// Which rule a text broke, first broken first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotRealText {
    /// Fewer characters than the field needs.
    TooShort,
    /// Fewer than two letters: only digits, signs or one letter.
    NoWords,
    /// One letter over and over ("哈哈哈哈", "xxxx").
    Repeated,
}

impl NotRealText {
    /// The key the shared test vectors use.
    pub fn key(self) -> &'static str {
        match self {
            Self::TooShort => "tooShort",
            Self::NoWords => "noWords",
            Self::Repeated => "repeated",
        }
    }
}
