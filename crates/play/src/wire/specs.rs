//! What the API takes to set up a game: its clock and its event rules,
//! stored with it as given.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use sakk::{Stage, TimeControl};

use super::DelayKind;

/// The clock settings of a game, as the API takes them (seconds): a
/// `preset` label, or `limit`, `increment` and `delay` with its
/// `delay_kind`. Stored as given; [`super::ClockInUse`] is what the API
/// reports.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// Initial time in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<f64>,
    /// Fischer increment in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub increment: Option<f64>,
    /// Delay in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub delay: Option<f64>,
    /// How the delay works.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub delay_kind: Option<DelayKind>,
    /// A preset label instead (`5+3`, `40/90+30`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub preset: Option<String>,
    /// Or any control in the PGN `TimeControl` form: periods
    /// (`40/5400+30:1800+30`: 40 moves in 90 minutes, then 30 minutes,
    /// +30 s a move), `300+3`, or a sandclock (`*180`: an hourglass of 3
    /// minutes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub control: Option<String>,
    /// Or a control as a player types it (`TimeControl::from_typed`): a
    /// preset's label, else minutes + seconds a move (`15+10`), periods
    /// (`40/90+30:30+30`), delays (`5+0d3`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub text: Option<String>,
    /// Or correspondence: days a move (lichess's `days`), each move within
    /// that many days of the opponent's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub days: Option<u32>,
}

impl ClockSpec {
    /// The time control. Lenient, for games stored before the checks of
    /// the server's checks of a new game's clock: a delay without a kind is
    /// simple.
    pub fn time_control(&self) -> Result<TimeControl, String> {
        if let Some(label) = &self.preset {
            return TimeControl::preset(label).ok_or_else(|| format!("unknown preset {label:?}"));
        }
        if let Some(pgn) = &self.control {
            return TimeControl::from_pgn(pgn).map_err(|e| e.to_string());
        }
        if let Some(text) = &self.text {
            return TimeControl::from_typed(text).map_err(|e| e.to_string());
        }
        if let Some(days) = self.days {
            return TimeControl::days(days).map_err(|e| e.to_string());
        }
        let secs = |x: Option<f64>, what: &str| {
            let x = x.unwrap_or(0.0);
            if x.is_finite() && (0.0..=86_400.0).contains(&x) {
                Ok(Duration::from_millis((x * 1000.0).round() as u64))
            } else {
                Err(format!("{what} must be between 0 and 86400 seconds"))
            }
        };
        let time = secs(self.limit, "limit")?;
        let increment = secs(self.increment, "increment")?;
        let delay = secs(self.delay, "delay")?;
        if time.is_zero() && increment.is_zero() && delay.is_zero() {
            return Err("a clock needs a limit, an increment or a delay".to_string());
        }
        Ok(TimeControl::Stages(vec![Stage {
            moves: None,
            time,
            increment,
            delay,
            delay_kind: self.delay_kind.map_or(sakk::DelayKind::Simple, Into::into),
        }]))
    }
}

/// The event rules, as the API takes them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RulesSpec {
    /// Touch-move.
    #[serde(default)]
    pub touch_move: bool,
    /// No draw offer before this move.
    #[serde(default)]
    pub no_draw_offer_before: u32,
    /// The variant: standard chess (left out) or Chess960. Set from the
    /// game's start position when it is made, not by the caller.
    #[serde(default, skip_serializing_if = "Variant::is_standard")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Variant>", optional))]
    pub variant: Variant,
}

/// The variant a game is played in (lichess's `variant` key).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GameVariant"))]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Standard chess.
    #[default]
    Standard,
    /// Chess960 (Fischer random): the back ranks shuffled, castling by the
    /// king onto its rook.
    Chess960,
}

impl Variant {
    /// Standard chess.
    pub fn is_standard(&self) -> bool {
        *self == Variant::Standard
    }

    /// The variant of a game that starts from `start` (its castling mode).
    pub fn of(start: &sakk::Position) -> Variant {
        match start.castling_mode() {
            sakk::CastlingMode::Standard => Variant::Standard,
            sakk::CastlingMode::Chess960 => Variant::Chess960,
        }
    }

    /// The castling mode its positions are read in.
    pub fn castling_mode(self) -> sakk::CastlingMode {
        match self {
            Variant::Standard => sakk::CastlingMode::Standard,
            Variant::Chess960 => sakk::CastlingMode::Chess960,
        }
    }
}
