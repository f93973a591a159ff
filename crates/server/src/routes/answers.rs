//! `GET /api/rules/lessons/answers`: every answer the rules give in each
//! of the rules guide's lessons (`web/learn/lessons.json`, built into the
//! server) — each move the side to move could try on a board (each of its
//! pieces to each other square, each promotion), each legal move written
//! out, a claim and a flag — with the rules' result or their refusal, in
//! both languages. The guide keeps them so that a learner can try a lesson
//! without a network (`/learn` after the first visit). The same `judge` as
//! `POST /api/rules/try`, asked ahead once per process: the positions are
//! the guide's own, so no request makes the server work them out again.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use sakk::{Lang, Role, Square};

use super::rules::{judge, replay, Trial, TrialAction, TrialResult};
use crate::command::parse_lang;
use crate::error::ApiError;
use crate::wire::ErrorBody;

/// A position to answer every action in.
#[derive(Clone, Debug, Deserialize)]
pub struct AnswersRequest {
    /// The start position (FEN).
    pub fen: String,
    /// The moves played since (UCI).
    #[serde(default)]
    pub moves: Vec<String>,
    /// Squares the side to move has touched (touch-move in force).
    #[serde(default)]
    pub touched: Vec<String>,
    /// The piece letters moves are typed in (`en`, `hu`…), for the written
    /// answers; none: no written answers.
    #[serde(default)]
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
/// A position or moves that do not read.
pub fn answers(req: &AnswersRequest) -> Result<Answers, ApiError> {
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

/// A lesson of the guide, as `web/learn/lessons.json` has it (what the
/// answers need of it).
#[derive(Debug, Deserialize)]
struct Lesson {
    id: String,
    fen: String,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    touched: Vec<String>,
    task: LessonTask,
}

/// A lesson's task, as far as its answers go.
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum LessonTask {
    /// Moves on the board.
    Board,
    /// A move typed in `lang`'s letters.
    Type { lang: String },
    /// A question: no moves.
    Choice,
}

#[derive(Debug, Deserialize)]
struct LessonFile {
    lessons: Vec<Lesson>,
}

/// One lesson's answers, with the position they answer (a page checks it
/// is the lesson it shows).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LessonAnswers {
    /// The lesson's id.
    pub lesson: String,
    /// Its start position (FEN).
    pub fen: String,
    /// Its own moves (UCI), played before the learner's.
    pub moves: Vec<String>,
    /// The answers in the position after them.
    pub answers: Answers,
}

/// Every lesson's answers (the guide's board and typing lessons).
///
/// # Errors
/// A lesson that does not read (a test keeps every one readable).
pub fn lesson_answers() -> Result<Vec<LessonAnswers>, ApiError> {
    let file: LessonFile = serde_json::from_str(include_str!("../../../../web/learn/lessons.json"))
        .map_err(|e| ApiError::Internal(format!("lessons.json: {e}")))?;
    file.lessons
        .into_iter()
        .filter_map(|l| {
            let lang = match l.task {
                LessonTask::Choice => return None,
                LessonTask::Board => None,
                LessonTask::Type { lang } => Some(lang),
            };
            let req = AnswersRequest {
                fen: l.fen.clone(),
                moves: l.moves.clone(),
                touched: l.touched,
                lang,
            };
            Some(answers(&req).map(|answers| LessonAnswers {
                lesson: l.id,
                fen: l.fen,
                moves: l.moves,
                answers,
            }))
        })
        .collect()
}

/// The lessons' answers as JSON, worked out once per process.
static LESSON_ANSWERS: std::sync::OnceLock<axum::body::Bytes> = std::sync::OnceLock::new();

/// `GET /api/rules/lessons/answers`.
pub(crate) async fn lessons(
    axum::extract::State(state): axum::extract::State<crate::state::AppState>,
) -> Result<axum::response::Response, ApiError> {
    use axum::response::IntoResponse;
    let body = match LESSON_ANSWERS.get() {
        Some(body) => body.clone(),
        None => {
            // Some thousand trials, once: on the bounded pool, not on the
            // threads that serve every other request.
            let answers = state.cpu().run(lesson_answers).await??;
            let json = serde_json::to_vec(&answers)
                .map_err(|e| ApiError::Internal(format!("lesson answers: {e}")))?;
            LESSON_ANSWERS.get_or_init(|| json.into()).clone()
        }
    };
    Ok((
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response())
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

    #[test]
    fn every_lesson_but_the_questions_is_answered() {
        let all = lesson_answers().unwrap();
        assert!(all.len() >= 17, "{}", all.len());
        let king = all.iter().find(|l| l.lesson == "king").unwrap();
        accepted(king.answers.moves.get("e4d5"));
        let notation = all.iter().find(|l| l.lesson == "notation").unwrap();
        accepted(notation.answers.written.get("Hf3"));
        assert!(all.iter().all(|l| l.lesson != "castling"));
        let en_passant = all.iter().find(|l| l.lesson == "en_passant").unwrap();
        assert_eq!(en_passant.moves, ["d7d5"]);
        assert!(en_passant.answers.last_answer.is_some());
    }
}
