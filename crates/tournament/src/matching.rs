//! Maximum-weight matching in a general graph (Edmonds' blossom algorithm
//! with Galil's primal-dual bookkeeping, O(n³)).
//!
//! A Swiss pairing is a matching: every player a vertex, every pair the
//! rules allow an edge, weighted by how well the pair meets the quality
//! criteria. The heaviest matching is the best pairing. Weights are
//! unsigned ([`Weight`]); the vertex duals are kept doubled so that
//! integer weights need integer arithmetic only.
//!
//! A pairing program changes a few weights and asks again, hundreds of
//! times a round: [`solve`] can start from the previous matching and its
//! duals (see [`Solution`]), and then grows alternating trees only from
//! the vertices the change left unmatched with a positive dual — a few
//! stages instead of one for every pair.
//!
//! ```
//! use sakk_tournament::matching::max_weight_matching;
//!
//! // A path 0–1–2–3: the two outer edges outweigh the middle one.
//! let mate = max_weight_matching(4, &[(0, 1, 5u64), (1, 2, 8), (2, 3, 5)]);
//! assert_eq!(mate, [Some(1), Some(0), Some(3), Some(2)]);
//! ```

use crate::wide::Weight;

/// No vertex, edge, endpoint or blossom (the algorithm's index arrays are
/// dense and hot; a sentinel keeps them plain `usize`).
const NONE: usize = usize::MAX;

/// The matching of maximum total weight among `n` vertices and the given
/// edges `(u, v, weight)` (edges of weight zero are ignored; a pair listed
/// twice keeps its last weight): each vertex's mate, or `None`.
pub fn max_weight_matching<W: Weight>(n: usize, edges: &[(usize, usize, W)]) -> Vec<Option<usize>> {
    solve(n, edges, None).mate
}

/// A heaviest matching with vertex duals that can seed the next
/// computation: every blossom's dual moved onto its vertices, so that an
/// edge `u`–`v` of weight `w` has `dual[u] + dual[v] >= 2w` (equality on
/// the matched edges inside blossoms and outside them; a matched edge
/// leaving a blossom with a positive dual is no longer tight, and a seeded
/// computation rematches it); a vertex left unmatched has dual zero.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<W> {
    /// Each vertex's mate, or `None`.
    pub mate: Vec<Option<usize>>,
    /// The vertex duals, blossoms' included.
    pub dual: Vec<W>,
}

/// The heaviest matching, from scratch or (`start`) from an earlier
/// solution's matching and duals after some weights changed: the duals
/// must be feasible for the new weights and every edge of the matching
/// tight; vertices left unmatched with a positive dual are matched again
/// (the work is then a few stages, not one a vertex).
pub fn solve<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    start: Option<(&[Option<usize>], &[W])>,
) -> Solution<W> {
    let edges: Vec<(usize, usize, W)> = edges
        .iter()
        .copied()
        .filter(|&(u, v, w)| u != v && u < n && v < n && w != W::ZERO)
        .collect();
    let mut m = Matcher::new(n, edges);
    if let Some((mate, dual)) = start {
        m.seed(mate, dual);
    }
    m.solve();
    let mut dual = m.dual[..n].to_vec();
    for b in n..2 * n {
        if m.base[b] != NONE && m.dual[b] != W::ZERO {
            for v in m.leaves(b) {
                dual[v] = dual[v].plus(m.dual[b]);
            }
        }
    }
    Solution {
        mate: m
            .mate
            .iter()
            .map(|&p| (p != NONE).then(|| m.endpoint(p)))
            .collect(),
        dual,
    }
}

/// The algorithm's state (names as in the literature: S-vertices label 1,
/// T-vertices label 2).
struct Matcher<W> {
    n: usize,
    /// The edges, each with twice its weight (what the slack needs).
    edges: Vec<(usize, usize, W)>,
    /// For each vertex, the endpoints `p` (edge `p / 2`, far end `p % 2`)
    /// of its edges that lead away from it.
    neighbours: Vec<Vec<usize>>,
    /// For each vertex, the endpoint of its mate's end of the matched edge.
    mate: Vec<usize>,
    label: Vec<u8>,
    label_end: Vec<usize>,
    in_blossom: Vec<usize>,
    parent: Vec<usize>,
    children: Vec<Vec<usize>>,
    base: Vec<usize>,
    endps: Vec<Vec<usize>>,
    best_edge: Vec<usize>,
    blossom_best: Vec<Option<Vec<usize>>>,
    unused: Vec<usize>,
    dual: Vec<W>,
    allowed: Vec<bool>,
    queue: Vec<usize>,
    /// Started from an earlier solution: exposed vertices may have
    /// different duals.
    warm: bool,
}

impl<W: Weight> Matcher<W> {
    fn new(n: usize, edges: Vec<(usize, usize, W)>) -> Self {
        let mut neighbours = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            neighbours[i].push(2 * k + 1);
            neighbours[j].push(2 * k);
        }
        let max = edges.iter().map(|e| e.2).max().unwrap_or(W::ZERO);
        let edges: Vec<(usize, usize, W)> = edges
            .into_iter()
            .map(|(i, j, w)| (i, j, w.plus(w)))
            .collect();
        let mut dual = vec![max; n];
        dual.extend(std::iter::repeat_n(W::ZERO, n));
        let mut base: Vec<usize> = (0..n).collect();
        base.extend(std::iter::repeat_n(NONE, n));
        let allowed = vec![false; edges.len()];
        Matcher {
            n,
            edges,
            neighbours,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            children: vec![Vec::new(); 2 * n],
            base,
            endps: vec![Vec::new(); 2 * n],
            best_edge: vec![NONE; 2 * n],
            blossom_best: vec![None; 2 * n],
            unused: (n..2 * n).rev().collect(),
            dual,
            allowed,
            queue: Vec::new(),
            warm: false,
        }
    }

    /// Starts from a matching and vertex duals (see [`solve`]).
    fn seed(&mut self, mate: &[Option<usize>], dual: &[W]) {
        for (v, &m) in mate.iter().enumerate().take(self.n) {
            let Some(u) = m else { continue };
            // The endpoint at `u` of their edge (the last listed, as
            // before), found among `v`'s neighbours.
            if let Some(&p) = self.neighbours[v]
                .iter()
                .rev()
                .find(|&&p| self.endpoint(p) == u)
            {
                self.mate[v] = p;
            }
        }
        for (v, &d) in dual.iter().enumerate().take(self.n) {
            self.dual[v] = d;
        }
        // The roots' duals must share their parity, so that the slack
        // between two trees stays even and halves exactly (delta 3):
        // raise the odd ones by one (an exposed vertex may have any dual
        // at least its edges need).
        for v in 0..self.n {
            if self.mate[v] == NONE && self.dual[v] != self.dual[v].half().plus(self.dual[v].half())
            {
                self.dual[v] = self.dual[v].plus(W::small(1));
            }
        }
        self.warm = true;
    }

    /// The vertex at endpoint `p`.
    fn endpoint(&self, p: usize) -> usize {
        let (i, j, _) = self.edges[p / 2];
        if p % 2 == 0 {
            i
        } else {
            j
        }
    }

    /// Twice the edge's reduced cost (zero when the edge is tight).
    fn slack(&self, k: usize) -> W {
        let (i, j, w2) = self.edges[k];
        self.dual[i].plus(self.dual[j]).minus(w2)
    }

    /// The vertices inside blossom `b`.
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                stack.extend(self.children[t].iter().rev());
            }
        }
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let mut w = w;
        let mut t = t;
        let mut p = p;
        loop {
            let b = self.in_blossom[w];
            self.label[w] = t;
            self.label[b] = t;
            self.label_end[w] = p;
            self.label_end[b] = p;
            self.best_edge[w] = NONE;
            self.best_edge[b] = NONE;
            if t == 1 {
                let leaves = self.leaves(b);
                self.queue.extend(leaves);
                return;
            }
            let base = self.base[b];
            let mp = self.mate[base];
            w = self.endpoint(mp);
            t = 1;
            p = mp ^ 1;
        }
    }

    /// Follows the alternating trees back from `v` and `w`: the base of a
    /// new blossom, or `NONE` when they lead to two roots (an augmenting
    /// path).
    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let mut b = self.in_blossom[v];
            if self.label[b] & 4 != 0 {
                base = self.base[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.label_end[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint(self.label_end[b]);
                b = self.in_blossom[v];
                v = self.endpoint(self.label_end[b]);
            }
            if w != NONE {
                core::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let Some(b) = self.unused.pop() else {
            return;
        };
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            endps.push(self.label_end[bv]);
            v = self.endpoint(self.label_end[bv]);
            bv = self.in_blossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            endps.push(self.label_end[bw] ^ 1);
            w = self.endpoint(self.label_end[bw]);
            bw = self.in_blossom[w];
        }
        self.label[b] = 1;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = W::ZERO;
        self.children[b] = path.clone();
        self.endps[b] = endps;
        for v in self.leaves(b) {
            if self.label[self.in_blossom[v]] == 2 {
                self.queue.push(v);
            }
            self.in_blossom[v] = b;
        }
        let mut best_to = vec![NONE; 2 * self.n];
        for &bv in &path {
            let lists: Vec<Vec<usize>> = match self.blossom_best[bv].take() {
                Some(list) => vec![list],
                None => self
                    .leaves(bv)
                    .into_iter()
                    .map(|v| self.neighbours[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.in_blossom[j] == b {
                        core::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.in_blossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (best_to[bj] == NONE || self.slack(k) < self.slack(best_to[bj]))
                    {
                        best_to[bj] = k;
                    }
                }
            }
            self.best_edge[bv] = NONE;
        }
        let best: Vec<usize> = best_to.into_iter().filter(|&k| k != NONE).collect();
        self.best_edge[b] = NONE;
        for &k in &best {
            if self.best_edge[b] == NONE || self.slack(k) < self.slack(self.best_edge[b]) {
                self.best_edge[b] = k;
            }
        }
        self.blossom_best[b] = Some(best);
    }

    fn expand_blossom(&mut self, b: usize, end_stage: bool) {
        let children = self.children[b].clone();
        for &s in &children {
            self.parent[s] = NONE;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_stage && self.dual[s] == W::ZERO {
                self.expand_blossom(s, end_stage);
            } else {
                for v in self.leaves(s) {
                    self.in_blossom[v] = s;
                }
            }
        }
        if !end_stage && self.label[b] == 2 {
            let len = children.len() as isize;
            let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let entry = self.in_blossom[self.endpoint(self.label_end[b] ^ 1)];
            let mut j = children.iter().position(|&c| c == entry).unwrap_or(0) as isize;
            let (step, trick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let endps = self.endps[b].clone();
            let endp = |j: isize| endps[at(j - trick as isize)];
            let mut p = self.label_end[b];
            while j != 0 {
                let a = self.endpoint(p ^ 1);
                self.label[a] = 0;
                let c = self.endpoint(endp(j) ^ trick ^ 1);
                self.label[c] = 0;
                self.assign_label(a, 2, p);
                self.allowed[endp(j) / 2] = true;
                j += step;
                p = endp(j) ^ trick;
                self.allowed[p / 2] = true;
                j += step;
            }
            let bv = children[at(j)];
            let a = self.endpoint(p ^ 1);
            self.label[a] = 2;
            self.label[bv] = 2;
            self.label_end[a] = p;
            self.label_end[bv] = p;
            self.best_edge[bv] = NONE;
            j += step;
            while children[at(j)] != entry {
                let bv = children[at(j)];
                if self.label[bv] == 1 {
                    j += step;
                    continue;
                }
                let labelled = self.leaves(bv).into_iter().find(|&v| self.label[v] != 0);
                if let Some(v) = labelled {
                    self.label[v] = 0;
                    let m = self.endpoint(self.mate[self.base[bv]]);
                    self.label[m] = 0;
                    let le = self.label_end[v];
                    self.assign_label(v, 2, le);
                }
                j += step;
            }
        }
        self.label[b] = 0;
        self.label_end[b] = NONE;
        self.children[b] = Vec::new();
        self.endps[b] = Vec::new();
        self.base[b] = NONE;
        self.blossom_best[b] = None;
        self.best_edge[b] = NONE;
        self.unused.push(b);
    }

    /// Swaps matched and unmatched edges inside blossom `b` so that vertex
    /// `v` becomes its base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let children = self.children[b].clone();
        let endps = self.endps[b].clone();
        let len = children.len() as isize;
        let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
        let i = children.iter().position(|&c| c == t).unwrap_or(0);
        let mut j = i as isize;
        let (step, trick): (isize, usize) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += step;
            let t = children[at(j)];
            let p = endps[at(j - trick as isize)] ^ trick;
            if t >= self.n {
                let e = self.endpoint(p);
                self.augment_blossom(t, e);
            }
            j += step;
            let t = children[at(j)];
            if t >= self.n {
                let e = self.endpoint(p ^ 1);
                self.augment_blossom(t, e);
            }
            let (a, c) = (self.endpoint(p), self.endpoint(p ^ 1));
            self.mate[a] = p ^ 1;
            self.mate[c] = p;
        }
        self.children[b] = children[i..]
            .iter()
            .chain(&children[..i])
            .copied()
            .collect();
        self.endps[b] = endps[i..].iter().chain(&endps[..i]).copied().collect();
        self.base[b] = self.base[self.children[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (s, p) in [(v, 2 * k + 1), (w, 2 * k)] {
            self.augment_from(s, p);
        }
    }

    /// Matches `s` to endpoint `p` (or leaves it exposed: `NONE`) and
    /// swaps the matched and unmatched edges on the tree path from `s` up
    /// to its root.
    fn augment_from(&mut self, s: usize, p: usize) {
        {
            let (mut s, mut p) = (s, p);
            loop {
                let bs = self.in_blossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    break;
                }
                let t = self.endpoint(self.label_end[bs]);
                let bt = self.in_blossom[t];
                s = self.endpoint(self.label_end[bt]);
                let j = self.endpoint(self.label_end[bt] ^ 1);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.label_end[bt];
                p = self.label_end[bt] ^ 1;
            }
        }
    }

    /// Whether an exposed vertex still has a positive dual (the matching
    /// is not yet proven heaviest).
    fn open_roots(&self) -> bool {
        (0..self.n).any(|v| self.mate[v] == NONE && self.dual[v] != W::ZERO)
    }

    fn solve(&mut self) {
        let n = self.n;
        // A stage matches two vertices, or (started warm) proves one more
        // exposed vertex needs no mate.
        let stages = if self.warm { 2 * n + 2 } else { n };
        for _ in 0..stages {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.best_edge.iter_mut().for_each(|e| *e = NONE);
            self.blossom_best[n..].iter_mut().for_each(|e| *e = None);
            self.allowed.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            let mut roots = false;
            for v in 0..n {
                if self.mate[v] == NONE
                    && self.label[self.in_blossom[v]] == 0
                    && (!self.warm || self.dual[v] != W::ZERO)
                {
                    self.assign_label(v, 1, NONE);
                    roots = true;
                }
            }
            if !roots {
                break;
            }
            let mut augmented = false;
            loop {
                while let Some(v) = (!augmented).then(|| self.queue.pop()).flatten() {
                    for idx in 0..self.neighbours[v].len() {
                        let p = self.neighbours[v][idx];
                        let k = p / 2;
                        let w = self.endpoint(p);
                        if self.in_blossom[v] == self.in_blossom[w] {
                            continue;
                        }
                        let mut kslack = W::ZERO;
                        if !self.allowed[k] {
                            kslack = self.slack(k);
                            if kslack == W::ZERO {
                                self.allowed[k] = true;
                            }
                        }
                        let bw = self.in_blossom[w];
                        if self.allowed[k] {
                            if self.warm && self.label[bw] == 0 && self.mate[self.base[bw]] == NONE
                            {
                                // An exposed vertex with a zero dual: the
                                // end of an augmenting path.
                                self.assign_label(w, 1, NONE);
                            }
                            if self.label[bw] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[bw] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.label_end[w] = p ^ 1;
                            }
                        } else if self.label[bw] == 1 {
                            let b = self.in_blossom[v];
                            if self.best_edge[b] == NONE || kslack < self.slack(self.best_edge[b]) {
                                self.best_edge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.best_edge[w] == NONE || kslack < self.slack(self.best_edge[w]))
                        {
                            self.best_edge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path with tight edges: change the duals.
                let mut delta_type = 1;
                let mut delta = if self.warm {
                    // No S-vertex's dual may go below zero.
                    (0..n)
                        .filter(|&v| self.label[self.in_blossom[v]] == 1)
                        .map(|v| self.dual[v])
                        .min()
                        .unwrap_or(W::ZERO)
                } else {
                    self.dual[..n].iter().copied().min().unwrap_or(W::ZERO)
                };
                let mut delta_edge = NONE;
                let mut delta_blossom = NONE;
                for v in 0..n {
                    if self.label[self.in_blossom[v]] == 0 && self.best_edge[v] != NONE {
                        let d = self.slack(self.best_edge[v]);
                        if d < delta {
                            delta = d;
                            delta_type = 2;
                            delta_edge = self.best_edge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.parent[b] == NONE && self.label[b] == 1 && self.best_edge[b] != NONE {
                        let d = self.slack(self.best_edge[b]).half();
                        if d < delta {
                            delta = d;
                            delta_type = 3;
                            delta_edge = self.best_edge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.base[b] != NONE
                        && self.parent[b] == NONE
                        && self.label[b] == 2
                        && self.dual[b] < delta
                    {
                        delta = self.dual[b];
                        delta_type = 4;
                        delta_blossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.in_blossom[v]] {
                        1 => self.dual[v] = self.dual[v].minus(delta),
                        2 => self.dual[v] = self.dual[v].plus(delta),
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.base[b] != NONE && self.parent[b] == NONE {
                        match self.label[b] {
                            1 => self.dual[b] = self.dual[b].plus(delta),
                            2 => self.dual[b] = self.dual[b].minus(delta),
                            _ => {}
                        }
                    }
                }
                match delta_type {
                    2 => {
                        self.allowed[delta_edge] = true;
                        let (mut i, mut j, _) = self.edges[delta_edge];
                        if self.label[self.in_blossom[i]] == 0 {
                            core::mem::swap(&mut i, &mut j);
                        }
                        let _ = j;
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowed[delta_edge] = true;
                        let (i, _, _) = self.edges[delta_edge];
                        self.queue.push(i);
                    }
                    4 => self.expand_blossom(delta_blossom, false),
                    _ if self.warm && self.open_roots() => {
                        // An S-vertex reached a zero dual while other
                        // exposed vertices keep a positive one: leave it
                        // exposed, its root matched along the tree path.
                        if let Some(x) = (0..n).find(|&v| {
                            self.label[self.in_blossom[v]] == 1 && self.dual[v] == W::ZERO
                        }) {
                            let bx = self.in_blossom[x];
                            if self.label_end[bx] == NONE {
                                if bx >= n {
                                    self.augment_blossom(bx, x);
                                }
                                self.mate[x] = NONE;
                            } else {
                                self.augment_from(x, NONE);
                            }
                        }
                        augmented = true;
                        break;
                    }
                    _ => break,
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.parent[b] == NONE
                    && self.base[b] != NONE
                    && self.label[b] == 1
                    && self.dual[b] == W::ZERO
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wide::Wide;

    /// A small deterministic random generator.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// The best total weight by trying every matching.
    fn brute(n: usize, w: &[Vec<u64>], used: &mut Vec<bool>) -> u64 {
        let Some(i) = (0..n).find(|&i| !used[i]) else {
            return 0;
        };
        used[i] = true;
        let mut best = brute(n, w, used);
        for j in i + 1..n {
            if !used[j] && w[i][j] > 0 {
                used[j] = true;
                best = best.max(w[i][j] + brute(n, w, used));
                used[j] = false;
            }
        }
        used[i] = false;
        best
    }

    fn total(mate: &[Option<usize>], w: &[Vec<u64>]) -> u64 {
        let mut sum = 0;
        for (i, m) in mate.iter().enumerate() {
            if let Some(j) = *m {
                assert_eq!(mate[j], Some(i), "the matching is symmetric");
                assert!(w[i][j] > 0, "only edges are matched");
                if i < j {
                    sum += w[i][j];
                }
            }
        }
        sum
    }

    #[test]
    #[allow(clippy::needless_range_loop)] // a symmetric matrix reads best by index
    fn equals_exhaustive_search_on_random_graphs() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for case in 0..3000 {
            let n = 2 + (next() % 9) as usize;
            let density = 1 + next() % 4;
            let range = [3, 10, 1000][case % 3];
            let mut w = vec![vec![0u64; n]; n];
            let mut edges = Vec::new();
            let mut wide = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if next() % 4 < density {
                        let x = 1 + next() % range;
                        w[i][j] = x;
                        w[j][i] = x;
                        edges.push((i, j, x));
                        wide.push((i, j, Wide::<2>::small(x).shifted_left(70)));
                    }
                }
            }
            let want = brute(n, &w, &mut vec![false; n]);
            let mate = max_weight_matching(n, &edges);
            assert_eq!(total(&mate, &w), want, "case {case}: {edges:?}");
            let mate = max_weight_matching(n, &wide);
            assert_eq!(total(&mate, &w), want, "case {case} (wide): {edges:?}");
        }
    }

    /// Makes an old solution a valid start for new weights: duals raised
    /// until every edge is feasible, matched edges no longer tight
    /// unmatched.
    fn repair(w: &[Vec<u64>], mate: &mut [Option<usize>], dual: &mut [u64]) {
        let n = w.len();
        for v in 0..n {
            for x in 0..n {
                if w[v][x] > 0 && dual[v] + dual[x] < 2 * w[v][x] {
                    dual[v] = 2 * w[v][x] - dual[x];
                }
            }
        }
        for v in 0..n {
            if let Some(u) = mate[v] {
                if w[v][u] == 0 || dual[v] + dual[u] != 2 * w[v][u] {
                    mate[v] = None;
                    mate[u] = None;
                }
            }
        }
    }

    #[test]
    #[allow(clippy::needless_range_loop)] // a symmetric matrix reads best by index
    fn a_warm_start_after_changes_finds_the_heaviest_matching() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut warm = 0;
        for case in 0..3000 {
            let n = 2 + (next() % 9) as usize;
            let range = [4, 20, 1000][case % 3];
            let mut w = vec![vec![0u64; n]; n];
            for i in 0..n {
                for j in i + 1..n {
                    if next() % 3 > 0 {
                        let x = 1 + next() % range;
                        w[i][j] = x;
                        w[j][i] = x;
                    }
                }
            }
            let edges = |w: &Vec<Vec<u64>>| {
                let mut e = Vec::new();
                for i in 0..n {
                    for j in i + 1..n {
                        if w[i][j] > 0 {
                            e.push((i, j, w[i][j]));
                        }
                    }
                }
                e
            };
            let first = solve(n, &edges(&w), None);
            // Change the edges of one to three vertices.
            for _ in 0..1 + next() % 3 {
                let v = (next() % n as u64) as usize;
                for x in 0..n {
                    if x != v && next() % 2 == 0 {
                        let y = if next() % 4 == 0 {
                            0
                        } else {
                            1 + next() % range
                        };
                        w[v][x] = y;
                        w[x][v] = y;
                    }
                }
            }
            let (mut mate, mut dual) = (first.mate.clone(), first.dual.clone());
            repair(&w, &mut mate, &mut dual);
            let again = solve(n, &edges(&w), Some((&mate, &dual)));
            let want = brute(n, &w, &mut vec![false; n]);
            assert_eq!(
                total(&again.mate, &w),
                want,
                "case {case}: {w:?}\nfirst {:?} {:?}\nrepaired {mate:?} {dual:?}\nagain {:?} {:?}",
                first.mate,
                first.dual,
                again.mate,
                again.dual
            );
            warm += 1;
        }
        assert_eq!(warm, 3000);
    }

    #[test]
    fn no_edges_and_single_vertices() {
        assert_eq!(
            max_weight_matching::<u64>(0, &[]),
            Vec::<Option<usize>>::new()
        );
        assert_eq!(max_weight_matching::<u64>(3, &[]), [None, None, None]);
        assert_eq!(
            max_weight_matching(3, &[(0, 0, 5u64), (1, 2, 0)]),
            [None, None, None]
        );
    }
}
