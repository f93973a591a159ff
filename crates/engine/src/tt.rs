//! The transposition table, shared by all search threads without locks: each
//! entry is two atomic words, the key stored XOR the data so that a torn
//! write is detected as a miss.

use std::sync::atomic::{AtomicU64, Ordering};

use sakk::Move;

/// What a stored score says about the true score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

/// A table entry, unpacked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best move found, if any.
    pub mv: Option<Move>,
    /// The score, with mate scores relative to this node.
    pub score: i32,
    /// The static evaluation.
    pub eval: i32,
    /// The depth searched.
    pub depth: i32,
    /// How `score` bounds the true score.
    pub bound: Bound,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The transposition table.
pub struct Table {
    slots: Vec<Slot>,
    age: AtomicU64,
}

fn pack(e: &Entry, age: u64) -> u64 {
    let mv = e.mv.map_or(0, |m| u64::from(m.to_u16()));
    let score = u64::from(e.score.clamp(-32_000, 32_000) as i16 as u16);
    let eval = u64::from(e.eval.clamp(-32_000, 32_000) as i16 as u16);
    let depth = (e.depth.clamp(-1, 254) + 1) as u64;
    let bound = match e.bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    mv | score << 16 | eval << 32 | depth << 48 | bound << 56 | (age & 0x3f) << 58
}

fn unpack(d: u64) -> Option<(Entry, u64)> {
    let bound = match d >> 56 & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let mv = (d & 0xffff) as u16;
    Some((
        Entry {
            mv: (mv != 0).then(|| Move::from_u16(mv)),
            score: i32::from((d >> 16) as u16 as i16),
            eval: i32::from((d >> 32) as u16 as i16),
            depth: (d >> 48 & 0xff) as i32 - 1,
            bound,
        },
        d >> 58,
    ))
}

impl Table {
    /// A table of about `mb` mebibytes (less if that much memory cannot be
    /// had: the size is halved until the allocation succeeds).
    pub fn new(mb: usize) -> Table {
        let mut n = (mb.max(1) * 1024 * 1024 / 16).next_power_of_two() / 2;
        let mut slots: Vec<Slot> = Vec::new();
        while n > 1024 && slots.try_reserve_exact(n).is_err() {
            n /= 2;
        }
        let n = n.max(1024);
        slots.extend((0..n).map(|_| Slot {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }));
        Table {
            slots,
            age: AtomicU64::new(0),
        }
    }

    /// The size in mebibytes.
    pub fn size_mb(&self) -> usize {
        self.slots.len() * 16 / (1024 * 1024)
    }

    fn slot(&self, key: u64) -> &Slot {
        let i = ((u128::from(key) * self.slots.len() as u128) >> 64) as usize;
        &self.slots[i]
    }

    /// Asks the CPU to bring `key`'s slot into its cache, so that a probe
    /// made a little later does not wait on memory (the table is far
    /// larger than the caches: a probe's load was a tenth of the search's
    /// time). Only a hint: nothing is read or written.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const Slot = self.slot(key);
            // SAFETY: a prefetch is a hint that never faults and touches no
            // memory the program can observe; the pointer is to a live slot.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        if slot.check.load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        unpack(data).map(|(e, _)| e)
    }

    /// Stores an entry, replacing an older or shallower one (or one for the
    /// same position).
    pub fn store(&self, key: u64, entry: Entry) {
        self.put(key, entry, false);
    }

    /// Stores a quiescence search's entry (depth 0), which never replaces
    /// an entry of the main search made in this search, whatever its
    /// position: the quiescence nodes are most of the tree, and would
    /// otherwise push the main search's entries out of a full table.
    pub fn store_shallow(&self, key: u64, entry: Entry) {
        self.put(key, entry, true);
    }

    fn put(&self, key: u64, mut entry: Entry, shallow: bool) {
        let slot = self.slot(key);
        let age = self.age.load(Ordering::Relaxed) & 0x3f;
        let old_data = slot.data.load(Ordering::Relaxed);
        let same = slot.check.load(Ordering::Relaxed) ^ old_data == key;
        if let Some((old, old_age)) = unpack(old_data) {
            if same && entry.mv.is_none() {
                entry.mv = old.mv;
            }
            let keep = old_age == age
                && ((shallow && old.depth > 0)
                    || (entry.bound != Bound::Exact
                        && old.depth > entry.depth + 3
                        && (same || old.bound == Bound::Exact)));
            if keep {
                return;
            }
        }
        let data = pack(&entry, age);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// A new search begins: older entries become easier to replace.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in &self.slots {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
    }

    /// Permille of the first thousand slots used in this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) & 0x3f;
        self.slots
            .iter()
            .take(1000)
            .filter(|s| unpack(s.data.load(Ordering::Relaxed)).is_some_and(|(_, a)| a == age))
            .count() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let t = Table::new(1);
        let e = Entry {
            mv: Some(Move::normal(sakk::Square::E2, sakk::Square::E4)),
            score: -31_000,
            eval: 25,
            depth: 7,
            bound: Bound::Lower,
        };
        t.store(0x1234_5678_9abc_def0, e);
        assert_eq!(t.probe(0x1234_5678_9abc_def0), Some(e));
        assert_eq!(t.probe(0x1234_5678_9abc_def1), None);
        assert!(t.hashfull() <= 1000);
    }

    /// A quiescence entry does not push out a main-search entry of this
    /// search (another position in the same slot), only an older one.
    #[test]
    fn shallow_entries_keep_the_main_searchs() {
        let t = Table::new(1);
        let deep = Entry {
            mv: None,
            score: 10,
            eval: 5,
            depth: 5,
            bound: Bound::Upper,
        };
        let shallow = Entry { depth: 0, ..deep };
        let (a, b) = (0x1234_5678_9abc_def0, 0x1234_5678_9abc_def1);
        t.store(a, deep);
        t.store_shallow(b, shallow);
        assert_eq!((t.probe(a), t.probe(b)), (Some(deep), None));
        // A plain store of the same depth-0 entry would replace it.
        t.store(b, shallow);
        assert_eq!((t.probe(a), t.probe(b)), (None, Some(shallow)));
        // From a search before, it is replaced.
        t.store(a, deep);
        t.new_search();
        t.store_shallow(b, shallow);
        assert_eq!((t.probe(a), t.probe(b)), (None, Some(shallow)));
    }
}
