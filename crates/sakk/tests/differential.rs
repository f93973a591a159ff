//! Differential test against shakmaty: over 100,000 positions from seeded
//! random playouts (standard chess and Chess960), biased in turn toward
//! captures, checks, castling, en passant and promotions, both libraries must
//! agree on the legal moves, check, the FEN, and the SAN of every legal move.

use shakmaty::{fen::Fen, san::SanPlus as ShakSan, EnPassantMode, Position as _};

use sakk::{CastlingMode, Move, Position, SanPlus};

/// SplitMix64: a small seeded generator, so every run sees the same games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

#[derive(Copy, Clone, Debug)]
enum Bias {
    Uniform,
    Captures,
    Checks,
    Special,
}

/// A Chess960 start position, X-FEN, from the generator.
fn chess960_fen(rng: &mut Rng) -> String {
    let mut rank = [' '; 8];
    let light = [1, 3, 5, 7];
    let dark = [0, 2, 4, 6];
    rank[light[rng.below(4) as usize]] = 'b';
    rank[dark[rng.below(4) as usize]] = 'b';
    for piece in ['q', 'n', 'n'] {
        let empty: Vec<usize> = (0..8).filter(|&i| rank[i] == ' ').collect();
        rank[empty[rng.below(empty.len() as u64) as usize]] = piece;
    }
    let empty: Vec<usize> = (0..8).filter(|&i| rank[i] == ' ').collect();
    rank[empty[0]] = 'r';
    rank[empty[1]] = 'k';
    rank[empty[2]] = 'r';
    let black: String = rank.iter().collect();
    let white = black.to_uppercase();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1")
}

fn shak_position(fen: &str, mode: CastlingMode) -> shakmaty::Chess {
    let shak_mode = match mode {
        CastlingMode::Standard => shakmaty::CastlingMode::Standard,
        CastlingMode::Chess960 => shakmaty::CastlingMode::Chess960,
    };
    let Ok(setup) = fen.parse::<Fen>() else {
        panic!("shakmaty cannot read {fen}")
    };
    match setup.into_position(shak_mode) {
        Ok(pos) => pos,
        Err(_) => panic!("shakmaty rejects {fen}"),
    }
}

/// Compares everything in one position; returns sakk's legal moves with SAN.
fn compare(pos: &Position, shak: &shakmaty::Chess) -> Vec<(Move, SanPlus)> {
    let fen = pos.fen();
    let shak_mode = match pos.castling_mode() {
        CastlingMode::Standard => shakmaty::CastlingMode::Standard,
        CastlingMode::Chess960 => shakmaty::CastlingMode::Chess960,
    };
    assert_eq!(
        fen,
        Fen::from_position(shak, EnPassantMode::PseudoLegal).to_string(),
        "FEN differs"
    );
    assert_eq!(
        pos.is_check(),
        shak.is_check(),
        "check status differs in {fen}"
    );
    assert_eq!(
        pos.key(),
        pos.compute_key(),
        "incremental Zobrist key differs in {fen}"
    );

    let ours = pos.san_moves();
    let mut our_moves: Vec<(String, String)> = ours
        .iter()
        .map(|(m, san)| (pos.uci(*m).to_string(), san.to_string()))
        .collect();
    let mut their_moves: Vec<(String, String)> = shak
        .legal_moves()
        .iter()
        .map(|m| {
            (
                m.to_uci(shak_mode).to_string(),
                ShakSan::from_move(shak.clone(), *m).to_string(),
            )
        })
        .collect();
    our_moves.sort();
    their_moves.sort();
    assert_eq!(our_moves, their_moves, "legal moves or SAN differ in {fen}");
    ours
}

fn choose(rng: &mut Rng, pos: &Position, moves: &[(Move, SanPlus)], bias: Bias) -> Move {
    let weight = |(m, san): &(Move, SanPlus)| -> u64 {
        let special = m.is_castle() || m.is_en_passant() || m.is_promotion();
        match bias {
            Bias::Uniform => 1,
            Bias::Captures => 1 + 8 * u64::from(pos.is_capture(*m)),
            Bias::Checks => 1 + 8 * u64::from(san.suffix.is_some()),
            Bias::Special => {
                let pawn = pos.moving_role(*m) == Some(sakk::Role::Pawn);
                let double_step = pawn && m.from().index().abs_diff(m.to().index()) == 16;
                1 + 300 * u64::from(special) + 30 * u64::from(double_step) + 4 * u64::from(pawn)
            }
        }
    };
    let total: u64 = moves.iter().map(weight).sum();
    let mut pick = rng.below(total);
    for entry in moves {
        let w = weight(entry);
        if pick < w {
            return entry.0;
        }
        pick -= w;
    }
    moves[moves.len() - 1].0
}

#[test]
fn agrees_with_shakmaty_on_100k_positions() {
    let mut rng = Rng(0x5a4b_2026);
    let book: Vec<&str> = include_str!("../../../data/books/8mvs_+90_+99.epd")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let mut positions = 0u64;
    let mut games = 0u64;
    let (mut castles, mut en_passants, mut promotions, mut checks, mut mates) = (0, 0, 0, 0, 0);
    let (mut ep_positions, mut castling_positions) = (0, 0);
    while positions < 100_000 {
        let (fen, mode) = match games % 5 {
            0 | 1 => (sakk::STARTING_FEN.to_string(), CastlingMode::Standard),
            2 | 3 => (
                book[rng.below(book.len() as u64) as usize].to_string(),
                CastlingMode::Standard,
            ),
            _ => (chess960_fen(&mut rng), CastlingMode::Chess960),
        };
        let bias =
            [Bias::Uniform, Bias::Captures, Bias::Checks, Bias::Special][(games % 4) as usize];
        games += 1;
        let mut pos =
            Position::from_fen_with_mode(&fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut shak = shak_position(&fen, mode);
        let max_plies = 8 + rng.below(150);
        for _ply in 0..max_plies {
            let moves = compare(&pos, &shak);
            positions += 1;
            ep_positions += u64::from(moves.iter().any(|(m, _)| m.is_en_passant()));
            castling_positions += u64::from(moves.iter().any(|(m, _)| m.is_castle()));
            if moves.is_empty() {
                mates += u64::from(pos.is_check());
                break;
            }
            let m = choose(&mut rng, &pos, &moves, bias);
            castles += u64::from(m.is_castle());
            en_passants += u64::from(m.is_en_passant());
            promotions += u64::from(m.is_promotion());
            let uci = pos.uci(m).to_string();
            let shak_move = match uci
                .parse::<shakmaty::uci::UciMove>()
                .map(|u| u.to_move(&shak))
            {
                Ok(Ok(sm)) => sm,
                _ => panic!("shakmaty cannot play {uci} in {}", pos.fen()),
            };
            pos.play_unchecked(m);
            shak.play_unchecked(shak_move);
            checks += u64::from(pos.is_check());
            if pos.board().occupied().count() <= 3 {
                break;
            }
        }
    }
    println!(
        "{positions} positions in {games} games: {castles} castlings, {en_passants} en passant, \
         {promotions} promotions, {checks} checks, {mates} mates played; en passant legal in \
         {ep_positions} positions, castling in {castling_positions}"
    );
    // The bias must actually reach the special moves.
    assert!(castles > 300 && en_passants > 150 && promotions > 500 && mates > 50);
    assert!(ep_positions > 300 && castling_positions > 3_000);
}
