//! The hint: which cell to reveal next.
//!
//! 1. A cell that no layout puts a mine on is always preferred (every such cell is returned by
//!    [`advise`]; [`hint`] picks the first).
//! 2. Otherwise the strategy guesses, in the spirit of David Hill's JSMinesweeper:
//!    - candidates are the frontier cells whose safety is within 10% of the best, plus promising
//!      floating cells (next to the frontier at distance two, or with few hidden neighbours, where
//!      a zero is likely) when floating cells are nearly as safe;
//!    - each candidate is scored by a two-move look-ahead: for every number it could show, the
//!      exact chance of that number times the safety of the best next move in the resulting
//!      position (blended with the second best, so a position with several good moves scores a
//!      little higher). A number that makes a cell certainly safe counts as safety 1.
//!    - a candidate whose number is already determined ("dead": it can only show one value)
//!      gives no information and is only taken when nothing else is left;
//!    - ties go to the safer cell, then to the cell with fewer hidden neighbours.
//!
//!    The look-ahead is bounded by the board size, so hints stay fast on huge boards.
//! 3. When at most `endgame::MAX_LAYOUTS` layouts remain, the look-ahead is replaced by an exact
//!    search of the game tree over those layouts ([`super::endgame`]): the move with the highest
//!    chance of winning the whole game. Otherwise a forced 50/50 ([`super::fifty_fifty`]), a
//!    guess that must be made sooner or later, is taken before any other guess, even a safer one:
//!    its number, when it survives, may make that other guess unnecessary.
//! 4. On a view with nothing revealed, every cell is equally risky and the hint is the opening
//!    click: cell (2, 2), two steps in from the corner, or three along a side at least half again
//!    as long as the other ((2, 3) on expert's 16 x 30). With the usual guarantee that the first
//!    click opens an area (its 3 x 3 block holds no mine), that block lies wholly on the board
//!    and touches more hidden cells than a corner block does, so the opening is larger.

use super::decoded_grid::DecodedGrid;
use super::probability::{with_counter, Counter, Probabilities};
use super::view::View;
use crate::error::{try_filled, try_push, try_reserve, Error, ErrorKind, Result};
use crate::mines::board::alphabet::HIDDEN;

/// A suggested cell and the probability that it holds a mine.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hint {
    /// Row of the cell.
    pub row: usize,
    /// Column of the cell.
    pub col: usize,
    /// Probability that the cell holds a mine (0.0 means certainly safe).
    pub risk: f64,
}

/// How much the hint looks ahead: time against strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Effort {
    /// The safest cell (ties: the fewest hidden neighbours), with no look-ahead, no 50/50
    /// search and no endgame search: the fastest.
    Fast,
    /// What [`hint`] does: the two-move look-ahead over the near-safest candidates, forced
    /// 50/50s first, and the exact endgame search.
    #[default]
    Standard,
    /// The look-ahead over twice as many candidates, with four times the budget.
    Deep,
}

/// What the game's rules and the caller's patience let the hint use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HintOptions {
    /// Whether the game's first click is guaranteed an opening (its 3 x 3 block holds no mine).
    /// It decides the hint on an all-hidden view: then (2, 2) (three in along a much longer
    /// side), whose whole block lies on the board; otherwise a corner, the likeliest zero.
    pub first_click_opens: bool,
    /// How much to look ahead.
    pub effort: Effort,
}

impl Default for HintOptions {
    /// What [`hint`] assumes: the first click opens, standard effort.
    fn default() -> Self {
        HintOptions {
            first_click_opens: true,
            effort: Effort::Standard,
        }
    }
}

/// A hint and, when it came from the exact endgame search, the chance of winning the game from
/// this view by following the hints.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HintReport {
    /// The cell to reveal.
    pub hint: Hint,
    /// The exact win chance from here, when the endgame search computed one.
    pub win: Option<f64>,
}

/// Everything the solver advises for a view.
#[derive(Debug, Clone)]
pub struct Advice {
    /// Every hidden cell that is certainly safe (row-major indices, increasing).
    pub safe: Vec<usize>,
    /// The best move: the first safe cell, or the best guess when there is none.
    pub best: Hint,
}

/// Candidates analysed with the full look-ahead at most.
const MAX_CANDIDATES: usize = 14;
/// Cell visits the look-ahead may spend (each look-ahead position costs about one pass over the
/// board), so that hints on huge boards stay fast.
const LOOKAHEAD_BUDGET: usize = 4_000_000;
/// Frontier candidates must be at least this fraction as safe as the safest cell.
const CUTOFF: f64 = 0.90;
/// Floating cells join the candidates when at least this fraction as safe as the frontier's best.
const OFF_EDGE_THRESHOLD: f64 = 0.95;

/// The best cell to reveal next.
///
/// Errors: `Inconsistent` when no layout fits the view, `GameOver` when no hidden cell can be
/// safe (none is hidden, or every hidden cell holds a mine), `OutOfMemory`.
///
/// ```
/// use gridgames::mines::{hint, View};
/// // 1 x 3 with one mine: the '1' sees only (0, 1), so that is the mine and (0, 2) is safe.
/// let v = View::parse(b"1EE", 1, 3, 1).unwrap();
/// let h = hint(&v).unwrap();
/// assert_eq!((h.row, h.col, h.risk), (0, 2, 0.0));
/// ```
pub fn hint(view: &View) -> Result<Hint> {
    with_counter(|c| hint_with(c, view))
}

/// [`hint`] with a caller-kept [`Counter`]. The hint is the same as without it.
pub fn hint_with(counter: &mut Counter, view: &View) -> Result<Hint> {
    decide(counter, view, false, &HintOptions::default()).map(|(a, _)| a.best)
}

/// [`hint`] under the game's first-click rule and with the effort asked for; also reports the
/// win chance when the endgame search computed it. With [`HintOptions::default`] the hint is
/// [`hint`]'s.
///
/// ```
/// use gridgames::mines::{hint_with_options, Effort, HintOptions, View};
/// let v = View::parse(&[b'E'; 81], 9, 9, 10).unwrap();
/// let safe_first = HintOptions { first_click_opens: false, effort: Effort::Standard };
/// let h = hint_with_options(&v, &safe_first).unwrap().hint;
/// assert_eq!((h.row, h.col), (0, 0)); // a corner: the likeliest zero
/// ```
pub fn hint_with_options(view: &View, options: &HintOptions) -> Result<HintReport> {
    with_counter(|c| {
        decide(c, view, false, options).map(|(a, win)| HintReport { hint: a.best, win })
    })
}

/// All certainly safe cells and the best move for `view` (see [`hint`]).
pub fn advise(view: &View) -> Result<Advice> {
    with_counter(|c| advise_with(c, view))
}

/// [`advise`] with a caller-kept [`Counter`], so that successive positions of one game reuse
/// the components they share. The advice is the same as without it.
pub fn advise_with(counter: &mut Counter, view: &View) -> Result<Advice> {
    decide(counter, view, true, &HintOptions::default()).map(|(a, _)| a)
}

/// The advice; with `all_safe` false, `safe` stays empty and a cell the cheap rules prove safe
/// is taken without computing every probability.
fn decide(
    counter: &mut Counter,
    view: &View,
    all_safe: bool,
    options: &HintOptions,
) -> Result<(Advice, Option<f64>)> {
    let hidden = view.hidden_count();
    if hidden == 0 {
        // A full view with mines left over contradicts itself; say so rather than "game over".
        counter.analyse(DecodedGrid::of_view(view), view.mines())?;
        return Err(Error::new(
            ErrorKind::GameOver,
            "the view has no hidden cell; the game is over",
        ));
    }
    if hidden == view.cells().len() && view.mines() < hidden {
        return opening(view, all_safe, options.first_click_opens).map(|a| (a, None));
    }
    let coords = |i: usize, risk: f64| {
        let (row, col) = view.coords(i);
        Hint { row, col, risk }
    };
    // The whole view is counted either way: that is what proves it consistent. A view too
    // entangled to count still gets a cell the cheap rules prove safe, when there is one.
    if let Err(e) = counter.analyse(DecodedGrid::of_view(view), view.mines()) {
        let proven = counter.constraints().safe();
        let Some(&first) = proven
            .iter()
            .min()
            .filter(|_| e.kind() == ErrorKind::TooComplex)
        else {
            return Err(e);
        };
        let mut safe = Vec::new();
        if all_safe {
            crate::error::try_extend_exact(&mut safe, proven.iter().map(|&i| i as usize))?;
            safe.sort_unstable();
        }
        let advice = Advice {
            safe,
            best: coords(first as usize, 0.0),
        };
        return Ok((advice, None));
    }
    if !all_safe {
        if let Some(&first) = counter.constraints().safe().iter().min() {
            let advice = Advice {
                safe: Vec::new(),
                best: coords(first as usize, 0.0),
            };
            return Ok((advice, None));
        }
    }
    let mut probs = Probabilities::default();
    counter.fill(view, &mut probs)?;
    if let Some(&first) = probs.safe_cells().first() {
        let advice = Advice {
            safe: if all_safe {
                let mut safe = Vec::new();
                crate::error::try_extend(&mut safe, probs.safe_cells())?;
                safe
            } else {
                Vec::new()
            },
            best: coords(first, 0.0),
        };
        return Ok((advice, None));
    }
    let best_p = (0..view.cells().len())
        .filter(|&i| view.is_hidden(i))
        .map(|i| probs.get(i))
        .fold(f64::INFINITY, f64::min);
    if best_p >= 1.0 {
        return Err(Error::new(
            ErrorKind::GameOver,
            format_args!(
                "all {hidden} hidden cells hold mines; every safe cell is revealed and the game \
                 is won"
            ),
        ));
    }
    // Few layouts left: play the exact best move for the rest of the game.
    let endgame = if options.effort != Effort::Fast
        && probs.layouts().to_f64() <= super::endgame::MAX_LAYOUTS as f64
    {
        super::endgame::best_move(counter, view, &probs)?
    } else {
        None
    };
    let (pick, win) = match endgame {
        Some((cell, win)) => (cell, Some(win)),
        None => {
            let forced = match options.effort {
                Effort::Fast => None,
                _ => super::fifty_fifty::forced_fifty_fifty(counter, view, &probs)?,
            };
            match forced {
                Some(cell) => (cell, None),
                None => (guess(counter, view, &probs, options.effort)?, None),
            }
        }
    };
    let advice = Advice {
        safe: Vec::new(),
        best: coords(pick, probs.get(pick)),
    };
    Ok((advice, win))
}

/// The opening click on an all-hidden view. When the first click is guaranteed an opening: two
/// cells in from the top-left corner (three along a side at least half again as long as the
/// other; nearer the middle on boards narrower than 5), where its
/// whole 3 x 3 block is mine-free, while a corner wastes five of those nine cells off the board
/// (in the harness about 8 points of expert win rate over the corner). Otherwise the top-left
/// corner: with three neighbours it is the cell most likely to be a zero, and an opening is what
/// a safe-only first click needs (about 2 points of classic expert win rate over (2, 2)).
fn opening(view: &View, all_safe: bool, first_click_opens: bool) -> Result<Advice> {
    let risk = view.mines() as f64 / view.cells().len() as f64;
    let mut safe = Vec::new();
    if all_safe && view.mines() == 0 {
        crate::error::try_extend_exact(&mut safe, 0..view.cells().len())?;
    }
    Ok(Advice {
        safe,
        best: if first_click_opens {
            let (rows, cols) = (view.rows(), view.cols());
            // Three in along a side at least half again as long as the other: on 16 x 30,
            // (2, 3) wins 0.24 points more expert games than (2, 2) (paired, 180k games); on
            // square boards (2, 3) loses (beginner: 0.17 points).
            let step = |along: usize, across: usize| if 2 * along >= 3 * across { 3 } else { 2 };
            Hint {
                row: step(rows, cols).min((rows - 1) / 2),
                col: step(cols, rows).min((cols - 1) / 2),
                risk,
            }
        } else {
            Hint {
                row: 0,
                col: 0,
                risk,
            }
        },
    })
}

/// Whether hidden cell `i` touches a revealed cell.
fn on_frontier(view: &View, i: usize) -> bool {
    let mut f = false;
    view.for_each_neighbour(i, |j| f |= !view.is_hidden(j));
    f
}

/// The candidate guesses, safest first.
fn candidates(view: &View, probs: &Probabilities) -> Result<Vec<usize>> {
    let cells = view.cells();
    let n = cells.len();
    let mut best_edge = f64::INFINITY;
    let mut edge = Vec::new();
    let mut off = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        if c != HIDDEN || probs.get(i) >= 1.0 {
            continue;
        }
        if on_frontier(view, i) {
            best_edge = best_edge.min(probs.get(i));
            try_push(&mut edge, i)?;
        } else {
            try_push(&mut off, i)?;
        }
    }
    let safety = |p: f64| 1.0 - p;
    let floating = if off.is_empty() {
        f64::INFINITY
    } else {
        probs.floating_probability()
    };
    let best_safety = safety(best_edge.min(floating));
    let mut out = edge;
    out.retain(|&i| safety(probs.get(i)) >= best_safety * CUTOFF);
    let off_safety = safety(probs.floating_probability());
    if !off.is_empty()
        && (best_edge.is_infinite() || off_safety > safety(best_edge) * OFF_EDGE_THRESHOLD)
    {
        if off.len() <= 30 {
            crate::error::try_extend_exact(&mut out, off)?;
        } else {
            let mut chosen = try_filled(n, false)?;
            // Cells two steps from a revealed number along a row or column: close enough to
            // connect to the frontier, far enough to be likely zeros.
            for w in 0..n {
                if cells[w] == HIDDEN || view.hidden_neighbours(w) == 0 {
                    continue;
                }
                let (r, c) = view.coords(w);
                for (dr, dc) in [(2isize, 0isize), (-2, 0), (0, 2), (0, -2)] {
                    let (rr, cc) = (r as isize + dr, c as isize + dc);
                    if rr < 0 || cc < 0 || rr >= view.rows() as isize || cc >= view.cols() as isize
                    {
                        continue;
                    }
                    let j = rr as usize * view.cols() + cc as usize;
                    if cells[j] == HIDDEN && !on_frontier(view, j) {
                        chosen[j] = true;
                    }
                }
            }
            for &i in &off {
                let h = view.hidden_neighbours(i);
                if (1..4).contains(&h) {
                    chosen[i] = true;
                }
            }
            off.retain(|&i| chosen[i]);
            try_reserve(&mut out, off.len() + 1)?;
            crate::error::try_extend_exact(&mut out, off)?;
            if out.is_empty() {
                crate::error::try_push(&mut out, fewest_hidden_neighbours(view, probs))?;
            }
        }
    }
    out.sort_by(|&a, &b| {
        probs
            .get(a)
            .total_cmp(&probs.get(b))
            .then(view.hidden_neighbours(a).cmp(&view.hidden_neighbours(b)))
            .then(a.cmp(&b))
    });
    Ok(out)
}

/// The floating cell with the fewest hidden neighbours (most likely a zero).
fn fewest_hidden_neighbours(view: &View, probs: &Probabilities) -> usize {
    (0..view.cells().len())
        .filter(|&i| view.is_hidden(i) && probs.get(i) < 1.0 && !on_frontier(view, i))
        .min_by_key(|&i| (view.hidden_neighbours(i), i))
        .unwrap_or(0)
}

struct Scored {
    cell: usize,
    score: f64,
    dead: bool,
}

/// The best guess: the candidate with the highest two-move survival score.
fn guess(
    counter: &mut Counter,
    view: &View,
    probs: &Probabilities,
    effort: Effort,
) -> Result<usize> {
    let cands = candidates(view, probs)?;
    if cands.is_empty() {
        // Only possible when every hidden cell is a mine, which `advise` rules out.
        return Err(Error::new(
            ErrorKind::Inconsistent,
            "no hidden cell can be safe, yet the mine count says one is",
        ));
    }
    let (budget, most) = match effort {
        Effort::Fast => return Ok(cands[0]),
        Effort::Standard => (LOOKAHEAD_BUDGET, MAX_CANDIDATES),
        Effort::Deep => (4 * LOOKAHEAD_BUDGET, 2 * MAX_CANDIDATES),
    };
    let per_position = view.cells().len().max(1);
    let positions = budget / per_position;
    // Each candidate costs up to (hidden neighbours + 1) positions; about 4 on average.
    let max_cands = (positions / 4).min(most);
    if max_cands == 0 || cands.len() == 1 {
        return Ok(cands[0]);
    }
    let mut work = view.try_clone()?;
    let mut next = Probabilities::default();
    let mut best: Option<Scored> = None;
    for &cell in cands.iter().take(max_cands) {
        let s = lookahead(counter, &mut work, &mut next, probs, cell, best.as_ref())?;
        let better = match &best {
            None => true,
            Some(b) => {
                (b.dead && !s.dead)
                    || (b.dead == s.dead
                        && (s.score > b.score + 1e-12
                            || ((s.score - b.score).abs() <= 1e-12
                                && probs.get(s.cell) < probs.get(b.cell))))
            }
        };
        if better {
            best = Some(s);
        }
    }
    Ok(best.map_or(cands[0], |b| b.cell))
}

/// Two-move score of revealing `cell`: sum over the numbers it can show of
/// P(safe and shows v) times the blended safety of the best next move.
fn lookahead(
    counter: &mut Counter,
    work: &mut View,
    next: &mut Probabilities,
    probs: &Probabilities,
    cell: usize,
    best: Option<&Scored>,
) -> Result<Scored> {
    let total = probs.layouts();
    let safety = 1.0 - probs.get(cell);
    let mut left = safety; // probability mass not yet explored
    let mut score = 0.0;
    let mut values = 0;
    let hidden_nb = work.hidden_neighbours(cell);
    for v in 0..=hidden_nb.min(8) as u8 {
        if let Some(b) = best {
            // Even if every remaining outcome were followed by a certain move this cannot win.
            if !b.dead && score + left < b.score - 1e-12 {
                break;
            }
        }
        if !counter.probabilities_if_shown(work, cell, v, next)? {
            continue;
        }
        let pv = next.layouts().ratio(total);
        if pv <= 0.0 {
            continue;
        }
        values += 1;
        left -= pv;
        score += pv * blended_safety(work, next, cell);
    }
    Ok(Scored {
        cell,
        score,
        dead: values <= 1 && hidden_nb > 0,
    })
}

/// (4 * best + second best) / 5 over the hidden cells of a position, 1.0 for a certain move.
fn blended_safety(view: &View, probs: &Probabilities, revealed: usize) -> f64 {
    if !probs.safe_cells().is_empty() {
        return 1.0;
    }
    let (mut s1, mut s2) = (0.0f64, 0.0f64);
    for (i, &c) in view.cells().iter().enumerate() {
        if c != HIDDEN || i == revealed {
            continue;
        }
        let s = 1.0 - probs.get(i);
        if s > s1 {
            s2 = s1;
            s1 = s;
        } else if s > s2 {
            s2 = s;
        }
    }
    (4.0 * s1 + s2) / 5.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lattice of numbers between hidden cells inside a hidden ring, 21 x 21: a frontier too
    /// entangled to count. With `pocket`, two more rows below it hold a 'B' whose hidden
    /// neighbours the single-number rule proves safe. Returns the view's bytes, rows and mines.
    fn lattice(pocket: bool) -> (Vec<u8>, usize, usize) {
        let n = 21;
        let hidden =
            |r: usize, c: usize| r == 0 || r == n - 1 || c == 0 || c == n - 1 || (r + c) % 2 == 1;
        let mine = |r: usize, c: usize| r < n && r % 2 == 0 && hidden(r, c);
        let rows = if pocket { n + 2 } else { n };
        let mut bytes = Vec::new();
        for r in 0..rows {
            for c in 0..n {
                bytes.push(if r >= n {
                    if (r, c) == (n + 1, 0) {
                        b'B'
                    } else {
                        b'E'
                    }
                } else if hidden(r, c) {
                    b'E'
                } else {
                    let mut k = 0;
                    for rr in r.saturating_sub(1)..=r + 1 {
                        for cc in c.saturating_sub(1)..=(c + 1).min(n - 1) {
                            k += u8::from(mine(rr, cc));
                        }
                    }
                    crate::mines::digit(k)
                });
            }
        }
        let mines = (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .filter(|&(r, c)| mine(r, c))
            .count();
        (bytes, rows, mines)
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_frontier_too_entangled_to_count_still_gets_a_proven_safe_cell() {
        let (bytes, rows, mines) = lattice(false);
        let v = View::parse(&bytes, rows, 21, mines).unwrap();
        assert_eq!(hint(&v).unwrap_err().kind(), ErrorKind::TooComplex);
        let (bytes, rows, mines) = lattice(true);
        let v = View::parse(&bytes, rows, 21, mines).unwrap();
        assert_eq!(
            crate::mines::probabilities(&v).unwrap_err().kind(),
            ErrorKind::TooComplex
        );
        let h = hint(&v).unwrap();
        assert!(
            [(21, 0), (21, 1), (22, 1)].contains(&(h.row, h.col)),
            "{h:?}"
        );
        assert_eq!(h.risk, 0.0);
        let a = advise(&v).unwrap();
        assert_eq!(a.safe, [21 * 21, 21 * 21 + 1, 22 * 21 + 1]);
    }

    #[test]
    fn a_forced_fifty_fifty_goes_before_a_safer_guess() {
        // Column 0 is a forced 50/50; column 4 holds one mine too but column 5 can still tell
        // its cells apart; columns 5-15 float, 3 mines in 22 cells. Thousands of layouts, so the
        // endgame search stays out of it.
        let row = b"E1B1EEEEEEEEEEEE";
        let v = View::parse(&[&row[..], &row[..]].concat(), 2, 16, 5).unwrap();
        let h = hint(&v).unwrap();
        assert_eq!((h.col, h.risk), (0, 0.5), "{h:?}");
        let fast = HintOptions {
            first_click_opens: true,
            effort: Effort::Fast,
        };
        let h = hint_with_options(&v, &fast).unwrap().hint;
        assert!(h.col >= 5 && (h.risk - 3.0 / 22.0).abs() < 1e-12, "{h:?}");
    }

    #[test]
    fn certain_moves_first() {
        let v = View::parse(b"B1EB1EB1E", 3, 3, 1).unwrap();
        let a = advise(&v).unwrap();
        assert_eq!(a.safe, vec![2, 8]);
        assert_eq!((a.best.row, a.best.col, a.best.risk), (0, 2, 0.0));
        // No certain move: every hidden cell holds the mine a third of the time.
        let v = View::parse(b"1EEE", 2, 2, 1).unwrap();
        let a = advise(&v).unwrap();
        assert!(a.safe.is_empty());
        assert!((a.best.risk - 1.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn opening_and_game_over() {
        let v = View::hidden(16, 30, 99).unwrap();
        let h = hint(&v).unwrap();
        assert_eq!((h.row, h.col), (2, 3));
        let t = hint(&View::hidden(30, 16, 99).unwrap()).unwrap();
        assert_eq!((t.row, t.col), (3, 2));
        let sq = hint(&View::hidden(16, 16, 40).unwrap()).unwrap();
        assert_eq!((sq.row, sq.col), (2, 2));
        let v = View::hidden(3, 1, 1).unwrap();
        assert_eq!((hint(&v).unwrap().row, hint(&v).unwrap().col), (1, 0));
        assert!((h.risk - 99.0 / 480.0).abs() < 1e-12);
        let v = View::parse(b"1E", 1, 2, 1).unwrap();
        assert_eq!(hint(&v).unwrap_err().kind(), ErrorKind::GameOver);
        let v = View::parse(b"BB", 1, 2, 0).unwrap();
        assert_eq!(hint(&v).unwrap_err().kind(), ErrorKind::GameOver);
    }
}
