//! Plain reference for the solver tests: enumerate every layout of the hidden cells and keep the
//! ones that agree with every revealed number. Exponential on purpose; small views only.

/// A player view as bytes ('E'/'F' hidden, 'B'/'1'-'8' revealed).
pub struct Brute {
    /// Layouts that agree with the view.
    pub layouts: u64,
    /// Per cell: layouts with a mine there (0 for revealed cells).
    pub mine_counts: Vec<u64>,
}

fn neighbours(i: usize, rows: usize, cols: usize) -> Vec<usize> {
    let (r, c) = ((i / cols) as isize, (i % cols) as isize);
    let mut out = Vec::new();
    for dr in -1..=1 {
        for dc in -1..=1 {
            let (rr, cc) = (r + dr, c + dc);
            if (dr, dc) != (0, 0) && rr >= 0 && cc >= 0 && rr < rows as isize && cc < cols as isize
            {
                out.push(rr as usize * cols + cc as usize);
            }
        }
    }
    out
}

fn value(b: u8) -> Option<usize> {
    match b {
        b'B' => Some(0),
        b'1'..=b'8' => Some((b - b'0') as usize),
        _ => None,
    }
}

/// A random view of a random layout, for tests that hold the solver to a definition: `mines`
/// mines placed uniformly, then every safe cell revealed with its count unless
/// `below(hide_one_in)` draws 0. `below(n)` draws uniformly from `0..n`.
pub fn random_view(
    rows: usize,
    cols: usize,
    mines: usize,
    hide_one_in: u64,
    below: &mut impl FnMut(u64) -> u64,
) -> Vec<u8> {
    let n = rows * cols;
    let mut mine = vec![false; n];
    let mut placed = 0;
    while placed < mines {
        let i = below(n as u64) as usize;
        placed += usize::from(!mine[i]);
        mine[i] = true;
    }
    (0..n)
        .map(|i| {
            if mine[i] || below(hide_one_in) == 0 {
                return b'E';
            }
            match neighbours(i, rows, cols)
                .into_iter()
                .filter(|&j| mine[j])
                .count()
            {
                0 => b'B',
                k => b'0' + k as u8,
            }
        })
        .collect()
}

/// Every layout (a mine flag per cell) that agrees with the view, by enumerating every
/// `mines`-subset of the hidden cells.
pub fn layouts(view: &[u8], rows: usize, cols: usize, mines: usize) -> Vec<Vec<bool>> {
    let hidden: Vec<usize> = (0..view.len())
        .filter(|&i| value(view[i]).is_none())
        .collect();
    assert!(hidden.len() <= 20, "brute force is for small views");
    let mut out = Vec::new();
    let mut mine = vec![false; view.len()];
    for mask in 0u32..(1u32 << hidden.len()) {
        if mask.count_ones() as usize != mines {
            continue;
        }
        for (b, &c) in hidden.iter().enumerate() {
            mine[c] = (mask >> b) & 1 == 1;
        }
        let fits = (0..view.len()).all(|i| match value(view[i]) {
            None => true,
            Some(d) => {
                neighbours(i, rows, cols)
                    .iter()
                    .filter(|&&j| mine[j])
                    .count()
                    == d
            }
        });
        if fits {
            out.push(mine.clone());
        }
    }
    out
}

/// A small view: its cells, rows, columns and mines, and every layout that fits it.
pub type SmallView = (Vec<u8>, usize, usize, usize, Vec<Vec<bool>>);

/// Random views of 2-5 rows and columns (of `tries` drawn, those with at most 14 hidden cells,
/// so that their layouts can be listed, and with a layout), from [`random_view`] with a cell in
/// two hidden.
pub fn small_views(tries: usize, below: &mut impl FnMut(u64) -> u64) -> Vec<SmallView> {
    let mut out = Vec::new();
    for _ in 0..tries {
        let rows = 2 + below(4) as usize;
        let cols = 2 + below(4) as usize;
        let mines = 1 + below((rows * cols) as u64 / 2) as usize;
        let bytes = random_view(rows, cols, mines, 2, below);
        if bytes.iter().filter(|&&b| b == b'E').count() > 14 {
            continue;
        }
        let layouts = layouts(&bytes, rows, cols, mines);
        if !layouts.is_empty() {
            out.push((bytes, rows, cols, mines, layouts));
        }
    }
    out
}

/// Counts the layouts that agree with the view, and the mines on each cell.
pub fn count(view: &[u8], rows: usize, cols: usize, mines: usize) -> Brute {
    let all = layouts(view, rows, cols, mines);
    let mut mine_counts = vec![0u64; view.len()];
    for l in &all {
        for (c, &m) in l.iter().enumerate() {
            mine_counts[c] += u64::from(m);
        }
    }
    Brute {
        layouts: all.len() as u64,
        mine_counts,
    }
}

/// The hidden cells that are half of a forced 50/50: some other hidden cell `b` holds a mine
/// exactly when the cell does not, in every layout, and every other cell that neighbours exactly
/// one of them is hidden and a mine in every layout (so no reveal can ever tell them apart).
/// Increasing; empty when nothing fits.
pub fn forced_fifty_fifty_cells(view: &[u8], rows: usize, cols: usize, mines: usize) -> Vec<usize> {
    let all = layouts(view, rows, cols, mines);
    let near = |i: usize, j: usize| neighbours(i, rows, cols).contains(&j);
    let hidden = |i: usize| value(view[i]).is_none();
    let pair = |a: usize, b: usize| {
        a != b
            && hidden(b)
            && all.iter().all(|l| l[a] != l[b])
            && (0..view.len())
                .filter(|&k| k != a && k != b && near(k, a) != near(k, b))
                .all(|k| hidden(k) && all.iter().all(|l| l[k]))
    };
    if all.is_empty() {
        return Vec::new();
    }
    (0..view.len())
        .filter(|&a| hidden(a) && (0..view.len()).any(|b| pair(a, b)))
        .collect()
}

/// The hidden cells that belong to a forced 50/50 set: a set `S` of hidden cells split into
/// halves `A` (holding the cell) and `B` of the same size, such that every layout has its mines
/// on `S` exactly on `A` or exactly on `B`, and every cell outside `S` that is not a mine in
/// every layout neighbours as many cells of `A` as of `B`. Pairs are such sets too. Increasing.
pub fn forced_fifty_fifty_set_cells(
    view: &[u8],
    rows: usize,
    cols: usize,
    mines: usize,
) -> Vec<usize> {
    let all = layouts(view, rows, cols, mines);
    let n = view.len();
    let hidden = |i: usize| value(view[i]).is_none();
    let always_mine = |i: usize| hidden(i) && all.iter().all(|l| l[i]);
    let undetermined =
        |i: usize| hidden(i) && all.iter().any(|l| l[i]) && all.iter().any(|l| !l[i]);
    let is_set = |a: &[usize], b: &[usize]| {
        (0..n)
            .filter(|k| !a.contains(k) && !b.contains(k) && !always_mine(*k))
            .all(|k| {
                let near = neighbours(k, rows, cols);
                let seen = |h: &[usize]| h.iter().filter(|c| near.contains(c)).count();
                seen(a) == seen(b)
            })
    };
    let mut out = Vec::new();
    for x in (0..n).filter(|&x| undetermined(x)) {
        // Cells whose mine goes with x's in every layout (`true`) or against it.
        let settled: Vec<(usize, bool)> = (0..n)
            .filter(|&c| c != x && undetermined(c))
            .filter_map(|c| {
                let same = all.iter().all(|l| l[c] == l[x]);
                let other = all.iter().all(|l| l[c] != l[x]);
                (same || other).then_some((c, same))
            })
            .collect();
        let found = (1u32..1 << settled.len()).any(|mask| {
            let chosen = settled
                .iter()
                .enumerate()
                .filter(|(j, _)| mask >> j & 1 == 1);
            let mut a = vec![x];
            let mut b = Vec::new();
            for (_, &(c, same)) in chosen {
                if same {
                    a.push(c);
                } else {
                    b.push(c);
                }
            }
            a.len() == b.len() && is_set(&a, &b)
        });
        if found {
            out.push(x);
        }
    }
    out
}

/// The pairs of cells side by side in a row or a column of a `rows` x `cols` board.
pub fn pairs(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    let n = rows * cols;
    let right = (0..n).filter(|i| i % cols + 1 < cols).map(|i| (i, i + 1));
    let down = (0..n).filter(|i| i + cols < n).map(|i| (i, i + cols));
    right.chain(down).collect()
}

/// The cells other than `a` and `b` that neighbour exactly one of them. Increasing.
pub fn pair_sides(a: usize, b: usize, rows: usize, cols: usize) -> Vec<usize> {
    let (na, nb) = (neighbours(a, rows, cols), neighbours(b, rows, cols));
    (0..rows * cols)
        .filter(|&k| k != a && k != b && na.contains(&k) != nb.contains(&k))
        .collect()
}

/// Whether every layout of `all` with a mine on `x` has `y` safe and a mine on every cell of
/// `sides`: a mine on `x` walls the pair in.
pub fn mine_walls_pair_in(all: &[Vec<bool>], x: usize, y: usize, sides: &[usize]) -> bool {
    all.iter()
        .filter(|l| l[x])
        .all(|l| !l[y] && sides.iter().all(|&k| l[k]))
}

/// The hidden cells that are pseudo-50/50s: neither certainly safe nor certainly a mine, and
/// with a neighbour `b` along a row or column such that every layout with a mine on the cell has
/// `b` safe and every cell of [`pair_sides`] a mine. Increasing.
pub fn pseudo_fifty_fifty_cells(view: &[u8], rows: usize, cols: usize, mines: usize) -> Vec<usize> {
    let all = layouts(view, rows, cols, mines);
    let mut out: Vec<usize> = Vec::new();
    for (a, b) in pairs(rows, cols) {
        let sides = pair_sides(a, b, rows, cols);
        for (x, y) in [(a, b), (b, a)] {
            let forms = mine_walls_pair_in(&all, x, y, &sides);
            let undetermined = all.iter().any(|l| l[x]) && all.iter().any(|l| !l[x]);
            if forms && undetermined && value(view[x]).is_none() && !out.contains(&x) {
                out.push(x);
            }
        }
    }
    out.sort_unstable();
    out
}

/// Probabilities as the library reports them (-1 revealed), or `None` when nothing fits.
pub fn probabilities(view: &[u8], rows: usize, cols: usize, mines: usize) -> Option<Vec<f64>> {
    let b = count(view, rows, cols, mines);
    (b.layouts > 0).then(|| {
        (0..view.len())
            .map(|i| match value(view[i]) {
                Some(_) => -1.0,
                None => b.mine_counts[i] as f64 / b.layouts as f64,
            })
            .collect()
    })
}

/// Reveals `i` on a layout (`mine`), flooding zeros, as the rules say: a revealed cell shows its
/// count of neighbouring mines, and a 0 reveals its neighbours.
fn reveal(mine: &[bool], shown: &mut [Option<usize>], rows: usize, cols: usize, i: usize) {
    let mut stack = vec![i];
    while let Some(j) = stack.pop() {
        if shown[j].is_some() || mine[j] {
            continue;
        }
        let n = neighbours(j, rows, cols);
        let k = n.iter().filter(|&&x| mine[x]).count();
        shown[j] = Some(k);
        if k == 0 {
            stack.extend(n);
        }
    }
}

/// Safe cells still hidden after playing the layout `mine` from a click at `first` with certain
/// moves only: a hidden cell is revealed when no layout fitting the shown numbers (holding
/// exactly the layout's mine total too, with `with_count`) has a mine on it. By enumeration of
/// every layout of the hidden cells, round after round.
pub fn unsolved(mine: &[bool], rows: usize, cols: usize, first: usize, with_count: bool) -> usize {
    let total = mine.iter().filter(|&&m| m).count();
    let mut shown: Vec<Option<usize>> = vec![None; mine.len()];
    reveal(mine, &mut shown, rows, cols, first);
    loop {
        let hidden: Vec<usize> = (0..mine.len()).filter(|&i| shown[i].is_none()).collect();
        assert!(hidden.len() <= 20, "brute force is for small boards");
        let mut ever_mine = vec![false; mine.len()];
        let mut guess = vec![false; mine.len()];
        for mask in 0u32..(1u32 << hidden.len()) {
            if with_count && mask.count_ones() as usize != total {
                continue;
            }
            for (b, &c) in hidden.iter().enumerate() {
                guess[c] = (mask >> b) & 1 == 1;
            }
            let fits = (0..mine.len()).all(|i| match shown[i] {
                None => true,
                Some(d) => {
                    neighbours(i, rows, cols)
                        .iter()
                        .filter(|&&j| guess[j])
                        .count()
                        == d
                }
            });
            if fits {
                for &c in &hidden {
                    ever_mine[c] |= guess[c];
                }
            }
        }
        let safe: Vec<usize> = hidden.iter().copied().filter(|&c| !ever_mine[c]).collect();
        if safe.is_empty() {
            return hidden.iter().filter(|&&c| !mine[c]).count();
        }
        for c in safe {
            reveal(mine, &mut shown, rows, cols, c);
        }
    }
}
