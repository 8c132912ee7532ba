//! C entry points for the real game of Snakes and Ladders: linear jump tables, dice rules, one
//! move, optimal play and the exact game-length analysis.

use super::boundary::{
    ffi_boundary, try_opt_out_slice, try_out, try_out_slice, try_ref, try_slice, FfiError,
    FfiResult,
};
use super::status::GG_ERR_INVALID_ARGUMENT;
use crate::snakes::{self, Game, Overshoot, Rules};

/// Overshoot rule: a roll past the last square leaves the player where they are, and the turn is
/// used (the last square must be hit exactly).
pub const GG_OVERSHOOT_STAY: u32 = 0;
/// Overshoot rule: a roll aiming at `t` past the last square `N` lands on `2N - t`, and that
/// square's jump is taken. Requires `faces <= N`.
pub const GG_OVERSHOOT_BOUNCE: u32 = 1;
/// Overshoot rule: a roll past the last square finishes on it.
pub const GG_OVERSHOOT_FINISH: u32 = 2;

/// How the game is played.
///
/// A position is 0 (off the board) or a square 1..N; square N ends the game. From position `p`
/// a roll of `f` (1..faces, each equally likely) aims at `t = p + f`. When `t > N`, `overshoot`
/// decides: `GG_OVERSHOOT_STAY` (no move, the turn is used), `GG_OVERSHOOT_BOUNCE` (`t = 2N - t`)
/// or `GG_OVERSHOOT_FINISH` (`t = N`). If square `t` then holds a jump, the player moves to its
/// destination, once (jumps are never chained).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
#[allow(non_camel_case_types)]
pub struct gg_snakes_rules {
    /// Die faces, 1.. ; 6 for a standard die.
    pub faces: u32,
    /// `GG_OVERSHOOT_STAY`, `GG_OVERSHOOT_BOUNCE` or `GG_OVERSHOOT_FINISH`.
    pub overshoot: u32,
    /// Where every player begins: 0 is off the board (a first roll of k lands on square k);
    /// s in 1..N-1 is standing on square s (its jump is not taken). 1 is the usual.
    pub start: usize,
}

/// Validates the sizes, the pointers, the rules and then the table, in that order, and builds the
/// game.
///
/// # Safety
/// Non-NULL pointers must be valid as the exported functions document.
unsafe fn game<'a>(
    jumps: *const i32,
    squares: usize,
    rules: *const gg_snakes_rules,
) -> FfiResult<Game<'a>> {
    let squares = snakes::check_squares(squares)?;
    let table = try_slice!(jumps, squares);
    let rules = rules_of(try_ref!(rules))?;
    Ok(Game::new(table, rules)?)
}

/// The core's rules for a `gg_snakes_rules`; an unknown overshoot rule is refused.
pub(super) fn rules_of(rules: &gg_snakes_rules) -> FfiResult<Rules> {
    let overshoot = match rules.overshoot {
        GG_OVERSHOOT_STAY => Overshoot::Stay,
        GG_OVERSHOOT_BOUNCE => Overshoot::Bounce,
        GG_OVERSHOOT_FINISH => Overshoot::Finish,
        other => {
            return Err(FfiError::new(
                GG_ERR_INVALID_ARGUMENT,
                format_args!(
                    "rules.overshoot is {other}; it must be GG_OVERSHOOT_STAY (0), \
                     GG_OVERSHOOT_BOUNCE (1) or GG_OVERSHOOT_FINISH (2)"
                ),
            ))
        }
    };
    Ok(Rules {
        faces: rules.faces,
        overshoot,
        start: rules.start,
    })
}

/// Converts a LeetCode grid into a linear jump table.
///
/// `board` holds `rows * cols` cells, row-major, row 0 on top. Squares are numbered
/// boustrophedon from the bottom-left cell (square 1), each row running opposite to the one
/// below; rectangular grids are allowed. On success `jumps_out[s-1]` is the cell of square `s`,
/// for s = 1..N with N = rows * cols.
///
/// The grid follows the jump-table rules: every cell is -1 or a destination 1..N, and square N
/// holds no jump (-1, or N itself). Unlike `gg_snakes_min_rolls`, square 1 may hold a jump (it is
/// taken by a player who lands there from off the board).
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_ZERO_SIZE`, `GG_ERR_SIZE_OVERFLOW` (rows * cols
/// overflows or exceeds `INT32_MAX`), `GG_ERR_INVALID_CELL`, `GG_ERR_BUFFER_TOO_SMALL`
/// (`cap < rows * cols`), `GG_ERR_INVALID_ARGUMENT` (misaligned pointer). On error `jumps_out` is
/// not written.
///
/// # Safety
/// `board` must point to `rows * cols` readable `int32_t`; `jumps_out` to `cap` writable
/// `int32_t` not overlapping `board`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_grid_to_jumps(
    board: *const i32,
    rows: usize,
    cols: usize,
    jumps_out: *mut i32,
    cap: usize,
) -> i32 {
    ffi_boundary! {
        let squares = snakes::check_dimensions(rows, cols)?;
        let cells = try_slice!(board, squares);
        let out = try_out_slice!(jumps_out, cap);
        if cap < squares {
            return Err(FfiError::buffer_too_small("jumps_out", cap, squares));
        }
        // Validation finishes before the first call of the closure.
        snakes::grid_to_jumps_with(cells, rows, cols, |s, v| {
            out[s - 1].write(v);
        })?;
        Ok(())
    }
}

/// Applies one roll: the position after rolling `face` from position `from`.
///
/// `jumps[s-1]` is the destination of square s (1..squares), or -1 for none; a jump to its own
/// square means nothing, and square N = `squares` holds no jump. See `gg_snakes_rules` for a turn.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_ZERO_SIZE` (0 squares), `GG_ERR_SIZE_OVERFLOW` (more than
/// `INT32_MAX` squares), `GG_ERR_INVALID_ARGUMENT` (0 faces, unknown overshoot rule, `start >= N`,
/// bounce with `faces > N`, a face outside 1..faces, misaligned pointer), `GG_ERR_INVALID_CELL`
/// (a destination outside 1..N, a jump on N), `GG_ERR_OUT_OF_BOUNDS` (`from > N`),
/// `GG_ERR_GAME_OVER` (`from == N`). On error `*to_out` is not written.
///
/// # Safety
/// `jumps` must point to `squares` readable `int32_t`; `rules` to a readable `gg_snakes_rules`;
/// `to_out` to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_move(
    jumps: *const i32,
    squares: usize,
    rules: *const gg_snakes_rules,
    from: usize,
    face: u32,
    to_out: *mut usize,
) -> i32 {
    ffi_boundary! {
        let out = try_out!(to_out);
        // SAFETY: forwarded caller promises about `jumps` and `rules`.
        let game = unsafe { game(jumps, squares, rules) }?;
        out.set(game.step(from, face)?);
        Ok(())
    }
}

/// The fewest turns from the start to square N when the player chooses every face, and the faces
/// of one such game.
///
/// On success `*turns_out` is the number of turns (0 never happens: start < N), or -1 when N
/// cannot be reached; `faces_out[0..turns)` receives the faces, in order (nothing is written when
/// N cannot be reached). Replaying them with `gg_snakes_move` from `rules->start` ends on N. The
/// overshoot rule never changes the answer: a roll can pass N only from within `faces` of it,
/// where the exact face finishes.
///
/// A `cap` of 0 asks for the count only (`faces_out` may then be NULL). When `cap` is at least 1
/// but smaller than the number of turns, the function returns `GG_ERR_BUFFER_TOO_SMALL`, still
/// sets `*turns_out`, and writes nothing to `faces_out`.
///
/// Errors: as `gg_snakes_move` (without the `from` and `face` ones), plus
/// `GG_ERR_BUFFER_TOO_SMALL` and `GG_ERR_OUT_OF_MEMORY`. On any other error nothing is written.
///
/// # Safety
/// `jumps` must point to `squares` readable `int32_t`; `rules` to a readable `gg_snakes_rules`;
/// `faces_out` to `cap` writable `uint32_t` (or be NULL with `cap` 0); `turns_out` to a writable
/// `int64_t`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_shortest(
    jumps: *const i32,
    squares: usize,
    rules: *const gg_snakes_rules,
    faces_out: *mut u32,
    cap: usize,
    turns_out: *mut i64,
) -> i32 {
    ffi_boundary! {
        let turns = try_out!(turns_out);
        // With cap = 0 only the count is asked for, and faces_out may be NULL.
        let faces = try_opt_out_slice!(faces_out, cap);
        // SAFETY: forwarded caller promises about `jumps` and `rules`.
        let game = unsafe { game(jumps, squares, rules) }?;
        let path = snakes::shortest(&game)?;
        let Some(path) = path else {
            turns.set(-1);
            return Ok(());
        };
        // At most N - 1 < 2^31 turns.
        turns.set(path.len() as i64);
        if cap > 0 && cap < path.len() {
            return Err(FfiError::buffer_too_small("faces_out", cap, path.len()));
        }
        if let Some(out) = faces {
            for (slot, &f) in out.iter_mut().zip(&path) {
                slot.write(f);
            }
        }
        Ok(())
    }
}

/// The mean number of turns one player needs from the start to square N with a fair die.
///
/// `*out` is +INFINITY when, and only when, the game can fail to end: some position reachable
/// from the start cannot reach N. Otherwise the relative error is proven to be at most 1e-9 (in
/// practice about 1e-16): the absorbing Markov chain is solved exactly by segments, then refined
/// against a residual computed in double-double arithmetic, which also proves the bound. Boards
/// with short snakes take time linear in `squares`, whatever the die (a die of more than 16
/// faces slides window sums instead of visiting each face); see docs/algorithms.md for the cost
/// of long overlapping snakes.
///
/// A board whose mean cannot be proven that accurate is refused rather than answered: games so
/// long that double precision cannot certify them (means beyond about 1e15 turns, for instance a
/// board that sends the player back to the start on all but one face, dozens of rolls in a row),
/// and chains whose iterative solve would need more than a second or two of work.
///
/// Errors: as `gg_snakes_move` (without the `from` and `face` ones), plus `GG_ERR_TOO_COMPLEX`
/// (a mean that cannot be proven to 1e-9, see above; the message gives the bound) and
/// `GG_ERR_OUT_OF_MEMORY`. On error `*out` is not written.
///
/// # Safety
/// `jumps` must point to `squares` readable `int32_t`; `rules` to a readable `gg_snakes_rules`;
/// `out` to a writable `double`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_expected_turns(
    jumps: *const i32,
    squares: usize,
    rules: *const gg_snakes_rules,
    out: *mut f64,
) -> i32 {
    ffi_boundary! {
        let out = try_out!(out);
        // SAFETY: forwarded caller promises about `jumps` and `rules`.
        let game = unsafe { game(jumps, squares, rules) }?;
        out.set(snakes::expected_turns(&game)?);
        Ok(())
    }
}

/// The distribution of the round in which a game of `players` players ends.
///
/// The players each roll once per round, in turn order, all from `rules->start`; the game ends
/// when one of them reaches N. On success `probs_out[t-1]` is P(the game ends in round t) for
/// t = 1..rounds, and `*tail_out` is P(it has not ended after `rounds` rounds), which includes
/// games that can never end. No probability is negative, and the sum plus the tail is 1 within
/// 1e-12.
///
/// `probs_out` may be NULL when `rounds` is 0. The work is proportional to `rounds` times the
/// number of squares holding probability at once (it stops early once nothing can finish), and it
/// has a budget, as `gg_snakes_win_chances` has: a distribution that would need more than 2^29
/// position updates is refused, within about a second, before anything is written.
///
/// Errors: as `gg_snakes_move` (without the `from` and `face` ones), plus `GG_ERR_INVALID_ARGUMENT`
/// for 0 players, `GG_ERR_TOO_COMPLEX` past the budget, and `GG_ERR_OUT_OF_MEMORY`. On error
/// nothing is written.
///
/// # Safety
/// `jumps` must point to `squares` readable `int32_t`; `rules` to a readable `gg_snakes_rules`;
/// `probs_out` to `rounds` writable `double` (or be NULL with `rounds` 0); `tail_out` to a
/// writable `double`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_length_distribution(
    jumps: *const i32,
    squares: usize,
    rules: *const gg_snakes_rules,
    players: u32,
    probs_out: *mut f64,
    rounds: usize,
    tail_out: *mut f64,
) -> i32 {
    ffi_boundary! {
        let tail = try_out!(tail_out);
        // With rounds = 0 only the tail is asked for, and probs_out may be NULL.
        let probs = try_opt_out_slice!(probs_out, rounds);
        // SAFETY: forwarded caller promises about `jumps` and `rules`.
        let game = unsafe { game(jumps, squares, rules) }?;
        let dist = snakes::RoundDistribution::new(game, players)?;
        dist.check_work(rounds)?;
        // Nothing below can fail: every allocation has been made.
        let tail_value = match probs {
            Some(slots) => dist.fill_with(rounds, |t, p| {
                slots[t - 1].write(p);
            }),
            None => dist.fill_with(0, |_, _| {}),
        };
        tail.set(tail_value);
        Ok(())
    }
}

/// P(player i wins) for i = 0..players-1, each within 1e-9, written to `chances_out[i]`.
///
/// The players each roll once per round, in turn order (player 0 first), all from
/// `rules->start`; the first to reach N wins. The chances add up to P(the game ends), which is
/// below 1 when players can get stuck for good.
///
/// Errors: as `gg_snakes_move` (without the `from` and `face` ones), plus `GG_ERR_INVALID_ARGUMENT`
/// for 0 players, and `GG_ERR_TOO_COMPLEX` for a board whose games are too long to sum: checked up
/// front, when 34.6 times the mean game length (the turns until less than 1e-15 of the games are
/// left) exceeds 2^26 turns, as with a huge die under exact landing; and otherwise when 2^26 turns
/// or 2^30 square updates (counted twice for dice of more than 16 faces, four times for those under
/// the bounce rule: one to three seconds) pass before less than 1e-15 of a player's games can still
/// finish. Also `GG_ERR_OUT_OF_MEMORY`. On error `chances_out` is not written.
///
/// # Safety
/// `jumps` must point to `squares` readable `int32_t`; `rules` to a readable `gg_snakes_rules`;
/// `chances_out` to `players` writable `double`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_win_chances(
    jumps: *const i32,
    squares: usize,
    rules: *const gg_snakes_rules,
    players: u32,
    chances_out: *mut f64,
) -> i32 {
    ffi_boundary! {
        let out = try_out_slice!(chances_out, players as usize);
        // SAFETY: forwarded caller promises about `jumps` and `rules`.
        let game = unsafe { game(jumps, squares, rules) }?;
        let chances = snakes::win_chances(game, players)?;
        for (slot, c) in out.iter_mut().zip(chances) {
            slot.write(c);
        }
        Ok(())
    }
}
