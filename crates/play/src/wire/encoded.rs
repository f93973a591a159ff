//! Lists that every state sends whole, each item encoded as JSON once.
//!
//! A game's state carries every move's SAN and marks, so a game of n moves
//! would encode n items for every message (and the move lists are the
//! longest part of the state). An [`EncodedList`] keeps each item's JSON
//! as it was written when the item joined the list, and writes those texts
//! as they are: the state's JSON is the same, byte for byte, as the items'
//! own encoding would give.

use std::sync::Arc;

use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

/// A list of items held as their JSON (each encoded once), shared between
/// the states that send it (cloning is an `Arc`'s). Serialised with
/// `serde_json` it is the JSON array of the items.
#[derive(Clone, Debug, Default)]
pub struct EncodedList(Arc<Vec<Box<RawValue>>>);

impl EncodedList {
    /// The number of items.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The items' JSON texts, in order.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|raw| raw.get())
    }

    /// Adds `item`, encoded now. (Copies the list first only if a state
    /// made earlier still holds it.) An item whose serialisation fails —
    /// which the wire types here never do: theirs is derived for strings,
    /// enums and lists — is written `null`, so that the list keeps one
    /// item a move.
    pub fn push<T: Serialize>(&mut self, item: &T) {
        let raw =
            serde_json::value::to_raw_value(item).unwrap_or_else(|_| RawValue::NULL.to_owned());
        Arc::make_mut(&mut self.0).push(raw);
    }

    /// Keeps the first `len` items.
    pub fn truncate(&mut self, len: usize) {
        if len < self.0.len() {
            Arc::make_mut(&mut self.0).truncate(len);
        }
    }

    /// The items from the `from`th on (none when `from` is past the end),
    /// as a list of their own.
    pub fn tail(&self, from: usize) -> EncodedList {
        EncodedList(Arc::new(self.0.get(from..).unwrap_or_default().to_vec()))
    }

    /// Whether two lists share their items (a state made earlier still
    /// holds this list).
    pub fn shares_with(&self, other: &EncodedList) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl PartialEq for EncodedList {
    fn eq(&self, other: &EncodedList) -> bool {
        self.texts().eq(other.texts())
    }
}

impl Serialize for EncodedList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::MoveMarks;

    fn json<T: Serialize + ?Sized>(value: &T) -> String {
        serde_json::to_string(value).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The list's JSON is the items' own, byte for byte, whatever they
    /// hold (quotes and backslashes included).
    #[test]
    fn a_list_encodes_as_its_items_would() {
        let sans = ["e4", "Nf3", "O-O", "e8=Q+", "a \"quoted\" \\ text", "ü"];
        let mut list = EncodedList::default();
        for s in sans {
            list.push(&s);
        }
        let want = json(&sans);
        assert_eq!(json(&list), want);
        // Also as a `Value` (what `serde_json::to_value` makes of a state).
        let value = serde_json::to_value(&list).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(value, serde_json::json!(sans));
        // Scholar's mate: a capture that mates (marks with their facts).
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
        let pos = sakk::Position::from_fen(fen).unwrap_or_else(|e| panic!("{e}"));
        let mate = pos.parse_uci("h5f7").unwrap_or_else(|e| panic!("{e}"));
        let marks = MoveMarks::of(pos.move_facts(mate));
        assert!(!marks.facts.is_empty());
        let mut encoded = EncodedList::default();
        encoded.push(&marks);
        assert_eq!(json(&encoded), json(&[&marks]));
        assert_eq!(json(&EncodedList::default()), "[]");
    }

    /// A clone shares the items until one side changes: the other keeps
    /// what it had.
    #[test]
    fn a_held_copy_keeps_its_items() {
        let mut list = EncodedList::default();
        for s in ["e4", "e5", "Nf3"] {
            list.push(&s);
        }
        let held = list.clone();
        assert!(held.shares_with(&list));
        list.truncate(2);
        list.push(&"Nc3");
        assert!(!held.shares_with(&list));
        assert_eq!(
            held.texts().collect::<Vec<_>>(),
            [r#""e4""#, r#""e5""#, r#""Nf3""#]
        );
        assert_eq!(
            list.texts().collect::<Vec<_>>(),
            [r#""e4""#, r#""e5""#, r#""Nc3""#]
        );
        assert_ne!(held, list);
        list.truncate(0);
        assert!(list.is_empty() && held.len() == 3);
    }
}
