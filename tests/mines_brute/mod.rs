//! Plain reference for the solver tests: enumerate every layout of the hidden cells and keep the
//! ones that agree with every revealed number. Exponential on purpose; small views only.
#![allow(dead_code)]

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

/// Counts by enumerating every `mines`-subset of the hidden cells.
pub fn count(view: &[u8], rows: usize, cols: usize, mines: usize) -> Brute {
    let hidden: Vec<usize> = (0..view.len())
        .filter(|&i| value(view[i]).is_none())
        .collect();
    assert!(hidden.len() <= 20, "brute force is for small views");
    let mut mine_counts = vec![0u64; view.len()];
    let mut layouts = 0;
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
            layouts += 1;
            for &c in &hidden {
                mine_counts[c] += u64::from(mine[c]);
            }
        }
    }
    Brute {
        layouts,
        mine_counts,
    }
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
