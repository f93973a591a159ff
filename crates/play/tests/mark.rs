//! A move tried in place and set back: the game is then what it was, to
//! the last field, for a move on a running clock, a move offering a draw,
//! a mate, a move after the flag fell, and a refused move.

use std::time::Duration;

use sakk_play::command::{execute, Actor, Command};
use sakk_play::live::{ClockSpec, LiveGame};
use sakk_play::rows::GameRow;
use sakk_play::seat::hash_token;
use sakk_play::wire::Opponent;

/// A friend's game at 1+1 between the tokens "w" and "b".
fn timed() -> LiveGame {
    let clock = ClockSpec {
        limit: Some(60.0),
        increment: Some(1.0),
        ..ClockSpec::default()
    };
    let row = GameRow {
        id: "g".to_string(),
        opponent: Opponent::Friend,
        start_fen: sakk::STARTING_FEN.to_string(),
        clock: serde_json::to_string(&clock).ok(),
        rules: "{}".to_string(),
        white_token: hash_token("w"),
        black_token: hash_token("b"),
        ..GameRow::default()
    };
    match LiveGame::restore(row, &[], Duration::ZERO) {
        Ok(live) => live,
        Err(e) => panic!("{e}"),
    }
}

fn a_move(text: &str, offering_draw: bool) -> Command {
    Command::Move {
        text: text.to_string(),
        lang: None,
        offering_draw,
    }
}

fn token(live: &LiveGame) -> &'static str {
    match live.game.turn() {
        sakk::Color::White => "w",
        sakk::Color::Black => "b",
    }
}

/// Plays `text` on `live`, then tries `next` in place at `now` and sets
/// it back: the game must be what it was before `next`, and `changed`
/// says whether `next` changed it at all.
fn tried_and_set_back(live: &mut LiveGame, next: &str, offer: bool, now: Duration) -> bool {
    let version = live.row.version;
    let mark = live.mark();
    // (After the mark: the game counts its marks.)
    let before = format!("{live:?}");
    let effect = execute(live, Actor::Client(token(live)), a_move(next, offer), now);
    let changed = live.row.version != version;
    if effect.reply.is_err() && !changed {
        assert_eq!(
            format!("{live:?}"),
            before,
            "a refused move changed nothing"
        );
    }
    assert!(live.rewind(mark).is_ok(), "{next}");
    assert_eq!(format!("{live:?}"), before, "{next} set back");
    changed
}

fn play(live: &mut LiveGame, text: &str, now: Duration) {
    let effect = execute(live, Actor::Client(token(live)), a_move(text, false), now);
    assert!(effect.reply.is_ok(), "{text}: {:?}", effect.reply);
}

#[test]
fn each_kind_of_move_is_set_back_to_the_last_field() {
    let mut live = timed();
    let second = Duration::from_secs(1);
    // Before the clock runs, and the move that starts it.
    assert!(tried_and_set_back(&mut live, "f3", false, second));
    play(&mut live, "f3", second);
    assert!(tried_and_set_back(&mut live, "e5", false, 2 * second));
    play(&mut live, "e5", 2 * second);
    // An incorrect claim stands until the next move.
    let claim = Command::ClaimDraw {
        declared: None,
        lang: None,
    };
    let _ = execute(&mut live, Actor::Client("w"), claim, 2 * second);
    assert!(live.rejected_claim.is_some(), "the claim was rejected");
    // On a running clock, with a draw offer.
    assert!(tried_and_set_back(&mut live, "g4", true, 3 * second));
    play(&mut live, "g4", 3 * second);
    // Mate.
    assert!(tried_and_set_back(&mut live, "Qh4", false, 4 * second));
    // Refused: not a move here.
    assert!(!tried_and_set_back(&mut live, "Qh5", false, 4 * second));
    // After Black's flag fell: the move ends the game on time instead.
    assert!(tried_and_set_back(&mut live, "Qh4", false, 200 * second));
    play(&mut live, "Qh4", 4 * second);
    assert!(live.game.is_over());
}
