//! One pass of a segment from its top down: every position's value from the values above it and
//! the symbols' given values below.

use super::solver::{Above, Solver, DIRECT_FACES, NONE};
use crate::double_double::Running;
use crate::snakes::rules::Overshoot;

impl Solver<'_, '_> {
    /// One pass from `hi` down to `lo`: `out[s] = (F rhs(s) + sum of values moved to) / (F -
    /// rolls that stay on s)`, where a move above the segment reads `above`, a move within it
    /// reads the value just computed, and a move down reads the symbol's value in `vals`.
    pub(super) fn pass(
        &mut self,
        lo: usize,
        hi: usize,
        rhs: impl Fn(usize) -> f64,
        above: Above,
        out: &mut [f64],
    ) {
        if self.game.faces() > DIRECT_FACES {
            self.pass_sliding(lo, hi, rhs, above, out);
            return;
        }
        let game = self.game;
        let faces = game.faces();
        let f = faces as f64;
        let inv_f = 1.0 / f;
        // The lowest jump square above the position: below it, a window of plain squares.
        let mut next_jump = usize::MAX;
        for t in ((hi + 1)..=(hi + faces).min(game.squares())).rev() {
            if game.dest(t) != t {
                next_jump = t;
            }
        }
        // The value just computed (at s + 1), kept in a register: the next position's sum adds it
        // last, so the chain from one position to the next is one addition and one product.
        let mut last = 0.0;
        for s in (lo..=hi).rev() {
            if s < hi && game.dest(s + 1) != s + 1 {
                next_jump = s + 1;
            }
            if !self.reach.get(s) {
                last = out[s];
                continue;
            }
            if s + faces <= hi && next_jump > s + faces {
                // Every face lands on a plain square above s within the segment.
                let mut rest = f * rhs(s);
                for v in &out[s + 2..=s + faces] {
                    rest += v;
                }
                last = (rest + last) * inv_f;
                out[s] = last;
                continue;
            }
            let mut sum = 0.0;
            let mut stays = 0usize;
            let out_now = &*out;
            self.game.for_each_move(s, |u, c| {
                if u == s {
                    stays += c;
                } else if u > hi {
                    let v = match above {
                        Above::Solved => out_now[u],
                        Above::Const(k) => k,
                    };
                    sum += c as f64 * v;
                } else if u > s {
                    sum += out_now[u];
                } else {
                    sum += self.vals[self.sym_of[u] as usize];
                }
            });
            out[s] = (f * rhs(s) + sum) / (f - stays as f64);
            last = out[s];
        }
    }

    /// [`Solver::pass`] for a large die, in time independent of the die.
    ///
    /// What a landing square `t` brings depends only on where its end `dest(t)` lies from the
    /// position: above the segment, above the position, on it (a stay) or below it (a symbol).
    /// It changes only when the pass passes `dest(t)`, so `g` and `stay` keep it per landing
    /// square, updated at those moments (the jump tails by destination), and the position's
    /// windows of landing squares, forward and (bounce) counting back, slide one square a step.
    /// A pass costs the squares it covers plus the jumps, whatever the die.
    fn pass_sliding(
        &mut self,
        lo: usize,
        hi: usize,
        rhs: impl Fn(usize) -> f64,
        above: Above,
        out: &mut [f64],
    ) {
        let game = self.game;
        let (n, faces) = (game.squares(), game.faces());
        let f = faces as f64;
        let bounce = game.rules().overshoot == Overshoot::Bounce;
        let (sym_of, vals, g, stay) = (&self.sym_of, &self.vals, &mut self.g, &mut self.stay);
        let (tail_at, tails, reach) = (&self.tail_at, &self.tails, self.reach);
        let above_value = |d: usize, out: &[f64]| match above {
            Above::Solved => out[d],
            Above::Const(k) => k,
        };
        // What landing square `t` brings to position `s`.
        let class = |t: usize, s: usize, out: &[f64]| -> (f64, u8) {
            let d = game.dest(t);
            if d > hi {
                (above_value(d, out), 0)
            } else if d > s {
                (out[d], 0)
            } else if d == s {
                (0.0, 1)
            } else {
                let k = sym_of[d];
                (if k == NONE { 0.0 } else { vals[k as usize] }, 0)
            }
        };
        // The forward window of position s is [s + 1, fwd_top(s)]; under the bounce rule the
        // window counting back from N is [back_lo(s), N - 1] (empty when back_lo(s) = N).
        let fwd_top = |s: usize| game.landing_ranges(s)[0].1;
        let back_lo = |s: usize| match game.landing_ranges(s)[1] {
            (a, b) if a <= b => a,
            _ => n,
        };
        let window_sums = |g: &[f64], stay: &[u8], a: usize, b: usize| {
            let mut sum = Running::ZERO;
            let mut stays = 0u32;
            for t in a..=b {
                sum += g[t];
                stays += u32::from(stay[t]);
            }
            (sum, stays)
        };
        // The windows at `hi`.
        for t in (hi + 1)..=fwd_top(hi) {
            (g[t], stay[t]) = class(t, hi, out);
        }
        for t in back_lo(hi)..n.min(hi + 1) {
            (g[t], stay[t]) = class(t, hi, out);
        }
        let (mut sum_f, mut stays_f) = window_sums(g, stay, hi + 1, fwd_top(hi));
        let (mut sum_b, mut stays_b) = if back_lo(hi) < n {
            window_sums(g, stay, back_lo(hi), n - 1)
        } else {
            (Running::ZERO, 0)
        };
        let mut since = 0;
        for s in (lo..=hi).rev() {
            if s < hi {
                // Slide: the forward window loses s + faces + 1; the back one its bottom square.
                let gone = s.saturating_add(faces).saturating_add(1);
                if gone <= n {
                    sum_f -= g[gone];
                    stays_f -= u32::from(stay[gone]);
                }
                let (old_b, new_b) = (back_lo(s + 1), back_lo(s));
                if new_b >= n {
                    (sum_b, stays_b) = (Running::ZERO, 0);
                } else if old_b < new_b {
                    sum_b -= g[old_b];
                    stays_b -= u32::from(stay[old_b]);
                }
                // Passing s + 1 and reaching s changes what the landing squares ending there
                // bring: s + 1 now lies above the position, s is the position itself.
                let mut update = |t: usize, g: &mut [f64], stay: &mut [u8]| {
                    let (v, st) = class(t, s, out);
                    let (dv, dst) = (v - g[t], i64::from(st) - i64::from(stay[t]));
                    (g[t], stay[t]) = (v, st);
                    if s + 2 <= t && t <= fwd_top(s) {
                        sum_f += dv;
                        stays_f = (i64::from(stays_f) + dst) as u32;
                    }
                    if new_b <= t && t < n {
                        sum_b += dv;
                        stays_b = (i64::from(stays_b) + dst) as u32;
                    }
                };
                for d in [s, s + 1] {
                    for &t in &tails[tail_at[d] as usize..tail_at[d + 1] as usize] {
                        update(t as usize, g, stay);
                    }
                    // A square without a jump ends on itself: it matters to the back window.
                    if bounce && (1..n).contains(&d) && game.dest(d) == d {
                        update(d, g, stay);
                    }
                }
                // The forward window gains s + 1.
                update(s + 1, g, stay);
                sum_f += g[s + 1];
                stays_f += u32::from(stay[s + 1]);
            }
            since += 1;
            // Summed afresh now and then, so the cancellation in removing old squares' values
            // cannot build up.
            if since >= faces {
                (sum_f, stays_f) = window_sums(g, stay, s + 1, fwd_top(s));
                if back_lo(s) < n {
                    (sum_b, stays_b) = window_sums(g, stay, back_lo(s), n - 1);
                }
                since = 0;
            }
            if !reach.get(s) {
                continue;
            }
            let (mut sum, mut stays) =
                (sum_f.value() + sum_b.value(), (stays_f + stays_b) as usize);
            match game.past_end(s) {
                (0, _) => {}
                (past, to) if to == s => stays += past,
                (past, to) => sum += past as f64 * above_value(to, out),
            }
            out[s] = (f * rhs(s) + sum) / (f - stays as f64);
        }
    }
}
