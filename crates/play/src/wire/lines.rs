//! A game's events as the JSON lines its watchers receive, written from
//! the state's own JSON without a second encoding: the `gameState` line
//! is the state's object with its `type` first, and the `gameDelta` line
//! (for a watcher that has the state before) is the same with the move
//! lists cut to the moves it lacks.

use super::GameState;

/// The `gameState` event of a state encoded as JSON (`state_json`, an
/// object): the state's fields after the event's `type`, as
/// [`super::Event::State`] is encoded.
pub fn state_line(state_json: &str) -> String {
    tagged(STATE_HEAD, state_json)
}

/// The head of a `gameState` line.
const STATE_HEAD: &str = r#"{"type":"gameState","#;

/// The state's JSON in a `gameState` line ([`state_line`] undone); `None`
/// for another line.
pub fn state_of_line(line: &str) -> Option<String> {
    let fields = line.strip_prefix(STATE_HEAD)?;
    let mut json = String::with_capacity(fields.len() + 1);
    json.push('{');
    json.push_str(fields);
    Some(json)
}

/// The `gameDelta` event of `state` for a watcher whose lists agree with
/// the state's on their first `from` moves ([`super::Event::Delta`]): the
/// state's fields, its SAN, marks and UCI moves from the `from`th on.
/// `state` is left as it was.
///
/// # Errors
/// The state's encoding error (which its derived serialisation never
/// gives).
pub fn delta_line(state: &mut GameState, from: usize) -> serde_json::Result<String> {
    let tails = (
        state.moves[uci_from(&state.moves, from)..].to_string(),
        state.san.tail(from),
        state.marks.tail(from),
    );
    let moves = std::mem::replace(&mut state.moves, tails.0);
    let san = std::mem::replace(&mut state.san, tails.1);
    let marks = std::mem::replace(&mut state.marks, tails.2);
    let json = serde_json::to_string(state);
    state.moves = moves;
    state.san = san;
    state.marks = marks;
    let head = format!(r#"{{"type":"gameDelta","from":{from},"#);
    Ok(tagged(&head, &json?))
}

/// How many moves `before` and `after` (two move lists of one game) have
/// in common from the start: the `from` of the delta between their states.
pub fn moves_kept(before: &[sakk::Move], after: &[sakk::Move]) -> usize {
    before.iter().zip(after).take_while(|(a, b)| a == b).count()
}

/// The byte where the `from`th move begins in `moves` (UCI moves separated
/// by spaces); the end when there are no more.
fn uci_from(moves: &str, from: usize) -> usize {
    if from == 0 {
        return 0;
    }
    moves
        .match_indices(' ')
        .nth(from - 1)
        .map_or(moves.len(), |(i, _)| i + 1)
}

/// `object` (a JSON object) with `head` (an object's opening and its first
/// fields, ending with a comma) in place of its opening brace.
fn tagged(head: &str, object: &str) -> String {
    match object.strip_prefix('{') {
        Some(fields) if fields != "}" => {
            let mut line = String::with_capacity(head.len() + fields.len());
            line.push_str(head);
            line.push_str(fields);
            line
        }
        // An empty object: the head's fields alone.
        _ => format!("{}}}", head.trim_end_matches(',')),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::live::{LiveGame, Notation};
    use crate::rows::GameRow;
    use crate::wire::Event;

    fn new_game() -> LiveGame {
        let row = GameRow {
            id: "abc".to_string(),
            start_fen: sakk::STARTING_FEN.to_string(),
            ..GameRow::default()
        };
        LiveGame::restore(row, &[], Duration::ZERO).unwrap_or_else(|e| panic!("{e}"))
    }

    fn json<T: serde::Serialize>(value: &T) -> String {
        serde_json::to_string(value).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_state_line_is_the_state_s_json_with_its_type() {
        let state = new_game().state(&mut Notation::default(), Duration::ZERO);
        let line = state_line(&json(&state));
        assert_eq!(state_of_line(&line), Some(json(&state)));
        assert_eq!(line, json(&Event::State(state)));
        assert_eq!(state_of_line(r#"{"type":"chatLine","text":"x"}"#), None);
    }

    /// What a client does with a delta: keeps `from` items of its lists
    /// and appends the delta's; everything else is the delta's.
    fn applied(before: &serde_json::Value, delta: &serde_json::Value) -> serde_json::Value {
        let from = delta["from"].as_u64().unwrap_or_else(|| panic!("from")) as usize;
        let mut after = delta.clone();
        let map = after.as_object_mut().unwrap_or_else(|| panic!("an object"));
        map.remove("from");
        map.insert("type".into(), "gameState".into());
        for list in ["san", "marks"] {
            let mut items: Vec<serde_json::Value> = before[list]
                .as_array()
                .unwrap_or_else(|| panic!("{list}"))
                .clone();
            assert!(
                items.len() >= from,
                "the watcher has the moves the delta keeps"
            );
            items.truncate(from);
            items.extend(delta[list].as_array().into_iter().flatten().cloned());
            map.insert(list.into(), items.into());
        }
        let mut moves: Vec<&str> = before["moves"]
            .as_str()
            .unwrap_or("")
            .split(' ')
            .filter(|m| !m.is_empty())
            .take(from)
            .collect();
        moves.extend(
            delta["moves"]
                .as_str()
                .unwrap_or("")
                .split(' ')
                .filter(|m| !m.is_empty()),
        );
        map.insert("moves".into(), moves.join(" ").into());
        after
    }

    /// Through moves and takebacks, each state's delta from the one
    /// before, applied as a client applies it, gives the state's own
    /// `gameState` line; and the delta line is what serde makes of
    /// [`Event::Delta`].
    #[test]
    fn a_delta_applied_to_the_state_before_gives_the_state() {
        let mut live = new_game();
        let mut notation = Notation::default();
        let mut before = live.state(&mut notation, Duration::ZERO);
        // Moves, a takeback of one, of two, and more moves (a capture,
        // castling).
        let script = [
            "e2e4", "e7e5", "g1f3", "-", "g1f3", "b8c6", "f1c4", "--", "b8c6", "f1b5", "a7a6",
            "b5c6", "d7c6", "e1g1",
        ];
        for step in script {
            let had_moves = live.game.moves().to_vec();
            match step {
                "-" | "--" => {
                    for _ in 0..step.len() {
                        assert!(live.game.take_back().is_ok());
                    }
                }
                uci => {
                    let m = live
                        .game
                        .position()
                        .parse_uci(uci)
                        .unwrap_or_else(|e| panic!("{e}"));
                    assert!(live.game.play(m).is_ok(), "{uci}");
                }
            }
            let kept = moves_kept(&had_moves, live.game.moves());
            assert!(kept <= had_moves.len().min(live.game.moves().len()));
            let mut after = live.state(&mut notation, Duration::ZERO);
            let line = delta_line(&mut after, kept).unwrap_or_else(|e| panic!("{e}"));
            // `after` is left whole.
            assert_eq!(after.san.len(), live.game.moves().len());
            let (delta, full): (serde_json::Value, serde_json::Value) = (
                serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}")),
                serde_json::from_str(&state_line(&json(&after))).unwrap_or_else(|e| panic!("{e}")),
            );
            assert_eq!(delta["type"], "gameDelta");
            let had: serde_json::Value =
                serde_json::from_str(&json(&before)).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(applied(&had, &delta), full, "after {step}");
            // At most the new move travels.
            assert!(
                delta["san"].as_array().is_some_and(|a| a.len() <= 1),
                "{line}"
            );
            let mut cut = after.clone();
            cut.moves = cut
                .moves
                .split(' ')
                .skip(kept)
                .collect::<Vec<_>>()
                .join(" ");
            cut.san = cut.san.tail(kept);
            cut.marks = cut.marks.tail(kept);
            let event = Event::Delta {
                from: kept,
                state: cut,
            };
            assert_eq!(line, json(&event));
            before = after;
        }
    }

    #[test]
    fn a_cut_past_the_moves_keeps_nothing_of_them() {
        assert_eq!(uci_from("e2e4 e7e5", 0), 0);
        assert_eq!(uci_from("e2e4 e7e5", 1), 5);
        assert_eq!(uci_from("e2e4 e7e5", 2), 9);
        assert_eq!(uci_from("e2e4 e7e5", 7), 9);
        assert_eq!(uci_from("", 3), 0);
        assert_eq!(tagged(r#"{"type":"x","#, "{}"), r#"{"type":"x"}"#);
    }
}
