//! Enums whose variants travel as stable string keys (API, database, catalogue).

/// Declares an enum with one stable key per variant, plus `key()`, `parse()` and `ALL`.
#[macro_export]
macro_rules! keyed_enum {
    ($(#[$meta:meta])* pub enum $name:ident { $($(#[$vmeta:meta])* $variant:ident => $key:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vmeta])* $variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stable key used in the API and the database.
            pub fn key(self) -> &'static str {
                match self { $($name::$variant => $key),+ }
            }

            /// The variant for a key, if the key is known.
            pub fn parse(key: &str) -> Option<Self> {
                match key { $($key => Some($name::$variant),)+ _ => None }
            }
        }

        impl $crate::shared::keyed::Keyed for $name {
            const NAME: &'static str = stringify!($name);

            fn all() -> &'static [Self] {
                Self::ALL
            }

            fn key(self) -> &'static str {
                $name::key(self)
            }

            fn parse(key: &str) -> Option<Self> {
                $name::parse(key)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.key())
            }
        }
    };
}

/// What every `keyed_enum!` is, for code that handles closed sets in general (the API layer
/// describes each one as a string enum named `NAME`).
pub trait Keyed: Copy + Send + Sync + 'static {
    /// The set's name, e.g. `CaseStatus`.
    const NAME: &'static str;

    /// Every member, in declaration order.
    fn all() -> &'static [Self];

    /// The member's stable key.
    fn key(self) -> &'static str;

    /// The member with this key, if the key is known.
    fn parse(key: &str) -> Option<Self>;
}
