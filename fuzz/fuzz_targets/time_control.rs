//! Any bytes as a time control (PGN and human form): no panic, and what is
//! read writes back to text that reads as the same control.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sakk::{Clock, Color, TimeControl};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(tc) = TimeControl::from_pgn(text) {
        assert_eq!(TimeControl::from_pgn(&tc.to_pgn()).map(|t| t.to_pgn()), Ok(tc.to_pgn()));
        let _ = tc.category();
        // A clock with it survives a few presses at arbitrary times.
        let mut clock = Clock::new(tc);
        let ms = core::time::Duration::from_millis;
        let _ = clock.start(Color::White, ms(0));
        let mut now = 0u64;
        for &b in data.iter().take(16) {
            now += u64::from(b) * 997;
            let _ = clock.press(ms(now));
            let _ = clock.remaining(Color::White, ms(now));
        }
    }
    if let Ok(tc) = TimeControl::from_human(text) {
        assert_eq!(TimeControl::from_human(&tc.to_human()), Ok(tc));
    }
});
