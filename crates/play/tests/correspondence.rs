//! Correspondence games (days a move) in play, under a fake clock: the
//! days given afresh after each move, a game lost on time only after its
//! day, a restored game charged the days no server held it (the computer
//! excepted), a clock of minutes restored where it stood.

use std::time::Duration;

use sakk::{Color, Position, Termination};
use sakk_play::live::{ClockSpec, LiveGame};
use sakk_play::rows::{GameRow, MoveRow};
use sakk_play::wire::{Opponent, Side};

const DAY_MS: u64 = 24 * 3600 * 1000;

fn at(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

/// A friend's game with `days` a move, as the server stores a new one.
fn correspondence(days: u32) -> LiveGame {
    let clock = ClockSpec {
        days: Some(days),
        ..ClockSpec::default()
    };
    let row = GameRow {
        id: "corr".to_string(),
        opponent: Opponent::Friend,
        start_fen: Position::new().fen(),
        clock: serde_json::to_string(&clock).ok(),
        rules: "{}".to_string(),
        ..GameRow::default()
    };
    match LiveGame::restore(row, &[], Duration::ZERO) {
        Ok(live) => live,
        Err(e) => panic!("{e}"),
    }
}

fn play_at(live: &mut LiveGame, uci: &str, now: Duration) -> Option<MoveRow> {
    let Ok(m) = live.game.position().parse_uci(uci) else {
        panic!("{uci} is not a move here");
    };
    match live.apply_move(m, false, now) {
        Ok(row) => row,
        Err(e) => panic!("{uci}: {e}"),
    }
}

/// The game's moves as the server stores them: each with the times after
/// it.
fn stored_moves(live: &LiveGame) -> Vec<MoveRow> {
    live.game
        .moves()
        .iter()
        .zip(live.game.positions())
        .zip(&live.clocks)
        .enumerate()
        .map(|(ply, ((&m, p), &(white_ms, black_ms)))| MoveRow {
            ply: i64::try_from(ply).unwrap_or(i64::MAX),
            uci: p.uci(m).to_string(),
            offer: false,
            declared: false,
            white_ms,
            black_ms,
        })
        .collect()
}

#[test]
fn a_day_a_move_is_lost_on_time_only_after_the_day() {
    let mut live = correspondence(1);
    assert_eq!(live.clock_in_use.as_ref().and_then(|c| c.days), Some(1));
    // White's first move is not timed; Black's day runs from it.
    assert!(play_at(&mut live, "e2e4", at(5 * DAY_MS)).is_some());
    assert_eq!(
        live.times(at(5 * DAY_MS)),
        (Some(DAY_MS as i64), Some(DAY_MS as i64))
    );
    assert!(live.row.deadline.is_some());
    // Black answers a millisecond before the day is out.
    let black_moved = 6 * DAY_MS - 1;
    assert!(play_at(&mut live, "e7e5", at(black_moved)).is_some());
    assert_eq!(live.times(at(black_moved)).1, Some(DAY_MS as i64));
    // White's day: not lost a millisecond before its end ...
    assert!(!live.check_flag(at(black_moved + DAY_MS - 1)));
    assert!(!live.is_over());
    assert_eq!(live.times(at(black_moved + DAY_MS - 1)).0, Some(1));
    // ... lost once it is over.
    assert!(live.check_flag(at(black_moved + DAY_MS)));
    let outcome = live.outcome.map(|o| (o.termination, o.winner()));
    assert_eq!(outcome, Some((Termination::Timeout, Some(Color::Black))));
    live.touch_row(at(black_moved + DAY_MS));
    assert_eq!(live.row.deadline, None);
    assert!(live.pgn().contains("[TimeControl \"1/86400\"]"));
}

#[test]
fn the_computer_is_not_charged_the_days_no_server_held_its_game() {
    let mut live = correspondence(1);
    live.row.opponent = Opponent::Computer;
    live.row.human_color = Some(Side::White);
    assert!(play_at(&mut live, "e2e4", at(0)).is_some());
    let Some(deadline) = live.row.deadline else {
        panic!("no deadline stored");
    };
    let moves = stored_moves(&live);
    // Two days after its deadline, the computer still has its day.
    let late = deadline + 2 * DAY_MS as i64;
    let Ok(mut restored) = LiveGame::restore_at(live.row.clone(), &moves, at(0), late) else {
        panic!("not restored");
    };
    assert!(!restored.check_flag(at(1)));
    assert_eq!(restored.times(at(0)).1, Some(DAY_MS as i64));
    // A person to move is charged.
    live.row.human_color = Some(Side::Black);
    let Ok(mut person) = LiveGame::restore_at(live.row.clone(), &moves, at(0), late) else {
        panic!("not restored");
    };
    assert!(person.check_flag(at(1)));
}

#[test]
fn a_restored_correspondence_game_counts_the_days_it_was_not_held() {
    let mut live = correspondence(3);
    assert!(play_at(&mut live, "d2d4", at(0)).is_some());
    assert!(play_at(&mut live, "d7d5", at(1000)).is_some());
    let Some(deadline) = live.row.deadline else {
        panic!("no deadline stored");
    };
    let moves = stored_moves(&live);
    // Restored two days on, by a server whose own clock began anew:
    // White has a day left.
    let two_days_on = deadline - 3 * DAY_MS as i64 + 2 * DAY_MS as i64;
    let restored = LiveGame::restore_at(live.row.clone(), &moves, at(7), two_days_on);
    let Ok(mut restored) = restored else {
        panic!("not restored");
    };
    assert_eq!(restored.times(at(7)).0, Some(DAY_MS as i64));
    assert!(!restored.check_flag(at(7 + DAY_MS - 1)));
    assert!(restored.check_flag(at(7 + DAY_MS)));
    // Restored after the deadline: lost at once.
    let late = LiveGame::restore_at(live.row.clone(), &moves, at(0), deadline + 5);
    let Ok(mut late) = late else {
        panic!("not restored");
    };
    assert!(late.check_flag(at(1)));
    assert_eq!(late.outcome.and_then(|o| o.winner()), Some(Color::Black));
    // A clock of minutes restarts where it stood, whatever the time.
    let mut blitz = correspondence(1);
    blitz.row.clock = Some(r#"{"limit":300,"increment":2}"#.to_string());
    blitz.row.deadline = None;
    let Ok(blitz) = LiveGame::restore_at(blitz.row, &moves, at(0), deadline * 2) else {
        panic!("not restored");
    };
    assert_eq!(blitz.times(at(0)).0, Some(300_000));
}
