//! How a command's fields are written in JSON: a piece-letter language by
//! its code, an answer as `yes` or `no`, a square by its name.

/// A piece-letter language as its code.
pub(super) mod lang_code {
    use sakk::Lang;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    #[allow(clippy::ref_option)] // serde's `with` hands the field by reference
    pub(in crate::command) fn serialize<S: Serializer>(
        lang: &Option<Lang>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match lang {
            Some(l) => s.serialize_some(l.code()),
            None => s.serialize_none(),
        }
    }

    pub(in crate::command) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Lang>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(code) => Lang::from_code(&code).map(Some).ok_or_else(|| {
                D::Error::custom(format!(
                    "unknown piece-letter language `{code}` (en, hu, de, fr or fig)"
                ))
            }),
        }
    }
}

/// An answer as `yes` or `no` (`accept` and `decline` read too).
pub(super) mod answer {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's `with` hands the field by reference
    pub(in crate::command) fn serialize<S: Serializer>(
        yes: &bool,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.serialize_str(if *yes { "yes" } else { "no" })
    }

    pub(in crate::command) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<bool, D::Error> {
        let text = String::deserialize(d)?;
        super::super::parse_answer(&text).ok_or_else(|| {
            D::Error::custom(format!(
                "unknown answer `{text}` (yes, accept, no or decline)"
            ))
        })
    }
}

/// A square as its name (`e4`), read and written as [`SquareName`] is.
///
/// [`SquareName`]: crate::wire::SquareName
pub(super) mod square_name {
    use sakk::Square;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::wire::SquareName;

    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's `with` hands the field by reference
    pub(in crate::command) fn serialize<S: Serializer>(
        square: &Square,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        SquareName(*square).serialize(s)
    }

    pub(in crate::command) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Square, D::Error> {
        SquareName::deserialize(d).map(|SquareName(square)| square)
    }
}
