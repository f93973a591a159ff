//! `POST /api/rules/answers`: every answer the rules give from each of a
//! few positions — each move the side to move could try on a board (each of its
//! pieces to each other square, a pawn's promotion each way), each legal
//! move written out, a claim and a flag — with the rules' result or their
//! refusal, in both languages. The rules guide keeps a lesson's answers so
//! that a learner can try the lesson without a network (`/learn` after the
//! first visit): the same `judge` as `POST /api/rules/try`, asked ahead.

use std::collections::BTreeMap;

use axum::Json;
use serde::{Deserialize, Serialize};

use sakk::{Lang, Role, Square};

use super::rules::{judge, replay, Trial, TrialAction, TrialResult};
use crate::codes::ErrorCode;
use crate::command::parse_lang;
use crate::error::ApiError;
use crate::wire::ErrorBody;

/// The most moves replayed before the position answered (a lesson's own
/// moves; each answer replays them).
pub const MAX_ANSWER_MOVES: usize = 40;

/// A position to answer every action in.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AnswersRequest {
    /// The start position (FEN).
    pub fen: String,
    /// The moves played since (UCI), at most [`MAX_ANSWER_MOVES`].
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<Vec<String>>", optional))]
    pub moves: Vec<String>,
    /// Squares the side to move has touched (touch-move in force).
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<Vec<String>>", optional))]
    pub touched: Vec<String>,
    /// The piece letters moves are typed in (`en`, `hu`…), for the written
    /// answers; none: no written answers.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub lang: Option<String>,
}

/// The rules' answer to one action: its result, or why it is refused.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TrialAnswer {
    /// Accepted, with what happened.
    Accepted(TrialResult),
    /// Refused: the index in [`Answers::refusals`] of the error a trial
    /// answers (many moves share one).
    Refused(usize),
}

/// Every answer from one position.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Answers {
    /// The position answered (FEN, after the moves).
    pub fen: String,
    /// The side to move is in check there.
    pub check: bool,
    /// The last of the moves (UCI), if any.
    pub last: Option<String>,
    /// The last move as a trial answers it (its result from the position
    /// before), if there are moves: what a page shows for the position.
    pub last_answer: Option<TrialResult>,
    /// Every refusal below, once: the error a trial answers, its words in
    /// English and Hungarian.
    pub refusals: Vec<ErrorBody>,
    /// Each board move (UCI: `e2e4`, `e7e8q`), answered.
    pub moves: BTreeMap<String, TrialAnswer>,
    /// Each legal move written out (SAN in `lang`'s letters, with and
    /// without its check sign, and UCI), answered in those letters.
    pub written: BTreeMap<String, TrialAnswer>,
    /// The same texts answered in any letters (a move written in other
    /// letters is still a move).
    pub written_any: BTreeMap<String, TrialAnswer>,
    /// A draw claimed now.
    pub claim: TrialAnswer,
    /// The side to move's flag falling now.
    pub flag: TrialAnswer,
}

/// A trial's answer; a refusal's words (in both languages) go into
/// `refusals`, once each.
fn answer(trial: &Trial, refusals: &mut Vec<ErrorBody>) -> TrialAnswer {
    match judge(trial) {
        Ok(r) => TrialAnswer::Accepted(r),
        Err(e) => {
            let body = e.body().1;
            let at = match refusals.iter().position(|b| *b == body) {
                Some(at) => at,
                None => {
                    refusals.push(body);
                    refusals.len() - 1
                }
            };
            TrialAnswer::Refused(at)
        }
    }
}

/// Answers every action from `req`'s position.
///
/// # Errors
/// A position or moves that do not read, or too many moves.
pub fn answers(req: &AnswersRequest) -> Result<Answers, ApiError> {
    if req.moves.len() > MAX_ANSWER_MOVES {
        return Err(ApiError::bad(ErrorCode::TooManyAnswerMoves));
    }
    let trial = |action| Trial {
        fen: req.fen.clone(),
        moves: req.moves.clone(),
        touched: req.touched.clone(),
        action,
    };
    let game = replay(&req.fen, &req.moves, false)?;
    let last = req.moves.last().cloned();
    let last_answer = match req.moves.split_last() {
        Some((uci, before)) => Some(judge(&Trial {
            fen: req.fen.clone(),
            moves: before.to_vec(),
            touched: Vec::new(),
            action: TrialAction::Move {
                text: uci.clone(),
                lang: None,
            },
        })?),
        None => None,
    };
    let pos = *game.position();
    let us = pos.turn();
    let mut refusals = Vec::new();
    let mut moves = BTreeMap::new();
    for (from, piece) in pos.board().pieces().filter(|(_, p)| p.color == us) {
        for to in Square::ALL.into_iter().filter(|&to| to != from) {
            let last_rank = to.rank() == sakk::Rank::Eighth || to.rank() == sakk::Rank::First;
            let texts: Vec<String> = if piece.role == Role::Pawn && last_rank {
                ["q", "r", "b", "n"]
                    .iter()
                    .map(|p| format!("{from}{to}{p}"))
                    .collect()
            } else {
                vec![format!("{from}{to}")]
            };
            for text in texts {
                let action = TrialAction::Move {
                    text: text.clone(),
                    lang: None,
                };
                moves.insert(text, answer(&trial(action), &mut refusals));
            }
        }
    }
    let mut written = BTreeMap::new();
    let mut written_any = BTreeMap::new();
    if let Some(code) = &req.lang {
        let lang: Lang = parse_lang(Some(code))?.unwrap_or_default();
        for (m, san) in pos.san_moves() {
            let plain = san.san.display(lang).to_string();
            let signed = san.display(lang).to_string();
            let english = san.display(Lang::English).to_string();
            let english_plain = san.san.display(Lang::English).to_string();
            for text in [
                plain,
                signed,
                english,
                english_plain,
                pos.uci(m).to_string(),
            ] {
                if written.contains_key(&text) {
                    continue;
                }
                let mut ask = |lang: Option<String>| {
                    answer(
                        &trial(TrialAction::Move {
                            text: text.clone(),
                            lang,
                        }),
                        &mut refusals,
                    )
                };
                let any = ask(None);
                let in_lang = ask(Some(code.clone()));
                written_any.insert(text.clone(), any);
                written.insert(text.clone(), in_lang);
            }
        }
    }
    let claim = answer(&trial(TrialAction::Claim), &mut refusals);
    let flag = answer(&trial(TrialAction::Flag), &mut refusals);
    Ok(Answers {
        fen: pos.fen(),
        check: pos.is_check(),
        last,
        last_answer,
        refusals,
        moves,
        written,
        written_any,
        claim,
        flag,
    })
}

/// The most positions one request asks answers for (the guide's lessons).
pub const MAX_ANSWER_POSITIONS: usize = 32;

/// `POST /api/rules/answers`: a list of positions, each answered.
pub(crate) async fn all_answers(
    axum::extract::State(state): axum::extract::State<crate::state::AppState>,
    super::Body(reqs): super::Body<Vec<AnswersRequest>>,
) -> Result<Json<Vec<Answers>>, ApiError> {
    if reqs.len() > MAX_ANSWER_POSITIONS {
        return Err(ApiError::bad(ErrorCode::TooManyPositions));
    }
    // Some thousand trials a position: on the bounded pool, not on the
    // threads that serve every other request.
    state
        .cpu()
        .run(move || reqs.iter().map(answers).collect::<Result<Vec<_>, _>>())
        .await?
        .map(Json)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // in a test, a panic is the failure it reports
mod tests {
    use super::*;

    fn request(fen: &str, moves: &[&str], lang: Option<&str>) -> AnswersRequest {
        AnswersRequest {
            fen: fen.to_string(),
            moves: moves.iter().map(|s| s.to_string()).collect(),
            touched: Vec::new(),
            lang: lang.map(str::to_string),
        }
    }

    fn accepted(a: Option<&TrialAnswer>) -> &TrialResult {
        match a {
            Some(TrialAnswer::Accepted(r)) => r,
            other => panic!("not accepted: {other:?}"),
        }
    }

    fn refused<'a>(answers: &'a Answers, a: Option<&TrialAnswer>) -> &'a ErrorBody {
        match a {
            Some(TrialAnswer::Refused(at)) => &answers.refusals[*at],
            other => panic!("not refused: {other:?}"),
        }
    }

    #[test]
    fn every_board_move_is_answered_as_a_trial_answers_it() {
        let fen = "8/8/8/3p4/4K3/8/8/7k w - - 0 1";
        let a = answers(&request(fen, &[], None)).unwrap();
        // The king's 63 squares, each answered.
        assert_eq!(a.moves.len(), 63);
        let take = accepted(a.moves.get("e4d5"));
        assert_eq!(take.san.as_deref(), Some("Kxd5"));
        let far = refused(&a, a.moves.get("e4e6"));
        assert_eq!(far.error, "cannot_move_that_way");
        assert!(!far.message_hu.is_empty() && far.message != far.message_hu);
        // Each refusal once, however many moves it answers.
        let mut unique = a.refusals.clone();
        unique.dedup();
        assert_eq!(unique.len(), a.refusals.len());
        assert!(a.refusals.len() < 10, "{}", a.refusals.len());
        // The same as the one-at-a-time trial.
        let one = judge(&Trial {
            fen: fen.to_string(),
            moves: Vec::new(),
            touched: Vec::new(),
            action: TrialAction::Move {
                text: "e4d5".into(),
                lang: None,
            },
        })
        .unwrap();
        assert_eq!(take, &one);
        assert!(a.written.is_empty());
    }

    #[test]
    fn promotions_written_moves_and_the_last_move() {
        let a = answers(&request("7k/P7/8/8/8/8/8/K7 w - - 0 1", &[], Some("hu"))).unwrap();
        for p in ["q", "r", "b", "n"] {
            accepted(a.moves.get(&format!("a7a8{p}")));
        }
        assert!(!a.moves.contains_key("a7a8"));
        // Hungarian letters: a queen is V; Q is another language's letter.
        let r = accepted(a.written.get("a8=V+"));
        assert_eq!(r.uci.as_deref(), Some("a7a8q"));
        accepted(a.written.get("a8=V"));
        refused(&a, a.written.get("a8=Q+"));
        accepted(a.written_any.get("a8=Q+"));
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let a = answers(&request(start, &["e2e4", "d7d5"], None)).unwrap();
        assert_eq!(a.last.as_deref(), Some("d7d5"));
        assert_eq!(
            a.last_answer.as_ref().and_then(|r| r.san.as_deref()),
            Some("d5")
        );
        accepted(a.moves.get("e4d5"));
        refused(&a, Some(&a.claim));
        assert!(answers(&request(start, &["e2e5"], None)).is_err());
    }
}
