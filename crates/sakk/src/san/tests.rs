//! Tests of SAN reading and writing.

use super::*;

use crate::testing::pos;

fn sans(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.san_moves().iter().map(|(_, s)| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn disambiguation() {
    // Two knights can reach d2 (file), two rooks on the a-file (rank), three queens (both).
    let p = pos("8/8/1k6/8/Q6Q/8/8/Q3K3 w - - 0 1");
    let s = sans(&p);
    for expected in ["Qa4d4+", "Q1d4+", "Qhd4+", "Qah8", "Qhh8"] {
        assert!(s.contains(&expected.to_string()), "{expected} not in {s:?}");
    }
    let p = pos("k7/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert!(sans(&p).contains(&"Nbd2".to_string()));
    let p = pos("7k/R7/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(sans(&p).contains(&"R1a3".to_string()));
}

#[test]
fn suffixes_and_special_moves() {
    // Scholar's mate.
    let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    let m = p.parse_san("Qxf7", Lang::English);
    assert_eq!(m.map(|m| p.san(m).to_string()), Ok("Qxf7#".to_string()));
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(sans(&p).contains(&"O-O".to_string()));
    assert!(sans(&p).contains(&"O-O-O".to_string()));
    for text in ["0-0", "O-O", "O-O+", "o-o"] {
        assert_eq!(
            p.parse_san(text, Lang::English),
            Ok(Move::castle(Square::E1, Square::H1))
        );
    }
    let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    let ep = Move::en_passant(Square::E5, Square::F6);
    for text in ["exf6", "exf6 e.p.", "exf6e.p.", "ef6", "e5xf6", "e5f6"] {
        assert_eq!(p.parse_san(text, Lang::English), Ok(ep), "{text}");
    }
    assert_eq!(p.san(ep).to_string(), "exf6");
}

#[test]
fn promotions_in_every_language() {
    let p = pos("1n5k/P7/8/8/8/8/8/K7 w - - 0 1");
    let q = Move::promotion(Square::A7, Square::A8, Role::Queen);
    let n = Move::promotion(Square::A7, Square::B8, Role::Knight);
    assert_eq!(p.parse_san("a8=Q", Lang::English).ok(), q);
    assert_eq!(p.parse_san("a8Q", Lang::English).ok(), q);
    assert_eq!(p.parse_san("a8(Q)", Lang::English).ok(), q);
    assert_eq!(p.parse_san("a8=V", Lang::Hungarian).ok(), q);
    assert_eq!(p.parse_san("axb8=H", Lang::Hungarian).ok(), n);
    assert_eq!(p.parse_san("axb8=S", Lang::German).ok(), n);
    assert_eq!(p.parse_san("axb8=C", Lang::French).ok(), n);
    assert_eq!(p.parse_san("axb8♘", Lang::English).ok(), n);
    assert_eq!(
        p.parse_san("a8", Lang::English),
        Err(ParseMoveError::Illegal(SanError::MissingPromotion))
    );
    assert_eq!(
        n.map(|n| p.san(n).display(Lang::Hungarian).to_string())
            .as_deref(),
        Some("axb8=H")
    );
}

#[test]
fn rejects_garbage() {
    let p = Position::new();
    for text in [
        "", "x", "e", "e9", "Ke", "Nf3f", "Zf3", "e4=Q=Q", "Pe2e4e5", "K=Qe1", "e2e4=K", "abcdef",
    ] {
        assert!(p.parse_san(text, Lang::English).is_err(), "{text}");
    }
    assert_eq!(
        p.parse_san("Nd2", Lang::English),
        Err(ParseMoveError::Illegal(SanError::Illegal))
    );
    let p = pos("k7/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(
        p.parse_san("Nd2", Lang::English),
        Err(ParseMoveError::Illegal(SanError::Ambiguous))
    );
}
