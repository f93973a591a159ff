//! The organiser's actions from start to finish, and their refusals.

#![allow(clippy::unwrap_used)] // in a test, a panic is the failure it reports

use super::*;
use crate::berger::{self, Cycles};
use crate::dutch::{self, Edition};
use crate::Outcome;

fn swiss(players: usize, rounds: u16) -> Event {
    with_players(
        System::Swiss {
            rounds,
            edition: Edition::Current,
        },
        players,
    )
}

/// A tournament of `players` players rated 2000, 1990, …
fn with_players(system: System, players: usize) -> Event {
    let mut e = Event::new(Settings::new("Test", system));
    for i in 0..players {
        let rating = 2000 - u16::try_from(i).unwrap() * 10;
        e.apply(Action::AddPlayer(NewPlayer::named(
            &format!("P{i}"),
            Some(rating),
        )))
        .unwrap();
    }
    e
}

fn finish_round(e: &mut Event, result: GameResult) {
    let round = u16::try_from(e.rounds.len()).unwrap();
    for b in 1..=e.rounds[usize::from(round) - 1].boards.len() {
        e.apply(Action::SetResult {
            round,
            board: u16::try_from(b).unwrap(),
            result: Some(result),
        })
        .unwrap();
    }
}

#[test]
fn a_swiss_runs_to_its_end_with_the_dutch_pairings() {
    let mut e = swiss(6, 3);
    // Round 1: the top half against the bottom half, the top seed White.
    e.apply(Action::PairRound).unwrap();
    let r1: Vec<(u16, u16)> = e.rounds[0]
        .boards
        .iter()
        .map(|b| (b.white, b.black))
        .collect();
    assert_eq!(r1, vec![(0, 3), (4, 1), (2, 5)]);
    assert_eq!(
        e.apply(Action::PairRound),
        Err(EventError::RoundIncomplete {
            round: 1,
            missing: 3
        })
    );
    finish_round(&mut e, GameResult::WhiteWins);
    e.apply(Action::PairRound).unwrap();
    // The same pairing as the library gives from the TRF of round 1.
    let mut cut = e.clone();
    cut.rounds.pop();
    let direct = dutch::pair(&cut.tournament()).unwrap();
    let ranks = e.ranks();
    let ours: Vec<(u16, Option<u16>)> = e.rounds[1]
        .boards
        .iter()
        .map(|b| {
            (
                ranks[usize::from(b.white)],
                Some(ranks[usize::from(b.black)]),
            )
        })
        .collect();
    let theirs: Vec<(u16, Option<u16>)> = direct.iter().map(|p| (p.white, p.black)).collect();
    assert_eq!(ours, theirs);
    finish_round(&mut e, GameResult::Draw);
    e.apply(Action::PairRound).unwrap();
    finish_round(&mut e, GameResult::BlackWins);
    assert!(e.finished());
    assert_eq!(
        e.apply(Action::PairRound),
        Err(EventError::Finished { rounds: 3 })
    );
    let standings = e.standings();
    assert_eq!(standings.len(), 6);
    let total: u32 = standings.iter().map(|s| s.score).sum();
    assert_eq!(total, 3 * 3 * 2);
}

#[test]
fn byes_withdrawals_and_late_entries_reach_the_pairing() {
    let mut e = swiss(5, 4);
    e.apply(Action::RequestBye {
        player: 0,
        round: 1,
        half: true,
    })
    .unwrap();
    e.apply(Action::PairRound).unwrap();
    // Four play, the top seed has the half-point bye.
    assert_eq!(e.rounds[0].boards.len(), 2);
    assert_eq!(
        e.rounds[0].byes,
        vec![Bye {
            player: 0,
            kind: ByeKind::Half
        }]
    );
    assert_eq!(
        e.apply(Action::RequestBye {
            player: 1,
            round: 1,
            half: true
        }),
        Err(EventError::RoundPaired { round: 1 })
    );
    finish_round(&mut e, GameResult::Draw);
    e.apply(Action::Withdraw { player: 4 }).unwrap();
    e.apply(Action::AddPlayer(NewPlayer::named("Late", Some(2500))))
        .unwrap();
    e.apply(Action::PairRound).unwrap();
    let r2 = &e.rounds[1];
    assert!(r2.byes.contains(&Bye {
        player: 4,
        kind: ByeKind::Absent
    }));
    // The late entry is rank 1 now; with the lowest score (its round 1
    // counts as absent) it gets the pairing-allocated bye.
    assert_eq!(e.ranking()[0], 5);
    assert!(r2.byes.contains(&Bye {
        player: 5,
        kind: ByeKind::Pairing
    }));
    // Its round 1 counts as absent in the TRF.
    let t = e.tournament();
    assert_eq!(t.players[0].rounds[0].outcome, Some(Outcome::ZeroBye));
    // The TRF reads back as the same tournament.
    let text = crate::trf::write(&t);
    match crate::trf::read(&text) {
        Ok(back) => assert_eq!(back, t, "{text}"),
        Err(e) => panic!("{e}: {text}"),
    }
}

#[test]
fn a_round_robin_follows_the_berger_tables() {
    let mut e = Event::new(Settings::new(
        "RR",
        System::RoundRobin {
            cycles: Cycles::Single,
        },
    ));
    for i in 0..5 {
        e.apply(Action::AddPlayer(NewPlayer::named(&format!("P{i}"), None)))
            .unwrap();
    }
    assert_eq!(e.rounds_planned(), 5);
    let table = berger::rounds(5, Cycles::Single);
    for (r, boards) in table.iter().enumerate() {
        e.apply(Action::PairRound).unwrap();
        let ranks = e.ranks();
        let ours: Vec<(u16, u16)> = e.rounds[r]
            .boards
            .iter()
            .map(|b| (ranks[usize::from(b.white)], ranks[usize::from(b.black)]))
            .collect();
        let want: Vec<(u16, u16)> = boards
            .iter()
            .filter_map(|p| Some((p.white, p.black?)))
            .collect();
        assert_eq!(ours, want);
        assert_eq!(e.rounds[r].byes.len(), 1);
        if r == 0 {
            assert_eq!(
                e.apply(Action::AddPlayer(NewPlayer::named("Late", None))),
                Err(EventError::Started)
            );
        }
        finish_round(&mut e, GameResult::Draw);
    }
    assert!(e.finished());
    assert!(e.standings().iter().all(|s| s.score == 4));
}

#[test]
fn refusals_change_nothing() {
    let mut e = swiss(3, 2);
    let before = e.clone();
    for (action, code) in [
        (
            Action::AddPlayer(NewPlayer::named("  ", None)),
            "name_empty",
        ),
        (
            Action::AddPlayer(NewPlayer::named("x", Some(4000))),
            "rating_out_of_range",
        ),
        (Action::Withdraw { player: 9 }, "no_such_player"),
        (Action::UnpairRound, "nothing_to_unpair"),
        (
            Action::SetResult {
                round: 1,
                board: 1,
                result: None,
            },
            "no_such_round",
        ),
        (
            Action::RequestBye {
                player: 0,
                round: 3,
                half: true,
            },
            "no_such_round",
        ),
        (
            Action::CancelBye {
                player: 0,
                round: 2,
            },
            "no_such_bye",
        ),
    ] {
        assert_eq!(e.apply(action).map_err(|e| e.code()), Err(code));
        assert_eq!(e, before);
    }
    e.apply(Action::PairRound).unwrap();
    e.apply(Action::SetResult {
        round: 1,
        board: 1,
        result: Some(GameResult::Draw),
    })
    .unwrap();
    assert_eq!(
        e.apply(Action::UnpairRound),
        Err(EventError::RoundHasResults { round: 1 })
    );
    e.apply(Action::SetResult {
        round: 1,
        board: 1,
        result: None,
    })
    .unwrap();
    e.apply(Action::UnpairRound).unwrap();
    assert!(e.rounds.is_empty());
}

/// A small random source for the property test (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// Each round names each player at most once (a board or a bye), never a
/// player against themselves, and only players who exist.
fn consistent(e: &Event) -> bool {
    e.rounds.iter().all(|r| {
        let mut seen = std::collections::HashSet::new();
        r.boards
            .iter()
            .flat_map(|b| [b.white, b.black])
            .chain(r.byes.iter().map(|b| b.player))
            .all(|p| usize::from(p) < e.players.len() && seen.insert(p))
    })
}

#[test]
fn random_actions_never_break_a_tournament() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for run in 0..200 {
        let system = if run % 3 == 0 {
            System::RoundRobin {
                cycles: if run % 2 == 0 {
                    Cycles::Single
                } else {
                    Cycles::Double
                },
            }
        } else {
            System::Swiss {
                rounds: 1 + u16::try_from(rng.below(6)).unwrap(),
                edition: if run % 5 == 0 {
                    Edition::Fide2017
                } else {
                    Edition::Current
                },
            }
        };
        let mut e = Event::new(Settings::new("Random", system));
        for _ in 0..60 {
            let players = u16::try_from(e.players.len()).unwrap();
            let round = u16::try_from(rng.below(u64::from(e.rounds_planned()) + 2)).unwrap();
            let player = u16::try_from(rng.below(u64::from(players) + 1)).unwrap();
            let board = u16::try_from(rng.below(6)).unwrap();
            let action = match rng.below(10) {
                0..=2 => Action::AddPlayer(NewPlayer::named(
                    &format!("P{}", rng.below(1000)),
                    Some(u16::try_from(1000 + rng.below(1500)).unwrap()),
                )),
                3 | 4 => Action::PairRound,
                5 | 6 => Action::SetResult {
                    round: u16::try_from(e.rounds.len()).unwrap(),
                    board,
                    result: Some(GameResult::ALL[usize::try_from(rng.below(6)).unwrap()]),
                },
                7 => Action::Withdraw { player },
                8 => Action::RequestBye {
                    player,
                    round,
                    half: rng.below(2) == 0,
                },
                _ => match rng.below(3) {
                    0 => Action::UnpairRound,
                    1 => Action::Reinstate { player },
                    _ => Action::SetResult {
                        round,
                        board,
                        result: None,
                    },
                },
            };
            let before = e.clone();
            match e.apply(action.clone()) {
                Ok(()) => assert!(consistent(&e), "run {run}: {action:?} gave {e:?}"),
                Err(err) => {
                    assert_eq!(
                        e, before,
                        "run {run}: {action:?} refused ({err}) but changed"
                    );
                }
            }
            // The standings and the TRF never fail on what the actions made.
            let t = e.tournament();
            assert_eq!(e.standings().len(), e.players.len());
            assert!(
                crate::trf::read(&crate::trf::write(&t)).is_ok() || t.players.is_empty(),
                "run {run}: {}",
                crate::trf::write(&t)
            );
        }
    }
}

#[test]
fn a_tournament_read_from_its_trf_goes_on_as_it_would_have() {
    // Three rounds of a 9-player Swiss here, with byes, a withdrawal, a
    // forfeit and a double forfeit; then its TRF read into a new event.
    let mut e = swiss(9, 5);
    e.apply(Action::RequestBye {
        player: 2,
        round: 2,
        half: true,
    })
    .unwrap();
    let results = [
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWinsByForfeit,
        GameResult::DoubleForfeit,
        GameResult::BlackWins,
    ];
    for r in 0..3 {
        if r == 2 {
            e.apply(Action::Withdraw { player: 8 }).unwrap();
        }
        e.apply(Action::PairRound).unwrap();
        let round = u16::try_from(r + 1).unwrap();
        for b in 0..e.rounds[r].boards.len() {
            e.apply(Action::SetResult {
                round,
                board: u16::try_from(b + 1).unwrap(),
                result: Some(results[(b + r) % results.len()]),
            })
            .unwrap();
        }
    }
    let text = crate::trf::write(&e.tournament());
    let t = crate::trf::read(&text).unwrap();
    let mut imported = Event::from_tournament(&t, e.settings.clone()).unwrap();
    // The same tournament as the pairing, the tie-breaks and the TRF see it.
    assert_eq!(crate::trf::write(&imported.tournament()), text);
    assert_eq!(imported.standings(), e.standings());
    // The withdrawn player is in the file's `XXZ` (absent next round).
    assert!(text.contains("\nXXZ 9\n"), "{text}");
    assert_eq!(
        imported.players[8].byes,
        vec![RequestedBye {
            round: 4,
            half: false
        }]
    );
    // Round 4 pairs the same (by starting rank) in both.
    e.apply(Action::PairRound).unwrap();
    imported.apply(Action::PairRound).unwrap();
    let by_rank = |ev: &Event, r: usize| -> Vec<(u16, u16)> {
        let ranks = ev.ranks();
        ev.rounds[r]
            .boards
            .iter()
            .map(|b| (ranks[usize::from(b.white)], ranks[usize::from(b.black)]))
            .collect()
    };
    assert_eq!(by_rank(&imported, 3), by_rank(&e, 3));
    assert!(imported.rounds[3].byes.iter().any(|b| b.player == 8));
    // The TRF's short titles in their usual form.
    let mut titled = t.clone();
    titled.players[0].title = "wg".to_string();
    titled.players[1].title = "m".to_string();
    let titled = Event::from_tournament(&titled, e.settings.clone()).unwrap();
    assert_eq!(titled.players[0].title, "WGM");
    assert_eq!(titled.players[1].title, "IM");
}

#[test]
fn the_byes_of_trf_2026_for_the_next_round_are_requests() {
    let mut e = swiss(6, 5);
    e.apply(Action::PairRound).unwrap();
    for board in 1..=3 {
        e.apply(Action::SetResult {
            round: 1,
            board,
            result: Some(GameResult::Draw),
        })
        .unwrap();
    }
    let text = crate::trf::write(&e.tournament());
    // `142` for the rounds; `240` byes for round 2: half a point for 2 and
    // 5, none for 3; a `240` of another round changes nothing.
    let text = text.replace("XXR 5\n", "142 5\n")
        + "240 H   2    2    5\n240 Z   2    3\n240 H   4    1\n";
    let t = crate::trf::read(&text).unwrap();
    assert_eq!(t.rounds_planned(), Some(5));
    let imported = Event::from_tournament(&t, e.settings.clone()).unwrap();
    let byes = |rank: usize| imported.players[rank - 1].byes.clone();
    assert_eq!(
        byes(2),
        vec![RequestedBye {
            round: 2,
            half: true
        }]
    );
    assert_eq!(
        byes(5),
        vec![RequestedBye {
            round: 2,
            half: true
        }]
    );
    assert_eq!(
        byes(3),
        vec![RequestedBye {
            round: 2,
            half: false
        }]
    );
    assert!(byes(1).is_empty() && byes(4).is_empty() && byes(6).is_empty());
    // Written back in both forms: `XXZ` for the pairing programs, `240`.
    let written = crate::trf::write(&imported.tournament());
    for line in [
        "\nXXZ 3\n",
        "\n240 Z   2    3\n",
        "\n240 H   2    2    5\n",
        "\n142 5\n",
    ] {
        assert!(written.contains(line), "{line}: {written}");
    }
    // A full point for a round not yet paired is refused, and says which.
    let full = crate::trf::read(&(text + "240 F   2    6\n")).unwrap();
    assert_eq!(
        Event::from_tournament(&full, e.settings.clone()),
        Err(EventError::FullByeRequested { round: 2 })
    );
}

#[test]
fn a_round_robin_draws_its_numbers_by_lot() {
    let rr = |n: usize| {
        with_players(
            System::RoundRobin {
                cycles: Cycles::Single,
            },
            n,
        )
    };
    let mut e = rr(6);
    let by_rating = e.ranking();
    e.apply(Action::DrawLots { seed: 7 }).unwrap();
    let drawn = e.ranking();
    assert!(e.lots_drawn);
    let mut sorted = drawn.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, vec![0, 1, 2, 3, 4, 5]);
    assert_ne!(drawn, by_rating);
    // The same seed draws the same; a late entry takes the next number.
    let mut again = rr(6);
    again.apply(Action::DrawLots { seed: 7 }).unwrap();
    assert_eq!(again.ranking(), drawn);
    e.apply(Action::AddPlayer(NewPlayer::named("Late", Some(2500))))
        .unwrap();
    assert_eq!(e.ranking()[..6], drawn[..]);
    assert_eq!(e.ranking()[6], 6);
    // Round 1 by the Berger table on the drawn numbers: 1–7 (7 players,
    // one free), 2–6, 3–5; taking it back keeps the draw.
    e.apply(Action::PairRound).unwrap();
    let ranks = e.ranks();
    let boards: Vec<(u16, u16)> = e.rounds[0]
        .boards
        .iter()
        .map(|b| (ranks[usize::from(b.white)], ranks[usize::from(b.black)]))
        .collect();
    let want: Vec<(u16, u16)> = berger::rounds(7, Cycles::Single)[0]
        .iter()
        .filter_map(|p| Some((p.white, p.black?)))
        .collect();
    assert_eq!(boards, want);
    assert_eq!(
        e.apply(Action::DrawLots { seed: 8 }),
        Err(EventError::Started)
    );
    e.apply(Action::UnpairRound).unwrap();
    assert_eq!(e.ranking()[..6], drawn[..]);
    // Only a round robin draws lots.
    assert_eq!(
        swiss(4, 3).apply(Action::DrawLots { seed: 1 }),
        Err(EventError::NotRoundRobin)
    );
    // Every order of three players comes out about equally often.
    let mut counts = std::collections::HashMap::new();
    for seed in 0..6_000 {
        let mut e = rr(3);
        e.apply(Action::DrawLots { seed }).unwrap();
        *counts.entry(e.ranking()).or_insert(0) += 1;
    }
    assert_eq!(counts.len(), 6);
    assert!(
        counts.values().all(|&c| (850..=1150).contains(&c)),
        "{counts:?}"
    );
}

#[test]
fn players_who_must_not_meet_are_kept_apart() {
    // Round 1 of four would be 1–3 and 4–2; 1 and 3 must not meet.
    let mut e = swiss(4, 3);
    e.apply(Action::SetForbidden {
        a: 2,
        b: 0,
        forbidden: true,
    })
    .unwrap();
    assert_eq!(e.forbidden, vec![(0, 2)]);
    let text = crate::trf::write(&e.tournament());
    assert!(text.contains("\nXXP 1 3\n"), "{text}");
    e.apply(Action::PairRound).unwrap();
    assert!(e.rounds[0]
        .boards
        .iter()
        .all(|b| (b.white.min(b.black), b.white.max(b.black)) != (0, 2)));
    // Read back from the TRF (and from TRF-2026's 260 for the rounds
    // still to come; one that ended is ignored): the same pairs.
    let t = crate::trf::read(&text).unwrap();
    assert_eq!(
        Event::from_tournament(&t, e.settings.clone())
            .unwrap()
            .forbidden,
        vec![(0, 2)]
    );
    // (After round 1 is played, a 260 for round 1 alone is over.)
    finish_round(&mut e, GameResult::Draw);
    let text = crate::trf::write(&e.tournament()).replace(
        "XXP 1 3\n",
        "260   1   5    2    4\n260   1   1    1    2\n",
    );
    let t = crate::trf::read(&text).unwrap();
    assert_eq!(
        Event::from_tournament(&t, e.settings.clone())
            .unwrap()
            .forbidden,
        vec![(1, 3)]
    );
    // Allowed again; refusals.
    e.apply(Action::SetForbidden {
        a: 0,
        b: 2,
        forbidden: false,
    })
    .unwrap();
    assert!(e.forbidden.is_empty());
    let set = |e: &mut Event, a, b| {
        e.apply(Action::SetForbidden {
            a,
            b,
            forbidden: true,
        })
    };
    assert_eq!(set(&mut e, 1, 1), Err(EventError::SamePlayer));
    assert_eq!(
        set(&mut e, 1, 9),
        Err(EventError::NoSuchPlayer { player: 9 })
    );
    let mut rr = with_players(
        System::RoundRobin {
            cycles: Cycles::Single,
        },
        4,
    );
    assert_eq!(set(&mut rr, 0, 1), Err(EventError::NotSwiss));
}

#[test]
fn details_go_into_the_trf_header_and_come_back() {
    use super::{Details, RoundStart, TimeOfDay};
    use crate::Date;
    let mut e = Event::new(Settings::new(
        "Tavaszi Kupa",
        System::Swiss {
            rounds: 3,
            edition: Default::default(),
        },
    ));
    for (name, rating) in [
        ("Polgár, Judit", 2700),
        ("Lékó, Péter", 2650),
        ("Rapport, Richárd", 2750),
    ] {
        e.apply(Action::AddPlayer(NewPlayer::named(name, Some(rating))))
            .unwrap();
    }
    let day = |d| Date {
        year: 2026,
        month: 3,
        day: d,
    };
    let details = Details {
        city: "Budapest".into(),
        federation: "HUN".into(),
        start: Some(day(14)),
        end: Some(day(15)),
        chief_arbiter: "Kovács, Anna".into(),
        deputy_arbiters: vec!["Nagy, Béla".into(), "Kis, Csilla".into()],
        rounds: vec![
            Some(RoundStart {
                date: day(14),
                time: TimeOfDay::read("10:00"),
            }),
            Some(RoundStart {
                date: day(14),
                time: TimeOfDay::read("15:00"),
            }),
            Some(RoundStart {
                date: day(15),
                time: None,
            }),
        ],
    };
    // Refused as a whole when a part is wrong; nothing changes.
    let mut wrong = details.clone();
    wrong.rounds.push(None);
    assert_eq!(
        e.apply(Action::SetDetails(Box::new(wrong))),
        Err(EventError::TooManyRoundDates { rounds: 3 })
    );
    assert_eq!(e.settings.details, Details::default());
    e.apply(Action::SetDetails(Box::new(details.clone())))
        .unwrap();
    e.apply(Action::PairRound).unwrap();
    e.apply(Action::SetResult {
        round: 1,
        board: 1,
        result: Some(GameResult::Draw),
    })
    .unwrap();
    let text = crate::trf::write(&e.tournament());
    let lines: Vec<&str> = text.lines().collect();
    let codes: Vec<&str> = lines
        .iter()
        .map(|l| &l[..3])
        .take_while(|c| *c != "001")
        .collect();
    assert_eq!(
        codes,
        [
            "012", "022", "032", "042", "052", "102", "112", "112", "062", "072", "092", "132",
            "XXR", "142"
        ],
        "{text}"
    );
    assert!(
        text.contains("\n042 2026/03/14\n052 2026/03/15\n"),
        "{text}"
    );
    assert!(
        text.contains("\n062 3\n072 3\n092 Individual: Swiss-System (FIDE Dutch)\n"),
        "{text}"
    );
    let dates = lines.iter().find(|l| l.starts_with("132")).unwrap();
    assert_eq!(&dates[91..99], "26/03/14");
    assert_eq!(&dates[101..109], "26/03/14");
    assert_eq!(&dates[111..119], "26/03/15");
    // Read back by a tournament begun without them: the same file again.
    let t = crate::trf::read(&text).unwrap();
    let imported = Event::from_tournament(
        &t,
        Settings::new(
            "Tavaszi Kupa",
            System::Swiss {
                rounds: 3,
                edition: Default::default(),
            },
        ),
    )
    .unwrap();
    assert_eq!(crate::trf::write(&imported.tournament()), text);
    assert_eq!(imported.settings.details.city, "Budapest");
    assert_eq!(imported.settings.details.deputy_arbiters.len(), 2);
    assert_eq!(
        imported.settings.details.round(3).map(|r| r.date),
        Some(day(15))
    );
}
