//! The look-ahead that scores a guess by what its number would tell.
//!
//! - Two moves ([`two_move`]): for every number the guess can show, the exact chance of that
//!   number times the safety of the best move after it (blended with the second best, so a
//!   position with several good moves scores a little higher). A number that leaves several
//!   certain moves counts as safety 1, unless every one of their numbers is already known (they
//!   tell nothing); one that leaves a lone certain move is looked through, worth that move's
//!   own two-move score, since the move only puts the next guess off.
//! - Three moves ([`three_move`], in an opening and the modern middle game, and for the deep
//!   effort in the early middle game too, or anywhere on a sparse board): the position after
//!   each number is valued by the best two-move score of its own candidates, or of its certain
//!   moves (as many as a [`Width`] allows). That value is at most the position's best safety, so
//!   the two-move pass also leaves, per number, a ceiling on what it can add
//!   ([`Scored::ceilings`]): a three-move score that cannot reach the best so far stops as soon
//!   as the ceilings say so, and the pick is the same.

use super::guess_candidates::candidates;
use super::probability::{Counter, Probabilities};
use super::view::View;
use crate::error::{ErrorKind, Result};
use crate::mines::board::alphabet::HIDDEN;
use std::cmp::Ordering;

/// Candidates analysed with the two-move look-ahead at most, in one position.
pub(crate) const MAX_CANDIDATES: usize = 14;
/// Certain moves of a position scored by the three-move look-ahead at most.
const MAX_SAFE_SCORED: usize = 8;

/// How many moves [`three_move`] scores in each position after the guess, at most: guess
/// candidates when the position has no certain move, else its certain moves.
#[derive(Clone, Copy)]
pub(crate) struct Width {
    pub guesses: usize,
    pub certain: usize,
}

impl Width {
    /// The deep effort's width.
    pub(crate) const FULL: Width = Width {
        guesses: MAX_CANDIDATES,
        certain: MAX_SAFE_SCORED,
    };
}

/// A guess and its look-ahead score.
pub(crate) struct Scored {
    pub cell: usize,
    pub score: f64,
    /// The guess can show only one number, so it tells nothing new.
    pub dead: bool,
    /// Per number the guess can show, the most its position can add to the guess's
    /// [`three_move`] score, so that a three-move score stops as soon as it cannot reach its
    /// bar; `None` when the two-move score stopped early.
    pub ceilings: Option<Ceilings>,
}

/// Per number 0-8: P(safe and shows it) times the most the position after it is worth.
pub(crate) type Ceilings = [f64; 9];

impl Scored {
    /// Whether `self` is the better guess: a live guess before a dead one, then the higher
    /// score, then the safer cell.
    pub(crate) fn beats(&self, other: &Scored, probs: &Probabilities) -> bool {
        (other.dead && !self.dead)
            || (other.dead == self.dead
                && (self.score > other.score + 1e-12
                    || ((self.score - other.score).abs() <= 1e-12
                        && probs.get(self.cell) < probs.get(other.cell))))
    }

    /// The order of [`Scored::beats`], made total: best first.
    pub(crate) fn rank(a: &Scored, b: &Scored, probs: &Probabilities) -> Ordering {
        a.dead
            .cmp(&b.dead)
            .then(b.score.total_cmp(&a.score))
            .then(probs.get(a.cell).total_cmp(&probs.get(b.cell)))
            .then(a.cell.cmp(&b.cell))
    }
}

/// How much counting work (see `Counter::cost`) a look-ahead may spend: it stops before a
/// position once the counter's cost passes `until`. Most expert hints spend far less than the
/// hint's budget (what play needs is measured at `LOOKAHEAD_WORK` in `hint.rs`); views with
/// huge entangled frontiers would otherwise spend seconds.
#[derive(Clone, Copy)]
pub(crate) struct Budget {
    until: u64,
}

impl Budget {
    /// `work` more units from `started`, the counter's work when the hint began, so that the
    /// hint's own counting of the view is paid from it too; but at least a quarter of `work`
    /// from now, so that the look-ahead has room to score a few guesses, as long as the hint
    /// stays within 1.25 `work` in all: a view whose own counting took more (a crafted one;
    /// games need at most a third of `work`) gets no look-ahead.
    pub(crate) fn since(counter: &Counter, started: u64, work: u64) -> Budget {
        let least = (counter.cost().saturating_add(work / 4))
            .min(started.saturating_add(work).saturating_add(work / 4));
        Budget {
            until: started.saturating_add(work).max(least),
        }
    }

    /// The counter's cost at which the look-ahead stops.
    pub(crate) fn until(self) -> u64 {
        self.until
    }

    pub(crate) fn spent(self, counter: &Counter) -> bool {
        counter.cost() > self.until
    }
}

/// Buffers for the positions a look-ahead looks at.
#[derive(Default)]
pub(crate) struct Scratch {
    next: Probabilities,
    through: Probabilities,
}

/// Two-move score of revealing `cell` in `work`, the position the counter analysed last, with
/// `probs`: the sum over the numbers it can show of P(safe and shows v) times the blended
/// safety of the best next move. Where the number leaves exactly one certain move, the score
/// looks through it: the position is worth that move's own two-move score, not 1, because the
/// move only delays the next guess. Stops early, with a lower score, once it cannot beat `best`;
/// `None` when the budget ran out first.
pub(crate) fn two_move(
    counter: &mut Counter,
    work: &mut View,
    scratch: &mut Scratch,
    probs: &Probabilities,
    cell: usize,
    best: Option<&Scored>,
    budget: Budget,
) -> Result<Option<Scored>> {
    let Scratch { next, through } = scratch;
    score_guess(
        counter,
        work,
        next,
        Some(through),
        probs,
        cell,
        best,
        budget,
    )
}

/// [`two_move`], looking through a lone certain move only when `through` is given.
#[allow(clippy::too_many_arguments)]
fn score_guess(
    counter: &mut Counter,
    work: &mut View,
    next: &mut Probabilities,
    mut through: Option<&mut Probabilities>,
    probs: &Probabilities,
    cell: usize,
    best: Option<&Scored>,
    budget: Budget,
) -> Result<Option<Scored>> {
    let total = probs.layouts();
    let safety = 1.0 - probs.get(cell);
    let mut left = safety; // probability mass not yet explored
    let mut score = 0.0;
    let mut values = 0;
    let mut ceilings = Some([0.0; 9]);
    let hidden_nb = work.hidden_neighbours(cell);
    for v in 0..=hidden_nb.min(8) as u8 {
        if let Some(b) = best {
            // Even if every remaining outcome were followed by a certain move this cannot win.
            if !b.dead && score + left < b.score - 1e-12 {
                ceilings = None;
                break;
            }
        }
        if budget.spent(counter) {
            return Ok(None);
        }
        // Entered, the position stays analysed in case its lone certain move is looked through.
        let fits = match through {
            Some(_) => counter.enter_shown(work, cell, v, next),
            None => counter.probabilities_if_shown(work, cell, v, next),
        };
        let Some(fits) = counted(fits)? else {
            return Ok(None);
        };
        if !fits {
            continue;
        }
        let pv = next.layouts().ratio(total);
        let lone = match next.safe_cells() {
            [lone] => Some(*lone),
            _ => None,
        };
        let looked = match (lone, through.as_deref_mut()) {
            (Some(lone), Some(buf)) if pv > 0.0 => Some(score_guess(
                counter, work, buf, None, next, lone, None, budget,
            )),
            _ => None,
        };
        if through.is_some() {
            counter.leave_shown(work, cell);
        }
        if pv <= 0.0 {
            continue;
        }
        values += 1;
        left -= pv;
        // The position's three-move value is its best move's two-move score: the looked-through
        // move's own, or at most what `worth` says.
        let (value, ceiling) = match looked {
            Some(s) => match s? {
                Some(s) => (s.score, s.score),
                None => return Ok(None),
            },
            None => worth(work, next, cell),
        };
        score += pv * value;
        if let Some(c) = ceilings.as_mut() {
            c[usize::from(v)] = pv * ceiling;
        }
    }
    Ok(Some(Scored {
        cell,
        score,
        dead: values <= 1 && hidden_nb > 0,
        ceilings,
    }))
}

/// Whether a position was counted and fits; `None` when it was too entangled to count, or its
/// count would have passed the budget (the counter's stop): either ends the look-ahead as a
/// spent budget does, and the guess is the best scored so far.
fn counted(r: Result<bool>) -> Result<Option<bool>> {
    match r {
        Err(e) if e.kind() == ErrorKind::TooComplex => Ok(None),
        r => r.map(Some),
    }
}

/// What a position is worth when no hidden cell is safe: every one left is a mine, so the game
/// is won. The two-move and three-move scores both say so.
const WON: f64 = 1.0;

/// What a position is worth to a two-move score, and at most to a three-move score (its best
/// move's two-move score), when no lone certain move is looked through:
/// - with a certain move whose number is not yet known ([`tells`]), 1 and 1;
/// - otherwise (4 * best + second best) / 5 over the safety of its hidden cells other than
///   `revealed` and its certain moves, so that a position with several good moves scores a
///   little higher, and at most the best safety (a guess's two-move score is at most its
///   safety). Certain moves whose numbers are all known change nothing when revealed, so the
///   position is worth its next guess: 0.049 (± 0.018) points more of 450,000 modern expert
///   games won than when any certain move counted as 1, paired;
/// - with no hidden cell left to guess, [`WON`].
fn worth(view: &View, probs: &Probabilities, revealed: usize) -> (f64, f64) {
    let safe = probs.safe_cells();
    if safe.iter().any(|&s| tells(view, probs, revealed, s)) {
        return (1.0, 1.0);
    }
    let (mut s1, mut s2) = (0.0f64, 0.0f64);
    for (i, &c) in view.cells().iter().enumerate() {
        if c != HIDDEN || i == revealed || probs.get(i) <= 0.0 {
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
    if s1 > 0.0 {
        ((4.0 * s1 + s2) / 5.0, s1)
    } else {
        (WON, WON)
    }
}

/// Whether the number of `cell`, hidden in `view`, is unknown in the position `probs` describes
/// (where `revealed` is shown too): some neighbour may or may not be a mine, and no shown number
/// sees exactly the same such cells, which would fix how many of them are mines.
fn tells(view: &View, probs: &Probabilities, revealed: usize, cell: usize) -> bool {
    let own = undetermined_around(view, probs, revealed, cell);
    if own.1 == 0 {
        return false;
    }
    // A number that sees all of them is next to the first: look there only.
    let mut known = false;
    view.for_each_neighbour(own.0[0], |r| {
        let shown = r == revealed || view.cells()[r] <= 8;
        known =
            known || (r != cell && shown && undetermined_around(view, probs, revealed, r) == own);
    });
    !known
}

/// The neighbours of `cell` that may or may not be mines in the position `probs` describes
/// (where `revealed` is shown), in neighbour order, and how many there are.
fn undetermined_around(
    view: &View,
    probs: &Probabilities,
    revealed: usize,
    cell: usize,
) -> ([usize; 8], usize) {
    let mut found = ([usize::MAX; 8], 0);
    view.for_each_neighbour(cell, |n| {
        if n != revealed && probs.is_open(n) {
            found.0[found.1] = n;
            found.1 += 1;
        }
    });
    found
}

/// Three-move score of revealing `guess.cell` in `work`, the position the counter analysed
/// last, with `probs`: the sum over the numbers it can show of P(safe and shows v) times the
/// value of the position that follows ([`position_value`], over at most `width` moves). Stops
/// early, with a lower score, once it cannot reach `bar`, which the guess's two-move
/// [`Scored::ceilings`] tell sooner; `None` when the budget ran out first.
pub(crate) fn three_move(
    counter: &mut Counter,
    work: &mut View,
    probs: &Probabilities,
    guess: &Scored,
    bar: f64,
    width: Width,
    budget: Budget,
) -> Result<Option<f64>> {
    let cell = guess.cell;
    let total = probs.layouts();
    let mut left = 1.0 - probs.get(cell);
    // What the numbers not yet looked at can add at most.
    let mut ceiling = guess.ceilings.map_or(f64::INFINITY, |c| c.iter().sum());
    let mut score = 0.0;
    let mut after = Probabilities::default();
    for v in 0..=work.hidden_neighbours(cell).min(8) as u8 {
        if score + left.min(ceiling) < bar - 1e-12 {
            break;
        }
        if let Some(c) = guess.ceilings {
            ceiling -= c[usize::from(v)];
        }
        let Some(fits) = counted(counter.enter_shown(work, cell, v, &mut after))? else {
            return Ok(None);
        };
        if !fits {
            continue;
        }
        let pv = after.layouts().ratio(total);
        let value = position_value(counter, work, &after, width, budget);
        counter.leave_shown(work, cell);
        let Some(value) = value? else {
            return Ok(None);
        };
        left -= pv;
        score += pv * value;
    }
    Ok(Some(score))
}

/// The best two-move score in `work`, the position the counter analysed last, with `probs`:
/// over its first certain moves when it has any, else over its first guess candidates (as many
/// as `width` allows); 1.0 when no hidden cell is safe (the game is won); `None` when the budget
/// ran out first.
fn position_value(
    counter: &mut Counter,
    work: &mut View,
    probs: &Probabilities,
    width: Width,
    budget: Budget,
) -> Result<Option<f64>> {
    let mut next = Probabilities::default();
    let mut best: Option<Scored> = None;
    let safe = probs.safe_cells();
    let guesses;
    let cells = if safe.is_empty() {
        guesses = candidates(work, probs)?;
        &guesses[..guesses.len().min(width.guesses)]
    } else {
        &safe[..safe.len().min(width.certain)]
    };
    for &cell in cells {
        // Not looking through lone certain moves here: a third more time, no gain (20k games).
        let scored = score_guess(
            counter,
            work,
            &mut next,
            None,
            probs,
            cell,
            best.as_ref(),
            budget,
        )?;
        let Some(s) = scored else {
            return Ok(None);
        };
        if best.as_ref().is_none_or(|b| s.beats(b, probs)) {
            best = Some(s);
        }
    }
    Ok(Some(best.map_or(WON, |b| b.score)))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Fresh probabilities of `view` with `cell` showing `value`, and the share of `view`'s
    /// layouts that fit it; `None` when none does.
    fn shown(view: &View, z: f64, cell: usize, value: u8) -> Option<(View, Probabilities, f64)> {
        let mut v = view.try_clone().unwrap();
        v.reveal(cell, value);
        match Counter::new().probabilities(&v) {
            Ok(p) => {
                let share = p.layouts().to_f64() / z;
                Some((v, p, share))
            }
            Err(e) => {
                assert_eq!(e.kind(), ErrorKind::Inconsistent);
                None
            }
        }
    }

    /// The two-move score from its definition, every position analysed from nothing; with
    /// `through`, a position with one certain move is worth that move's score without it.
    fn plain_two_move(view: &View, probs: &Probabilities, cell: usize, through: bool) -> Scored {
        let z = probs.layouts().to_f64();
        let (mut score, mut values) = (0.0, 0);
        let hidden_nb = view.hidden_neighbours(cell);
        for value in 0..=hidden_nb.min(8) as u8 {
            if let Some((v, p, share)) = shown(view, z, cell, value) {
                score += share
                    * match p.safe_cells() {
                        &[lone] if through => plain_two_move(&v, &p, lone, false).score,
                        _ => plain_worth(&v, &p, cell),
                    };
                values += 1;
            }
        }
        Scored {
            cell,
            score,
            dead: values <= 1 && hidden_nb > 0,
            ceilings: None,
        }
    }

    /// A position's worth from its definition (see [`worth`]): 1 with a certain move next to a
    /// cell that may or may not be a mine, or with nothing left to guess, else a fifth of the
    /// way from the best safety of a hidden cell other than `revealed` and the certain moves
    /// down to the second best.
    fn plain_worth(view: &View, probs: &Probabilities, revealed: usize) -> f64 {
        let touch = |a: usize, b: usize| {
            let ((ar, ac), (br, bc)) = (view.coords(a), view.coords(b));
            a != b && ar.abs_diff(br) <= 1 && ac.abs_diff(bc) <= 1
        };
        let undetermined = |s: usize| -> Vec<usize> {
            (0..view.cells().len())
                .filter(|&n| touch(s, n) && n != revealed && view.is_hidden(n))
                .filter(|&n| probs.get(n) > 0.0 && probs.get(n) < 1.0)
                .collect()
        };
        let unknown = |s: usize| {
            let own = undetermined(s);
            let shown = |r: usize| r == revealed || view.cells()[r] <= 8;
            !own.is_empty()
                && !(0..view.cells().len())
                    .any(|r| r != s && shown(r) && touch(r, own[0]) && undetermined(r) == own)
        };
        if probs.safe_cells().iter().any(|&s| unknown(s)) {
            return 1.0;
        }
        let mut safeties: Vec<f64> = (0..view.cells().len())
            .filter(|&i| i != revealed && view.is_hidden(i) && probs.get(i) > 0.0)
            .map(|i| 1.0 - probs.get(i))
            .collect();
        safeties.sort_by(|a, b| b.total_cmp(a));
        match safeties[..] {
            [] | [0.0, ..] => 1.0,
            [best] => 0.8 * best,
            [best, second, ..] => best - (best - second) / 5.0,
        }
    }

    /// `cell`'s two-move score with no bar to beat and all the budget there is; `None` when a
    /// count was refused. `guess.rs`'s tests score with it too.
    pub(in crate::mines::solver) fn two_move_in_full(
        counter: &mut Counter,
        work: &mut View,
        probs: &Probabilities,
        cell: usize,
    ) -> Option<Scored> {
        let all = Budget::since(counter, 0, u64::MAX);
        two_move(
            counter,
            work,
            &mut Scratch::default(),
            probs,
            cell,
            None,
            all,
        )
        .unwrap()
    }

    /// The three-move score from its definition, every position analysed from nothing.
    fn plain_three_move(view: &View, probs: &Probabilities, cell: usize, width: Width) -> f64 {
        let z = probs.layouts().to_f64();
        let mut score = 0.0;
        for value in 0..=view.hidden_neighbours(cell).min(8) as u8 {
            let Some((v, p, share)) = shown(view, z, cell, value) else {
                continue;
            };
            let cells: Vec<usize> = if p.safe_cells().is_empty() {
                candidates(&v, &p).unwrap()
            } else {
                p.safe_cells().to_vec()
            };
            let limit = if p.safe_cells().is_empty() {
                width.guesses
            } else {
                width.certain
            };
            let mut best: Option<Scored> = None;
            for &c in cells.iter().take(limit) {
                let s = plain_two_move(&v, &p, c, false);
                if best.as_ref().is_none_or(|b| s.beats(b, &p)) {
                    best = Some(s);
                }
            }
            score += share * best.map_or(1.0, |b| b.score);
        }
        score
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn a_position_it_may_not_count_ends_the_look_ahead() {
        let mut rng = crate::rng::SplitMix64::new(7);
        let mut next = |m: usize| rng.below(m as u64) as usize;
        let mut ended = 0;
        for _ in 0..20 {
            let view = super::super::view::clicked_view(&mut next, (8, 8, 12), 2);
            let mut counter = Counter::new();
            let Ok(probs) = counter.probabilities(&view) else {
                continue;
            };
            let Some(cell) = (0..64).find(|&i| view.is_hidden(i) && probs.get(i) > 0.0) else {
                continue;
            };
            // Every count from here on is refused, as when it would pass the hint's budget.
            counter.stop_at(Some(counter.cost()));
            let mut work = view.try_clone().unwrap();
            let all = Budget::since(&counter, 0, u64::MAX);
            let two = two_move_in_full(&mut counter, &mut work, &probs, cell);
            let guess = Scored {
                cell,
                score: 0.0,
                dead: false,
                ceilings: None,
            };
            let three = three_move(
                &mut counter,
                &mut work,
                &probs,
                &guess,
                0.0,
                Width::FULL,
                all,
            );
            // An answer without counting (cheap rules settle every position), or none: never
            // an error.
            ended += usize::from(two.is_none()) + usize::from(three.unwrap().is_none());
            assert_eq!(work.cells(), view.cells());
        }
        assert!(ended > 10, "{ended}");
    }

    #[test]
    fn a_certain_move_whose_number_is_known_is_worth_the_next_guess() {
        // The blank makes (0, 1) safe and the 1 then makes (0, 3) a mine: (0, 1)'s neighbours
        // are both shown, so its number tells nothing, and the position is worth its next
        // guess, one of three cells that share the other mine.
        let view = View::parse(b"BE1EEEE", 1, 7, 2).unwrap();
        let probs = Counter::new().probabilities(&view).unwrap();
        assert_eq!(probs.safe_cells(), &[1]);
        let (value, ceiling) = worth(&view, &probs, 0);
        assert!((value - 2.0 / 3.0).abs() < 1e-12, "{value}");
        assert!((ceiling - 2.0 / 3.0).abs() < 1e-12, "{ceiling}");
        assert!((plain_worth(&view, &probs, 0) - value).abs() < 1e-12);
        // Next to (0, 2), which may hold the mine the 1 sees, (0, 1)'s number is news.
        let view = View::parse(b"BEE1EEE", 1, 7, 2).unwrap();
        let probs = Counter::new().probabilities(&view).unwrap();
        assert_eq!(probs.safe_cells(), &[1]);
        assert_eq!(worth(&view, &probs, 0), (1.0, 1.0));
        assert_eq!(plain_worth(&view, &probs, 0), 1.0);
        // Unless that cell is the guess whose number the position shows.
        let (value, _) = worth(&view, &probs, 2);
        assert!(value < 1.0, "{value}");
        // (0, 2) is safe, and the 1 at (0, 0) sees the same two undetermined cells as it does,
        // with one mine between them: its number is 1 either way.
        let view = View::parse(b"1EE1E1", 2, 3, 1).unwrap();
        let probs = Counter::new().probabilities(&view).unwrap();
        assert_eq!(probs.safe_cells(), &[2]);
        assert_eq!(worth(&view, &probs, 0), (0.5, 0.5));
        assert_eq!(plain_worth(&view, &probs, 0), 0.5);
    }

    #[test]
    fn a_guess_that_can_win_the_game_scores_its_safety() {
        // Two mines in three cells: each cell is safe in one layout of three, and its number
        // then shows that the other two are the mines, so the game is won.
        let view = View::parse(b"EEE", 1, 3, 2).unwrap();
        let mut counter = Counter::new();
        let probs = counter.probabilities(&view).unwrap();
        let mut work = view.try_clone().unwrap();
        let all = Budget::since(&counter, 0, u64::MAX);
        for cell in 0..3 {
            let two = two_move_in_full(&mut counter, &mut work, &probs, cell).unwrap();
            assert!(
                (two.score - 1.0 / 3.0).abs() < 1e-12,
                "{cell}: {}",
                two.score
            );
            let three = three_move(&mut counter, &mut work, &probs, &two, 0.0, Width::FULL, all);
            assert!(
                (three.unwrap().unwrap() - 1.0 / 3.0).abs() < 1e-12,
                "{cell}"
            );
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn look_ahead_scores_match_their_definitions() {
        let mut rng = crate::rng::SplitMix64::new(2026);
        let mut next = |m: usize| rng.below(m as u64) as usize;
        let mut counter = Counter::new();
        let (mut checked, mut differs, mut narrower, mut tighter) = (0, 0, 0, 0);
        for _ in 0..60 {
            let (rows, cols) = (4 + next(4), 4 + next(4));
            let n = rows * cols;
            let mines = 2 + next(n / 5);
            let view = super::super::view::clicked_view(&mut next, (rows, cols, mines), 2);
            let Ok(probs) = counter.probabilities(&view) else {
                continue;
            };
            let mut work = view.try_clone().unwrap();
            let guesses: Vec<usize> = (0..n)
                .filter(|&i| view.is_hidden(i) && probs.get(i) > 0.0 && probs.get(i) < 1.0)
                .take(3)
                .collect();
            for cell in guesses {
                let all = Budget::since(&counter, 0, u64::MAX);
                let two = two_move_in_full(&mut counter, &mut work, &probs, cell).unwrap();
                let want = plain_two_move(&view, &probs, cell, true);
                assert!(
                    (two.score - want.score).abs() < 1e-9,
                    "{:?} {cell}",
                    view.cells()
                );
                assert_eq!(two.dead, want.dead);
                let narrow = Width {
                    guesses: 2,
                    certain: 1,
                };
                let mut full = f64::NAN;
                let ceilings = two.ceilings.unwrap();
                let ceiling: f64 = ceilings.iter().sum();
                tighter += usize::from(ceiling < 1.0 - probs.get(cell) - 1e-9);
                for width in [Width::FULL, narrow] {
                    let mut three_with = |bar| {
                        let three =
                            three_move(&mut counter, &mut work, &probs, &two, bar, width, all);
                        three.unwrap().unwrap()
                    };
                    let three = three_with(f64::NEG_INFINITY);
                    let want = plain_three_move(&view, &probs, cell, width);
                    assert!(
                        (three - want).abs() < 1e-9,
                        "{three} vs {want} on {:?} {cell}",
                        view.cells()
                    );
                    // The ceilings bound the score: a bar just below it does not stop it.
                    assert!(ceiling >= three - 1e-12, "{ceilings:?} {three}");
                    let barely = three_with(three - 1e-9);
                    assert!((barely - three).abs() < 1e-12, "{barely} vs {three}");
                    if width.guesses == 2 {
                        narrower += usize::from((three - full).abs() > 1e-9);
                    } else {
                        full = three;
                    }
                }
                let three = full;
                assert_eq!(work.cells(), view.cells());
                checked += 1;
                differs += usize::from((three - two.score).abs() > 1e-9);
            }
        }
        assert!(
            checked > 60 && differs > 20 && narrower > 0 && tighter > 20,
            "{checked} checked, {differs} differ from two moves, {narrower} narrower ones differ, \
             {tighter} ceilings below the safety"
        );
    }
}
