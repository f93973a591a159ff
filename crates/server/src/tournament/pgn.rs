//! A tournament's games as PGN: the whole tournament's download, and the
//! tags one game of it carries wherever it is downloaded (`Event`, `Site`,
//! `Date`, `Round`, the players' names and ratings), from the organiser's
//! details.

use sakk::pgn::{ExportOptions, PgnGame};
use sakk::Position;
use sakk_tournament::event::{Board, Event, PlayerId};

use super::wire::{Entered, GameInTournament};

use crate::error::ApiError;
use crate::live::LiveGame;
use crate::state::AppState;

/// The round (from 1) and board (from 1) of a tournament's online game.
pub fn board_of_game(event: &Event, game: &str) -> Option<(u16, u16)> {
    event.rounds.iter().enumerate().find_map(|(r, round)| {
        let b = round
            .boards
            .iter()
            .position(|b| b.game.as_deref() == Some(game))?;
        Some((u16::try_from(r + 1).ok()?, u16::try_from(b + 1).ok()?))
    })
}

/// Gives `game`, board `board` of round `round`, the tournament's tags:
/// `Event`, `Site` (the city and federation, when set), `Round`
/// (`round.board`), `White`, `Black` and their `Elo`, `EventDate`, the
/// `TimeControl`, and — for a game whose PGN has no date of its own (one
/// played over the board) — the round's `Date` and `Time`.
pub fn tag_game(game: &mut PgnGame, event: &Event, round: u16, board: &Board, number: u16) {
    let s = &event.settings;
    game.set_tag("Event", &s.name);
    if let Some(site) = s.details.site() {
        game.set_tag("Site", &site);
    }
    let undated = game.tag("Date").is_none_or(|d| d.starts_with('?'));
    if undated {
        if let Some(start) = s.details.round(round) {
            let d = start.date;
            game.set_tag(
                "Date",
                &format!("{:04}.{:02}.{:02}", d.year, d.month, d.day),
            );
            if let Some(t) = start.time {
                game.set_tag("Time", &format!("{t}:00"));
            }
        }
    }
    if let Some(d) = s.details.start {
        game.set_tag(
            "EventDate",
            &format!("{:04}.{:02}.{:02}", d.year, d.month, d.day),
        );
    }
    game.set_tag("Round", &format!("{round}.{number}"));
    for (side, id) in [("White", board.white), ("Black", board.black)] {
        if let Some(p) = event.players.get(usize::from(id)) {
            game.set_tag(side, &p.name);
            if let Some(elo) = p.rating {
                game.set_tag(&format!("{side}Elo"), &elo.to_string());
            }
            if !p.title.is_empty() {
                game.set_tag(&format!("{side}Title"), &p.title);
            }
        }
    }
    if let Some(tc) = &s.time_control {
        game.set_tag("TimeControl", tc);
    }
}

/// An online game's place in `event` (its id `tournament`), as its page
/// names it; `None` when it is not the game of one of its boards.
pub fn game_in_tournament(
    event: &Event,
    tournament: &str,
    game_id: &str,
) -> Option<GameInTournament> {
    let (round, number) = board_of_game(event, game_id)?;
    let board = event
        .rounds
        .get(usize::from(round).checked_sub(1)?)?
        .boards
        .get(usize::from(number).checked_sub(1)?)?;
    let entered = |id: PlayerId| {
        event.players.get(usize::from(id)).map(|p| Entered {
            name: p.name.clone(),
            title: p.title.clone(),
            rating: p.rating,
        })
    };
    Some(GameInTournament {
        id: tournament.to_string(),
        name: event.settings.name.clone(),
        round,
        board: number,
        white: entered(board.white)?,
        black: entered(board.black)?,
    })
}

/// Gives an online game of `event` its tournament's tags ([`tag_game`]);
/// nothing when it is not the game of one of its boards.
pub fn tag_online_game(game: &mut PgnGame, event: &Event, game_id: &str) {
    let Some((round, number)) = board_of_game(event, game_id) else {
        return;
    };
    let board = usize::from(round)
        .checked_sub(1)
        .and_then(|r| event.rounds.get(r))
        .and_then(|r| r.boards.get(usize::from(number).checked_sub(1)?));
    if let Some(board) = board {
        tag_game(game, event, round, board, number);
    }
}

/// The tournament's games as PGN: each game played online with its moves
/// and clock times, each game played over the board with its result (its
/// moves are on the scoresheet); forfeits and byes are not games.
///
/// # Errors
/// Storage unavailable.
pub async fn pgn(state: &AppState, event: &Event) -> Result<String, ApiError> {
    let mut out = String::new();
    for (r, round) in event.rounds.iter().enumerate() {
        for (b, board) in round.boards.iter().enumerate() {
            let mut game = match &board.game {
                Some(id) => match state.store().load(id).await? {
                    Some((row, moves)) => LiveGame::restore(row, &moves, state.now())
                        .map_err(ApiError::Internal)?
                        .pgn_game(),
                    None => continue,
                },
                None => {
                    let Some(result) = board.result.filter(|r| r.played()) else {
                        continue;
                    };
                    let mut g = PgnGame::new(Position::new());
                    g.result = Some(result.pgn().to_string());
                    g.set_tag("Result", result.pgn());
                    g
                }
            };
            if board.game.is_some() && board.result.is_some_and(|r| !r.played()) {
                // A forfeit the organiser entered for an online board.
                continue;
            }
            let (Ok(round), Ok(number)) = (u16::try_from(r + 1), u16::try_from(b + 1)) else {
                continue;
            };
            tag_game(&mut game, event, round, board, number);
            out.push_str(&sakk::pgn::write_game(&game, &ExportOptions::default()));
        }
    }
    Ok(out)
}

/// The tournament a game belongs to (`tournament`: the game's row's),
/// while it exists.
///
/// # Errors
/// Storage unavailable.
pub async fn event_of_game(
    state: &AppState,
    tournament: Option<&str>,
) -> Result<Option<Event>, ApiError> {
    let Some(id) = tournament else {
        return Ok(None);
    };
    match super::load(state, id).await {
        Ok((_, event)) => Ok(Some(event)),
        // The tournament is gone: the game stands alone.
        Err(ApiError::NoTournament) => Ok(None),
        Err(e) => Err(e),
    }
}
