//! Any bytes as a Tournament Report File: no panic, and whatever is
//! accepted writes back to a file that reads as the same tournament.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sakk_tournament::trf;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(t) = trf::read(text) {
        let written = trf::write(&t);
        let again = trf::read(&written);
        assert_eq!(again.as_ref().ok(), Some(&t), "{written}");
    }
});
