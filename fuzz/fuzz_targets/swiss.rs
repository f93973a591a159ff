//! Any bytes as a Tournament Report File to pair and rank: pairing the
//! next round by the Dutch system (both texts of the rules, with and
//! without Baku acceleration) and the standings with every tie-break never
//! panic; a pairing names each player to be paired at most once. Read into
//! a tournament to be continued (as the server does with an uploaded TRF),
//! its standings, its TRF and its next round never panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sakk_tournament::berger::Cycles;
use sakk_tournament::dutch::{self, Edition, Options};
use sakk_tournament::event::{Action, Event, Settings, System};
use sakk_tournament::tiebreak::{self, TieBreak};
use sakk_tournament::trf;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(t) = trf::read(text) else {
        return;
    };
    for edition in [Edition::Current, Edition::Fide2017] {
        for baku in [false, true] {
            if let Ok(pairs) = dutch::pair_with(&t, Options { edition, baku }) {
                let mut seen: Vec<u16> = pairs
                    .iter()
                    .flat_map(|p| [Some(p.white), p.black])
                    .flatten()
                    .collect();
                let n = seen.len();
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len(), n, "a player paired twice: {pairs:?}");
            }
        }
    }
    let all = [
        "BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "SB", "DE", "WIN", "WON", "BPG", "BWG", "PS",
        "ARO", "TPR",
    ];
    let tiebreaks: Vec<TieBreak> = all.iter().filter_map(|c| c.parse().ok()).collect();
    let table = tiebreak::standings(&t, &tiebreaks);
    assert_eq!(table.len(), t.players.len());
    for system in [
        System::Swiss {
            rounds: 30,
            edition: Edition::Current,
        },
        System::RoundRobin {
            cycles: Cycles::Double,
        },
    ] {
        if let Ok(mut event) = Event::from_tournament(&t, Settings::new("Fuzz", system)) {
            assert_eq!(event.standings().len(), event.players.len());
            let _ = trf::write(&event.tournament());
            let _ = event.apply(Action::PairRound);
        }
    }
});
