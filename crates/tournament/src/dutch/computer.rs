//! The round's matching for the 2026 procedure: the weights between all
//! players to be paired, and the heaviest matching, computed again only
//! when a change may have made another matching heavier.

use crate::matching::max_weight_matching;
use crate::wide::{Weight, Wide};

/// The round's matching: weights between all players, and the current
/// heaviest matching. A fixed pair has no other edge, so it stays out of
/// the computation (the graph shrinks as the brackets are paired).
///
/// Most changes touch the edges of one vertex only, and many leave the
/// current matching the heaviest: when the edge the matching uses at that
/// vertex gains at least as much as every other edge there, and does not
/// lose weight (the vertex could be left unmatched, or keep an edge that
/// did not change), no other matching can have overtaken it, and the
/// matching is kept without being computed again.
pub(crate) struct Computer<const N: usize> {
    /// The weights (zero: no edge).
    weights: Vec<Vec<Wide<N>>>,
    /// Each player's mate (itself when unpaired), as last computed.
    pub mate: Vec<usize>,
    fixed: Vec<bool>,
    dirty: Dirty<N>,
}

/// What changed since the matching was computed.
enum Dirty<const N: usize> {
    Clean,
    /// Only edges of this vertex, with their weights before.
    One(usize, Vec<(usize, Wide<N>)>),
    Many,
}

impl<const N: usize> Computer<N> {
    /// No edges yet among `n` players.
    pub fn new(n: usize) -> Self {
        Computer {
            weights: vec![vec![Wide::ZERO; n]; n],
            mate: (0..n).collect(),
            fixed: vec![false; n],
            dirty: Dirty::Many,
        }
    }

    /// Sets the weight of `i`–`j`.
    pub fn set(&mut self, i: usize, j: usize, w: Wide<N>) {
        let old = self.weights[i][j];
        if old == w {
            return;
        }
        self.weights[i][j] = w;
        self.weights[j][i] = w;
        self.dirty = match core::mem::replace(&mut self.dirty, Dirty::Many) {
            Dirty::Clean => Dirty::One(i, vec![(j, old)]),
            Dirty::One(v, mut list) if v == i || v == j => {
                let x = if v == i { j } else { i };
                if !list.iter().any(|&(y, _)| y == x) {
                    list.push((x, old));
                }
                Dirty::One(v, list)
            }
            Dirty::One(v, list) if self.still_best(v, &list) => Dirty::One(i, vec![(j, old)]),
            _ => Dirty::Many,
        };
    }

    /// Whether the matching stays the heaviest after the changes at `v`.
    fn still_best(&self, v: usize, changed: &[(usize, Wide<N>)]) -> bool {
        let m = self.mate[v];
        if m == v {
            // Unmatched: no edge there may have gained.
            return changed.iter().all(|&(x, old)| self.weights[v][x] <= old);
        }
        let now = self.weights[v][m];
        let before = changed
            .iter()
            .find(|&&(x, _)| x == m)
            .map_or(now, |&(_, old)| old);
        // The matched edge has not lost weight (leaving `v` unmatched, or an
        // unchanged edge, gains nothing), and gained at least as much as
        // any changed edge.
        !now.is_zero()
            && now >= before
            && changed
                .iter()
                .all(|&(x, old)| self.weights[v][x].plus(before) <= now.plus(old))
    }

    /// Brings the matching up to date.
    pub fn compute(&mut self) {
        match core::mem::replace(&mut self.dirty, Dirty::Clean) {
            Dirty::Clean => return,
            Dirty::One(v, list) if self.still_best(v, &list) => return,
            _ => {}
        }
        let open: Vec<usize> = (0..self.weights.len())
            .filter(|&v| !self.fixed[v])
            .collect();
        let mut edges = Vec::new();
        for (a, &i) in open.iter().enumerate() {
            for (b, &j) in open.iter().enumerate().skip(a + 1) {
                let w = self.weights[i][j];
                if !w.is_zero() {
                    edges.push((a, b, w));
                }
            }
        }
        let mate = max_weight_matching(open.len(), &edges);
        for (a, &i) in open.iter().enumerate() {
            self.mate[i] = mate[a].map_or(i, |b| open[b]);
        }
    }

    /// Forces `i`–`j` from now on. When `j` is `i`'s mate already, the
    /// matching stays the heaviest: its edge is the only one left at
    /// either, and the heaviest it can be.
    pub fn fix(&mut self, i: usize, j: usize, max: Wide<N>) {
        let keeps = self.mate[i] == j
            && match &self.dirty {
                Dirty::Clean => true,
                Dirty::One(v, list) => self.still_best(*v, list),
                Dirty::Many => false,
            };
        for k in 0..self.weights.len() {
            for (x, y) in [(i, k), (j, k)] {
                self.weights[x][y] = Wide::ZERO;
                self.weights[y][x] = Wide::ZERO;
            }
        }
        self.weights[i][j] = max;
        self.weights[j][i] = max;
        if i != j {
            self.fixed[i] = true;
            self.fixed[j] = true;
        }
        self.dirty = if keeps { Dirty::Clean } else { Dirty::Many };
    }
}
