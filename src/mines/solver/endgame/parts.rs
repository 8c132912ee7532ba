//! Parts of a view that do not interact: searched apart, their chances multiply.

use super::layouts::enumerate_within;
use crate::error::{try_extend_exact, try_push, try_reserve, Result};

/// A part's cells (a mask over the searched cells) and its own layouts.
pub(super) type Part = (u64, Vec<u64>);

/// Masks of parts, one per searched cell at most.
type Masks = [u64; 64];

/// The searched cells split into parts that do not interact, each with its own layouts (the
/// layouts' restriction to it, without repeats); `None` when there is one part, or when the
/// layouts are not every combination of the parts' own (the mine total ties them together).
/// Two cells interact when a rule covers both or one neighbours the other, whose mine its
/// number would count. A search over parts is much smaller: a 50/50 beside 240 layouts
/// elsewhere doubles every position of a search of the whole.
pub(super) fn independent_parts(
    layouts: &[u64],
    rules: &[(u64, u32)],
    nb: &[u64],
) -> Result<Option<Vec<Part>>> {
    let Some((masks, count, mut parts)) = several(rules, nb)? else {
        return Ok(None);
    };
    // The layouts are among the combinations of the parts' own, so no more combinations than
    // layouts means every combination is a layout.
    let mut combinations = 1usize;
    for &mask in &masks[..count] {
        let mut own = Vec::new();
        try_extend_exact(&mut own, layouts.iter().map(|&l| l & mask))?;
        own.sort_unstable();
        own.dedup();
        combinations = combinations.saturating_mul(own.len());
        if combinations > layouts.len() {
            return Ok(None);
        }
        try_push(&mut parts, (mask, own))?;
    }
    Ok(Some(parts))
}

/// The parts of [`linked`] (masks, and how many) when there are two or more, with room for
/// as many lists.
fn several(rules: &[(u64, u32)], nb: &[u64]) -> Result<Option<(Masks, usize, Vec<Part>)>> {
    let (masks, count) = linked(rules, nb);
    if count < 2 {
        return Ok(None);
    }
    let mut parts = Vec::new();
    try_reserve(&mut parts, count)?;
    Ok(Some((masks, count, parts)))
}

/// The searched cells grouped into parts that do not interact (the first `count` masks). Two
/// cells interact when a rule covers both or one neighbours the other, whose mine its number
/// would count.
fn linked(rules: &[(u64, u32)], nb: &[u64]) -> (Masks, usize) {
    let mut masks = [0u64; 64];
    let mut count = 0;
    let links = rules.iter().map(|&(m, _)| m);
    for link in links.chain(nb.iter().enumerate().map(|(k, &m)| m | 1 << k)) {
        // Parts are disjoint: merge every part the link touches into one.
        let mut merged = link;
        let mut kept = 0;
        for i in 0..count {
            if masks[i] & link != 0 {
                merged |= masks[i];
            } else {
                masks[kept] = masks[i];
                kept += 1;
            }
        }
        masks[kept] = merged;
        count = kept + 1;
    }
    (masks, count)
}

/// The parts of [`independent_parts`] when more layouts fit the view than the search lists:
/// each part whose mines are the same in number in all its layouts is independent of the rest,
/// even under the mine total, and is listed on its own; the other parts are listed together,
/// with the mines those leave. `None` when no part is apart or a list would pass
/// [`MAX_LAYOUTS`](super::MAX_LAYOUTS). A position of 1,600 layouts made of 40 in a walled-off
/// corner and 40 elsewhere is two small searches.
pub(super) fn parts_apart(
    n: usize,
    rules: &[(u64, u32)],
    nb: &[u64],
    mines: usize,
) -> Result<Option<Vec<Part>>> {
    let Some((masks, count, mut parts)) = several(rules, nb)? else {
        return Ok(None);
    };
    let (mut placed, mut steps, mut rest) = (0usize, 0usize, 0u64);
    for &mask in &masks[..count] {
        let (own, used) = enumerate_within(n, rules, mask, 0, mines, steps)?;
        steps = used;
        let held = own.as_ref().and_then(|own| {
            let held = own.first()?.count_ones();
            own.iter().all(|l| l.count_ones() == held).then_some(held)
        });
        match (own, held) {
            (Some(own), Some(held)) => {
                placed += held as usize;
                try_push(&mut parts, (mask, own))?;
            }
            _ => rest |= mask,
        }
    }
    if parts.is_empty() {
        return Ok(None);
    }
    if rest != 0 {
        let Some(left) = mines.checked_sub(placed) else {
            return Ok(None);
        };
        let (Some(own), _) = enumerate_within(n, rules, rest, left, left, steps)? else {
            return Ok(None);
        };
        try_push(&mut parts, (rest, own))?;
    } else if placed != mines {
        return Ok(None);
    }
    Ok(Some(parts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::solver::endgame::best_move;
    use crate::mines::solver::probability::Counter;
    use crate::mines::solver::view::View;

    #[test]
    fn parts_split_only_where_nothing_ties_them() {
        // Cells 0-1 hold one mine, and so do cells 2-3.
        let rules = [(0b0011, 1), (0b1100, 1)];
        let free = [0b0101, 0b0110, 0b1001, 0b1010];
        let parts = independent_parts(&free, &rules, &[0; 4]).unwrap().unwrap();
        assert_eq!(
            parts,
            [
                (0b0011, vec![0b0001, 0b0010]),
                (0b1100, vec![0b0100, 0b1000])
            ]
        );
        // Some combinations missing: something else (the mine total) ties the parts.
        assert!(independent_parts(&free[1..3], &rules, &[0; 4])
            .unwrap()
            .is_none());
        // Cell 1 neighbours cell 2: its number counts cell 2's mine.
        let nb = [0, 0b0100, 0b0010, 0];
        assert!(independent_parts(&free, &rules, &nb).unwrap().is_none());
        // The numbers prove (0, 1) and (0, 4) mines; the two ends share the last mine, so a
        // safe end proves the other: 1/2, where apart they would be 1/4.
        let v = View::parse(b"EE11EE", 1, 6, 3).unwrap();
        let mut counter = Counter::new();
        let probs = counter.probabilities(&v).unwrap();
        let (cell, win) = best_move(&counter, &v, &probs).unwrap().unwrap();
        assert_eq!((cell, win), (0, 0.5));
    }
}
