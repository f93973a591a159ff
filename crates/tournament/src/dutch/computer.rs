//! The round's matching for the 2026 procedure: the weights between all
//! players to be paired, and the heaviest matching, computed again only
//! when a change may have made another matching heavier.

use crate::matching::solve;
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
    /// The vertex duals of the last computation (blossoms' included): the
    /// next one starts from them.
    dual: Option<Vec<Wide<N>>>,
    /// Vertices whose edges changed since the last computation.
    touched: Vec<bool>,
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
            dual: None,
            touched: vec![false; n],
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
        self.touched[i] = true;
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
        let start = self.repaired_start();
        let local = |v: usize| open.binary_search(&v).ok();
        let seed = start.map(|(mate, dual)| {
            let mate: Vec<Option<usize>> = open
                .iter()
                .map(|&v| (mate[v] != v).then(|| local(mate[v])).flatten())
                .collect();
            let dual: Vec<Wide<N>> = open.iter().map(|&v| dual[v]).collect();
            (mate, dual)
        });
        let found = solve(
            open.len(),
            &edges,
            seed.as_ref().map(|(m, d)| (m.as_slice(), d.as_slice())),
        );
        for (a, &i) in open.iter().enumerate() {
            self.mate[i] = found.mate[a].map_or(i, |b| open[b]);
        }
        let mut dual = vec![Wide::ZERO; self.weights.len()];
        for (a, &i) in open.iter().enumerate() {
            dual[i] = found.dual[a];
        }
        self.dual = Some(dual);
        self.touched.iter_mut().for_each(|t| *t = false);
    }

    /// The last matching and duals made a valid start for the weights now:
    /// the duals of the changed vertices raised until each of their edges
    /// is feasible, and the matched edges no longer tight unmatched.
    fn repaired_start(&self) -> Option<(Vec<usize>, Vec<Wide<N>>)> {
        let mut dual = self.dual.clone()?;
        let mut mate = self.mate.clone();
        let n = self.weights.len();
        for v in (0..n).filter(|&v| self.touched[v] && !self.fixed[v]) {
            for x in (0..n).filter(|&x| x != v && !self.fixed[x]) {
                let w2 = self.weights[v][x].plus(self.weights[v][x]);
                if dual[v].plus(dual[x]) < w2 {
                    dual[v] = w2.minus(dual[x]);
                }
            }
        }
        for v in (0..n).filter(|&v| !self.fixed[v]) {
            let m = mate[v];
            if m == v {
                continue;
            }
            let w = self.weights[v][m];
            if self.fixed[m] || w.is_zero() || dual[v].plus(dual[m]) != w.plus(w) {
                mate[v] = v;
                mate[m] = m;
            }
        }
        Some((mate, dual))
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
            self.mate[i] = j;
            self.mate[j] = i;
        }
        self.dirty = if keeps { Dirty::Clean } else { Dirty::Many };
    }
}
