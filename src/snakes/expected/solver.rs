//! The solver's shared state and settings: what the segment solve (`segments.rs`), one pass of a
//! segment (`segment_pass.rs`), GMRES (`gmres.rs`) and the certificate (`residual.rs`) read. Each
//! of those files adds its own methods to [`Solver`]; none imports another.

use crate::bitset::BitSet;
use crate::error::{try_filled, Result};
use crate::snakes::rules::Game;

/// Solves `A y = rhs` over the reachable positions by segments and superposition.
pub(super) struct Solver<'g, 'a> {
    pub(super) game: &'g Game<'a>,
    pub(super) reach: &'g BitSet,
    /// Segments with more symbols use GMRES.
    pub(super) dense_symbols: usize,
    /// GMRES's relative residual target.
    pub(super) tolerance: f64,
    /// For each position, its index among the current segment's symbols, or `NONE`.
    pub(super) sym_of: Vec<u32>,
    pub(super) syms: Vec<usize>,
    /// Symbol values used by a pass.
    pub(super) vals: Vec<f64>,
    pub(super) mat: Vec<f64>,
    pub(super) a: Vec<f64>,
    pub(super) slack: Vec<f64>,
    pub(super) pivots: Vec<f64>,
    /// Multiply-adds GMRES has spent so far in this call.
    pub(super) gmres_work: u64,
    /// Per landing square, what it brings to the position a sliding pass is at: a value, or a
    /// stay (empty for dice of at most `DIRECT_FACES` faces, which do not slide).
    pub(super) g: Vec<f64>,
    pub(super) stay: Vec<u8>,
    /// The landing squares holding a jump, by destination: `tails[tail_at[d]..tail_at[d + 1]]`.
    pub(super) tail_at: Vec<u32>,
    pub(super) tails: Vec<u32>,
    /// Reachable positions below each position, for finding symbols in one pass.
    pub(super) reach_below: Vec<u32>,
    /// The whole board as one segment (dice of more than `WINDOW_FACES` faces).
    pub(super) single: bool,
}

pub(super) const NONE: u32 = u32::MAX;
/// Dice with more faces than this solve the board as one segment: a window of many faces covers
/// so much of the board that splitting it saves nothing, and one segment keeps the cost of a
/// pass linear in the board.
pub(super) const WINDOW_FACES: usize = 64;
/// Segments with more symbols than this solve their system by GMRES (one pass per product)
/// rather than by `m` passes and a dense elimination.
pub(super) const DENSE_SYMBOLS: usize = 64;
/// When GMRES stalls, segments with at most this many symbols fall back to the dense solve;
/// larger ones keep GMRES's best answer and leave the rest to iterative refinement.
pub(super) const DENSE_FALLBACK: usize = 2048;

/// What a pass uses for positions above its segment (and for square `N`).
#[derive(Clone, Copy)]
pub(super) enum Above {
    /// The values already in the output (final values of the segments above, 0 for `N`).
    Solved,
    /// A constant: 0 for a symbol's pass, 1 for the leaving probability.
    Const(f64),
}

/// Dice with at most this many faces pass by visiting every face of every position; larger ones
/// slide running window sums, whose bookkeeping costs more per position but not per face.
pub(super) const DIRECT_FACES: usize = 16;

/// The landing squares holding a jump, by destination `d`: `tails[tail_at[d]..tail_at[d + 1]]`
/// (a counting sort).
pub(super) fn tails_by_destination(game: &Game) -> Result<(Vec<u32>, Vec<u32>)> {
    let n = game.squares();
    let mut tail_at = try_filled(n + 2, 0u32)?;
    for t in 1..=n {
        let d = game.dest(t);
        if d != t {
            tail_at[d + 1] += 1;
        }
    }
    for d in 0..=n {
        tail_at[d + 1] += tail_at[d];
    }
    let mut tails = try_filled(tail_at[n + 1] as usize, 0u32)?;
    let mut fill = try_filled(n + 1, 0u32)?;
    fill.copy_from_slice(&tail_at[..=n]);
    for t in 1..=n {
        let d = game.dest(t);
        if d != t {
            tails[fill[d] as usize] = t as u32;
            fill[d] += 1;
        }
    }
    Ok((tail_at, tails))
}

pub(super) const GMRES_RESTART: usize = 400;
/// At most this many doubles in the GMRES basis (64 MB).
pub(super) const GMRES_BASIS: usize = 1 << 23;
/// GMRES's relative residual for the first solve; refinement solves only need a few digits,
/// since each multiplies the error by their own relative accuracy.
pub(super) const GMRES_TOLERANCE: f64 = 1e-10;
pub(super) const GMRES_REFINE_TOLERANCE: f64 = 1e-7;
pub(super) const GMRES_MAX_PRODUCTS: usize = 3000;
/// GMRES's work over a whole call, in multiply-adds (passes and orthogonalisation): a second or
/// two at most (measured: 1.5 s to refuse 10^5 squares with 10% random snakes). A 10^6-square
/// board with 5000 snake tails in one segment needs a third of it.
/// A chain that needs more is one whose mean cannot be certified anyway; it is refused.
pub(super) const GMRES_WORK: u64 = 2_000_000_000;

impl<'g, 'a> Solver<'g, 'a> {
    pub(super) fn new(game: &'g Game<'a>, reach: &'g BitSet) -> Result<Self> {
        let n = game.squares();
        // Only the sliding pass of a large die keeps state per landing square.
        let sliding = game.faces() > DIRECT_FACES;
        let (tail_at, tails) = if sliding {
            tails_by_destination(game)?
        } else {
            (Vec::new(), Vec::new())
        };
        let per_square = if sliding { n + 1 } else { 0 };
        let single = game.faces() > WINDOW_FACES;
        let mut reach_below = Vec::new();
        if single {
            reach_below = try_filled(n + 2, 0u32)?;
            for p in 0..=n {
                reach_below[p + 1] = reach_below[p] + u32::from(reach.get(p));
            }
        }
        Ok(Solver {
            game,
            reach,
            dense_symbols: DENSE_SYMBOLS,
            tolerance: GMRES_TOLERANCE,
            sym_of: try_filled(n + 1, NONE)?,
            syms: Vec::new(),
            vals: Vec::new(),
            mat: Vec::new(),
            a: Vec::new(),
            slack: Vec::new(),
            pivots: Vec::new(),
            gmres_work: 0,
            g: try_filled(per_square, 0.0)?,
            stay: try_filled(per_square, 0)?,
            tail_at,
            tails,
            reach_below,
            single,
        })
    }
}
