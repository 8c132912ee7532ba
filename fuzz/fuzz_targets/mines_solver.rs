//! Fuzzes the Minesweeper solver through its C ABI: `gg_mines_probabilities`, `gg_mines_hint`
//! and `gg_mines_hint_with` on arbitrary player views (taken from a real layout, random in the
//! alphabet, or with bytes outside it), arbitrary mine counts and dimensions (zero, huge,
//! overflowing), every first-click rule and effort (now and then an unknown one), and NULL or
//! misaligned options and outputs.
//!
//! A refusal leaves every output untouched. On success, as the header promises: -1 exactly on
//! revealed cells, [0, 1] on hidden ones, equal to counting every layout by brute force
//! (tests/mines_brute) within 1e-9 when few cells are hidden; the expected number of mines (the
//! sum) is the mine count; 'F' reads exactly like 'E'. The hint is a hidden cell whose risk is its
//! probability, a certainly safe cell whenever one exists, the rule's first click on an untouched
//! view, and GG_ERR_GAME_OVER exactly when no hidden cell can be safe. The win chance is NaN or at
//! most the hint's safety, always NaN with `GG_EFFORT_FAST`; under `GG_FIRST_CLICK_OPENING` the
//! standard effort gives `gg_mines_hint`'s very cell.
#![cfg_attr(not(test), no_main)]

#[path = "../harness/mod.rs"]
mod harness;
#[path = "../../tests/support/mines_brute.rs"]
#[allow(dead_code)]
mod mines_brute;

use gridgames::ffi::*;
use harness::{area, Buffer, Expect, Input, Pointer};

#[cfg(not(test))]
libfuzzer_sys::fuzz_target!(|data: &[u8]| check(data));

/// The largest view (valid larger sizes are skipped): the solver's cost grows with the frontier.
/// Smaller under Miri, as brute force is.
const MAX_CELLS: usize = if cfg!(miri) { 36 } else { 256 };
/// Brute force counts layouts only on views with at most this many hidden cells.
const BRUTE_HIDDEN: usize = if cfg!(miri) { 8 } else { 12 };
const SENTINEL: f64 = 4242.25;
const PLAYER_ALPHABET: &[u8] = b"EFB12345678";

/// A view, its mine count, and whether it certainly has a layout (it was read off one).
struct Case {
    rows: usize,
    cols: usize,
    /// rows * cols, or None when the library must refuse the dimensions.
    cells: Option<usize>,
    view: Vec<u8>,
    mines: usize,
    consistent: bool,
}

fn neighbours(i: usize, rows: usize, cols: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / cols, i % cols);
    (r.saturating_sub(1)..=(r + 1).min(rows - 1))
        .flat_map(move |rr| (c.saturating_sub(1)..=(c + 1).min(cols - 1)).map(move |cc| (rr, cc)))
        .filter(move |&(rr, cc)| (rr, cc) != (r, c))
        .map(move |(rr, cc)| rr * cols + cc)
}

fn case(input: &mut Input) -> Option<Case> {
    let rows = input.dim(8);
    let cols = input.dim(8);
    let cells = match area(rows, cols, 1, usize::MAX) {
        Ok(c) if c > MAX_CELLS => return None, // valid, but more than this target solves
        Ok(c) => Some(c),
        Err(_) => None,
    };
    let len = cells.unwrap_or(4);
    let mut consistent = false;
    let (view, true_mines) = match (input.u8(), cells) {
        // Read off a layout: mines hidden (some flagged), some safe cells revealed.
        (0..=159, Some(_)) => {
            let mine_pct = input.u8() % 50;
            let shown_pct = input.u8() % 100;
            let mine: Vec<bool> = (0..len).map(|_| input.u8() % 100 < mine_pct).collect();
            let view = (0..len)
                .map(|i| {
                    let shown = !mine[i] && input.u8() % 100 < shown_pct;
                    if shown {
                        match neighbours(i, rows, cols).filter(|&j| mine[j]).count() {
                            0 => b'B',
                            k => b'0' + k as u8,
                        }
                    } else if input.u8() < 24 {
                        b'F'
                    } else {
                        b'E'
                    }
                })
                .collect();
            consistent = true;
            (view, mine.iter().filter(|&&m| m).count())
        }
        // Any bytes of the player's alphabet, mostly hidden.
        (160..=239, _) => {
            let view = (0..len)
                .map(|_| match input.u8() {
                    0..=127 => b'E',
                    b => PLAYER_ALPHABET[b as usize % PLAYER_ALPHABET.len()],
                })
                .collect();
            (view, input.below(len / 3 + 2))
        }
        _ => ((0..len).map(|_| input.u8()).collect(), input.below(len + 2)),
    };
    let mut view: Vec<u8> = view;
    // Now and then one byte outside the alphabet, or (the last choice) any byte: a number there
    // may leave the view without a layout.
    if input.u8() >= 248 {
        let i = input.below(len);
        let byte = [b'M', b'X', b'0', b'9', b'e', 0, input.u8()][input.below(7)];
        consistent &= view[i] == byte;
        view[i] = byte;
    }
    let mines = match input.u8() {
        0..=207 => true_mines,
        208..=239 => input.below(len + 2),
        _ => {
            consistent = false;
            [len + 1, usize::MAX, input.u64() as usize][input.below(3)]
        }
    };
    consistent &= mines == true_mines && view.iter().all(|b| PLAYER_ALPHABET.contains(b));
    Some(Case {
        rows,
        cols,
        cells,
        view,
        mines,
        consistent,
    })
}

/// Plants the faults both functions must report about the view and the mine count. Returns
/// whether the view may have no layout without this target knowing (GG_ERR_INCONSISTENT is then
/// allowed, not required); brute force decides on small views.
fn view_faults(c: &Case, expect: &mut Expect, brute: Option<&Option<Vec<f64>>>) -> bool {
    let Some(cells) = c.cells else {
        let status = area(c.rows, c.cols, 1, usize::MAX).expect_err("refused dimensions");
        expect.fault(status, "dimensions");
        return false;
    };
    if !c.view.iter().all(|b| PLAYER_ALPHABET.contains(b)) {
        expect.fault(GG_ERR_INVALID_CELL, "a byte");
        return false;
    }
    if c.mines > cells {
        expect.fault(GG_ERR_TOO_MANY_MINES, "mines");
        return false;
    }
    match brute {
        Some(None) => {
            expect.fault(GG_ERR_INCONSISTENT, "no layout (brute force)");
            false
        }
        Some(Some(_)) => false,
        None => !c.consistent,
    }
}

fn hidden(b: u8) -> bool {
    b == b'E' || b == b'F'
}

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    let Some(c) = case(&mut input) else {
        return;
    };
    let valid_view = c.cells.is_some()
        && c.view.iter().all(|b| PLAYER_ALPHABET.contains(b))
        && c.mines <= c.view.len();
    let hidden_count = c.view.iter().filter(|&&b| hidden(b)).count();
    let brute = (valid_view && hidden_count <= BRUTE_HIDDEN)
        .then(|| mines_brute::probabilities(&c.view, c.rows, c.cols, c.mines));
    let probs = probabilities(&mut input, &c, brute.as_ref());
    let plain = hint(&mut input, &c, brute.as_ref(), probs.as_ref());
    hint_with(&mut input, &c, brute.as_ref(), probs.as_ref(), plain);
}

/// Calls gg_mines_probabilities; its result when the call succeeded.
fn probabilities(
    input: &mut Input,
    c: &Case,
    brute: Option<&Option<Vec<f64>>>,
) -> Option<Vec<f64>> {
    let len = c.view.len();
    let mut expect = Expect::new();
    let uncertain = view_faults(c, &mut expect, brute);
    let mut view = Buffer::new(&c.view, input.pointer());
    let mut out = Buffer::new(&vec![SENTINEL; len], input.pointer());
    if view.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "view NULL");
    }
    if out.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "probs_out NULL");
    }
    if out.misaligned() {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "probs_out misaligned");
    }
    let (view_before, out_before) = (view.bytes(), out.bytes());
    // SAFETY: `view` holds rows * cols chars and `out` as many doubles, unless the library must
    // refuse the dimensions before reading (then 4 of each); either may be NULL.
    let status =
        unsafe { gg_mines_probabilities(view.ptr().cast(), c.rows, c.cols, c.mines, out.ptr()) };
    if uncertain && status == GG_ERR_INCONSISTENT {
        expect.fault(status, "no layout");
    }
    expect.check(status, &context(c));
    assert_eq!(view.bytes(), view_before, "the view changed");
    if status != GG_OK {
        assert_eq!(out.bytes(), out_before, "probs_out written on error");
        return None;
    }
    let p = out.values().to_vec();
    for (i, (&b, &x)) in c.view.iter().zip(&p).enumerate() {
        if hidden(b) {
            assert!((0.0..=1.0).contains(&x), "cell {i}: {x}");
        } else {
            assert_eq!(x, -1.0, "revealed cell {i}");
        }
    }
    let hidden_count = c.view.iter().filter(|&&b| hidden(b)).count();
    let all_ones = p.iter().filter(|&&x| x >= 0.0).all(|&x| x == 1.0);
    assert_eq!(
        hidden_count > 0 && all_ones,
        hidden_count > 0 && c.mines == hidden_count,
        "every hidden cell certain to hold a mine exactly when there are as many mines"
    );
    // Every layout holds exactly `mines` mines.
    let sum: f64 = p.iter().filter(|&&x| x >= 0.0).sum();
    let tol = 1e-9 * len as f64;
    assert!(
        (sum - c.mines as f64).abs() <= tol,
        "the probabilities add to {sum}, not {} ({:?})",
        c.mines,
        context(c)
    );
    if let Some(Some(want)) = brute {
        for (i, (&x, &w)) in p.iter().zip(want).enumerate() {
            assert!(
                (x - w).abs() <= 1e-9,
                "cell {i}: {x}, brute force {w} ({:?})",
                context(c)
            );
            assert_eq!(x == 0.0, w == 0.0, "cell {i}: certainly safe or not");
        }
    }
    // A flag is only the player's claim: the same view without flags gives the same answer.
    if c.view.contains(&b'F') {
        let unflagged: Vec<u8> = c
            .view
            .iter()
            .map(|&b| if b == b'F' { b'E' } else { b })
            .collect();
        let mut q = vec![SENTINEL; len];
        // SAFETY: both buffers hold rows * cols elements.
        let s = unsafe {
            gg_mines_probabilities(
                unflagged.as_ptr().cast(),
                c.rows,
                c.cols,
                c.mines,
                q.as_mut_ptr(),
            )
        };
        assert_eq!(s, GG_OK);
        assert_eq!(p, q, "flags changed the probabilities");
    }
    Some(p)
}

fn context(c: &Case) -> (usize, usize, usize, String) {
    (
        c.rows,
        c.cols,
        c.mines,
        String::from_utf8_lossy(&c.view).into_owned(),
    )
}

/// Calls gg_mines_hint; its hint when the call succeeded.
fn hint(
    input: &mut Input,
    c: &Case,
    brute: Option<&Option<Vec<f64>>>,
    probs: Option<&Vec<f64>>,
) -> Option<(usize, usize, f64)> {
    let mut expect = Expect::new();
    let uncertain = view_faults(c, &mut expect, brute);
    let mut view = Buffer::new(&c.view, input.pointer());
    let mut outs = Outs::new(input, false);
    if view.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "view NULL");
    }
    outs.faults(&mut expect);
    let over = game_over(c, &mut expect);
    let before = outs.bytes();
    let view_before = view.bytes();
    // SAFETY: `view` holds rows * cols chars unless the library must refuse the dimensions first;
    // each out-pointer holds one element (or is NULL or misaligned, refused before any write).
    let status = unsafe {
        gg_mines_hint(
            view.ptr().cast(),
            c.rows,
            c.cols,
            c.mines,
            outs.row.ptr(),
            outs.col.ptr(),
            outs.risk.ptr(),
        )
    };
    if uncertain && status == GG_ERR_INCONSISTENT {
        expect.fault(status, "no layout");
    }
    expect.check(status, &context(c));
    assert_eq!(view.bytes(), view_before, "the view changed");
    if probs.is_some() && !view.ptr_is_null() && outs.clean() {
        over_exactly(status, over);
    }
    if status != GG_OK {
        assert_eq!(outs.bytes(), before, "written on error");
        return None;
    }
    check_hint(c, probs, outs.hint(), true);
    Some(outs.hint())
}

/// Calls gg_mines_hint_with under options the input picks; checks it as [`hint`] checks
/// gg_mines_hint, and its win chance; `plain` is gg_mines_hint's answer, when that call succeeded.
fn hint_with(
    input: &mut Input,
    c: &Case,
    brute: Option<&Option<Vec<f64>>>,
    probs: Option<&Vec<f64>>,
    plain: Option<(usize, usize, f64)>,
) {
    let mut expect = Expect::new();
    let uncertain = view_faults(c, &mut expect, brute);
    let mut view = Buffer::new(&c.view, input.pointer());
    let pick = |input: &mut Input| match input.u8() {
        0..=247 => u32::from(input.u8() % 3),
        _ => input.u32(),
    };
    let (first_click, effort) = (pick(input), pick(input));
    let mut options = Buffer::new(
        &[gg_mines_hint_options {
            first_click,
            effort,
        }],
        input.pointer(),
    );
    let mut outs = Outs::new(input, true);
    if view.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "view NULL");
    }
    if options.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "options NULL");
    } else if options.misaligned() {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "options misaligned");
    } else {
        if first_click > GG_FIRST_CLICK_OPENING {
            expect.fault(GG_ERR_INVALID_ARGUMENT, "unknown first_click");
        }
        if effort > GG_EFFORT_DEEP {
            expect.fault(GG_ERR_INVALID_ARGUMENT, "unknown effort");
        }
    }
    outs.faults(&mut expect);
    let over = game_over(c, &mut expect);
    let known_options =
        !options.ptr_is_null() && first_click <= GG_FIRST_CLICK_OPENING && effort <= GG_EFFORT_DEEP;
    let before = outs.bytes();
    let (view_before, options_before) = (view.bytes(), options.bytes());
    // SAFETY: as in `hint`; `options` holds one gg_mines_hint_options (or is NULL or misaligned,
    // refused before any read).
    let status = unsafe {
        gg_mines_hint_with(
            view.ptr().cast(),
            c.rows,
            c.cols,
            c.mines,
            options.ptr(),
            outs.row.ptr(),
            outs.col.ptr(),
            outs.risk.ptr(),
            outs.win.ptr(),
        )
    };
    if uncertain && status == GG_ERR_INCONSISTENT {
        expect.fault(status, "no layout");
    }
    expect.check(status, &(context(c), first_click, effort));
    assert_eq!(view.bytes(), view_before, "the view changed");
    assert_eq!(options.bytes(), options_before, "the options changed");
    if probs.is_some()
        && !view.ptr_is_null()
        && known_options
        && !options.misaligned()
        && outs.clean()
    {
        over_exactly(status, over);
    }
    if status != GG_OK {
        assert_eq!(outs.bytes(), before, "written on error");
        return;
    }
    let (r, k, x) = outs.hint();
    check_hint(c, probs, (r, k, x), first_click == GG_FIRST_CLICK_OPENING);
    let win = outs.win.values()[0];
    assert!(
        win.is_nan() || (0.0..=1.0 - x + 1e-9).contains(&win),
        "win chance {win} with the hint's risk {x}"
    );
    if effort == GG_EFFORT_FAST {
        assert!(win.is_nan(), "GG_EFFORT_FAST computed a win chance {win}");
    }
    if first_click == GG_FIRST_CLICK_OPENING && effort == GG_EFFORT_STANDARD {
        let (r0, k0, x0) = plain.unwrap_or_else(|| {
            // The first call failed for its own pointers; ask again properly.
            let (mut r0, mut k0, mut x0) = (usize::MAX, usize::MAX, SENTINEL);
            // SAFETY: the view holds rows * cols chars (the call above read it); the outputs are
            // live locals.
            let s = unsafe {
                gg_mines_hint(
                    c.view.as_ptr().cast(),
                    c.rows,
                    c.cols,
                    c.mines,
                    &mut r0,
                    &mut k0,
                    &mut x0,
                )
            };
            assert_eq!(
                s, GG_OK,
                "gg_mines_hint_with succeeded, gg_mines_hint did not"
            );
            (r0, k0, x0)
        });
        assert_eq!((r0, k0, x0), (r, k, x), "gg_mines_hint gives another cell");
    }
}

/// The hint's outputs, each behind a pointer the input picked; `win` only for
/// gg_mines_hint_with.
struct Outs {
    row: Buffer<usize>,
    col: Buffer<usize>,
    risk: Buffer<f64>,
    win: Buffer<f64>,
    with_win: bool,
}

impl Outs {
    fn new(input: &mut Input, with_win: bool) -> Self {
        let row = Buffer::new(&[usize::MAX - 1], input.pointer());
        let col = Buffer::new(&[usize::MAX - 2], input.pointer());
        let risk = Buffer::new(&[SENTINEL], input.pointer());
        let kind = if with_win {
            input.pointer()
        } else {
            Pointer::Valid
        };
        Outs {
            row,
            col,
            risk,
            win: Buffer::new(&[SENTINEL], kind),
            with_win,
        }
    }

    /// (name, NULL, misaligned) for each output the call takes.
    fn kinds(&self) -> Vec<(&'static str, bool, bool)> {
        let mut k = vec![
            ("row_out", self.row.ptr_is_null(), self.row.misaligned()),
            ("col_out", self.col.ptr_is_null(), self.col.misaligned()),
            ("risk_out", self.risk.ptr_is_null(), self.risk.misaligned()),
        ];
        if self.with_win {
            k.push(("win_out", self.win.ptr_is_null(), self.win.misaligned()));
        }
        k
    }

    fn faults(&self, expect: &mut Expect) {
        for (name, null, misaligned) in self.kinds() {
            if null {
                expect.fault(GG_ERR_NULL_POINTER, format!("{name} NULL"));
            }
            if misaligned {
                expect.fault(GG_ERR_INVALID_ARGUMENT, format!("{name} misaligned"));
            }
        }
    }

    /// Whether no output is NULL or misaligned.
    fn clean(&self) -> bool {
        self.kinds().iter().all(|&(_, null, mis)| !null && !mis)
    }

    fn bytes(&self) -> [Vec<u8>; 4] {
        [
            self.row.bytes(),
            self.col.bytes(),
            self.risk.bytes(),
            self.win.bytes(),
        ]
    }

    fn hint(&self) -> (usize, usize, f64) {
        (
            self.row.values()[0],
            self.col.values()[0],
            self.risk.values()[0],
        )
    }
}

/// Plants GG_ERR_GAME_OVER when no hidden cell can be safe (none is hidden, or every one holds a
/// mine); returns whether that is so.
fn game_over(c: &Case, expect: &mut Expect) -> bool {
    let hidden_count = c.view.iter().filter(|&&b| hidden(b)).count();
    let over = hidden_count == 0 || c.mines == hidden_count;
    if over {
        expect.fault(GG_ERR_GAME_OVER, "no hidden cell can be safe");
    }
    over
}

/// For a view the probabilities accepted and a call with sound pointers: refused only when the
/// game is over, and then exactly.
fn over_exactly(status: i32, over: bool) {
    assert!(
        status == GG_OK || status == GG_ERR_GAME_OVER,
        "status {status}"
    );
    assert_eq!(
        status == GG_ERR_GAME_OVER,
        over,
        "GAME_OVER exactly when nothing is safe"
    );
}

/// Checks a hint the library returned: on the board and hidden, its risk the cell's probability,
/// a certainly safe cell whenever one exists, and on an untouched view the first click of the
/// rule (`opens`: the first click opens).
fn check_hint(c: &Case, probs: Option<&Vec<f64>>, (r, k, x): (usize, usize, f64), opens: bool) {
    let hidden_count = c.view.iter().filter(|&&b| hidden(b)).count();
    assert!(r < c.rows && k < c.cols, "({r}, {k}) is off the board");
    let i = r * c.cols + k;
    assert!(hidden(c.view[i]), "the hint ({r}, {k}) is not hidden");
    assert!((0.0..1.0).contains(&x), "risk {x}");
    if hidden_count == c.view.len() && c.mines < hidden_count {
        // Opening: two in from the corner, three on a board with one side at least 1.5 times
        // the other. Only safe: the corner.
        let wide = 2 * c.rows.max(c.cols) >= 3 * c.rows.min(c.cols);
        let step = if wide { 3 } else { 2 };
        let want = if opens {
            (step.min((c.rows - 1) / 2), step.min((c.cols - 1) / 2))
        } else {
            (0, 0)
        };
        assert_eq!((r, k), want, "the first click");
        let p = c.mines as f64 / hidden_count as f64;
        assert!((x - p).abs() <= 1e-12, "opening risk {x} vs {p}");
        return;
    }
    let p = match probs {
        Some(p) => p.clone(),
        None => {
            // The first call failed for its own pointers; ask again properly.
            let mut p = vec![SENTINEL; c.view.len()];
            // SAFETY: both buffers hold rows * cols elements.
            let s = unsafe {
                gg_mines_probabilities(
                    c.view.as_ptr().cast(),
                    c.rows,
                    c.cols,
                    c.mines,
                    p.as_mut_ptr(),
                )
            };
            assert_eq!(s, GG_OK, "the hint succeeded, the probabilities did not");
            p
        }
    };
    assert!((x - p[i]).abs() <= 1e-9, "risk {x}, probability {}", p[i]);
    if p.contains(&0.0) {
        assert_eq!(
            x, 0.0,
            "a certainly safe cell exists, but the hint risks {x}"
        );
    }
}
