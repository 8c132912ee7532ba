//! Plain references for what the LeetCode tasks leave out: rectangular boards, any start and
//! number of faces (a linear jump table), and mine tables other than the LeetCode one. Written from
//! the rules, as naively as the LeetCode references.

use std::collections::VecDeque;

/// Fewest rolls over a linear table (`table[s - 1]` is -1 or the destination of square `s`):
/// the LeetCode 909 BFS with a distance array.
pub fn linear_min_rolls(table: &[i32], start: usize, faces: usize) -> Option<u64> {
    linear_distances(table, start, faces)[table.len()]
}

/// The fewest rolls to stand on each square of a linear table from `start` (index 0 unused),
/// `None` where no line of play stands: the LeetCode 909 BFS run to the end.
pub fn linear_distances(table: &[i32], start: usize, faces: usize) -> Vec<Option<u64>> {
    let last = table.len();
    let mut dist = vec![None; last + 1];
    dist[start] = Some(0);
    let mut queue = VecDeque::from([(start, 0)]);
    while let Some((s, rolls)) = queue.pop_front() {
        for t in s + 1..=s.saturating_add(faces).min(last) {
            let d = if table[t - 1] < 0 {
                t
            } else {
                table[t - 1] as usize
            };
            if dist[d].is_none() {
                dist[d] = Some(rolls + 1);
                queue.push_back((d, rolls + 1));
            }
        }
    }
    dist
}

/// Reveals the hidden empty cell `(r, c)` of a flat `rows x cols` board where `table[b]` is what
/// byte `b` adds to a count: the LeetCode 529 solution's second method, with the table in place of 'M'/'X'. Returns
/// how many cells it revealed.
pub fn reveal_with_table(
    cells: &mut [u8],
    rows: usize,
    cols: usize,
    (r, c): (usize, usize),
    table: &[u8; 256],
) -> usize {
    let neighbours = |r: usize, c: usize| {
        let mut out = Vec::new();
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                let (rr, cc) = (r as i64 + dr, c as i64 + dc);
                if (dr, dc) != (0, 0) && rr >= 0 && cc >= 0 && rr < rows as i64 && cc < cols as i64
                {
                    out.push((rr as usize, cc as usize));
                }
            }
        }
        out
    };
    let mut seen = vec![false; rows * cols];
    let mut queue = VecDeque::from([(r, c)]);
    seen[r * cols + c] = true;
    let mut revealed = 0;
    while let Some((r, c)) = queue.pop_front() {
        let count: u32 = neighbours(r, c)
            .iter()
            .map(|&(rr, cc)| u32::from(table[cells[rr * cols + cc] as usize]))
            .sum();
        revealed += 1;
        if count > 0 {
            cells[r * cols + c] = b'0' + count as u8;
            continue;
        }
        cells[r * cols + c] = b'B';
        for (rr, cc) in neighbours(r, c) {
            if cells[rr * cols + cc] == b'E' && !seen[rr * cols + cc] {
                seen[rr * cols + cc] = true;
                queue.push_back((rr, cc));
            }
        }
    }
    revealed
}
