//! Inputs the fuzzer found, kept as regression tests.

use sakk::pgn::{read_games, write_game, ExportOptions};

fn round_trip(data: &[u8]) {
    for game in read_games(data) {
        let Ok(game) = game else {
            continue;
        };
        let text = write_game(&game, &ExportOptions::default());
        let again: Vec<_> = read_games(text.as_bytes()).collect();
        assert_eq!(again.len(), 1, "{text}");
        match &again[0] {
            Ok(g) => assert_eq!(g.moves, game.moves, "{text}"),
            Err(e) => panic!("{e}\n{text}"),
        }
    }
}

#[test]
fn comment_with_control_characters_and_a_clock() {
    round_trip(include_bytes!("data/fuzz/pgn-1.pgn"));
}

#[test]
fn time_control_delay_is_not_pgn() {
    // "0d3" once read as PGN with a delay that PGN cannot write back.
    assert!(sakk::TimeControl::from_pgn("0d3").is_err());
    assert!(sakk::TimeControl::from_human("0d3").is_ok());
}

#[test]
fn second_pgn_input() {
    round_trip(include_bytes!("data/fuzz/pgn-2.pgn"));
}

#[test]
fn human_time_control_is_not_a_preset_label() {
    // "040/90+30" once wrote back as "40/90+30", which read as the preset.
    let tc = sakk::TimeControl::from_human("040/90+30");
    assert_eq!(
        tc.as_ref()
            .map(|t| sakk::TimeControl::from_human(&t.to_human())),
        Ok(tc.clone())
    );
}

#[test]
fn third_pgn_input() {
    round_trip(include_bytes!("data/fuzz/pgn-3.pgn"));
}

#[test]
fn zero_delay_has_no_kind() {
    let tc = sakk::TimeControl::from_human("8b0");
    assert_eq!(
        tc.as_ref()
            .map(|t| sakk::TimeControl::from_human(&t.to_human())),
        Ok(tc.clone())
    );
}
