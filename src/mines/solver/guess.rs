//! The guess, when no cell is safe and no rule forces one ([`super::hint`] decides when one is
//! needed), in the spirit of David Hill's JSMinesweeper:
//! - candidates are the frontier cells whose safety is within 10% of the best, plus promising
//!   floating cells (next to the frontier at distance two, or with few hidden neighbours, where a
//!   zero is likely) when floating cells are more than 95% as safe as the best frontier cell
//!   ([`super::guess_candidates`]);
//! - the 28 safest candidates (ties: fewer hidden neighbours) are each scored by a two-move
//!   look-ahead ([`super::lookahead`]): for every number it could show, the exact chance of that
//!   number times the safety of the best next move in the resulting position, looking through a
//!   lone certain move to the guess after it;
//! - on boards of 18% mines or more, those of the four best within 2% of the best are scored
//!   again three moves ahead in an opening (90% of cells or more hidden), where a thread
//!   remembers what the hint decided (`opening_memo.rs`), and, when the first click opens, in
//!   the middle game (5/16 to 5/8 of cells hidden);
//! - [`Effort::Deep`] scores the four best again three moves ahead at full width in the early
//!   middle game between those two (5/8 to 9/10 of cells hidden), and anywhere on a board of
//!   fewer mines;
//! - each candidate's score is weighed up by the 50/50s it may settle before they form
//!   ([`super::long_term_risk`]);
//! - a candidate whose number is already determined ("dead": it can only show one value) gives
//!   no information and is only taken when nothing else is left;
//! - ties go to the safer cell, then to the cell with fewer hidden neighbours; but the deep
//!   effort's three-move pick, which ranks its candidates by [`Scored::rank`], breaks a tie of
//!   equally safe cells by the lower index.
//!
//! [`look`] decides which of these looks a guess gets. The look-ahead is bounded by the board
//! size, so hints stay fast on huge boards.

use super::guess_candidates::candidates;
use super::hint_options::{Effort, HintOptions};
use super::long_term_risk::weights;
use super::lookahead::{three_move, two_move, Budget, Scored, Scratch, Width, MAX_CANDIDATES};
use super::probability::{Counter, Probabilities};
use super::view::View;
use crate::error::{try_push, try_reserve, Error, ErrorKind, Result};

/// Cell visits the look-ahead may spend (each look-ahead position costs about one pass over the
/// board), so that hints on huge boards stay fast.
const LOOKAHEAD_BUDGET: usize = 4_000_000;
/// Candidates a hint scores two moves ahead at most, safest first: twice what the look-ahead
/// scores in each later position ([`MAX_CANDIDATES`]). Past 14, the frontier cells further from
/// the safest and more of the floating cells likeliest to open an area get a score too: 0.040
/// (± 0.016) points more of the first 600,000 modern expert games won than with 14, and 0.017
/// (± 0.021) more of 300,000 classic ones, paired, at the same speed (a score stops once it
/// cannot beat the best, and these cells rarely come close).
const GUESS_CANDIDATES: usize = 2 * MAX_CANDIDATES;
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
/// The early middle game, by the share of cells hidden (expert's 300-431 of 480), between an
/// opening and the middle game: the one phase of an expert game where scoring the best
/// [`DEEP_CANDIDATES`] guesses three moves ahead at full width won more games than the standard
/// effort's guess (by the first guess where the two differed), and so where the deep effort
/// does it on a dense board. Elsewhere on a dense board it guesses as the standard effort does.
const EARLY_MIDDLE_HIDDEN: std::ops::Range<f64> = MIDDLE_HIDDEN.end..OPENING_HIDDEN;
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

/// Look-ahead positions a guess in `view` may look at under `effort` (not the fast one).
fn positions(view: &View, effort: Effort) -> usize {
    let visits = match effort {
        Effort::Deep => 4 * LOOKAHEAD_BUDGET,
        _ => LOOKAHEAD_BUDGET,
    };
    visits / view.cells().len().max(1)
}

/// Whether the board has mines enough for three-move scores to pay ([`THREE_MOVE_DENSITY`]).
fn dense(view: &View) -> bool {
    view.mines() as f64 >= THREE_MOVE_DENSITY * view.cells().len() as f64
}

/// The share of `view`'s cells still hidden, which tells the phase of a game.
fn hidden_share(view: &View) -> f64 {
    view.hidden_count() as f64 / view.cells().len().max(1) as f64
}

/// How far a guess looks ahead, as [`look`] decides it for a view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Look {
    /// Every candidate two moves ahead, the best score taken.
    TwoMoves,
    /// An opening's ([`OPENING_HIDDEN`]): the leading few within [`THREE_MOVE_MARGIN`] of the
    /// best scored again three moves ahead at [`THREE_MOVE_WIDTH`]; the hint remembers what it
    /// decides here (`opening_memo.rs`).
    Opening,
    /// The modern middle game's ([`MIDDLE_HIDDEN`]): as in an opening, not remembered.
    Middle,
    /// The deep effort's: the best [`DEEP_CANDIDATES`] scored again three moves ahead at full
    /// width, in the early middle game of a dense board ([`EARLY_MIDDLE_HIDDEN`]) and anywhere
    /// on a sparser one.
    Full,
}

/// How a guess in `view` looks ahead under `options`: by the effort, the board's density
/// ([`THREE_MOVE_DENSITY`]), the game's phase (the share of cells hidden) and, in the middle
/// game, the first-click rule; and only two moves ahead when the board is too large for the
/// effort's budget to afford three-move scores.
pub(crate) fn look(view: &View, options: &HintOptions) -> Look {
    let effort = options.effort;
    if effort == Effort::Fast || positions(view, effort) < DEEP_CANDIDATES * THREE_MOVE_POSITIONS {
        return Look::TwoMoves;
    }
    let deep = effort == Effort::Deep;
    if !dense(view) {
        return if deep { Look::Full } else { Look::TwoMoves };
    }
    let hidden = hidden_share(view);
    if hidden >= OPENING_HIDDEN {
        Look::Opening
    } else if deep && EARLY_MIDDLE_HIDDEN.contains(&hidden) {
        Look::Full
    } else if options.first_click_opens && MIDDLE_HIDDEN.contains(&hidden) {
        Look::Middle
    } else {
        Look::TwoMoves
    }
}

/// The best guess: the candidate with the highest two-move survival score; where the [`look`]
/// goes three moves ahead, the best of the leading few scored again three moves ahead.
pub(crate) fn guess(
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
    if effort == Effort::Fast {
        return Ok(cands[0]);
    }
    let positions = positions(view, effort);
    // Each candidate costs up to (hidden neighbours + 1) positions, about 4 on average, and a
    // few more when it looks through a lone certain move.
    let max_cands = (positions / 4).min(GUESS_CANDIDATES);
    if max_cands <= 1 || cands.len() == 1 {
        return Ok(cands[0]);
    }
    let mut work = view.try_clone()?;
    let cands = &cands[..max_cands.min(cands.len())];
    // Each of the long-term risk's counts reads the whole view, as a look-ahead position does.
    let weights = weights(counter, view, probs, cands, budget, positions / 4)?;
    let cands = Weighed {
        cells: cands,
        weights: &weights,
    };
    match look(view, options) {
        Look::TwoMoves => two_move_guess(counter, &mut work, probs, cands, budget),
        Look::Opening | Look::Middle => {
            let close = Some(THREE_MOVE_MARGIN);
            deep_guess(counter, &mut work, probs, cands, close, budget)
        }
        Look::Full => deep_guess(counter, &mut work, probs, cands, None, budget),
    }
}

/// The candidates, and the weight of each one's scores ([`weights`]).
#[derive(Clone, Copy)]
struct Weighed<'a> {
    cells: &'a [usize],
    weights: &'a [f64],
}

impl Weighed<'_> {
    fn weight(&self, cell: usize) -> f64 {
        let k = self.cells.iter().position(|&c| c == cell);
        k.map_or(1.0, |k| self.weights[k])
    }
}

/// [`two_move`] of `cell`, its score weighed by `weight`; a score stops once it cannot beat
/// `best` weighed so.
#[allow(clippy::too_many_arguments)]
fn weighed_two_move(
    counter: &mut Counter,
    work: &mut View,
    scratch: &mut Scratch,
    probs: &Probabilities,
    cell: usize,
    weight: f64,
    best: Option<&Scored>,
    budget: Budget,
) -> Result<Option<Scored>> {
    let bar = best.map(|b| Scored {
        score: b.score / weight,
        ceilings: None,
        ..*b
    });
    let s = two_move(counter, work, scratch, probs, cell, bar.as_ref(), budget)?;
    Ok(s.map(|s| Scored {
        score: s.score * weight,
        ..s
    }))
}

/// The two-move guess: the candidate with the best two-move score ([`Scored::beats`]).
/// `work` is the position `probs` describes, which the counter analysed last.
fn two_move_guess(
    counter: &mut Counter,
    work: &mut View,
    probs: &Probabilities,
    cands: Weighed,
    budget: Budget,
) -> Result<usize> {
    let mut scratch = Scratch::default();
    let mut best: Option<Scored> = None;
    for (&cell, &weight) in cands.cells.iter().zip(cands.weights) {
        let s = weighed_two_move(
            counter,
            work,
            &mut scratch,
            probs,
            cell,
            weight,
            best.as_ref(),
            budget,
        )?;
        let Some(s) = s else { break };
        if best.as_ref().is_none_or(|b| s.beats(b, probs)) {
            best = Some(s);
        }
    }
    Ok(best.map_or(cands.cells[0], |b| b.cell))
}

/// The three-move guess: every candidate's two-move score, then the leading
/// [`DEEP_CANDIDATES`] live ones scored three moves ahead: all of them at full width (`close`
/// `None`: [`Look::Full`]), or, in an opening or the modern middle game, those within `close` (a
/// fraction) of the best two-move score, at [`THREE_MOVE_WIDTH`].
/// `work` is the position `probs` describes, which the counter analysed last.
fn deep_guess(
    counter: &mut Counter,
    work: &mut View,
    probs: &Probabilities,
    cands: Weighed,
    close: Option<f64>,
    budget: Budget,
) -> Result<usize> {
    let mut scratch = Scratch::default();
    let mut scored = Vec::new();
    try_reserve(&mut scored, cands.cells.len())?;
    // With `close`, a two-move score stops once it cannot come within `close` of the best, and
    // the two-move pick, as the standard effort chooses it among near-ties (candidate order), is
    // kept to go first.
    let mut floor: Option<Scored> = None;
    let mut two_move_pick: Option<usize> = None;
    for (&cell, &weight) in cands.cells.iter().zip(cands.weights) {
        match weighed_two_move(
            counter,
            work,
            &mut scratch,
            probs,
            cell,
            weight,
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
        return Ok(cands.cells[0]);
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
        // Its two-move score's weight, on its three-move score too.
        let weight = cands.weight(s.cell);
        let score = three_move(counter, work, probs, s, bar / weight, width, budget)?;
        match score.map(|x| x * weight) {
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
    use crate::mines::solver::lookahead::tests::two_move_in_full;

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

    /// A modern expert game in the early middle game: 352 of 480 cells hidden.
    fn early_middle_game() -> View {
        let rows = [
            "B111BBBB2EEEEEEEEEEEEEEEEEEEEE",
            "B1E1BB114EEEEEEEEEEEEEEEEEEEEE",
            "B111BB1E4EEEEEEEEEEEEEEEEEEEEE",
            "11BB11213E3EEEEEEEEEEEEEEEEEEE",
            "E4211E2112EEEEEEEEEEEEEEEEEEEE",
            "EEE112E112EEEEEEEEEEEEEEEEEEEE",
            "EE3112211E4EEEEEEEEEEEEEEEEEEE",
            "EE212E3223EEEEEEEEEEEEEEEEEEEE",
            "E3EE4EEEE2EEEEEEEEEEEEEEEEEEEE",
            "2E3EEE32122EEEEEEEEEEEEEEEEEEE",
            "235EE32BB2EEEEEEEEEEEEEEEEEEEE",
            "1EEE3E1BB3EEEEEEEEEEEEEEEEEEEE",
            "1232212113EEEEEEEEEEEEEEEEEEEE",
            "BBBBBB1E12EEEEEEEEEEEEEEEEEEEE",
            "11BBBB11113EEEEEEEEEEEEEEEEEEE",
            "E1BBBBBBBB1EEEEEEEEEEEEEEEEEEE",
        ];
        View::parse(rows.concat().as_bytes(), 16, 30, 99).unwrap()
    }

    /// A `rows` x `cols` view with `mines` mines whose first `hidden` cells are hidden and the
    /// rest blank: what [`look`] reads of a view is its size, its mines and its hidden cells.
    fn hiding(rows: usize, cols: usize, mines: usize, hidden: usize) -> View {
        let cells: Vec<u8> = (0..rows * cols)
            .map(|i| if i < hidden { b'E' } else { b'B' })
            .collect();
        View::parse(&cells, rows, cols, mines).unwrap()
    }

    #[test]
    fn the_look_follows_the_effort_the_density_the_phase_and_the_rule() {
        use Look::{Full, Middle, Opening, TwoMoves};
        let expert = |hidden| hiding(16, 30, 99, hidden);
        // The fast, standard and deep efforts' looks.
        let two = [TwoMoves; 3];
        let opening = [TwoMoves, Opening, Opening];
        let middle = [TwoMoves, Middle, Middle];
        let deep_full = [TwoMoves, TwoMoves, Full];
        let deep_opening = [TwoMoves, TwoMoves, Opening];
        // Per view: the looks under the classic rule, then the modern one.
        let cases = [
            // An opening (456 of 480 hidden, 95%).
            (expert(456), opening, opening),
            // The edges of the early middle game: 432 hidden is 90%, an opening; 431 is not.
            (expert(432), opening, opening),
            (expert(431), deep_full, deep_full),
            (expert(300), deep_full, deep_full),
            // The middle game (299 to 150 hidden): three moves ahead in modern games only.
            (expert(299), two, middle),
            (expert(150), two, middle),
            // Late in the game.
            (expert(149), two, two),
            // Intermediate (15.6% mines) is too sparse, but for the deep effort.
            (hiding(16, 16, 40, 250), deep_full, deep_full),
            // A 40 x 40 board is too large for the standard effort's budget, not the deep one's.
            (hiding(40, 40, 320, 1_550), deep_opening, deep_opening),
            // 64 x 64: too large for either.
            (hiding(64, 64, 820, 4_000), two, two),
        ];
        for (view, classic, modern) in cases {
            for (first_click_opens, looks) in [(false, classic), (true, modern)] {
                let efforts = [Effort::Fast, Effort::Standard, Effort::Deep];
                for (effort, want) in efforts.into_iter().zip(looks) {
                    let options = HintOptions {
                        first_click_opens,
                        effort,
                    };
                    let at = (
                        view.hidden_count(),
                        view.cells().len(),
                        first_click_opens,
                        effort,
                    );
                    assert_eq!(look(&view, &options), want, "{at:?}");
                }
            }
        }
    }

    /// The standard effort's guess under the modern rule (`first_click_opens`) or the classic
    /// one, with no work budget.
    fn pick(view: &View, first_click_opens: bool) -> usize {
        pick_with(view, first_click_opens, Effort::Standard)
    }

    /// [`pick`] under `effort`.
    fn pick_with(view: &View, first_click_opens: bool, effort: Effort) -> usize {
        let options = HintOptions {
            first_click_opens,
            effort,
        };
        let mut ahead = Ahead::new(view);
        let all = Budget::since(&ahead.counter, 0, u64::MAX);
        guess(&mut ahead.counter, view, &ahead.probs, &options, all).unwrap()
    }

    /// A view's look-ahead, unbounded: its probabilities and what a score needs.
    struct Ahead {
        counter: Counter,
        probs: Probabilities,
        work: View,
    }

    impl Ahead {
        fn new(view: &View) -> Ahead {
            let mut counter = Counter::new();
            let probs = counter.probabilities(view).unwrap();
            let work = view.try_clone().unwrap();
            Ahead {
                counter,
                probs,
                work,
            }
        }

        /// `cell`'s two-move score, in full.
        fn two(&mut self, cell: usize) -> Scored {
            let (c, w) = (&mut self.counter, &mut self.work);
            two_move_in_full(c, w, &self.probs, cell).unwrap()
        }

        /// `cell`'s two-move score and its three-move score at `width`, both in full.
        fn scores(&mut self, cell: usize, width: Width) -> (f64, f64) {
            let two = self.two(cell);
            let (c, w) = (&mut self.counter, &mut self.work);
            let (bar, all) = (f64::NEG_INFINITY, Budget::since(c, 0, u64::MAX));
            let three = three_move(c, w, &self.probs, &two, bar, width, all);
            (two.score, three.unwrap().unwrap())
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
        let mut scores = |cell| ahead.scores(cell, THREE_MOVE_WIDTH);
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
        assert_eq!(pick_with(&view, false, Effort::Deep), classic);
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
        assert_eq!(pick_with(&view, false, Effort::Deep), classic);
        assert_eq!(pick_with(&view, true, Effort::Deep), modern);
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn the_deep_effort_looks_three_moves_ahead_at_full_width_in_the_early_middle_game() {
        let view = early_middle_game();
        assert!(EARLY_MIDDLE_HIDDEN.contains(&hidden_share(&view)));
        let standard = pick(&view, true);
        assert_eq!(standard, two_move_pick(&view));
        let deep = pick_with(&view, true, Effort::Deep);
        assert_ne!(deep, standard, "the three-move score changed nothing");
        let mut ahead = Ahead::new(&view);
        let mut scores = |cell| ahead.scores(cell, Width::FULL);
        let (deep, standard) = (scores(deep), scores(standard));
        assert!(standard.0 > deep.0, "{standard:?} {deep:?}");
        assert!(deep.1 > standard.1 + 1e-12, "{standard:?} {deep:?}");
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn the_look_ahead_scores_past_the_fourteenth_candidate() {
        // A modern expert game after its first opening: the guess, (0, 2), the
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
        let cell = pick(&view, true);
        assert_eq!(cell, 2);
        let probs = Counter::new().probabilities(&view).unwrap();
        let cands = candidates(&view, &probs).unwrap();
        let rank = cands.iter().position(|&c| c == 2).unwrap();
        let past = MAX_CANDIDATES..GUESS_CANDIDATES;
        assert!(past.contains(&rank), "{rank} of {cands:?}");
        assert!(probs.get(2) > probs.get(cands[0]) + 0.04);
    }
}
