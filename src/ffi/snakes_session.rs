//! C entry points for Snakes and Ladders game sessions: an opaque `gg_snakes_game` handle,
//! turns with a seeded die or the caller's, the state and positions, save, load and undo.

use super::boundary::{
    ffi_boundary, try_box, try_mut, try_opt_out_slice, try_out, try_out_slice, try_ref, try_slice,
    write_counted, FfiError,
};
use super::snakes_analysis::{gg_snakes_rules, rules_of};
use crate::snakes::{self, Session, Turn};

/// `gg_snakes_state.winner` while nobody has won.
pub const GG_SNAKES_NO_WINNER: u32 = u32::MAX;

/// A game of Snakes and Ladders in progress, created by `gg_snakes_game_new` or
/// `gg_snakes_game_load` and released by `gg_snakes_game_free`.
///
/// A handle is used by one thread at a time. Different handles may be used from different
/// threads at once.
#[allow(non_camel_case_types)]
pub struct gg_snakes_game {
    session: Session,
}

/// How `gg_snakes_game_new` sets up a game.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_snakes_game_config {
    /// The jump table, as for `gg_snakes_move`: `jumps[s-1]` is the destination of square s, or
    /// -1. It is copied, so the caller may free it after the call.
    pub jumps: *const i32,
    /// The number of squares N.
    pub squares: usize,
    /// The die, the overshoot rule and the start, as for `gg_snakes_move`.
    pub rules: gg_snakes_rules,
    /// Players, 1 to 65536; they take turns in order 0..players-1.
    pub players: u32,
    /// The seed of the game's die: the same seed gives the same rolls on every platform and in
    /// every release (docs/save-format.md gives the stream).
    pub seed: u64,
}

/// One turn.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_snakes_turn {
    /// Who rolled, 0-based.
    pub player: u32,
    /// The face rolled, 1..faces.
    pub face: u32,
    /// Where the player stood before the roll; 0 is off the board.
    pub from: usize,
    /// Where the player stands after the roll and any jump.
    pub to: usize,
    /// 1 when this turn reached square N and won the game, else 0.
    pub won: u32,
}

/// Where a game stands.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct gg_snakes_state {
    /// Whose turn it is, 0-based.
    pub next_player: u32,
    /// The winner, or `GG_SNAKES_NO_WINNER` while the game is on.
    pub winner: u32,
    /// Turns taken so far by all players.
    pub turns: u64,
}

fn c_turn(t: Turn) -> gg_snakes_turn {
    gg_snakes_turn {
        player: t.player,
        face: t.face,
        from: t.from,
        to: t.to,
        won: u32::from(t.won),
    }
}

/// Starts a game: every player stands at `cfg->rules.start`, and player 0 moves first.
///
/// A turn is one roll, applied with the rules of `gg_snakes_move` (faces, overshoot, start): it
/// aims at `from + face`, applies the overshoot rule past square N, and follows a jump on the
/// square reached, once. The first player to reach square N wins, and the game ends. A board on
/// which a player can fall into a loop that never reaches N still plays turn by turn; such a game
/// may never end, and it is the caller's to stop.
///
/// On success `*out` receives a new handle, to be released with `gg_snakes_game_free`. On error
/// `*out` is not written.
///
/// Errors: `GG_ERR_NULL_POINTER`; those of `gg_snakes_move` for the table and the rules
/// (`GG_ERR_ZERO_SIZE`, `GG_ERR_SIZE_OVERFLOW`, `GG_ERR_INVALID_CELL`, `GG_ERR_INVALID_ARGUMENT`);
/// `GG_ERR_INVALID_ARGUMENT` for 0 or more than 65536 players; `GG_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `cfg` must point to a readable `gg_snakes_game_config` whose `jumps` points to `squares`
/// readable `int32_t`; `out` to a writable `gg_snakes_game *`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_game_new(
    cfg: *const gg_snakes_game_config,
    out: *mut *mut gg_snakes_game,
) -> i32 {
    ffi_boundary! {
        let cfg = try_ref!(cfg);
        let out = try_out!(out);
        let squares = snakes::check_squares(cfg.squares)?;
        let jumps = cfg.jumps;
        let table = try_slice!(jumps, squares);
        let rules = rules_of(&cfg.rules)?;
        let session = Session::new(table, rules, cfg.players, cfg.seed)?;
        out.set(try_box(gg_snakes_game { session })?);
        Ok(())
    }
}

/// Releases a game. NULL is ignored. The handle must not be used afterwards.
///
/// # Safety
/// `game` must be NULL or a live handle that no other thread is using.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_game_free(game: *mut gg_snakes_game) {
    ffi_boundary! { returning () =>
        if !game.is_null() {
            // SAFETY: a live handle comes from Box::into_raw in gg_snakes_game_new or
            // gg_snakes_game_load, and the caller gives up its only use of it.
            drop(unsafe { Box::from_raw(game) });
        }
    }
}

/// Plays the next player's turn with the game's own seeded die, and describes it in `*out`.
///
/// The die is unbiased for any number of faces and reproducible: the same seed gives the same
/// rolls on every platform and in every release.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_GAME_OVER` (someone has won; the die is not rolled),
/// `GG_ERR_OUT_OF_MEMORY`. On error nothing changes and `*out` is not written.
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call; `out` must point
/// to a writable `gg_snakes_turn`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_game_roll(
    game: *mut gg_snakes_game,
    out: *mut gg_snakes_turn,
) -> i32 {
    ffi_boundary! {
        let game = try_mut!(game);
        let out = try_out!(out);
        out.set(c_turn(game.session.roll()?));
        Ok(())
    }
}

/// Plays the next player's turn with `face`, rolled by the engine's own dice, and describes it in
/// `*out`. The game's die is not used.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_GAME_OVER`, `GG_ERR_INVALID_ARGUMENT` (a face outside
/// 1..faces), `GG_ERR_OUT_OF_MEMORY`. On error nothing changes and `*out` is not written.
///
/// # Safety
/// As for `gg_snakes_game_roll`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_game_play(
    game: *mut gg_snakes_game,
    face: u32,
    out: *mut gg_snakes_turn,
) -> i32 {
    ffi_boundary! {
        let game = try_mut!(game);
        let out = try_out!(out);
        out.set(c_turn(game.session.play(face)?));
        Ok(())
    }
}

/// Where the game stands: whose turn it is, the winner (`GG_SNAKES_NO_WINNER` while the game is
/// on), and the turns taken so far by all players.
///
/// Errors: `GG_ERR_NULL_POINTER`.
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call; `out` must point
/// to a writable `gg_snakes_state`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_game_state(
    game: *const gg_snakes_game,
    out: *mut gg_snakes_state,
) -> i32 {
    ffi_boundary! {
        let game = try_ref!(game);
        let out = try_out!(out);
        let s = &game.session;
        out.set(gg_snakes_state {
            next_player: s.next_player(),
            winner: s.winner().unwrap_or(GG_SNAKES_NO_WINNER),
            turns: s.turns(),
        });
        Ok(())
    }
}

/// The number of players and of squares: what a caller needs to size the buffer of
/// `gg_snakes_game_positions` for a game it did not make, such as one from `gg_snakes_game_load`.
///
/// Errors: `GG_ERR_NULL_POINTER`. On error nothing is written.
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call; the out-pointers
/// must be writable.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_game_size(
    game: *const gg_snakes_game,
    players_out: *mut u32,
    squares_out: *mut usize,
) -> i32 {
    ffi_boundary! {
        let game = try_ref!(game);
        let players_out = try_out!(players_out);
        let squares_out = try_out!(squares_out);
        players_out.set(game.session.players());
        squares_out.set(game.session.jumps().len());
        Ok(())
    }
}

/// Copies every player's position into `out`, player 0 first (0 is off the board).
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_BUFFER_TOO_SMALL` (`cap` below the number of players;
/// nothing is written), `GG_ERR_INVALID_ARGUMENT` (misaligned `out`).
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call; `out` must point
/// to `cap` writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_game_positions(
    game: *const gg_snakes_game,
    out: *mut usize,
    cap: usize,
) -> i32 {
    ffi_boundary! {
        let game = try_ref!(game);
        let out = try_out_slice!(out, cap);
        let positions = game.session.positions();
        if cap < positions.len() {
            return Err(FfiError::buffer_too_small("out", cap, positions.len()));
        }
        for (o, &p) in out.iter_mut().zip(positions) {
            o.write(p);
        }
        Ok(())
    }
}

/// Copies every turn played so far, in order, into `out`: for a replay, an analysis or a bug
/// report.
///
/// `*count_out` receives the number of turns, also when `cap` is too small: then the call returns
/// `GG_ERR_BUFFER_TOO_SMALL` and writes nothing to `out`, which may be NULL with `cap` 0 to ask
/// for the count.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_BUFFER_TOO_SMALL`, `GG_ERR_INVALID_ARGUMENT`
/// (misaligned `out`).
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call; `out` must point
/// to `cap` writable `gg_snakes_turn` (or be NULL with `cap` 0); `count_out` to a writable
/// `size_t`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_game_turns(
    game: *const gg_snakes_game,
    out: *mut gg_snakes_turn,
    cap: usize,
    count_out: *mut usize,
) -> i32 {
    ffi_boundary! {
        let game = try_ref!(game);
        let count_out = try_out!(count_out);
        let out = try_opt_out_slice!(out, cap);
        write_counted(out, cap, "out", count_out, game.session.history().map(c_turn))
    }
}

/// Writes the game as a self-contained record into `buf`: the configuration (the jump table
/// included) and every turn, with its face and whether the game's die rolled it. The format is
/// versioned, little-endian and carries a CRC-32 (docs/save-format.md); later releases load every
/// earlier version's records.
///
/// `*len_out` receives the record's size, also when `cap` is too small: then the call returns
/// `GG_ERR_BUFFER_TOO_SMALL` and writes nothing to `buf`, which may be NULL with `cap` 0.
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_BUFFER_TOO_SMALL`, `GG_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call; `buf` must point
/// to `cap` writable bytes (or be NULL with `cap` 0); `len_out` to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_game_save(
    game: *const gg_snakes_game,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> i32 {
    ffi_boundary! {
        let game = try_ref!(game);
        let len_out = try_out!(len_out);
        let out = try_opt_out_slice!(buf, cap);
        let record = game.session.save()?;
        write_counted(out, cap, "buf", len_out, record.into_iter())
    }
}

/// Makes a game from a record of `gg_snakes_game_save` (`len` bytes), its turns replayed: the
/// same positions, state and turns, and it rolls the same future as the saved game.
///
/// Errors: `GG_ERR_NULL_POINTER`; `GG_ERR_BAD_RECORD` for any record `gg_snakes_game_save` did not
/// write (a wrong magic or an unknown version, a truncated record or trailing bytes, a bad
/// checksum, a table or rules that are not a legal game, a turn after the game ended, a rolled
/// face the seeded die does not roll), with a message that says which; `GG_ERR_OUT_OF_MEMORY`.
/// `*out` is not written on error. The record is never read past `len`.
///
/// # Safety
/// `buf` must point to `len` readable bytes; `out` to a writable `gg_snakes_game *`.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_game_load(
    buf: *const u8,
    len: usize,
    out: *mut *mut gg_snakes_game,
) -> i32 {
    ffi_boundary! {
        let record = try_slice!(buf, len);
        let out = try_out!(out);
        let session = Session::load(record)?;
        out.set(try_box(gg_snakes_game { session })?);
        Ok(())
    }
}

/// Takes back the last turn: the player stands where they stood, it is their turn again, a win
/// is undone, and the game's die is put back too, so that a roll after an undo repeats the
/// undone roll (undo cannot be used to roll again).
///
/// Errors: `GG_ERR_NULL_POINTER`, `GG_ERR_NOTHING_TO_UNDO` (no turn played; nothing changes).
///
/// # Safety
/// `game` must be a live handle that no other thread is using during the call.
#[no_mangle]
pub unsafe extern "C" fn gg_snakes_game_undo(game: *mut gg_snakes_game) -> i32 {
    ffi_boundary! {
        let game = try_mut!(game);
        game.session.undo()?;
        Ok(())
    }
}
