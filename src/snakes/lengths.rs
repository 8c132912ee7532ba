//! How long games last: the distribution of one player's finishing turn, the round in which a
//! game of several players ends, and each player's chance to win.
//!
//! One player's position distribution is pushed forward a turn at a time. Players are
//! independent and roll once per round in turn order, so with `S(t)` = P(one player has not
//! finished after `t` turns) and `f(t) = S(t-1) - S(t)`:
//!
//! - P(the game ends in round `t`) = `S(t-1)^P - S(t)^P`;
//! - P(player `i` wins) = sum over `t` of `f(t) * S(t)^i * S(t-1)^(P-1-i)` (the players before `i`
//!   have had `t` turns, those after it `t - 1`).
//!
//! A turn is a box filter (each landing square collects `1/F` of the `F` positions behind it),
//! computed with vectorisable shifted adds, followed by a pass over the few "special" landing
//! squares only: those with a jump, the last square, and squares from which the end can no
//! longer be reached (their mass is set aside for good). Only the window of positions holding
//! mass is visited; entries below `1e-30` at its edges are dropped, and the total dropped (far
//! below `1e-15`) is tracked.

use super::expected::expected_turns;
use super::reach::can_finish;
use super::rules::{Game, Overshoot};
use crate::double_double::Running;
use crate::error::{try_filled, Error, ErrorKind, Result};

/// Mass below this at the edge of the window is dropped.
const DROP: f64 = 1e-30;

/// One player's position distribution, advanced a turn at a time.
pub struct TurnChain<'a> {
    game: Game<'a>,
    /// Landing squares whose mass does not simply stay there: `(square, where it goes)`, where
    /// `N` means finished and `TRAPPED` means it can never finish. Sorted by square.
    special: Vec<(u32, u32)>,
    /// Mass by position `0..N`.
    cur: Vec<f64>,
    next: Vec<f64>,
    /// Scratch for the mass the special squares pass on: `(where, mass)`.
    moved: Vec<(u32, f64)>,
    /// Positions `lo..=hi` may hold mass in `cur`; empty when `lo > hi`.
    lo: usize,
    hi: usize,
    survival: f64,
    live: f64,
    dropped: f64,
    turns: u64,
}

const TRAPPED: u32 = u32::MAX;

impl<'a> TurnChain<'a> {
    /// A player about to take the first turn. Allocates everything the turns will need, so
    /// [`TurnChain::step`] cannot fail.
    pub fn new(game: Game<'a>) -> Result<Self> {
        let n = game.squares();
        let can = can_finish(&game)?;
        let mut count = 0;
        for t in 1..n {
            let d = game.dest(t);
            if d != t || !can.get(t) {
                count += 1;
            }
        }
        let mut special = Vec::new();
        special
            .try_reserve_exact(count)
            .map_err(|_| Error::alloc::<usize>(count, None))?;
        for t in 1..n {
            let d = game.dest(t);
            if d != t || !can.get(t) {
                let to = if can.get(d) { d as u32 } else { TRAPPED };
                crate::error::try_push(&mut special, (t as u32, to))?;
            }
        }
        let mut cur = try_filled(n, 0.0f64)?;
        let next = try_filled(n, 0.0f64)?;
        let mut moved = Vec::new();
        moved
            .try_reserve_exact(count)
            .map_err(|_| Error::alloc::<(usize, f64)>(count, None))?;
        let start = game.rules().start;
        let (lo, hi, live) = if can.get(start) {
            cur[start] = 1.0;
            (start, start, 1.0)
        } else {
            (1, 0, 0.0)
        };
        Ok(TurnChain {
            game,
            special,
            cur,
            next,
            moved,
            lo,
            hi,
            survival: 1.0,
            live,
            dropped: 0.0,
            turns: 0,
        })
    }

    /// P(not finished after the turns taken so far): `S(t)`.
    pub fn survival(&self) -> f64 {
        self.survival
    }

    /// The mass still able to finish (at most `survival`).
    pub fn live(&self) -> f64 {
        self.live
    }

    /// Total mass dropped at the window edges so far.
    pub fn dropped(&self) -> f64 {
        self.dropped
    }

    /// Whether no mass can finish any more: every later turn finishes nothing.
    pub fn settled(&self) -> bool {
        self.lo > self.hi
    }

    /// Turns taken.
    pub fn turns(&self) -> u64 {
        self.turns
    }

    /// Positions holding mass now (a measure of the work the next turn does).
    pub fn window(&self) -> usize {
        (self.hi + 1).saturating_sub(self.lo)
    }

    /// Takes one turn and returns the mass that finished in it, `f(t)`.
    pub fn step(&mut self) -> f64 {
        self.turns += 1;
        if self.settled() {
            return 0.0;
        }
        let n = self.game.squares();
        let faces = self.game.faces();
        let inv = 1.0 / faces as f64;
        let (lo, hi) = (self.lo, self.hi);
        // Positions p >= over_lo roll past N with some of their faces.
        let over_lo = self.game.overshoot_from().max(lo);
        let bounce = self.game.rules().overshoot == Overshoot::Bounce && over_lo <= hi;
        let top = hi.saturating_add(faces).min(n);
        // Lowest landing square: lo + 1, or the farthest bounce back, from hi.
        let bounce_lo = self.game.landing_ranges(hi)[1].0;
        let land_lo = if bounce {
            (lo + 1).min(bounce_lo)
        } else {
            lo + 1
        };

        // Every landing square below N first keeps what lands on it (scaled by 1/faces).
        let last = top.min(n - 1);
        let (cur, next) = (&self.cur, &mut self.next);
        if lo < last {
            box_filter(cur, faces, inv, next, lo + 1, last);
        }
        let mut finished = 0.0;
        if top == n {
            // Exact rolls onto N, from p in [N - faces, N - 1].
            let from = self.game.landing_sources(n)[0].0.max(lo);
            finished += sum(&cur[from..=hi]) * inv;
        }
        if over_lo <= hi {
            match self.game.rules().overshoot {
                Overshoot::Stay => {}
                Overshoot::Finish => {
                    for (p, &m) in cur.iter().enumerate().take(hi + 1).skip(over_lo) {
                        finished += m * self.game.overshoot_faces(p) as f64 * inv;
                    }
                }
                Overshoot::Bounce => {
                    // Square t collects the bounces of every p >= max(its first bounce source,
                    // over_lo): a suffix of the window that grows as t rises.
                    let mut suffix = 0.0;
                    let mut p = hi + 1; // cur[p..=hi] is in the suffix
                    for (t, slot) in next.iter_mut().enumerate().take(n).skip(bounce_lo) {
                        let from = self.game.landing_sources(t)[1].0.max(over_lo);
                        while p > from {
                            p -= 1;
                            suffix += cur[p];
                        }
                        *slot += suffix * inv;
                    }
                }
            }
        }

        // The special landing squares pass their mass on: take it all first, then deliver, since
        // a jump may end on another special square.
        let (mut new_lo, mut new_hi) = (land_lo, last);
        let first = self
            .special
            .partition_point(|&(t, _)| (t as usize) < land_lo);
        let moved = &mut self.moved;
        moved.clear();
        for &(t, to) in self.special[first..]
            .iter()
            .take_while(|&&(t, _)| t as usize <= last)
        {
            let m = std::mem::take(&mut next[t as usize]);
            if to != TRAPPED && m != 0.0 {
                #[allow(clippy::disallowed_methods)]
                // room for every special square, made in new()
                moved.push((to, m));
            }
        }
        for &(to, m) in moved.iter() {
            let to = to as usize;
            if to == n {
                finished += m;
            } else {
                next[to] += m;
                new_lo = new_lo.min(to);
                new_hi = new_hi.max(to);
            }
        }
        if self.game.rules().overshoot == Overshoot::Stay && over_lo <= hi {
            let stays = next[over_lo..=hi].iter_mut().zip(&self.cur[over_lo..=hi]);
            for (p, (slot, &m)) in (over_lo..).zip(stays) {
                *slot += m * self.game.overshoot_faces(p) as f64 * inv;
            }
            new_lo = new_lo.min(over_lo);
        }
        self.cur[lo..=hi].fill(0.0);
        std::mem::swap(&mut self.cur, &mut self.next);
        self.trim(new_lo, new_hi);
        self.survival = (self.survival - finished).max(0.0);
        finished
    }

    /// Drops negligible mass at the edges of the new window and recounts the live mass.
    fn trim(&mut self, mut lo: usize, mut hi: usize) {
        while lo <= hi && self.cur[lo] < DROP {
            self.dropped += self.cur[lo];
            self.cur[lo] = 0.0;
            lo += 1;
        }
        while lo <= hi && self.cur[hi] < DROP {
            self.dropped += self.cur[hi];
            self.cur[hi] = 0.0;
            if hi == 0 {
                break;
            }
            hi -= 1;
        }
        if lo > hi || self.cur[hi] < DROP {
            (self.lo, self.hi, self.live) = (1, 0, 0.0);
        } else {
            self.live = sum(&self.cur[lo..=hi]);
            (self.lo, self.hi) = (lo, hi);
        }
    }
}

/// A sum with eight independent accumulators, so it vectorises instead of waiting on each add.
fn sum(xs: &[f64]) -> f64 {
    let mut acc = [0.0f64; 8];
    let mut chunks = xs.chunks_exact(8);
    for c in &mut chunks {
        for (a, x) in acc.iter_mut().zip(c) {
            *a += x;
        }
    }
    let tail: f64 = chunks.remainder().iter().sum();
    acc.iter().sum::<f64>() + tail
}

/// `out[t] = inv * (cur[t-1] + ... + cur[t-faces])` for `t` in `[a, b]` (terms below square 0
/// are 0). `cur` is zero outside the window, so no clipping to it is needed.
fn box_filter(cur: &[f64], faces: usize, inv: f64, out: &mut [f64], a: usize, b: usize) {
    // Squares too close to 0 for a full window of faces collect every position below them: a
    // running prefix sum (no subtraction).
    let full = faces.max(a);
    if a < full {
        let mut below = 0.0; // cur is zero below the window, which starts at a - 1

        for t in a..full.min(b + 1) {
            below += cur[t - 1];
            out[t] = below * inv;
        }
    }
    if full > b {
        return;
    }
    macro_rules! fixed {
        ($($f:literal)*) => {
            match faces {
                $($f => return box_fixed::<$f>(cur, inv, &mut out[full..=b], full),)*
                _ => {}
            }
        };
    }
    fixed!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
    // Big dice: a running window sum, compensated so that its error stays within a few roundings
    // of the mass that passed through it (a plain one drifts by a rounding of the window per
    // square).
    let mut window = Running::ZERO;
    for v in &cur[full - faces..full] {
        window += *v;
    }
    for t in full..=b {
        if t > full {
            window += cur[t - 1] - cur[t - 1 - faces];
        }
        out[t] = window.value().max(0.0) * inv;
    }
}

/// [`box_filter`] for a die size known at compile time: unrolled, and vectorised across squares.
fn box_fixed<const F: usize>(cur: &[f64], inv: f64, out: &mut [f64], first: usize) {
    let src = &cur[first - F..first - F + out.len() + F];
    for (i, o) in out.iter_mut().enumerate() {
        let w: &[f64; F] = src[i..i + F].try_into().expect("a window of F squares");
        let mut v = 0.0;
        for x in w {
            v += x;
        }
        *o = v * inv;
    }
}

/// `x^k` by repeated squaring: monotone in `x` for `x >= 0`, unlike a library `powi`, which keeps
/// the differences of survival powers nonnegative.
fn pow(x: f64, mut k: u64) -> f64 {
    let (mut base, mut acc) = (x, 1.0);
    while k > 0 {
        if k & 1 == 1 {
            acc *= base;
        }
        base *= base;
        k >>= 1;
    }
    acc
}

/// Refuses up front a board whose games last too long to sum within the caps: a huge die under
/// exact landing, say, where each turn finishes one game in millions.
fn check_length(game: &Game, max_turns: u64, max_work: u64) -> Result<()> {
    let mean = match expected_turns(game) {
        Ok(e) => e,
        // Too long to even certify the mean: far beyond the caps.
        Err(e) if e.kind() == ErrorKind::TooComplex => f64::MAX,
        Err(e) => return Err(e),
    };
    // A game that can fail to end is left to the caps of the turn loop.
    if mean.is_infinite() {
        return Ok(());
    }
    let turns = mean * TAIL_TURNS;
    if turns > max_turns as f64 || turns * TURN_COST as f64 > max_work as f64 {
        return Err(Error::new(
            ErrorKind::TooComplex,
            format_args!(
                "games on this board last too long to sum: a game lasts {mean:.3e} turns on \
                 average, so about {turns:.1e} turns would be needed, beyond the limit of \
                 {max_turns}"
            ),
        ));
    }
    Ok(())
}

/// See [`RoundDistribution::check_work`].
fn check_distribution_work(game: Game, rounds: usize, max_work: u64) -> Result<()> {
    let visit = visit_cost(&game);
    let per_turn = (game.squares() as u64 + 1) * visit + TURN_COST;
    if (rounds as u64).saturating_mul(per_turn) <= max_work {
        return Ok(());
    }
    let mut chain = TurnChain::new(game)?;
    let mut work = 0u64;
    for _ in 0..rounds {
        if chain.settled() {
            break;
        }
        chain.step();
        work += chain.window() as u64 * visit + TURN_COST;
        if work > max_work {
            return Err(Error::new(
                ErrorKind::TooComplex,
                format_args!(
                    "the distribution over {rounds} rounds takes too long on this board: more \
                     than {max_work} position updates"
                ),
            ));
        }
    }
    Ok(())
}

fn check_players(players: u32) -> Result<()> {
    if players == 0 {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            "players is 0; a game needs at least 1 player",
        ));
    }
    Ok(())
}

/// P(the game ends in round `t`) for `t = 1..=rounds`, with `players` players rolling once per
/// round in turn order, prepared so that filling the output cannot fail.
///
/// ```
/// use gridgames::snakes::{milton_bradley_jumps, Game, RoundDistribution, Rules};
/// let jumps = milton_bradley_jumps();
/// let game = Game::new(&jumps, Rules::STANDARD).unwrap();
/// let mut probs = vec![0.0; 200];
/// let tail = RoundDistribution::new(game, 2).unwrap().fill(&mut probs);
/// assert_eq!(probs[..3], [0.0, 0.0, 0.0]); // nobody finishes in fewer than 7 turns
/// assert!(probs[6] > 0.0);
/// assert!((probs.iter().sum::<f64>() + tail - 1.0).abs() < 1e-12);
/// ```
pub struct RoundDistribution<'a> {
    chain: TurnChain<'a>,
    players: u64,
}

impl<'a> RoundDistribution<'a> {
    /// Validates `players` (at least 1) and allocates the chain.
    pub fn new(game: Game<'a>, players: u32) -> Result<Self> {
        check_players(players)?;
        Ok(RoundDistribution {
            chain: TurnChain::new(game)?,
            players: players as u64,
        })
    }

    /// Writes P(the game ends in round `t`) to `probs[t - 1]` for every `t` up to `probs.len()`
    /// and returns P(it has not ended after that many rounds). No entry is negative, and the
    /// entries and the tail add up to 1 up to rounding.
    pub fn fill(self, probs: &mut [f64]) -> f64 {
        self.fill_with(probs.len(), |t, p| probs[t - 1] = p)
    }

    /// Checks that filling `rounds` rounds stays within half the work budget of [`win_chances`]
    /// (2^29 position updates, weighted as there; half, since the fill then does the work again),
    /// before anything is filled: up front when the board is small enough for any window,
    /// otherwise by running the chain forward once on its own, without writing anything, until
    /// the rounds, the end of every game or the budget.
    ///
    /// Errors: `TooComplex` past the budget (one to three seconds of work), as
    /// [`win_chances`]; `OutOfMemory`.
    pub fn check_work(&self, rounds: usize) -> Result<()> {
        check_distribution_work(self.chain.game, rounds, MAX_WIN_WORK / 2)
    }

    /// [`RoundDistribution::fill`] through a callback: `put(t, p)` for `t = 1..=rounds` in order.
    pub fn fill_with(mut self, rounds: usize, mut put: impl FnMut(usize, f64)) -> f64 {
        let mut before = 1.0; // S(t-1)^P
        for t in 1..=rounds {
            if self.chain.settled() {
                put(t, 0.0);
                continue;
            }
            self.chain.step();
            let after = pow(self.chain.survival(), self.players);
            put(t, (before - after).max(0.0));
            before = after;
        }
        before
    }
}

/// Turns after which [`win_chances`] gives up, about three seconds of turns on a small board.
/// Checked up front too, against [`TAIL_TURNS`] times the mean game length.
const MAX_WIN_TURNS: u64 = 1 << 26;
/// Work (positions visited over all turns, weighted by what a visit costs, plus a fixed cost per
/// turn) after which [`win_chances`] gives up: one to three seconds. A 300 x 300 board with short
/// jumps needs about 2^28.6 (0.35 s); a 10^6-square board would need 2^34 and is refused.
const MAX_WIN_WORK: u64 = 1 << 30;
/// The cost of visiting a position, in the units of [`MAX_WIN_WORK`]: dice of up to 16 faces
/// filter with unrolled, vectorised sums; larger ones slide a running sum, twice as slow, and
/// their bounces twice as much again.
fn visit_cost(game: &Game) -> u64 {
    match (game.faces() > 16, game.rules().overshoot) {
        (false, _) => 1,
        (true, Overshoot::Bounce) => 4,
        (true, _) => 2,
    }
}
/// Per-turn cost, in the units of [`MAX_WIN_WORK`], besides the positions visited.
const TURN_COST: u64 = 16;
/// The turns needed until less than `1e-15` of the games are left, in units of the mean game
/// length: `ln(1e15)` for the geometric tails of long games.
const TAIL_TURNS: f64 = 34.6;
/// Live mass at which [`win_chances`] stops: what is left can shift no chance by more.
const LIVE_TOLERANCE: f64 = 1e-15;

/// P(player `i` wins) for `i = 0..players`, each to within `1e-12` (the promise is `1e-9`).
///
/// The chances add up to P(someone finishes), which is below 1 when players can get stuck.
///
/// Errors: `InvalidArgument` for 0 players; `TooComplex` for a board whose games are too long to
/// sum: up front when 34.6 times the mean game length exceeds 2^26 turns (or its per-turn cost
/// 2^30), and otherwise when 2^26 turns or 2^30 position updates (counted double for dice of more
/// than 16 faces, four times for those under the bounce rule) pass before less than `1e-15` of
/// one player's games can still finish; `OutOfMemory`.
///
/// ```
/// use gridgames::snakes::{milton_bradley_jumps, win_chances, Game, Rules};
/// let jumps = milton_bradley_jumps();
/// let game = Game::new(&jumps, Rules::STANDARD).unwrap();
/// let w = win_chances(game, 2).unwrap();
/// assert!(w[0] > w[1]); // moving first helps
/// assert!((w[0] + w[1] - 1.0).abs() < 1e-12);
/// ```
pub fn win_chances(game: Game, players: u32) -> Result<Vec<f64>> {
    win_chances_capped(game, players, MAX_WIN_TURNS, MAX_WIN_WORK)
}

fn win_chances_capped(game: Game, players: u32, max_turns: u64, max_work: u64) -> Result<Vec<f64>> {
    check_players(players)?;
    check_length(&game, max_turns, max_work)?;
    let p = players as usize;
    let mut chain = TurnChain::new(game)?;
    let mut sum = try_filled(p, 0.0f64)?;
    let mut carry = try_filled(p, 0.0f64)?;
    let mut work = 0u64;
    let visit = visit_cost(&game);
    while !chain.settled() && chain.live() > LIVE_TOLERANCE {
        if chain.turns() >= max_turns || work >= max_work {
            return Err(Error::new(
                ErrorKind::TooComplex,
                format_args!(
                    "games on this board last too long to sum: after {} turns, {:e} of one player's games can still finish",
                    chain.turns(),
                    chain.live()
                ),
            ));
        }
        work += chain.window() as u64 * visit + TURN_COST;
        let b = chain.survival();
        let fin = chain.step();
        if fin <= 0.0 || b <= 0.0 {
            continue;
        }
        let a = chain.survival();
        let ratio = a / b;
        let mut term = fin * pow(b, players as u64 - 1);
        for (s, c) in sum.iter_mut().zip(carry.iter_mut()) {
            if term == 0.0 {
                break;
            }
            // Neumaier summation: the sums run over up to millions of turns.
            let t = *s + term;
            *c += if s.abs() >= term.abs() {
                (*s - t) + term
            } else {
                (term - t) + *s
            };
            *s = t;
            term *= ratio;
        }
    }
    for (s, c) in sum.iter_mut().zip(&carry) {
        // Rounding can carry a certain win a hair past 1 (fuzzing found 1 + 2^-52).
        *s = (*s + c).clamp(0.0, 1.0);
    }
    Ok(sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snakes::classic::milton_bradley_jumps;
    use crate::snakes::expected::expected_turns;
    use crate::snakes::rules::{Overshoot, Rules};

    #[test]
    #[cfg_attr(
        miri,
        ignore = "runs the chain for hundreds of turns; safe core code, run natively"
    )]
    fn a_distribution_past_the_budget_is_refused_before_it_is_filled() {
        let jumps = vec![-1; 2000];
        let game = Game::new(&jumps, Rules::STANDARD).unwrap();
        // Small enough for any window: answered without running the chain.
        assert!(check_distribution_work(game, 10, 1 << 20).is_ok());
        // Games end within about 700 turns: far fewer than the rounds asked, within budget.
        assert!(check_distribution_work(game, 1 << 20, 1 << 24).is_ok());
        let e = check_distribution_work(game, 1 << 20, 1 << 14).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooComplex);
        assert!(e.detail().contains("too long"), "{}", e.detail());
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn one_player_mean_matches_the_expected_turns() {
        let jumps = milton_bradley_jumps();
        let g = Game::new(&jumps, Rules::STANDARD).unwrap();
        let mut chain = TurnChain::new(g).unwrap();
        // E[T] = sum over t >= 0 of S(t).
        let mut mean = 1.0;
        while chain.live() > 1e-18 {
            chain.step();
            mean += chain.survival();
        }
        let exact = expected_turns(&g).unwrap();
        assert!((mean - exact).abs() < 1e-9, "{mean} vs {exact}");
    }

    #[test]
    fn coin_on_two_squares() {
        // From square 1 with a coin and exact landing: each turn finishes with probability 1/2.
        let rules = Rules {
            faces: 2,
            overshoot: Overshoot::Stay,
            start: 1,
        };
        let g = Game::new(&[-1, -1], rules).unwrap();
        let mut probs = [0.0; 3];
        let tail = RoundDistribution::new(g, 2).unwrap().fill(&mut probs);
        // The game goes on while both miss: 1/4 per round.
        assert_eq!(probs, [0.75, 0.1875, 0.046875]);
        assert_eq!(tail, 0.015625);
        let w = win_chances(g, 2).unwrap();
        assert!((w[0] - 2.0 / 3.0).abs() < 1e-15 && (w[1] - 1.0 / 3.0).abs() < 1e-15);
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn games_too_long_to_sum_are_refused() {
        // Square 1 of 2 with a 2^20-faced die and exact landing: one chance in 2^20 per turn.
        let rules = Rules {
            faces: 1 << 20,
            overshoot: Overshoot::Stay,
            start: 1,
        };
        let g = Game::new(&[-1, -1], rules).unwrap();
        let e = win_chances_capped(g, 2, 1000, u64::MAX).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooComplex);
        assert!(e.detail().contains("too long to sum"), "{}", e.detail());
        let e = win_chances_capped(g, 2, u64::MAX, 5000).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooComplex);
        assert!(e.detail().contains("too long to sum"), "{}", e.detail());
        // The chances themselves are known: the first player wins with p / (1 - (1-p)^2).
        let rules = Rules {
            faces: 1 << 10,
            ..rules
        };
        let g = Game::new(&[-1, -1], rules).unwrap();
        let p = 1.0 / 1024.0;
        let w = win_chances(g, 2).unwrap();
        assert!(
            (w[0] - p / (1.0 - (1.0 - p) * (1.0 - p))).abs() < 1e-12,
            "{w:?}"
        );
    }

    #[test]
    fn a_stuck_player_never_wins() {
        // 4 squares, 2 faces, squares 2 and 3 slide to 1: from square 1 nobody finishes.
        let rules = Rules {
            faces: 2,
            overshoot: Overshoot::Stay,
            start: 1,
        };
        let g = Game::new(&[-1, 1, 1, -1], rules).unwrap();
        assert_eq!(win_chances(g, 3).unwrap(), vec![0.0; 3]);
        let mut probs = [1.0; 4];
        assert_eq!(RoundDistribution::new(g, 3).unwrap().fill(&mut probs), 1.0);
        assert_eq!(probs, [0.0; 4]);
        assert_eq!(
            win_chances(g, 0).unwrap_err().kind(),
            ErrorKind::InvalidArgument
        );
    }
}
