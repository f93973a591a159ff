//! Continuation histories: how a quiet move (its piece and its square)
//! fared after the move one ply earlier (the opponent's) and two plies
//! earlier (one's own), by that move's piece and square. They order the
//! quiet moves beside the plain history and steer the reductions: a move
//! that answered this move well before is likely to again (Stockfish's
//! and Ethereal's continuation histories).

/// How far back the earlier move is: one ply or two.
pub const BACK: usize = 2;
const PIECES: usize = 12;
const SQUARES: usize = 64;
const LEN: usize = BACK * PIECES * SQUARES * PIECES * SQUARES;

/// A move as the tables know it: its piece (0–11: the role, +6 for
/// Black) and its destination square.
pub type Key = (usize, usize);

/// The tables, flat (2.4 MB).
pub struct Continuation(Vec<i16>);

impl Default for Continuation {
    fn default() -> Continuation {
        Continuation(vec![0; LEN])
    }
}

fn index(back: usize, earlier: Key, now: Key) -> usize {
    (((back * PIECES + earlier.0) * SQUARES + earlier.1) * PIECES + now.0) * SQUARES + now.1
}

/// The score of `now` in a [`Continuation::row`] (0 in the empty row of
/// no earlier move): what [`Continuation::get`] answers for that row's
/// earlier move.
pub fn row_get(row: &[i16], now: Key) -> i32 {
    row.get(now.0 * SQUARES + now.1)
        .map_or(0, |&v| i32::from(v))
}

impl Continuation {
    /// The score of `now` after `earlier`, `back + 1` plies before it.
    pub fn get(&self, back: usize, earlier: Key, now: Key) -> i32 {
        self.0
            .get(index(back, earlier, now))
            .map_or(0, |&v| i32::from(v))
    }

    /// The scores of every move after `earlier` (`back + 1` plies before
    /// them), by the move's piece and square ([`row_get`]): a node looks
    /// its row up once for all its moves.
    pub fn row(&self, back: usize, earlier: Key) -> &[i16] {
        let start = index(back, earlier, (0, 0));
        self.0.get(start..start + PIECES * SQUARES).unwrap_or(&[])
    }

    /// Moves the score of `now` after `earlier` by `bonus`, with gravity
    /// towards zero so that it stays within `scale`.
    pub fn update(&mut self, back: usize, earlier: Key, now: Key, bonus: i32, scale: i32) {
        if let Some(v) = self.0.get_mut(index(back, earlier, now)) {
            let h = i32::from(*v);
            let next = h + bonus - h * bonus.abs() / scale;
            *v = next.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.0.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_move_by_their_bonus_and_stay_within_the_scale() {
        let mut c = Continuation::default();
        assert_eq!(c.get(0, (3, 12), (7, 40)), 0);
        c.update(0, (3, 12), (7, 40), 500, 16_384);
        assert_eq!(c.get(0, (3, 12), (7, 40)), 500);
        assert_eq!(
            c.get(1, (3, 12), (7, 40)),
            0,
            "two plies back is its own table"
        );
        for _ in 0..1000 {
            c.update(1, (11, 63), (11, 63), 1200, 16_384);
        }
        let top = c.get(1, (11, 63), (11, 63));
        assert!(top > 15_000 && top <= 16_384, "{top}");
        c.clear();
        assert_eq!(c.get(1, (11, 63), (11, 63)), 0);
    }
}
