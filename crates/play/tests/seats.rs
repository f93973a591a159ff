//! The seats a token holds in a game (its hash compared with each seat's
//! stored hash).

use std::time::Duration;

use sakk::Color::{Black, White};
use sakk::Position;
use sakk_play::live::LiveGame;
use sakk_play::rows::GameRow;
use sakk_play::seat::hash_token;
use sakk_play::wire::Opponent;

/// A friend's game between the tokens `white` and `black`.
fn game(white: &str, black: &str) -> LiveGame {
    let row = GameRow {
        id: "g".to_string(),
        opponent: Opponent::Friend,
        start_fen: Position::new().fen(),
        rules: "{}".to_string(),
        white_token: hash_token(white),
        black_token: hash_token(black),
        ..GameRow::default()
    };
    match LiveGame::restore(row, &[], Duration::ZERO) {
        Ok(live) => live,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn a_token_holds_its_own_seats() {
    let g = game("w", "b");
    assert_eq!(g.seat("w"), [White]);
    assert_eq!(g.seat("b"), [Black]);
    assert!(g.seat("x").is_empty());
    // A token's stored hash is not the token.
    assert!(g.seat(&hash_token("w")).is_empty());
    assert!(g.seat("").is_empty());
    // A game against oneself on one device: one token, both seats.
    assert_eq!(game("same", "same").seat("same"), [White, Black]);
    // An empty token matches no seat, even one stored for it.
    assert!(game("", "b").seat("").is_empty());
}
