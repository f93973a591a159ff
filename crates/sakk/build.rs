//! Generates the attack tables at build time: magic bitboards for sliders (the
//! magic numbers are searched here with a fixed-seed generator, so the build is
//! reproducible), PEXT-indexed slider tables, leaper tables, and the `between`
//! and `line` tables. Nothing is downloaded; the output goes to `OUT_DIR`.

use std::fmt::Write as _;
use std::{env, fs, path::PathBuf};

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn slide(sq: usize, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while on_board(f, r) {
            let b = 1u64 << (r * 8 + f);
            out |= b;
            if occ & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    out
}

fn relevant_mask(sq: usize, dirs: &[(i32, i32)]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while on_board(f + df, r + dr) {
            out |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    out
}

fn leaper(sq: usize, deltas: &[(i32, i32)]) -> u64 {
    let mut out = 0;
    for &(df, dr) in deltas {
        let (f, r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        if on_board(f, r) {
            out |= 1u64 << (r * 8 + f);
        }
    }
    out
}

/// The subsets of `mask`, in Carry-Rippler order.
fn subsets(mask: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        out.push(sub);
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    out
}

fn pext(mut occ: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 1;
    while mask != 0 {
        let lsb = mask & mask.wrapping_neg();
        if occ & lsb != 0 {
            out |= bit;
        }
        occ &= !lsb;
        mask &= mask - 1;
        bit <<= 1;
    }
    out
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Finds magics for every square and fills the shared magic table and the
/// PEXT table (same size, different index order).
fn build_slider(dirs: &[(i32, i32)], rng: &mut Rng) -> (Vec<Magic>, Vec<u64>, Vec<u64>) {
    let mut magics = Vec::new();
    let mut table = Vec::new();
    let mut pext_table = Vec::new();
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let occs = subsets(mask);
        let atts: Vec<u64> = occs.iter().map(|&o| slide(sq, o, dirs)).collect();
        let size = 1usize << bits;
        let offset = table.len();
        let mut slots = vec![0u64; size];
        let mut used = vec![0u32; size];
        let mut epoch = 0u32;
        let magic = loop {
            let candidate = rng.sparse();
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            epoch += 1;
            let mut ok = true;
            for (o, a) in occs.iter().zip(&atts) {
                let idx = (o.wrapping_mul(candidate) >> shift) as usize;
                if used[idx] != epoch {
                    used[idx] = epoch;
                    slots[idx] = *a;
                } else if slots[idx] != *a {
                    ok = false;
                    break;
                }
            }
            if ok {
                break candidate;
            }
        };
        table.extend_from_slice(&slots);
        let mut pslots = vec![0u64; size];
        for (o, a) in occs.iter().zip(&atts) {
            pslots[pext(*o, mask) as usize] = *a;
        }
        pext_table.extend_from_slice(&pslots);
        magics.push(Magic {
            mask,
            magic,
            shift,
            offset,
        });
    }
    (magics, table, pext_table)
}

fn write_array(out: &mut String, name: &str, ty: &str, values: &[u64]) {
    let _ = writeln!(
        out,
        "pub(crate) static {name}: [{ty}; {}] = [",
        values.len()
    );
    for chunk in values.chunks(8) {
        out.push_str("   ");
        for v in chunk {
            let _ = write!(out, " 0x{v:x},");
        }
        out.push('\n');
    }
    out.push_str("];\n");
}

fn write_magics(out: &mut String, name: &str, magics: &[Magic]) {
    let _ = writeln!(out, "pub(crate) static {name}: [Magic; 64] = [");
    for m in magics {
        let _ = writeln!(
            out,
            "    Magic {{ mask: 0x{:x}, factor: 0x{:x}, shift: {}, offset: {} }},",
            m.mask, m.magic, m.shift, m.offset
        );
    }
    out.push_str("];\n");
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let mut rng = Rng(0x5A4B_4B53_414B_4B21);
    let (rook_magics, rook_table, rook_pext) = build_slider(&ROOK_DIRS, &mut rng);
    let (bishop_magics, bishop_table, bishop_pext) = build_slider(&BISHOP_DIRS, &mut rng);

    let knight: Vec<u64> = (0..64)
        .map(|sq| {
            leaper(
                sq,
                &[
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ],
            )
        })
        .collect();
    let king: Vec<u64> = (0..64)
        .map(|sq| {
            leaper(
                sq,
                &[
                    (1, 0),
                    (1, 1),
                    (0, 1),
                    (-1, 1),
                    (-1, 0),
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                ],
            )
        })
        .collect();
    let mut pawn = Vec::with_capacity(128);
    pawn.extend((0..64).map(|sq| leaper(sq, &[(-1, 1), (1, 1)])));
    pawn.extend((0..64).map(|sq| leaper(sq, &[(-1, -1), (1, -1)])));

    // between[a][b]: squares strictly between a and b on a common line, else 0.
    // line[a][b]: the whole line through a and b (edge to edge), else 0.
    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in 0..64 {
        for b in 0..64 {
            if a == b {
                continue;
            }
            let bb = 1u64 << b;
            for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
                if slide(a, 0, dirs) & bb != 0 {
                    between[a * 64 + b] = slide(a, bb, dirs) & slide(b, 1u64 << a, dirs);
                    line[a * 64 + b] = (slide(a, 0, dirs) & slide(b, 0, dirs)) | (1u64 << a) | bb;
                }
            }
        }
    }

    let mut out = String::new();
    out.push_str("// Generated by build.rs. Do not edit.\n");
    write_magics(&mut out, "ROOK_MAGICS", &rook_magics);
    write_magics(&mut out, "BISHOP_MAGICS", &bishop_magics);
    write_array(&mut out, "ROOK_TABLE", "u64", &rook_table);
    write_array(&mut out, "BISHOP_TABLE", "u64", &bishop_table);
    write_array(&mut out, "ROOK_PEXT_TABLE", "u64", &rook_pext);
    write_array(&mut out, "BISHOP_PEXT_TABLE", "u64", &bishop_pext);
    write_array(&mut out, "KNIGHT_ATTACKS", "u64", &knight);
    write_array(&mut out, "KING_ATTACKS", "u64", &king);
    write_array(&mut out, "PAWN_ATTACKS", "u64", &pawn);
    let rook_rays: Vec<u64> = (0..64).map(|sq| slide(sq, 0, &ROOK_DIRS)).collect();
    let bishop_rays: Vec<u64> = (0..64).map(|sq| slide(sq, 0, &BISHOP_DIRS)).collect();
    write_array(&mut out, "ROOK_RAYS", "u64", &rook_rays);
    write_array(&mut out, "BISHOP_RAYS", "u64", &bishop_rays);
    write_array(&mut out, "BETWEEN", "u64", &between);
    write_array(&mut out, "LINE", "u64", &line);

    let dir = PathBuf::from(env::var_os("OUT_DIR").unwrap_or_default());
    if let Err(e) = fs::write(dir.join("tables.rs"), out) {
        panic!("cannot write the attack tables: {e}");
    }
}
