//! The rules library's codes as wire and storage values: a game's result,
//! how it ended (and which draws may be claimed), what a move did, and a
//! square. Each mirrors its `sakk` type one to one (the conversions are
//! exhaustive matches, so a new value there is a compile error here), and
//! each is written exactly as `sakk` names it.

use serde::{Deserialize, Serialize};

/// A game's result, as PGN writes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum PgnResult {
    /// White won.
    #[serde(rename = "1-0")]
    WhiteWins,
    /// Black won.
    #[serde(rename = "0-1")]
    BlackWins,
    /// A draw.
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// No result: the game was aborted (stored so; never on the state).
    #[serde(rename = "*")]
    NoResult,
}

impl PgnResult {
    /// The result of an outcome (`*` for one without a result: aborted).
    pub fn of(outcome: &sakk::Outcome) -> PgnResult {
        outcome.result.map_or(PgnResult::NoResult, PgnResult::from)
    }

    /// The rules library's result (`None` for `*`).
    pub fn result(self) -> Option<sakk::GameResult> {
        match self {
            PgnResult::WhiteWins => Some(sakk::GameResult::WhiteWins),
            PgnResult::BlackWins => Some(sakk::GameResult::BlackWins),
            PgnResult::Draw => Some(sakk::GameResult::Draw),
            PgnResult::NoResult => None,
        }
    }

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::NoResult => "*",
        }
    }

    /// The value of a stored name.
    pub fn parse(s: &str) -> Option<PgnResult> {
        [
            PgnResult::WhiteWins,
            PgnResult::BlackWins,
            PgnResult::Draw,
            PgnResult::NoResult,
        ]
        .into_iter()
        .find(|r| r.as_str() == s)
    }
}

impl From<sakk::GameResult> for PgnResult {
    fn from(r: sakk::GameResult) -> PgnResult {
        match r {
            sakk::GameResult::WhiteWins => PgnResult::WhiteWins,
            sakk::GameResult::BlackWins => PgnResult::BlackWins,
            sakk::GameResult::Draw => PgnResult::Draw,
        }
    }
}

/// How a game ended: the rules library's termination codes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TerminationCode {
    /// Checkmate.
    Checkmate,
    /// A player resigned.
    Resignation,
    /// A flag fell.
    Timeout,
    /// Stalemate.
    Stalemate,
    /// Neither side has mating material.
    InsufficientMaterial,
    /// Neither side can mate by any series of legal moves.
    DeadPosition,
    /// The same position for the fifth time.
    FivefoldRepetition,
    /// 75 moves each without a capture or pawn move.
    #[serde(rename = "seventyfive_moves")]
    SeventyFiveMoves,
    /// A correct threefold-repetition claim (or, in `claimable`, one that
    /// may be made).
    ThreefoldRepetition,
    /// A correct fifty-move claim (or one that may be made).
    FiftyMoves,
    /// The players agreed.
    Agreement,
    /// Called off before both sides moved.
    Aborted,
}

impl From<sakk::Termination> for TerminationCode {
    fn from(t: sakk::Termination) -> TerminationCode {
        use sakk::Termination as T;
        match t {
            T::Checkmate => TerminationCode::Checkmate,
            T::Resignation => TerminationCode::Resignation,
            T::Timeout => TerminationCode::Timeout,
            T::Stalemate => TerminationCode::Stalemate,
            T::InsufficientMaterial => TerminationCode::InsufficientMaterial,
            T::DeadPosition => TerminationCode::DeadPosition,
            T::FivefoldRepetition => TerminationCode::FivefoldRepetition,
            T::SeventyFiveMoves => TerminationCode::SeventyFiveMoves,
            T::ThreefoldRepetition => TerminationCode::ThreefoldRepetition,
            T::FiftyMoves => TerminationCode::FiftyMoves,
            T::Agreement => TerminationCode::Agreement,
            T::Aborted => TerminationCode::Aborted,
        }
    }
}

impl From<TerminationCode> for sakk::Termination {
    fn from(t: TerminationCode) -> sakk::Termination {
        use sakk::Termination as T;
        match t {
            TerminationCode::Checkmate => T::Checkmate,
            TerminationCode::Resignation => T::Resignation,
            TerminationCode::Timeout => T::Timeout,
            TerminationCode::Stalemate => T::Stalemate,
            TerminationCode::InsufficientMaterial => T::InsufficientMaterial,
            TerminationCode::DeadPosition => T::DeadPosition,
            TerminationCode::FivefoldRepetition => T::FivefoldRepetition,
            TerminationCode::SeventyFiveMoves => T::SeventyFiveMoves,
            TerminationCode::ThreefoldRepetition => T::ThreefoldRepetition,
            TerminationCode::FiftyMoves => T::FiftyMoves,
            TerminationCode::Agreement => T::Agreement,
            TerminationCode::Aborted => T::Aborted,
        }
    }
}

/// What a move did: the rules library's move facts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FactCode {
    /// The move mates.
    Checkmate,
    /// The move stalemates.
    Stalemate,
    /// Two pieces give check.
    DoubleCheck,
    /// A piece the move uncovered gives check.
    DiscoveredCheck,
    /// Check.
    Check,
    /// A knight fork with check that hits the queen.
    RoyalFork,
    /// A knight fork with check that hits two heavy pieces.
    FamilyFork,
    /// A knight fork with check.
    Fork,
    /// A double attack by any piece.
    DoubleAttack,
    /// A capture.
    Capture,
    /// An en passant capture.
    EnPassant,
    /// Castling.
    Castling,
    /// A promotion.
    Promotion,
}

impl From<sakk::Fact> for FactCode {
    fn from(f: sakk::Fact) -> FactCode {
        use sakk::Fact as F;
        match f {
            F::Checkmate => FactCode::Checkmate,
            F::Stalemate => FactCode::Stalemate,
            F::DoubleCheck => FactCode::DoubleCheck,
            F::DiscoveredCheck => FactCode::DiscoveredCheck,
            F::Check => FactCode::Check,
            F::RoyalFork => FactCode::RoyalFork,
            F::FamilyFork => FactCode::FamilyFork,
            F::Fork => FactCode::Fork,
            F::DoubleAttack => FactCode::DoubleAttack,
            F::Capture => FactCode::Capture,
            F::EnPassant => FactCode::EnPassant,
            F::Castling => FactCode::Castling,
            F::Promotion => FactCode::Promotion,
        }
    }
}

/// A square, by its name (`e4`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SquareName(pub sakk::Square);

/// The TypeScript of [`SquareName`] (written by hand: a template literal).
pub const SQUARE_NAME_TS: &str =
    "type SquareName = `${\"a\" | \"b\" | \"c\" | \"d\" | \"e\" | \"f\" | \"g\" | \"h\"}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;";

impl Serialize for SquareName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for SquareName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SquareName, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map(SquareName).map_err(|_| {
            <D::Error as serde::de::Error>::custom(format!("`{text}` is not a square (a1–h8)"))
        })
    }
}

/// The stored name of a termination (as on the wire).
impl TerminationCode {
    /// The stored name (the rules library's code).
    pub fn as_str(self) -> &'static str {
        sakk::Termination::from(self).code()
    }

    /// The value of a stored name.
    pub fn parse(s: &str) -> Option<TerminationCode> {
        sakk::Termination::from_code(s).map(TerminationCode::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json<T: Serialize>(v: T) -> String {
        serde_json::to_value(v)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    #[test]
    fn each_is_written_as_the_rules_library_names_it() {
        for t in sakk::Termination::ALL {
            let code = TerminationCode::from(t);
            assert_eq!(json(code), t.code());
            assert_eq!(sakk::Termination::from(code), t);
            assert_eq!(TerminationCode::parse(code.as_str()), Some(code));
        }
        for f in sakk::Fact::ALL {
            assert_eq!(json(FactCode::from(f)), f.code());
        }
        for r in [
            sakk::GameResult::WhiteWins,
            sakk::GameResult::BlackWins,
            sakk::GameResult::Draw,
        ] {
            let p = PgnResult::from(r);
            assert_eq!(json(p), r.as_str());
            assert_eq!(p.result(), Some(r));
            assert_eq!(PgnResult::parse(p.as_str()), Some(p));
        }
        assert_eq!(json(PgnResult::NoResult), "*");
        assert_eq!(PgnResult::parse("*"), Some(PgnResult::NoResult));
        assert_eq!(PgnResult::parse("1-1"), None);
    }

    #[test]
    fn a_square_is_its_name() {
        assert_eq!(json(SquareName(sakk::Square::E4)), "e4");
        let back: Result<SquareName, _> = serde_json::from_str(r#""h8""#);
        assert_eq!(back.ok(), Some(SquareName(sakk::Square::H8)));
        let bad: Result<SquareName, _> = serde_json::from_str(r#""i9""#);
        assert!(bad.is_err_and(|e| e.to_string().contains("i9")));
    }
}
