//! The hint: which cell to reveal next.
//!
//! 1. A cell that no layout puts a mine on is always preferred (every such cell is returned by
//!    [`advise`]; [`hint`] picks the first).
//! 2. Otherwise the strategy guesses, in the spirit of David Hill's JSMinesweeper:
//!    - candidates are the frontier cells whose safety is within 10% of the best, plus promising
//!      floating cells (next to the frontier at distance two, or with few hidden neighbours, where
//!      a zero is likely) when floating cells are more than 95% as safe as the best frontier cell;
//!    - the 28 safest candidates (ties: fewer hidden neighbours) are each scored by a two-move
//!      look-ahead ([`super::lookahead`]): for every number it could show, the exact chance of
//!      that number times the safety of the best next move in the resulting position, looking
//!      through a lone certain move to the guess after it;
//!    - with [`Effort::Deep`], the four best are scored again three moves ahead; so are those
//!      within 2% of the best on boards of 18% mines or more, in an opening (90% of cells or
//!      more hidden), where a thread remembers what it answered (`opening_memo.rs`), and, when
//!      the first click opens, in the middle game (5/16 to 5/8 of cells hidden);
//!    - a candidate whose number is already determined ("dead": it can only show one value)
//!      gives no information and is only taken when nothing else is left;
//!    - ties go to the safer cell, then to the cell with fewer hidden neighbours.
//!
//!    The look-ahead is bounded by the board size, so hints stay fast on huge boards.
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
use super::guess_candidates::candidates;
use super::lookahead::{three_move, two_move, Budget, Scored, Scratch, Width, MAX_CANDIDATES};
use super::opening_memo::opening_guess;
use super::probability::{with_counter, Counter, Probabilities};
use super::pseudo_fifty_fifty::pseudo_fifty_fifty;
use super::view::View;
use crate::error::{try_push, try_reserve, Error, ErrorKind, Result};

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
    /// What [`hint`] does: the two-move look-ahead over the near-safest candidates, forced and
    /// pseudo-50/50s first, and the exact endgame search; on boards of at least 18% mines, the
    /// leading guesses scored three moves ahead in an opening (at least 90% of cells hidden)
    /// and, when the first click opens, in the middle game (5/16 to 5/8 of cells hidden).
    #[default]
    Standard,
    /// The standard effort's look-ahead with four times its room on large boards and sixteen
    /// times its counting work, then the four best guesses scored three moves ahead everywhere:
    /// 0.10 points more modern expert games won (300,000 games) and 0.06 more classic (200,000),
    /// at about a third of the speed. Those gains were measured when the standard effort scored
    /// 14 candidates, not the 28 that both score now.
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

/// Cell visits the look-ahead may spend (each look-ahead position costs about one pass over the
/// board), so that hints on huge boards stay fast.
const LOOKAHEAD_BUDGET: usize = 4_000_000;
/// Counting work (see `Counter::cost`) one standard hint may spend, its own counting of the view
/// included, before the checks for a forced 50/50 and the look-ahead stop: about 10-20 ms (the
/// time a unit takes varies with the view). In 100,000 expert games under each rule, 24 hints
/// needed more: 23 classic opening guesses (1.5-2 million units took 24-38 ms alone) and one
/// modern guess. The look-ahead gets at least a quarter of it while the hint stays within 1.25
/// times it, and a count or a backward pass that would pass it is refused before it does. Only
/// such openings and views with large entangled frontiers reach it; then the guess is the best of
/// the candidates scored so far.
const LOOKAHEAD_WORK: u64 = 1_000_000;
/// Candidates a hint scores two moves ahead at most, safest first: twice what the look-ahead
/// scores in each later position ([`MAX_CANDIDATES`]). Past 14, the frontier cells further from
/// the safest and more of the floating cells likeliest to open an area get a score too: 0.040
/// (± 0.016) points more of the first 600,000 modern expert games won than with 14, and 0.017
/// (± 0.021) more of 300,000 classic ones, paired, at the same speed (a score stops once it
/// cannot beat the best, and these cells rarely come close).
const GUESS_CANDIDATES: usize = 2 * MAX_CANDIDATES;
/// The deep effort's counting work: 16 million units, as before the standard effort's was halved.
const DEEP_WORK: u64 = 16 * LOOKAHEAD_WORK;
/// Best two-move candidates the deep effort scores again three moves ahead.
const DEEP_CANDIDATES: usize = 4;
/// The opening, by the share of cells hidden. Under the classic rule half the expert losses come
/// there (`benches/win_rate`), and the standard effort scores again three moves ahead those of
/// the best [`DEEP_CANDIDATES`] whose two-move score is within [`THREE_MOVE_MARGIN`] of the best:
/// 0.15 points more classic expert games won (80,000 games, paired); under the modern rule,
/// 0.028 (± 0.024) more (300,000). Its answers are remembered (`opening_memo.rs`), since classic
/// games meet the same openings again and again.
const OPENING_HIDDEN: f64 = 0.9;
/// The middle game, by the share of cells hidden (expert's 150-299 of 480), where Hill's solver
/// won most of the modern games it won and this hint lost. Under the modern rule the standard
/// effort scores the leading guesses three moves ahead there too, as in an opening: with the
/// modern opening, 0.038 (± 0.025) points more modern expert games won (600,000 games, paired),
/// at about five sixths of the speed. Classic games gained 0.011 (± 0.012, 900,000 games, paired)
/// at about 0.94 times the speed, within the interval, so they do not.
const MIDDLE_HIDDEN: std::ops::Range<f64> = 0.3125..0.625;
/// How close to the best two-move score a guess must come to be scored three moves ahead in an
/// opening or the middle game.
const THREE_MOVE_MARGIN: f64 = 0.02;
/// The least mine density for those three-move scores: on beginner (12.3%) and intermediate
/// (15.6%) the classic opening's gained nothing measurable (+0.002 ± 0.003 points over 1,000,000
/// classic games and +0.009 ± 0.026 over 300,000, paired), at up to 1.4 times the time; on
/// expert (20.6%) it gains.
const THREE_MOVE_DENSITY: f64 = 0.18;
/// What those three-move scores look at in each position after a guess: as much as the full
/// width won in the classic opening, at a third less time.
const THREE_MOVE_WIDTH: Width = Width {
    guesses: 4,
    certain: 2,
};
/// Positions one three-move score may look at, at most: a position per number, and then a
/// two-move score of each candidate (or certain move) of the position after it.
const THREE_MOVE_POSITIONS: usize = 9 * (1 + 9 * MAX_CANDIDATES);

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
    counter.stop_at(None);
    let r = decide_within_budget(counter, view, all_safe, options);
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
            let forced = match options.effort {
                Effort::Fast => None,
                _ => super::fifty_fifty::forced_fifty_fifty(counter, view, &probs)?,
            };
            match forced {
                Some(cell) => (cell, None),
                None => {
                    // Larger forced 50/50s, then pseudo-50/50s, are checked last, with what the
                    // look-ahead left of the budget: their counts with a known mine end the
                    // counter's reading of the view, which the look-ahead starts from.
                    let best = guess(counter, view, &probs, options, budget)?;
                    let early = match options.effort {
                        Effort::Fast => None,
                        _ => match forced_fifty_fifty_set(counter, view, &probs, budget)? {
                            None => pseudo_fifty_fifty(counter, view, &probs, budget)?,
                            found => found,
                        },
                    };
                    (early.unwrap_or(best), None)
                }
            }
        }
    };
    let advice = Advice {
        safe: Vec::new(),
        best: coords(pick, probs.get(pick)),
    };
    Ok((advice, win))
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

/// The best guess: the candidate with the highest two-move survival score; with the deep
/// effort, or in an opening or the modern middle game, the best of the leading few scored again
/// three moves ahead.
fn guess(
    counter: &mut Counter,
    view: &View,
    probs: &Probabilities,
    options: &HintOptions,
    budget: Budget,
) -> Result<usize> {
    let effort = options.effort;
    let cands = candidates(view, probs)?;
    if cands.is_empty() {
        // Only possible when every hidden cell is a mine, which `advise` rules out.
        return Err(Error::new(
            ErrorKind::Inconsistent,
            "no hidden cell can be safe, yet the mine count says one is",
        ));
    }
    let visits = match effort {
        Effort::Fast => return Ok(cands[0]),
        Effort::Standard => LOOKAHEAD_BUDGET,
        Effort::Deep => 4 * LOOKAHEAD_BUDGET,
    };
    let per_position = view.cells().len().max(1);
    let positions = visits / per_position;
    // Each candidate costs up to (hidden neighbours + 1) positions, about 4 on average, and a
    // few more when it looks through a lone certain move.
    let max_cands = (positions / 4).min(GUESS_CANDIDATES);
    if max_cands == 0 || cands.len() == 1 {
        return Ok(cands[0]);
    }
    let mut work = view.try_clone()?;
    let mut scratch = Scratch::default();
    let cands = &cands[..max_cands.min(cands.len())];
    if positions >= DEEP_CANDIDATES * THREE_MOVE_POSITIONS {
        if effort == Effort::Deep {
            return deep_guess(counter, &mut work, probs, cands, None, budget);
        }
        let cells = view.cells().len() as f64;
        let dense = view.mines() as f64 >= THREE_MOVE_DENSITY * cells;
        let hidden = view.hidden_count() as f64 / cells;
        let close = Some(THREE_MOVE_MARGIN);
        if dense && hidden >= OPENING_HIDDEN {
            return opening_guess(view, || {
                deep_guess(counter, &mut work, probs, cands, close, budget)
            });
        }
        if dense && options.first_click_opens && MIDDLE_HIDDEN.contains(&hidden) {
            return deep_guess(counter, &mut work, probs, cands, close, budget);
        }
    }
    let mut best: Option<Scored> = None;
    for &cell in cands {
        let s = two_move(
            counter,
            &mut work,
            &mut scratch,
            probs,
            cell,
            best.as_ref(),
            budget,
        )?;
        let Some(s) = s else { break };
        if best.as_ref().is_none_or(|b| s.beats(b, probs)) {
            best = Some(s);
        }
    }
    Ok(best.map_or(cands[0], |b| b.cell))
}

/// The three-move guess: every candidate's two-move score, then the leading
/// [`DEEP_CANDIDATES`] live ones scored three moves ahead: all of them with the deep effort's
/// full width (`close` `None`), or, in an opening or the modern middle game, those within `close`
/// (a fraction) of the best two-move score, at [`THREE_MOVE_WIDTH`]. `work` is the position
/// `probs` describes, which the counter analysed last.
fn deep_guess(
    counter: &mut Counter,
    work: &mut View,
    probs: &Probabilities,
    cands: &[usize],
    close: Option<f64>,
    budget: Budget,
) -> Result<usize> {
    let mut scratch = Scratch::default();
    let mut scored = Vec::new();
    try_reserve(&mut scored, cands.len())?;
    // With `close`, a two-move score stops once it cannot come within `close` of the best, and
    // the two-move pick, as the standard effort chooses it among near-ties (candidate order), is
    // kept to go first.
    let mut floor: Option<Scored> = None;
    let mut two_move_pick: Option<usize> = None;
    for &cell in cands {
        match two_move(
            counter,
            work,
            &mut scratch,
            probs,
            cell,
            floor.as_ref(),
            budget,
        )? {
            Some(s) => {
                if let Some(close) = close {
                    let score = s.score * (1.0 - close);
                    if !s.dead && floor.as_ref().is_none_or(|f| score > f.score) {
                        floor = Some(Scored { score, ..s });
                    }
                    if two_move_pick.is_none_or(|i| s.beats(&scored[i], probs)) {
                        two_move_pick = Some(scored.len());
                    }
                }
                try_push(&mut scored, s)?;
            }
            None => break,
        }
    }
    if scored.is_empty() {
        return Ok(cands[0]);
    }
    let two_move_pick = two_move_pick.map(|i| scored[i].cell);
    scored.sort_by(|a, b| Scored::rank(a, b, probs));
    if let Some(pick) = two_move_pick {
        // It goes first, so that only a clearly better third move overrules it.
        let at = scored.iter().position(|s| s.cell == pick).unwrap_or(0);
        scored[..=at].rotate_right(1);
    }
    let top = scored[0].score;
    let (within, width) = match close {
        Some(close) => (top * (1.0 - close), THREE_MOVE_WIDTH),
        None => (f64::NEG_INFINITY, Width::FULL),
    };
    let leading = scored
        .iter()
        .take_while(|s| !s.dead)
        .take(DEEP_CANDIDATES)
        .take_while(|s| s.score >= within);
    if leading.clone().count() < 2 {
        return Ok(scored[0].cell);
    }
    let (mut bar, mut pick) = (f64::NEG_INFINITY, scored[0].cell);
    for s in leading {
        match three_move(counter, work, probs, s, bar, width, budget)? {
            Some(score) if score > bar + 1e-12 => (bar, pick) = (score, s.cell),
            Some(_) => {}
            None => break,
        }
    }
    Ok(pick)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mines::solver::view::lattice;

    /// An expert game under the classic rule (seed 10): the corner showed a 1, and two guesses
    /// later the next one is among the cells around those numbers.
    fn classic_opening() -> View {
        let mut rows = vec![
            "1E1EEEEEEEEEEEEEEEEEEEEEEEEEEE",
            "EE1EEEEEEEEEEEEEEEEEEEEEEEEEEE",
            "E112EEEEEEEEEEEEEEEEEEEEEEEEEE",
        ];
        rows.resize(16, "EEEEEEEEEEEEEEEEEEEEEEEEEEEEEE");
        View::parse(rows.concat().as_bytes(), 16, 30, 99).unwrap()
    }

    /// A modern expert game (seed 300004) in the middle game: 170 of 480 cells hidden.
    fn middle_game() -> View {
        let rows = [
            "BBBB1E1BBBB112E1BBBB1EEEEEEEEE",
            "BBBB22312111E211BBBB13EEEEEEEE",
            "111B1E3E2E233311BBBB12E2EEEEEE",
            "2E2B12E2223EE2E1B1122E2EEEEEEE",
            "2E31112211E32211B1E2E22EEEEEEE",
            "223E1B1E2211111BB112111EEEEEEE",
            "1E212133E2111E111211112EEEEEEE",
            "111B1E2E22E22211E3E21E3EEEEEEE",
            "BBB122212222E21113E212EEEEEEEE",
            "B112E1BB1E222E21112222EEEEEEEE",
            "B2E311B134E2323E1B2E3E4EEEEEEE",
            "B2E21111EE4E2E321B2E33EE21EEEE",
            "B1112E3234E432E1BB1112E32EEEEE",
            "BB124E3E23EE1111B11213233EEEEE",
            "BB1EE223E4432B1122E2E2E2EEEEEE",
            "BB1221B2EE2E1B1E2E22121223EEEE",
        ];
        View::parse(rows.concat().as_bytes(), 16, 30, 99).unwrap()
    }

    /// The standard hint's cell under the modern rule (`first_click_opens`) or the classic one.
    fn pick(view: &View, first_click_opens: bool) -> usize {
        let options = HintOptions {
            first_click_opens,
            effort: Effort::Standard,
        };
        let h = hint_with_options(view, &options).unwrap().hint;
        h.row * view.cols() + h.col
    }

    /// A view's look-ahead, unbounded: its probabilities and what a score needs.
    struct Ahead {
        counter: Counter,
        probs: Probabilities,
        work: View,
        scratch: Scratch,
        all: Budget,
    }

    impl Ahead {
        fn new(view: &View) -> Ahead {
            let mut counter = Counter::new();
            let probs = counter.probabilities(view).unwrap();
            let all = Budget::since(&counter, 0, u64::MAX);
            let (work, scratch) = (view.try_clone().unwrap(), Scratch::default());
            Ahead {
                counter,
                probs,
                work,
                scratch,
                all,
            }
        }

        /// `cell`'s two-move score, in full.
        fn two(&mut self, cell: usize) -> Scored {
            let (c, w, s) = (&mut self.counter, &mut self.work, &mut self.scratch);
            let two = two_move(c, w, s, &self.probs, cell, None, self.all);
            two.unwrap().unwrap()
        }

        /// The three-move score of `guess` (its two-move score) at the width the standard
        /// effort uses, in full.
        fn three(&mut self, guess: &Scored) -> f64 {
            let (c, w) = (&mut self.counter, &mut self.work);
            let bar = f64::NEG_INFINITY;
            let three = three_move(c, w, &self.probs, guess, bar, THREE_MOVE_WIDTH, self.all);
            three.unwrap().unwrap()
        }
    }

    /// The best two-move score among the hint's candidates, found plainly: every candidate
    /// scored in full, ties as [`Scored::beats`] breaks them.
    fn two_move_pick(view: &View) -> usize {
        let mut ahead = Ahead::new(view);
        let cands = candidates(view, &ahead.probs).unwrap();
        let mut best: Option<Scored> = None;
        for &cell in cands.iter().take(GUESS_CANDIDATES) {
            let s = ahead.two(cell);
            if best.as_ref().is_none_or(|b| s.beats(b, &ahead.probs)) {
                best = Some(s);
            }
        }
        best.unwrap().cell
    }

    /// Asserts that `three` is the pick of a three-move score over `two`, the two-move pick:
    /// `two` leads on two moves, `three` is within the margin of it and leads on three.
    fn assert_third_move_decided(view: &View, three: usize, two: usize) {
        assert_ne!(three, two, "the three-move score changed nothing");
        let mut ahead = Ahead::new(view);
        let mut scores = |cell| {
            let two = ahead.two(cell);
            (two.score, ahead.three(&two))
        };
        let (three, two) = (scores(three), scores(two));
        assert!(two.0 >= three.0 - 1e-12, "{two:?} {three:?}");
        assert!(three.0 >= two.0 * (1.0 - THREE_MOVE_MARGIN));
        assert!(three.1 > two.1 + 1e-12, "{two:?} {three:?}");
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn an_opening_guess_looks_three_moves_ahead_under_either_rule() {
        let view = classic_opening();
        let (classic, modern) = (pick(&view, false), pick(&view, true));
        assert_eq!(classic, modern);
        assert_third_move_decided(&view, classic, two_move_pick(&view));
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_middle_game_guess_looks_three_moves_ahead_under_the_modern_rule() {
        let view = middle_game();
        let hidden = view.hidden_count() as f64 / view.cells().len() as f64;
        assert!(MIDDLE_HIDDEN.contains(&hidden), "{hidden}");
        let (classic, modern) = (pick(&view, false), pick(&view, true));
        assert_eq!(classic, two_move_pick(&view));
        assert_third_move_decided(&view, modern, classic);
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
                let mut c = Counter::new();
                let options = HintOptions {
                    first_click_opens: true,
                    effort,
                };
                let (advice, _) = decide(&mut c, &view, false, &options).unwrap();
                assert!(advice.best.risk > 0.0, "the view has a certain move");
                c.cost()
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
        let mut c = Counter::new();
        let (advice, _) = decide(&mut c, &view, false, &HintOptions::default()).unwrap();
        let spent = c.cost();
        let mut c = Counter::new();
        let options = HintOptions {
            effort: Effort::Fast,
            ..HintOptions::default()
        };
        let (fast, _) = decide(&mut c, &view, false, &options).unwrap();
        assert!(c.cost() > LOOKAHEAD_WORK + LOOKAHEAD_WORK / 4);
        assert_eq!((spent, advice.best), (c.cost(), fast.best));
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
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn the_look_ahead_scores_past_the_fourteenth_candidate() {
        // A modern expert game after its first opening: the hint's guess, (0, 2), the
        // fifteenth safest of 23 candidates, scores best two moves ahead.
        let mut rows = vec![
            "EEEEEEEEEEEEEEEEEEEEEEEEEEEEEE",
            "E2212EEEEEEEEEEEEEEEEEEEEEEEEE",
            "EE1B13EEEEEEEEEEEEEEEEEEEEEEEE",
            "EE2BB2EEEEEEEEEEEEEEEEEEEEEEEE",
            "EE2112EEEEEEEEEEEEEEEEEEEEEEEE",
        ];
        rows.resize(16, "EEEEEEEEEEEEEEEEEEEEEEEEEEEEEE");
        let view = View::parse(rows.concat().as_bytes(), 16, 30, 99).unwrap();
        let h = hint(&view).unwrap();
        assert_eq!((h.row, h.col), (0, 2), "{h:?}");
        let probs = Counter::new().probabilities(&view).unwrap();
        let cands = candidates(&view, &probs).unwrap();
        let rank = cands.iter().position(|&c| c == 2).unwrap();
        let past = MAX_CANDIDATES..GUESS_CANDIDATES;
        assert!(past.contains(&rank), "{rank} of {cands:?}");
        assert!(h.risk > probs.get(cands[0]) + 0.04, "{h:?}");
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
