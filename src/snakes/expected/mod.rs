//! The expected number of turns with a fair die: an exact solve of the absorbing Markov chain,
//! with a computed, rigorous error bound.
//!
//! For every position `s` the player can reach, `E[s] = 1 + (1/F) * sum over faces of E[next]`,
//! with `E[N] = 0`; as a matrix, `A E = 1` with `A = I - Q`. A dense solve is O(N^3). Instead:
//!
//! - **Segments.** Rolls mostly move forward, so the board splits, from the top down, into
//!   segments `[lo, hi]` that no move from inside leaves downwards (the only backward moves are
//!   snakes and bounces). Segments are solved top first; everything above is then known.
//! - **Superposition inside a segment.** The positions a backward move lands on are the
//!   segment's *symbols*, usually a handful. With their values given, one pass from `hi` down to
//!   `lo` computes every value exactly, since all other references point upwards. The symbols'
//!   own values solve a small system `(I - C) x = a`, where `a` comes from one pass with the
//!   symbols at 0, and `C x` is one pass with the symbols at `x` and nothing else.
//!   - Up to 64 symbols: one pass per symbol (a unit value) and one for the probability of
//!     leaving upwards give `C` and its row sums' complements, and Gaussian elimination in the
//!     Grassmann-Taksar-Heyman form solves it: pivots are sums of probabilities, never
//!     differences, so no cancellation can occur.
//!   - More symbols (long snakes overlapping everywhere): restarted GMRES, one pass per
//!     product, to a relative residual of `1e-10` (`1e-7` in refinement solves): tens to a few
//!     hundred passes. If it stalls, up to 2048 symbols fall back to the dense solve.
//!
//!   A final pass with the symbol values fills the segment.
//! - **Certificate and refinement.** The residual `r = 1 - A y` is computed in twice the working
//!   precision (double-double running sums over the landing windows). Because `A^-1 >= 0` and
//!   `A^-1 1 = E`, every reachable position satisfies `|E[s] - y[s]| <= max|r| * E[s]`: `max|r|`
//!   bounds the relative error. Iterative refinement (solve `A d = r`, keep `y + d` as a pair of
//!   doubles) drives it to about `1e-16`, whatever the accuracy of the solves, as long as each
//!   one gains a few digits.
//!
//! Cost: a pass costs `O(N + jumps)` whatever the die: up to 16 faces it visits each face, a
//! larger die slides the window of landing squares one square per position. A die of more than
//! 64 faces reaches so far that the board is one segment. Short snakes give tiny segments and a
//! few passes of the board in all; a segment with `m <= 64` symbols costs `m + 3` passes of its
//! length plus `m^3 / 3`; larger ones cost one pass per GMRES iteration.
//!
//! Files: `solver.rs` (the shared state and settings), `segments.rs` (segments, symbols, the
//! dense solve), `segment_pass.rs` (one pass of a segment), `gmres.rs`, and `residual.rs` (the
//! certificate, with `crate::double_double`).

mod gmres; // restarted GMRES for segments with many symbols
mod residual; // the certificate: the residual and a proven error bound
mod segment_pass; // one pass of a segment, top down
mod segments; // the solve segment by segment, and the dense elimination
mod solver; // the solver's shared state and settings

use super::reach::{can_finish, reachable};
use super::rules::Game;
use crate::error::{try_filled, Error, ErrorKind, Result};
use residual::residual;
use solver::{Solver, DENSE_SYMBOLS, GMRES_REFINE_TOLERANCE, GMRES_TOLERANCE};

/// The expected number of turns and a bound on its relative error.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Expected {
    /// Mean number of turns from the start to square `N`; `+inf` when the game can fail to end.
    pub turns: f64,
    /// A proven bound on `|turns - exact| / exact` (0 for `+inf`).
    pub relative_error: f64,
}

/// The mean number of turns one player needs from the start to square `N` with a fair die.
///
/// `+inf` when a position reachable from the start cannot reach `N` (the game can fail to end),
/// and only then. The relative error is proven to be at most `1e-9`, and in practice
/// about `1e-16`; see [`expected_turns_bounded`]. A board whose mean cannot be proven that
/// accurate in double precision (astronomically long games, such as a board that sends the
/// player back to the start on all but one face of each roll for dozens of rolls) is refused
/// with `TooComplex`, never answered wrongly.
///
/// ```
/// use gridgames::snakes::{expected_turns, Game, Overshoot, Rules};
/// // Two squares, start on square 1, a coin: heads (1) finishes, tails (2) overshoots and stays.
/// let rules = Rules { faces: 2, overshoot: Overshoot::Stay, start: 1 };
/// let e = expected_turns(&Game::new(&[-1, -1], rules).unwrap()).unwrap();
/// assert_eq!(e, 2.0);
/// ```
pub fn expected_turns(game: &Game) -> Result<f64> {
    Ok(expected_turns_bounded(game)?.turns)
}

/// Relative error the refinement aims for.
const TARGET: f64 = 1e-15;
/// The relative error every answer is proven to meet; a board that cannot is refused.
pub const PROMISE: f64 = 1e-9;
/// Refinement steps allowed after the first solve.
const MAX_REFINEMENTS: usize = 3;

/// [`expected_turns`] together with its proven relative error bound.
pub fn expected_turns_bounded(game: &Game) -> Result<Expected> {
    solve_with(game, DENSE_SYMBOLS)
}

fn solve_with(game: &Game, dense_symbols: usize) -> Result<Expected> {
    let n = game.squares();
    let start = game.rules().start;
    let reach = reachable(game)?;
    let can = can_finish(game)?;
    if (0..n).any(|p| reach.get(p) && !can.get(p)) {
        return Ok(Expected {
            turns: f64::INFINITY,
            relative_error: 0.0,
        });
    }
    drop(can);
    let mut solver = Solver::new(game, &reach)?;
    solver.dense_symbols = dense_symbols;
    let mut hi = try_filled(n + 1, 0.0f64)?;
    let mut lo = try_filled(n + 1, 0.0f64)?;
    let mut r = try_filled(n + 1, 0.0f64)?;
    let mut delta = try_filled(n + 1, 0.0f64)?;
    solver.tolerance = GMRES_TOLERANCE;
    solver.solve(|_| 1.0, &mut hi)?;
    solver.tolerance = GMRES_REFINE_TOLERANCE;
    let mut bound = residual(game, &reach, &hi, &lo, &mut r);
    let mut steps = 0;
    let mut kept = try_filled(n + 1, 0.0f64)?;
    while bound > TARGET && steps < MAX_REFINEMENTS {
        solver.solve(|s| r[s], &mut delta)?;
        kept.copy_from_slice(&lo);
        for (l, d) in lo.iter_mut().zip(&delta) {
            *l += d;
        }
        let refined = residual(game, &reach, &hi, &lo, &mut r);
        // A step that does not shrink the proven bound is discarded: on an ill-conditioned
        // chain a correction can be far less accurate than the value it corrects.
        let better = refined < bound; // false for NaN, from an overflowing correction
        if !better {
            lo.copy_from_slice(&kept);
            break;
        }
        bound = refined;
        steps += 1;
    }
    let turns = hi[start] + lo[start];
    let proven = bound <= PROMISE; // false for NaN
    if !turns.is_finite() || !proven {
        let kind = ErrorKind::TooComplex;
        return Err(if turns.is_finite() && bound < 0.5 {
            Error::new(
                kind,
                format_args!(
                    "the expected number of turns (about {turns:.3e}) cannot be guaranteed to \
                     {PROMISE:e} relative on this board (proven error bound {bound:.1e}): the \
                     chain is too ill-conditioned for double precision"
                ),
            )
        } else if turns.is_finite() || bound.is_finite() {
            Error::new(
                kind,
                format_args!(
                    "the expected number of turns cannot be proven to {PROMISE:e} relative on \
                     this board (proven error bound {bound:.1e}): the chain is too \
                     ill-conditioned for double precision, and the mean astronomically large"
                ),
            )
        } else {
            Error::new(
                kind,
                "the expected number of turns exceeds the largest double (about 1.8e308)",
            )
        });
    }
    Ok(Expected {
        turns,
        relative_error: bound + f64::EPSILON / 2.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snakes::classic::milton_bradley_jumps;
    use crate::snakes::rules::{Overshoot, Rules};

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn milton_bradley_matches_the_published_value() {
        let jumps = milton_bradley_jumps();
        let g = Game::new(&jumps, Rules::STANDARD).unwrap();
        let e = expected_turns_bounded(&g).unwrap();
        assert!((e.turns - 39.225_122_308_234_9).abs() < 1e-12, "{e:?}");
        assert!(e.relative_error < 1e-14, "{e:?}");
    }

    #[test]
    fn plain_boards_have_closed_forms() {
        // One face: N - start turns, exactly.
        let jumps = [-1; 50];
        let g = Game::new(&jumps, Rules::new(1, Overshoot::Stay, 3)).unwrap();
        assert_eq!(expected_turns(&g).unwrap(), 47.0);
        // N = 1 from off the board: a geometric wait for face 1.
        let g = Game::new(&[-1], Rules::new(6, Overshoot::Stay, 0)).unwrap();
        assert!((expected_turns(&g).unwrap() - 6.0).abs() < 1e-14);
        let g = Game::new(&[-1], Rules::new(6, Overshoot::Finish, 0)).unwrap();
        assert_eq!(expected_turns(&g).unwrap(), 1.0);
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn gmres_and_dense_paths_agree_on_boards_with_many_symbols() {
        let mut rng = crate::rng::SplitMix64::new(99);
        let mut rnd = |m: u64| rng.below(m);
        let mut finite = 0;
        for case in 0..12 {
            let n = 300 + rnd(1500) as usize;
            let reach = [n as u64, 400, 60][case % 3];
            let mut jumps = vec![-1i32; n];
            for (s, j) in jumps.iter_mut().enumerate().take(n - 1).skip(1) {
                if rnd(100) < 8 {
                    let d = 1 + rnd(reach) as usize;
                    let sq = s + 1;
                    let to = if rnd(2) == 0 {
                        (sq + d).min(n)
                    } else {
                        sq.saturating_sub(d).max(1)
                    };
                    *j = to as i32;
                }
            }
            let overshoot = [Overshoot::Stay, Overshoot::Bounce, Overshoot::Finish][case % 3];
            let g = Game::new(&jumps, Rules::new(4 + rnd(5) as u32, overshoot, 0)).unwrap();
            let dense = solve_with(&g, usize::MAX).unwrap();
            let iterative = solve_with(&g, 0).unwrap();
            if dense.turns.is_infinite() {
                assert_eq!(iterative.turns, f64::INFINITY);
                continue;
            }
            finite += 1;
            assert!(dense.relative_error < 1e-13 && iterative.relative_error < 1e-13);
            let diff = (dense.turns - iterative.turns).abs() / dense.turns;
            assert!(diff < 1e-13, "{n} {reach}: {dense:?} vs {iterative:?}");
        }
        assert!(finite >= 8, "only {finite} finite boards");
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "boards of 20 000 squares; safe core code, run natively"
    )]
    fn dice_as_large_as_the_board_have_closed_forms() {
        // No jumps and at least N faces: exactly one face from each position lands on N (the
        // bounce rule lands the others on N - 1 down to N - s), so the wait is geometric, E = F.
        let jumps = vec![-1; 20_000];
        for (faces, overshoot) in [
            (20_000, Overshoot::Bounce),
            (20_000, Overshoot::Stay),
            (u32::MAX, Overshoot::Stay),
        ] {
            let e = expected_turns_bounded(
                &Game::new(&jumps, Rules::new(faces, overshoot, 0)).unwrap(),
            )
            .unwrap();
            let rel = (e.turns - f64::from(faces)).abs() / f64::from(faces);
            assert!(
                rel < 1e-13 && e.relative_error < 1e-14,
                "{faces} {overshoot:?}: {e:?}"
            );
        }
        // Under the finish rule E[s] = (1 + 1/F) E[s + 1] with E[N - 1] = 1.
        for faces in [20_000u32, 20_001, 1 << 31] {
            let g = Game::new(&jumps, Rules::new(faces, Overshoot::Finish, 0)).unwrap();
            let e = expected_turns(&g).unwrap();
            let want = (19_999.0 * (1.0 / f64::from(faces)).ln_1p()).exp();
            assert!((e - want).abs() / want < 1e-13, "{faces}: {e} vs {want}");
        }
    }

    #[test]
    fn a_trap_makes_it_infinite_only_if_reachable() {
        // Square 3 slides to 1, and with a 2-faced die from 1: 2 -> 2 or 3 -> 1 ... 2 can reach 4.
        // Make squares 2 and 3 both slide to 1 with a 2-faced die: from 1 the end is out of reach.
        let jumps = [-1, 1, 1, -1];
        let g = Game::new(&jumps, Rules::new(2, Overshoot::Stay, 1)).unwrap();
        assert_eq!(expected_turns(&g).unwrap(), f64::INFINITY);
        // With 3 faces, 1 reaches 4 directly.
        let g = Game::new(&jumps, Rules::new(3, Overshoot::Stay, 1)).unwrap();
        assert!((expected_turns(&g).unwrap() - 3.0).abs() < 1e-14);
    }
}
