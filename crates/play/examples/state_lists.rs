//! What a state's move lists cost to encode: the SAN and marks of every
//! move encoded whole for each message (as before `EncodedList`) against
//! the items encoded once and written as they are. Prints the best of five
//! rounds of 200,000 encodings each, for games of 30 and 80 plies.
//!
//! ```sh
//! cargo run --release -p sakk-play --example state_lists
//! ```

use std::time::Instant;

use sakk_play::wire::{EncodedList, MoveMarks};

fn main() {
    for plies in [30usize, 80] {
        // A game of random legal moves (a fixed seed).
        let mut pos = sakk::Position::new();
        let (mut sans, mut marks) = (Vec::new(), Vec::new());
        let mut rng: u64 = 0x1234_5678;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let m = moves[(rng % moves.len() as u64) as usize];
            sans.push(pos.san(m).to_string());
            marks.push(MoveMarks::of(pos.move_facts(m)));
            pos = pos.after_unchecked(m);
        }
        let (mut encoded_sans, mut encoded_marks) =
            (EncodedList::default(), EncodedList::default());
        for s in &sans {
            encoded_sans.push(s);
        }
        for m in &marks {
            encoded_marks.push(m);
        }
        let whole = serde_json::to_string(&(&sans, &marks)).unwrap_or_default();
        let once = serde_json::to_string(&(&encoded_sans, &encoded_marks)).unwrap_or_default();
        if whole != once {
            eprintln!("the two encodings differ:\n{whole}\n{once}");
            std::process::exit(1);
        }
        let rounds = 200_000;
        let mut best = [f64::MAX; 2];
        for _ in 0..5 {
            let mut bytes = 0;
            let t = Instant::now();
            for _ in 0..rounds {
                bytes += serde_json::to_string(&(&sans, &marks)).map_or(0, |s| s.len());
            }
            best[0] = best[0].min(t.elapsed().as_secs_f64() * 1e9 / f64::from(rounds));
            let t = Instant::now();
            for _ in 0..rounds {
                bytes +=
                    serde_json::to_string(&(&encoded_sans, &encoded_marks)).map_or(0, |s| s.len());
            }
            best[1] = best[1].min(t.elapsed().as_secs_f64() * 1e9 / f64::from(rounds));
            std::hint::black_box(bytes);
        }
        println!(
            "{plies} plies ({} bytes of lists): encoded whole {:.0} ns, items encoded once {:.0} ns",
            whole.len(),
            best[0],
            best[1]
        );
    }
}
