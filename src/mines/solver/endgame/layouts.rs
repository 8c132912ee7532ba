//! The layouts a view allows over its searched cells: every mine mask that meets the rules
//! (each a mask of cells and its mine count), listed by a pruned depth-first search with a
//! bounded number of steps.

use crate::error::{Error, ErrorKind, Result};

/// Layouts listed at most, in all or in each part listed apart. 1,024, not 512: 0.025 (± 0.013)
/// points more of the first 300,000 modern expert games won and 0.012 (± 0.011) more classic,
/// paired, at about 0.9 times the games per second. The gain is in the larger searches: with
/// a third of [`MAX_WORK`](super::search::MAX_WORK) for sets over 512 layouts it was 0.005
/// (± 0.006).
pub const MAX_LAYOUTS: usize = 1024;

/// Rule checks of the enumeration at most.
const MAX_STEPS: usize = 6_000_000;

/// Renumbers the searched cells rule by rule, floating cells last, so that the enumeration
/// meets each rule's cells together and prunes a wrong choice at once: in board order, cells
/// of unrelated rules interleave, and a search of a few hundred layouts could take 400,000
/// steps to fail.
pub(super) fn reorder(cells: &mut [usize], nb: &mut [u64], rules: &mut [(u64, u32)]) {
    let n = cells.len();
    let mut key = [(usize::MAX, 0usize); 64];
    for (k, key) in key[..n].iter_mut().enumerate() {
        *key = (usize::MAX, k);
    }
    for (r, &(mask, _)) in rules.iter().enumerate() {
        for (k, key) in key[..n].iter_mut().enumerate() {
            if mask >> k & 1 == 1 && key.0 == usize::MAX {
                key.0 = r;
            }
        }
    }
    key[..n].sort_unstable();
    let mut to = [0usize; 64];
    for (new, &(_, old)) in key[..n].iter().enumerate() {
        to[old] = new;
    }
    let remap = |mask: u64| {
        (0..n)
            .filter(|&k| mask >> k & 1 == 1)
            .fold(0u64, |m, k| m | 1 << to[k])
    };
    for rule in rules.iter_mut() {
        rule.0 = remap(rule.0);
    }
    let (mut new_cells, mut new_nb) = ([0usize; 64], [0u64; 64]);
    for k in 0..n {
        new_cells[to[k]] = cells[k];
        new_nb[to[k]] = remap(nb[k]);
    }
    cells.copy_from_slice(&new_cells[..n]);
    nb.copy_from_slice(&new_nb[..n]);
}

/// Every mine mask over `n` cells with `mines` mines that meets every (mask, count) rule;
/// `None` beyond [`MAX_LAYOUTS`] layouts or a bounded number of search steps; `OutOfMemory`
/// when the list cannot grow.
pub(super) fn enumerate(n: usize, rules: &[(u64, u32)], mines: usize) -> Result<Option<Vec<u64>>> {
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    Ok(enumerate_within(n, rules, all, mines, mines, 0)?.0)
}

/// The layouts of the cells of `free` (the other cells hold no mine) with `least` to `most`
/// mines that meet the rules over those cells (`None` as [`enumerate`]), and the steps spent
/// in all, from `steps` spent before.
pub(super) fn enumerate_within(
    n: usize,
    rules: &[(u64, u32)],
    free: u64,
    least: usize,
    most: usize,
    steps: usize,
) -> Result<(Option<Vec<u64>>, usize)> {
    let mut e = Enumeration {
        n,
        rules,
        free,
        least,
        most,
        out: Vec::new(),
        steps,
        oom: false,
    };
    let done = e.go(0, 0, 0);
    if e.oom {
        return Err(Error::fixed(
            ErrorKind::OutOfMemory,
            "the endgame's list of layouts ran out of memory",
        ));
    }
    Ok((done.then_some(e.out), e.steps))
}

/// A listing in progress: the cells decided so far are the masks' low bits.
struct Enumeration<'a> {
    n: usize,
    rules: &'a [(u64, u32)],
    /// The cells that may hold a mine; a rule is checked only when it covers them.
    free: u64,
    least: usize,
    most: usize,
    out: Vec<u64>,
    steps: usize,
    /// An allocation failed: the enumeration stopped for that, not for its limits.
    oom: bool,
}

impl Enumeration<'_> {
    /// Decides cells `k..`; `false` aborts the whole enumeration.
    fn go(&mut self, k: usize, mask: u64, placed: usize) -> bool {
        // Each step checks every rule.
        self.steps += 1 + self.rules.len();
        if self.steps > MAX_STEPS {
            return false;
        }
        // Prune: every rule must still be reachable with the cells from k on.
        let decided: u64 = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
        for &(m, d) in self.rules {
            if m & self.free == 0 {
                continue;
            }
            let have = (mask & m).count_ones();
            let open = (m & !decided).count_ones();
            if have > d || have + open < d {
                return true;
            }
        }
        let left = (self.free & !decided).count_ones() as usize;
        if placed > self.most || placed + left < self.least {
            return true;
        }
        if k < self.n && self.free >> k & 1 == 0 {
            return self.go(k + 1, mask, placed);
        }
        if k == self.n {
            if self.out.len() == MAX_LAYOUTS {
                return false;
            }
            if crate::error::try_push(&mut self.out, mask).is_err() {
                self.oom = true;
                return false;
            }
            return true;
        }
        self.go(k + 1, mask, placed) && self.go(k + 1, mask | (1 << k), placed + 1)
    }
}
