//! `POST /api/rules/try`: the rules library answers one action in a
//! position of the caller's choosing, with nothing stored — for the rules
//! guide (`/learn`), where a learner tries moves on a live board and a
//! refused move is explained exactly as in play (the same `rule-*` codes),
//! and for any client that wants the rules' verdict without a game.

use axum::Json;
use serde::{Deserialize, Serialize};

use sakk::{Game, GameRules, Position};

use crate::codes::ErrorCode;
use crate::command::parse_lang;
use crate::error::ApiError;
use crate::wire::{MoveMarks, NamedMate, PgnResult, Side, TerminationCode};

/// The most moves a trial replays before its action.
pub const MAX_TRIAL_MOVES: usize = 300;

/// What a trial does.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TrialAction {
    /// Play a move: UCI, or SAN in the piece letters of `lang` (`en`, `hu`,
    /// `de`, `fr`; every language when absent).
    Move {
        /// The move's text.
        text: String,
        /// The piece letters of a SAN text.
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        lang: Option<String>,
    },
    /// The flag of the side to move falls.
    Flag,
    /// The side to move claims a draw (threefold repetition, fifty moves).
    Claim,
}

/// A position, the moves played from it, and one action.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Trial {
    /// The start position (FEN).
    pub fen: String,
    /// The moves played since (UCI), at most [`MAX_TRIAL_MOVES`]: they make
    /// the history that repetition and the fifty-move rule count.
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<Vec<String>>", optional))]
    pub moves: Vec<String>,
    /// Squares the side to move has touched, in order: touch-move is in
    /// force when there are any.
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<Vec<String>>", optional))]
    pub touched: Vec<String>,
    /// The action.
    pub action: TrialAction,
}

/// The rules' answer to an accepted action.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TrialResult {
    /// The position now (FEN).
    pub fen: String,
    /// The side to move now.
    pub turn: Side,
    /// The side to move is in check.
    pub check: bool,
    /// The move played (UCI), for a move.
    pub uci: Option<String>,
    /// The move played (SAN), for a move.
    pub san: Option<String>,
    /// What the move did, for a move.
    pub marks: Option<MoveMarks>,
    /// How the game ended, if it did.
    pub termination: Option<TerminationCode>,
    /// `1-0`, `0-1` or `1/2-1/2`, if it ended.
    pub result: Option<PgnResult>,
    /// The winner, if any.
    pub winner: Option<Side>,
    /// The named mate the game ended with.
    pub named_mate: Option<NamedMate>,
    /// The side whose flag fell, when a flag ended the game (as a game's
    /// `ended_by`): what a client needs, with the result and the
    /// termination, to say how it ended.
    pub ended_by: Option<Side>,
    /// The draws the side to move may claim now.
    pub claimable: Vec<TerminationCode>,
}

/// The game of `fen` and the `moves` (UCI) played since, touch-move in
/// force when `touch_move`.
///
/// # Errors
/// A position that does not read, or a move that is not legal there
/// (`bad_trial_move`).
pub fn replay(fen: &str, moves: &[String], touch_move: bool) -> Result<Game, ApiError> {
    let mut game = Game::from_position(Position::from_fen(fen)?).with_rules(GameRules {
        touch_move,
        no_draw_offer_before: 0,
    });
    for uci in moves {
        let m = game
            .position()
            .parse_uci(uci)
            .map_err(|e| ApiError::bad_detail(ErrorCode::BadTrialMove, format!("{uci}: {e}")))?;
        game.play(m)
            .map_err(|e| ApiError::bad_detail(ErrorCode::BadTrialMove, format!("{uci}: {e}")))?;
    }
    Ok(game)
}

/// Plays `trial` by the rules; a refusal is the same error a game gives.
pub fn judge(trial: &Trial) -> Result<TrialResult, ApiError> {
    if trial.moves.len() > MAX_TRIAL_MOVES {
        return Err(ApiError::bad(ErrorCode::TooManyMoves));
    }
    let mut game = replay(&trial.fen, &trial.moves, !trial.touched.is_empty())?;
    let mover = game.turn();
    for square in &trial.touched {
        let square: sakk::Square = square
            .parse()
            .map_err(|_| ApiError::bad(ErrorCode::BadSquare))?;
        game.touch(mover, square, false)?;
    }
    let mut played = None;
    match &trial.action {
        TrialAction::Move { text, lang } => {
            let pos = *game.position();
            let m = pos.read_move_in(text, parse_lang(lang.as_deref())?)?;
            game.play(m)
                .map_err(|r| ApiError::from(sakk::GameError::Move(r)))?;
            played = Some((
                pos.uci(m).to_string(),
                pos.san(m).to_string(),
                MoveMarks::of(pos.move_facts(m)),
            ));
        }
        TrialAction::Flag => {
            game.flag(mover)?;
        }
        TrialAction::Claim => {
            game.claim_draw(None)?;
        }
    }
    // The side whose flag fell, for a flag (as a game's `ended_by`).
    let flagged = matches!(trial.action, TrialAction::Flag).then_some(mover);
    let outcome = game.outcome();
    let pos = game.position();
    let (uci, san, marks) = match played {
        Some((u, s, m)) => (Some(u), Some(s), Some(m)),
        None => (None, None, None),
    };
    Ok(TrialResult {
        fen: pos.fen(),
        turn: pos.turn().into(),
        check: pos.is_check(),
        uci,
        san,
        marks,
        termination: outcome.map(|o| o.termination.into()),
        result: outcome.as_ref().map(PgnResult::of),
        winner: outcome.and_then(|o| o.winner()).map(Side::from),
        named_mate: game.named_mate().map(NamedMate::from),
        ended_by: outcome.and(flagged.map(Side::from)),
        claimable: game
            .claimable()
            .iter()
            .map(|c| c.termination.into())
            .collect(),
    })
}

/// `POST /api/rules/try`.
pub(crate) async fn try_action(
    axum::extract::State(state): axum::extract::State<crate::state::AppState>,
    super::Body(trial): super::Body<Trial>,
) -> Result<Json<TrialResult>, ApiError> {
    // Up to 300 moves replayed and a dead-position search: on the bounded
    // pool, not on the threads that serve every other request.
    state.cpu().run(move || judge(&trial)).await?.map(Json)
}

/// `GET /api/rules/time-control`'s query: a control as a player types it.
#[derive(Clone, Debug, Deserialize)]
pub struct ControlQuery {
    /// A preset's label (`40/90+30`), minutes + seconds a move (`15+10`),
    /// periods (`40/90+30:30+30`), a delay (`5+0d3`), an hourglass in PGN's
    /// seconds (`*180`).
    pub text: String,
}

/// A control read by the rules library: the clock a game made with it
/// (`ClockSpec.text`) would be played with, for the player to see in
/// words before the game starts.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ControlRead {
    /// The clock, period by period.
    pub clock: crate::wire::ClockInUse,
}

/// `GET /api/rules/time-control?text=40/90+30`: reads a control as a new
/// game's `clock.text` is read and checked (`clock_bad_control`,
/// `clock_too_short` with this server's shortest clock).
pub(crate) async fn time_control(
    axum::extract::State(state): axum::extract::State<crate::state::AppState>,
    super::Q(q): super::Q<ControlQuery>,
) -> Result<Json<ControlRead>, ApiError> {
    let spec = crate::live::ClockSpec {
        text: Some(q.text),
        ..crate::live::ClockSpec::default()
    };
    let control = crate::new_game::check_clock(&spec, state.min_clock())?;
    // An unlimited control is refused by the check: a clock is there.
    let clock = crate::wire::ClockInUse::of(&control)
        .ok_or_else(|| ApiError::bad(ErrorCode::ClockBadControl))?;
    Ok(Json(ControlRead { clock }))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // in a test, a panic is the failure it reports
mod tests {
    use super::*;

    fn trial(fen: &str, moves: &[&str], action: TrialAction) -> Trial {
        Trial {
            fen: fen.to_string(),
            moves: moves.iter().map(|s| s.to_string()).collect(),
            touched: Vec::new(),
            action,
        }
    }

    fn mv(text: &str) -> TrialAction {
        TrialAction::Move {
            text: text.to_string(),
            lang: None,
        }
    }

    fn rule(e: ApiError) -> &'static str {
        match e {
            ApiError::Rules { code, .. } => code,
            other => panic!("not a rule: {other:?}"),
        }
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn a_legal_move_is_played_with_its_facts() {
        let r = judge(&trial(START, &["e2e4", "e7e5"], mv("Nf3"))).unwrap();
        assert_eq!(r.uci.as_deref(), Some("g1f3"));
        assert_eq!(r.san.as_deref(), Some("Nf3"));
        assert_eq!(r.turn, Side::Black);
        assert_eq!(r.termination, None);
        // Fool's mate: checkmate, by Black's move.
        let r = judge(&trial(START, &["f2f3", "e7e5", "g2g4"], mv("Qh4#"))).unwrap();
        assert_eq!(r.termination, Some(TerminationCode::Checkmate));
        assert_eq!(r.result, Some(PgnResult::BlackWins));
        assert_eq!(r.ended_by, None, "a mate is no flag");
        assert!(r
            .marks
            .unwrap()
            .facts
            .contains(&crate::wire::FactCode::Checkmate));
    }

    #[test]
    fn hungarian_letters_are_read_when_asked() {
        let hu = TrialAction::Move {
            text: "Hf3".to_string(),
            lang: Some("hu".to_string()),
        };
        let r = judge(&trial(START, &[], hu)).unwrap();
        assert_eq!(r.uci.as_deref(), Some("g1f3"));
    }

    #[test]
    fn a_refused_move_names_the_rule_as_in_play() {
        // Castling queenside with a knight still on b1.
        let fen = "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1";
        assert_eq!(
            rule(judge(&trial(fen, &[], mv("e1c1"))).unwrap_err()),
            "castling_pieces_between"
        );
        // Castling through an attacked square.
        let fen = "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1";
        let err = judge(&trial(fen, &[], mv("e1g1"))).unwrap_err();
        assert_eq!(rule(err), "castling_through_check");
        // En passant one move too late.
        let r = judge(&trial(
            "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
            &["d7d5", "e1d1", "e8d8"],
            mv("e5d6"),
        ));
        assert_eq!(rule(r.unwrap_err()), "en_passant_expired");
    }

    #[test]
    fn touch_move_binds_the_touched_piece() {
        let mut t = trial(START, &[], mv("e2e4"));
        t.touched = vec!["g1".to_string()];
        assert_eq!(rule(judge(&t).unwrap_err()), "touched_piece_must_move");
        t.action = mv("Nf3");
        assert!(judge(&t).is_ok());
    }

    #[test]
    fn a_flag_against_a_lone_king_is_a_draw_and_claims_are_judged() {
        let r = judge(&trial(
            "8/8/8/4k3/3q4/8/8/2K5 b - - 0 1",
            &[],
            TrialAction::Flag,
        ))
        .unwrap();
        assert_eq!(r.termination, Some(TerminationCode::Timeout));
        assert_eq!(r.result, Some(PgnResult::Draw));
        let r = judge(&trial(
            "8/8/8/4k3/3q4/8/8/2K5 w - - 0 1",
            &[],
            TrialAction::Flag,
        ))
        .unwrap();
        assert_eq!(r.result, Some(PgnResult::BlackWins));
        // Knights out and back twice: the third time the claim is right.
        let dance = [
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ];
        let r = judge(&trial(START, &dance, TrialAction::Claim)).unwrap();
        assert_eq!(r.termination, Some(TerminationCode::ThreefoldRepetition));
        assert!(judge(&trial(START, &dance[..4], TrialAction::Claim)).is_err());
    }

    #[test]
    fn bad_input_is_refused_with_a_code() {
        assert!(matches!(
            judge(&trial("nonsense", &[], mv("e4"))),
            Err(ApiError::Fen(_))
        ));
        let r = judge(&trial(START, &["e2e5"], mv("e4")));
        assert!(matches!(
            r,
            Err(ApiError::BadRequest {
                code: ErrorCode::BadTrialMove,
                ..
            })
        ));
        let long = vec!["e2e4"; MAX_TRIAL_MOVES + 1];
        let r = judge(&trial(START, &long, mv("e4")));
        assert!(matches!(
            r,
            Err(ApiError::BadRequest {
                code: ErrorCode::TooManyMoves,
                ..
            })
        ));
    }
}

/// The rules guide's lessons (`web/learn/lessons.json`) are checked against
/// the rules: every position reads, every task can be done, every refusal a
/// lesson shows is the rule it names, and both languages have every text.
#[cfg(test)]
#[allow(clippy::unwrap_used)] // in a test, a panic is the failure it reports
mod lessons {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct File {
        lessons: Vec<Lesson>,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Lesson {
        id: String,
        fen: String,
        #[serde(default)]
        moves: Vec<String>,
        #[serde(default)]
        touched: Vec<String>,
        task: Task,
        #[serde(default)]
        refused: Vec<(String, String)>,
        #[serde(default)]
        actions: Vec<Action>,
    }

    #[derive(Deserialize, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum Action {
        Claim,
        Flag,
    }

    #[derive(Deserialize)]
    #[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
    enum Task {
        Board { goal: Goal },
        Type { lang: String, goal: Goal },
        Choice { options: usize, answer: usize },
    }

    #[derive(Deserialize, Default)]
    #[serde(deny_unknown_fields)]
    struct Goal {
        #[serde(default)]
        uci: Vec<String>,
        fact: Option<crate::wire::FactCode>,
        termination: Option<TerminationCode>,
    }

    impl Goal {
        /// The same test as the page's (`web/src/learn.ts`, `reached`).
        fn reached(&self, r: &TrialResult) -> bool {
            (self.uci.is_empty() || r.uci.as_ref().is_some_and(|u| self.uci.contains(u)))
                && self
                    .fact
                    .as_ref()
                    .is_none_or(|f| r.marks.as_ref().is_some_and(|m| m.facts.contains(f)))
                && self
                    .termination
                    .as_ref()
                    .is_none_or(|t| r.termination == Some(*t))
        }
    }

    fn root() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/learn")
    }

    fn load() -> Vec<Lesson> {
        let text = std::fs::read_to_string(root().join("lessons.json")).unwrap();
        serde_json::from_str::<File>(&text).unwrap().lessons
    }

    fn trial(l: &Lesson, moves: &[String], action: TrialAction) -> Trial {
        Trial {
            fen: l.fen.clone(),
            moves: moves.to_vec(),
            touched: if moves.len() == l.moves.len() {
                l.touched.clone()
            } else {
                Vec::new()
            },
            action,
        }
    }

    /// Whether the goal can be reached in at most two of the learner's
    /// actions (a move, then a claim or a flag where the lesson offers one).
    fn reachable(l: &Lesson, goal: &Goal) -> bool {
        let mut first = Vec::new();
        for m in legal_moves(&l.fen, &l.moves) {
            let action = TrialAction::Move {
                text: m,
                lang: None,
            };
            if let Ok(r) = judge(&trial(l, &l.moves, action)) {
                if goal.reached(&r) {
                    return true;
                }
                if let Some(uci) = r.uci {
                    first.push(uci);
                }
            }
        }
        for action in &l.actions {
            let act = || match action {
                Action::Claim => TrialAction::Claim,
                Action::Flag => TrialAction::Flag,
            };
            if judge(&trial(l, &l.moves, act())).is_ok_and(|r| goal.reached(&r)) {
                return true;
            }
            for uci in &first {
                let mut moves = l.moves.clone();
                moves.push(uci.clone());
                if judge(&trial(l, &moves, act())).is_ok_and(|r| goal.reached(&r)) {
                    return true;
                }
            }
        }
        false
    }

    fn legal_moves(fen: &str, moves: &[String]) -> Vec<String> {
        let mut game = Game::from_position(Position::from_fen(fen).unwrap());
        for uci in moves {
            let m = game.position().parse_uci(uci).unwrap();
            game.play(m).unwrap();
        }
        let pos = game.position();
        pos.legal_moves()
            .iter()
            .map(|&m| pos.uci(m).to_string())
            .collect()
    }

    #[test]
    fn every_lesson_can_be_done_and_shows_its_rules() {
        let lessons = load();
        assert!(lessons.len() >= 16);
        for l in &lessons {
            match &l.task {
                Task::Board { goal } => {
                    assert!(
                        reachable(l, goal),
                        "lesson {}: the goal cannot be reached",
                        l.id
                    )
                }
                Task::Type { lang, goal } => {
                    assert!(parse_lang(Some(lang)).is_ok(), "lesson {}", l.id);
                    assert!(
                        reachable(l, goal),
                        "lesson {}: the goal cannot be reached",
                        l.id
                    )
                }
                Task::Choice { options, answer } => {
                    assert!((1..=*options).contains(answer), "lesson {}", l.id);
                    assert!(!legal_moves(&l.fen, &l.moves).is_empty(), "lesson {}", l.id);
                }
            }
            for (uci, rule) in &l.refused {
                let action = TrialAction::Move {
                    text: uci.clone(),
                    lang: None,
                };
                match judge(&trial(l, &l.moves, action)) {
                    Err(ApiError::Rules { code, .. }) => {
                        assert_eq!(code, rule, "lesson {}: {uci}", l.id)
                    }
                    other => panic!("lesson {}: {uci} is not refused: {other:?}", l.id),
                }
            }
        }
    }

    #[test]
    fn the_clock_lessons_flag_is_a_draw_and_a_wrong_goal_fails() {
        let lessons = load();
        let clock = lessons.iter().find(|l| l.id == "clock").unwrap();
        let r = judge(&trial(clock, &[], TrialAction::Flag)).unwrap();
        assert_eq!(r.result, Some(PgnResult::Draw));
        // The check can fail: mate is not reachable in the king lesson.
        let king = lessons.iter().find(|l| l.id == "king").unwrap();
        let mate = Goal {
            termination: Some(TerminationCode::Checkmate),
            ..Goal::default()
        };
        assert!(!reachable(king, &mate));
    }

    #[test]
    fn both_languages_have_every_lessons_texts() {
        // In the one catalogue tree (crates/i18n/locales/<lang>/learn.ftl).
        for lang in sakk_i18n::Locale::ALL {
            let has = |id: &str| sakk_i18n::catalogue().has(lang, id);
            for l in load() {
                let base = format!("learn-{}", l.id.replace('_', "-"));
                for part in ["title", "text", "task", "done"] {
                    assert!(has(&format!("{base}-{part}")), "{lang:?}: {base}-{part}");
                }
                if let Task::Choice { options, .. } = l.task {
                    for n in 1..=options {
                        assert!(
                            has(&format!("{base}-option-{n}")),
                            "{lang:?}: {base}-option-{n}"
                        );
                    }
                }
            }
        }
    }
}
