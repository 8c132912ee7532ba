//! The hint: which cell to reveal next.
//!
//! 1. A cell that no layout puts a mine on is always preferred (every such cell is returned by
//!    [`advise`]; [`hint`] picks the first).
//! 2. Otherwise the hint guesses ([`super::guess`]): the near-safest cells scored by what their
//!    numbers would tell two moves ahead, and in places three, each score weighed up by the
//!    50/50s the cell may settle before they form ([`super::long_term_risk`]). The look-ahead is
//!    bounded by the board size, so hints stay fast on huge boards.
//! 3. When at most `endgame::MAX_LAYOUTS` layouts remain (or, up to 16 times as many, parts
//!    that nothing ties together have at most that many each), the look-ahead is replaced by an
//!    exact search of the game tree over those layouts ([`super::endgame`]): the move with the
//!    highest chance of winning the whole game. Otherwise a forced 50/50
//!    ([`super::fifty_fifty`] for pairs, [`super::fifty_fifty_sets`] for chains and boxes), a
//!    guess that must be made sooner or later, is taken before any other guess, even a safer
//!    one: its number, when it survives, may make that other guess unnecessary. So is, next, a
//!    pseudo-50/50 ([`super::pseudo_fifty_fifty`]): a cell that is safe or else half of a 50/50
//!    to come, whose risk is owed either way.
//! 4. On a view with nothing revealed, every cell is equally risky and the hint is the first
//!    click ([`super::first_click`]): (2, 2), or (3, 3) on a board with one side at least 1.5
//!    times the other, when the first click opens an area; the corner (0, 0) when it is only
//!    safe ([`HintOptions::first_click_opens`] false).

use super::decoded_grid::DecodedGrid;
use super::fifty_fifty_sets::forced_fifty_fifty_set;
use super::first_click::first_click;
use super::guess::{guess, look, Look};
use super::hint_options::{Effort, HintOptions};
use super::lookahead::Budget;
use super::opening_memo::opening_guess;
use super::probability::{with_counter, Counter, Probabilities};
use super::pseudo_fifty_fifty::pseudo_fifty_fifty;
use super::view::View;
use crate::error::{Error, ErrorKind, Result};

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

/// Counting work (see `Counter::cost`) one standard hint may spend, its own counting of the view
/// included, before the checks for a forced 50/50 and the look-ahead stop: about 10-20 ms (the
/// time a unit takes varies with the view). In 100,000 expert games under each rule, 24 hints
/// needed more: 23 classic opening guesses (1.5-2 million units took 24-38 ms alone) and one
/// modern guess. The look-ahead gets at least a quarter of it while the hint stays within 1.25
/// times it, and a count or a backward pass that would pass it is refused before it does. Only
/// such openings and views with large entangled frontiers reach it; then the guess is the best of
/// the candidates scored so far.
const LOOKAHEAD_WORK: u64 = 1_000_000;
/// The deep effort's counting work: 16 million units, as before the standard effort's was halved.
const DEEP_WORK: u64 = 16 * LOOKAHEAD_WORK;

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

/// [`hint`] with a caller-kept [`Counter`]. The hint is the same as without it: the work budget
/// of a guess's checks and look-ahead is charged what a counter that remembers nothing would
/// spend, so where it binds, it stops at the same place whatever the counter saw before.
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
/// the components they share. The advice is the same as without it (see [`hint_with`]).
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
    counter.stop_at(None);
    counter.open_budget();
    let r = decide_within_budget(counter, view, all_safe, options);
    counter.close_budget();
    counter.stop_at(None);
    r
}

/// [`decide`], whose reads after the view's own are stopped at the hint's work budget.
fn decide_within_budget(
    counter: &mut Counter,
    view: &View,
    all_safe: bool,
    options: &HintOptions,
) -> Result<(Advice, Option<f64>)> {
    let started = counter.cost();
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
    let endgame = if options.effort != Effort::Fast {
        super::endgame::best_move(counter, view, &probs)?
    } else {
        None
    };
    let (pick, win) = match endgame {
        Some((cell, win)) => (cell, Some(win)),
        None => {
            // The checks and the look-ahead below count new positions: each count stops at the
            // budget, so that none overruns it (a stopped one counts as not forced, or ends the
            // look-ahead).
            let work = match options.effort {
                Effort::Deep => DEEP_WORK,
                _ => LOOKAHEAD_WORK,
            };
            let budget = Budget::since(counter, started, work);
            counter.stop_at(Some(budget.until()));
            let choose = |c: &mut Counter| choose_guess(c, view, &probs, options, budget);
            let pick = if look(view, options) == Look::Opening {
                opening_guess(view, options.effort, counter, choose)?
            } else {
                choose(counter)?
            };
            (pick, None)
        }
    };
    let advice = Advice {
        safe: Vec::new(),
        best: coords(pick, probs.get(pick)),
    };
    Ok((advice, win))
}

/// The guess when no cell is safe and the endgame search is out of reach: a forced 50/50 first,
/// then the best guess, unless a larger forced 50/50 or a pseudo-50/50 goes before it.
fn choose_guess(
    counter: &mut Counter,
    view: &View,
    probs: &Probabilities,
    options: &HintOptions,
    budget: Budget,
) -> Result<usize> {
    if options.effort == Effort::Fast {
        return guess(counter, view, probs, options, budget);
    }
    if let Some(cell) = super::fifty_fifty::forced_fifty_fifty(counter, view, probs)? {
        return Ok(cell);
    }
    // Larger forced 50/50s, then pseudo-50/50s, are checked last, with what the look-ahead left
    // of the budget: their counts with a known mine end the counter's reading of the view, which
    // the look-ahead starts from.
    let best = guess(counter, view, probs, options, budget)?;
    let early = match forced_fifty_fifty_set(counter, view, probs, budget)? {
        None => pseudo_fifty_fifty(counter, view, probs, budget)?,
        found => found,
    };
    Ok(early.unwrap_or(best))
}

/// The advice on an all-hidden view: the first click ([`first_click`]), at the mine density's
/// risk.
fn opening(view: &View, all_safe: bool, first_click_opens: bool) -> Result<Advice> {
    let risk = view.mines() as f64 / view.cells().len() as f64;
    let mut safe = Vec::new();
    if all_safe && view.mines() == 0 {
        crate::error::try_extend_exact(&mut safe, 0..view.cells().len())?;
    }
    let (row, col) = first_click(view.rows(), view.cols(), first_click_opens);
    Ok(Advice {
        safe,
        best: Hint { row, col, risk },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::solver::view::lattice;

    /// The advice for `view` on `counter`, and the work its budget was charged.
    fn charged(counter: &mut Counter, view: &View, effort: Effort, opens: bool) -> (Hint, u64) {
        let before = counter.cost();
        let options = HintOptions {
            first_click_opens: opens,
            effort,
        };
        let (advice, _) = decide(counter, view, false, &options).unwrap();
        (advice.best, counter.cost() - before)
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn the_look_ahead_stops_at_its_work_budget() {
        // Views that cost about a budget to count, and so does each position after a guess;
        // each effort runs out of its budget on each.
        for (rows, cols) in [(11, 21), (9, 30)] {
            let (bytes, rows, mines) = lattice(rows, cols, false);
            let view = View::parse(&bytes, rows, cols, mines).unwrap();
            let spent = |effort| {
                let (hint, spent) = charged(&mut Counter::new(), &view, effort, true);
                assert!(hint.risk > 0.0, "the view has a certain move");
                spent
            };
            let fast = spent(Effort::Fast);
            assert!(fast > LOOKAHEAD_WORK / 2, "{fast}");
            for (effort, work) in [
                (Effort::Standard, LOOKAHEAD_WORK),
                (Effort::Deep, DEEP_WORK),
            ] {
                let spent = spent(effort);
                let budget = work.max((fast + work / 4).min(work + work / 4));
                // Past the budget by the cheap rules of the last position at most: a count or
                // a backward pass that would pass it is refused.
                assert!(
                    spent < budget + budget / 500,
                    "{effort:?}: {spent} of {budget}"
                );
                assert!(spent + fast > budget, "{effort:?}: {spent} of {budget}");
            }
        }
        // A view whose counting alone takes more than 1.25 budgets gets no look-ahead.
        let (bytes, rows, mines) = lattice(11, 30, false);
        let view = View::parse(&bytes, rows, 30, mines).unwrap();
        let (hint, spent) = charged(&mut Counter::new(), &view, Effort::Standard, true);
        let (fast, fast_spent) = charged(&mut Counter::new(), &view, Effort::Fast, true);
        assert!(fast_spent > LOOKAHEAD_WORK + LOOKAHEAD_WORK / 4);
        assert_eq!((spent, hint), (fast_spent, fast));
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn where_the_budget_binds_the_hint_is_the_same_on_a_counter_that_remembers() {
        for (rows, cols) in [(11, 21), (9, 30)] {
            let (bytes, rows, mines) = lattice(rows, cols, false);
            let view = View::parse(&bytes, rows, cols, mines).unwrap();
            for effort in [Effort::Standard, Effort::Deep] {
                let mut c = Counter::new();
                let cold = charged(&mut c, &view, effort, true);
                // Now the counter remembers every component the first hint counted.
                let warm = charged(&mut c, &view, effort, true);
                assert_eq!(warm, cold, "{effort:?}");
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn in_play_the_hint_is_the_same_on_a_counter_that_remembers() {
        // Expert games on one counter; each hint is asked again on a thread that has done
        // nothing before (a fresh counter, no opening remembered).
        let mut rng = crate::rng::SplitMix64::new(33);
        let (rows, cols, mines) = (16, 30, 99);
        let mut warm = Counter::new();
        let mut guesses = 0;
        for game in 0..40 {
            let opens = game % 2 == 0;
            let mut board = vec![b'E'; rows * cols];
            loop {
                let bytes: Vec<u8> = board
                    .iter()
                    .map(|&b| if b == b'M' { b'E' } else { b })
                    .collect();
                let view = View::parse(&bytes, rows, cols, mines).unwrap();
                if view.hidden_count() == mines {
                    break;
                }
                let here = charged(&mut warm, &view, Effort::Standard, opens);
                let fresh = std::thread::scope(|s| {
                    let view = &view;
                    s.spawn(move || charged(&mut Counter::new(), view, Effort::Standard, opens))
                        .join()
                        .unwrap()
                });
                assert_eq!(here, fresh, "game {game}, {} hidden", view.hidden_count());
                guesses += usize::from(here.0.risk > 0.0);
                let (r, c) = (here.0.row, here.0.col);
                let i = r * cols + c;
                if !board.contains(&b'M') {
                    // The first click: mines go elsewhere (off its block when it opens).
                    let mut placed = 0;
                    while placed < mines {
                        let j = rng.below((rows * cols) as u64) as usize;
                        let near = (j / cols).abs_diff(r) <= 1 && (j % cols).abs_diff(c) <= 1;
                        if board[j] == b'E' && j != i && !(opens && near) {
                            board[j] = b'M';
                            placed += 1;
                        }
                    }
                }
                if board[i] == b'M' {
                    break;
                }
                crate::mines::reveal_empty(
                    &mut board,
                    rows,
                    cols,
                    r,
                    c,
                    &crate::mines::LEETCODE_MINES,
                )
                .unwrap();
            }
        }
        assert!(guesses > 100, "{guesses} guesses");
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_frontier_too_entangled_to_count_still_gets_a_proven_safe_cell() {
        let (bytes, rows, mines) = lattice(21, 21, false);
        let v = View::parse(&bytes, rows, 21, mines).unwrap();
        assert_eq!(hint(&v).unwrap_err().kind(), ErrorKind::TooComplex);
        let (bytes, rows, mines) = lattice(21, 21, true);
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
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn play_that_rings_the_opening_still_gets_a_hint() {
        for v in crate::mines::solver::view::ring_views() {
            let p = crate::mines::probabilities(&v).unwrap();
            for effort in [Effort::Fast, Effort::Standard, Effort::Deep] {
                let opt = HintOptions {
                    first_click_opens: true,
                    effort,
                };
                let h = hint_with_options(&v, &opt).unwrap().hint;
                let cell = h.row * v.cols() + h.col;
                assert_eq!(h.risk, p.probs()[cell], "{effort:?}: {h:?}");
            }
        }
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
    fn a_forced_fifty_fifty_chain_goes_before_a_safer_guess() {
        // (1, 0) - (0, 1) - (0, 3) - (1, 4): one mine in each two next in the chain, walled in
        // by the mines the '3' needs on (0, 5) and (1, 5); columns 6-15 float, 3 mines in 20
        // cells. 2,280 layouts, so the endgame search stays out of it.
        let v = View::parse(b"1E1E3EEEEEEEEEEEE111EEEEEEEEEEEE", 2, 16, 7).unwrap();
        let h = hint(&v).unwrap();
        let chain = [(1, 0), (0, 1), (0, 3), (1, 4)];
        assert!(chain.contains(&(h.row, h.col)) && h.risk == 0.5, "{h:?}");
        let fast = HintOptions {
            first_click_opens: true,
            effort: Effort::Fast,
        };
        let h = hint_with_options(&v, &fast).unwrap().hint;
        assert!(h.col >= 6 && (h.risk - 0.15).abs() < 1e-12, "{h:?}");
    }

    #[test]
    fn a_pseudo_fifty_fifty_goes_before_a_safer_guess() {
        // Columns 0 and 2 hold one mine between them; were it on (0, 0), (1, 0) would be safe
        // and nothing could tell the two apart: (0, 0) is that 50/50 or safe, at 1/4. Columns
        // 3-15 float, 2 mines in 26 cells: 1,104 layouts, so the endgame search stays out of it.
        let row = b"E1EEEEEEEEEEEEEE";
        let v = View::parse(&[&row[..], &row[..]].concat(), 2, 16, 3).unwrap();
        let h = hint(&v).unwrap();
        assert_eq!((h.row, h.col, h.risk), (0, 0, 0.25), "{h:?}");
        let fast = HintOptions {
            first_click_opens: true,
            effort: Effort::Fast,
        };
        let h = hint_with_options(&v, &fast).unwrap().hint;
        assert!(h.col >= 3 && h.risk < 0.1, "{h:?}");
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
        assert_eq!((h.row, h.col), (3, 3));
        assert!((h.risk - 99.0 / 480.0).abs() < 1e-12);
        let v = View::parse(b"1E", 1, 2, 1).unwrap();
        assert_eq!(hint(&v).unwrap_err().kind(), ErrorKind::GameOver);
        let v = View::parse(b"BB", 1, 2, 0).unwrap();
        assert_eq!(hint(&v).unwrap_err().kind(), ErrorKind::GameOver);
    }
}
