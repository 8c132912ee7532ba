//! Fuzzes the real-game family through its C ABI: `gg_snakes_grid_to_jumps`, `_move`,
//! `_shortest`, `_expected_turns`, `_length_distribution` and `_win_chances`, with arbitrary
//! dimensions, jump tables (invalid cells, jumps on the last square), rules (unknown overshoot,
//! 0 or huge faces, any start), players, rounds, capacities, and NULL or misaligned pointers.
//!
//! Every refusal must leave every output untouched. Every answer is checked against a small
//! independent model of the chain built here from the documented rules (a turn, reachability, a
//! breadth-first search, dense solves for the mean and the chance to finish, the distribution of
//! one player pushed forward): conversions square by square, moves exactly, the fewest turns and
//! a replay of their faces, the mean within the documented 1e-9, the distribution within 1e-12
//! and summing with its tail to 1, win chances in their bounds. Boards stay small (a few dozen
//! squares) so that each input runs in well under a millisecond.
#![cfg_attr(not(test), no_main)]

#[path = "../harness/mod.rs"]
mod harness;

use gridgames::ffi::*;
use harness::{area, square_index, Buffer, Expect, Input, Pointer};

#[cfg(not(test))]
libfuzzer_sys::fuzz_target!(|data: &[u8]| check(data));

/// The most squares a table gets (valid larger sizes are skipped; fewer under Miri).
const MAX_SQUARES: usize = if cfg!(miri) { 16 } else { 40 };
/// The most rounds a distribution is asked for.
const MAX_ROUNDS: usize = if cfg!(miri) { 30 } else { 300 };
/// Win chances are only asked for when no position needs more than this many turns on average
/// to finish or get stuck: the library sums until 1e-15 is left, so slow chains cost seconds.
const MAX_MEAN_FOR_WINS: f64 = 2e4;

const SENTINEL_I32: i32 = 0x5EED_5EED;
const SENTINEL_F64: f64 = 12345.5;

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    grid_to_jumps(&mut input);
    table_functions(&mut input);
}

/// A destination: mostly none or on the board, sometimes just off it, rarely anything.
fn cell(input: &mut Input, squares: usize) -> i32 {
    match input.u8() {
        0..=169 => -1,
        170..=247 => 1 + input.below(squares.max(1)) as i32,
        248..=252 => [0, -2, i32::MIN, i32::MAX, squares as i32 + 1][input.below(5)],
        _ => input.u32() as i32,
    }
}

/// Whether `v` is a valid destination on a board of `squares` squares.
fn valid(v: i32, squares: usize) -> bool {
    v == -1 || (1..=squares as i64).contains(&i64::from(v))
}

fn grid_to_jumps(input: &mut Input) {
    let rows = input.dim(7);
    let cols = input.dim(7);
    let board_kind = input.pointer();
    let out_kind = input.pointer();
    let mut expect = Expect::new();
    let squares = match area(rows, cols, 4, usize::MAX) {
        Ok(s) if s > i32::MAX as usize => {
            expect.fault(GG_ERR_SIZE_OVERFLOW, "rows * cols > INT32_MAX");
            None
        }
        Ok(s) if s > MAX_SQUARES => return,
        Ok(s) => Some(s),
        Err(status) => {
            expect.fault(status, "dimensions");
            None
        }
    };
    let len = squares.unwrap_or(4);
    let mut cells: Vec<i32> = (0..len).map(|_| cell(input, len)).collect();
    // The capacity: mostly exactly enough, sometimes one short or more than enough.
    let cap = match input.u8() {
        0..=199 => len,
        200..=229 => len.saturating_sub(1),
        _ => len + input.below(3),
    };
    if let Some(sq) = squares {
        let last = square_index(sq, rows, cols);
        if input.u8() < 230 {
            cells[last] = if input.u8() < 200 { -1 } else { sq as i32 };
        }
        if !cells.iter().all(|&v| valid(v, sq)) {
            expect.fault(GG_ERR_INVALID_CELL, "a cell");
        }
        if cells[last] != -1 && cells[last] as usize != sq {
            expect.fault(GG_ERR_INVALID_CELL, "a jump on the last square");
        }
        if cap < sq {
            expect.fault(GG_ERR_BUFFER_TOO_SMALL, "cap");
        }
    }
    let mut board = Buffer::new(&cells, board_kind);
    let mut out = Buffer::new(&vec![SENTINEL_I32; cap.max(1)], out_kind);
    for (null, misaligned, name) in [
        (board.ptr_is_null(), board.misaligned(), "board"),
        (out.ptr_is_null(), out.misaligned(), "jumps_out"),
    ] {
        if null {
            expect.fault(GG_ERR_NULL_POINTER, format!("{name} NULL"));
        }
        if misaligned {
            expect.fault(GG_ERR_INVALID_ARGUMENT, format!("{name} misaligned"));
        }
    }
    let (board_before, out_before) = (board.bytes(), out.bytes());
    // SAFETY: `board` holds `len` int32_t (rows * cols unless the library must refuse them
    // first); `out` holds at least `cap` writable int32_t.
    let status = unsafe { gg_snakes_grid_to_jumps(board.ptr(), rows, cols, out.ptr(), cap) };
    expect.check(status, &(rows, cols, cap, &cells));
    assert_eq!(board.bytes(), board_before, "the board changed");
    if status != GG_OK {
        assert_eq!(out.bytes(), out_before, "jumps_out written on error");
        return;
    }
    let sq = squares.expect("success needs a valid size");
    let got = out.values();
    for s in 1..=sq {
        assert_eq!(got[s - 1], cells[square_index(s, rows, cols)], "square {s}");
    }
    assert!(
        got[sq..].iter().all(|&v| v == SENTINEL_I32),
        "written past rows * cols"
    );
}

/// The rules: mostly valid, sometimes unknown overshoot, 0 or huge faces, a start off the board.
fn rules(input: &mut Input, squares: usize) -> gg_snakes_rules {
    let faces = match input.u8() {
        0..=199 => 1 + input.below(8) as u32,
        200..=229 => input.below(2 * squares + 3) as u32,
        230..=249 => [0, 1, 64, 1 << 20, 1 << 31, u32::MAX][input.below(6)],
        _ => input.u32(),
    };
    let overshoot = match input.u8() {
        0..=243 => input.below(3) as u32,
        _ => [3, u32::MAX, input.u32()][input.below(3)],
    };
    let start = match input.u8() {
        0..=127 => 0,
        128..=243 => input.below(squares),
        _ => [squares, squares + 1, usize::MAX, input.u64() as usize][input.below(4)],
    };
    gg_snakes_rules {
        faces,
        overshoot,
        start,
    }
}

/// One turn, from the header: aim at p + f; past N stay, bounce or finish; follow a jump once.
fn step(jumps: &[i32], r: &gg_snakes_rules, p: usize, f: u64) -> usize {
    let n = jumps.len() as u64;
    let mut t = p as u64 + f;
    if t > n {
        match r.overshoot {
            GG_OVERSHOOT_STAY => return p,
            GG_OVERSHOOT_BOUNCE => t = 2 * n - t,
            _ => t = n,
        }
    }
    match jumps[t as usize - 1] {
        -1 => t as usize,
        d => d as usize,
    }
}

/// The chain of one player's positions 0..=N on a valid board: each position's successors with
/// their probabilities. Faces past N + 1 all do what face N + 1 does (bounce needs faces <= N),
/// so huge dice cost nothing.
struct Chain {
    n: usize,
    start: usize,
    next: Vec<Vec<(usize, f64)>>,
    can_finish: Vec<bool>,
    reachable: Vec<bool>,
}

impl Chain {
    fn new(jumps: &[i32], r: &gg_snakes_rules) -> Chain {
        let n = jumps.len();
        let faces = u64::from(r.faces);
        let distinct = faces.min(n as u64 + 1);
        let next: Vec<Vec<(usize, f64)>> = (0..n)
            .map(|p| {
                let mut v: Vec<(usize, f64)> = (1..=distinct)
                    .map(|f| (step(jumps, r, p, f), 1.0 / faces as f64))
                    .collect();
                if faces > distinct {
                    let q = step(jumps, r, p, distinct);
                    v.push((q, (faces - distinct) as f64 / faces as f64));
                }
                v
            })
            .collect();
        let mut can_finish = vec![false; n + 1];
        can_finish[n] = true;
        loop {
            let mut changed = false;
            for p in 0..n {
                if !can_finish[p] && next[p].iter().any(|&(q, _)| can_finish[q]) {
                    can_finish[p] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut reachable = vec![false; n + 1];
        reachable[r.start] = true;
        let mut stack = vec![r.start];
        while let Some(p) = stack.pop() {
            if p == n {
                continue;
            }
            for &(q, _) in &next[p] {
                if !reachable[q] {
                    reachable[q] = true;
                    stack.push(q);
                }
            }
        }
        Chain {
            n,
            start: r.start,
            next,
            can_finish,
            reachable,
        }
    }

    /// The fewest turns from the start to N (breadth-first), or None.
    fn shortest(&self) -> Option<usize> {
        let mut dist = vec![usize::MAX; self.n + 1];
        dist[self.start] = 0;
        let mut queue = std::collections::VecDeque::from([self.start]);
        while let Some(p) = queue.pop_front() {
            if p == self.n {
                return Some(dist[p]);
            }
            for &(q, _) in &self.next[p] {
                if dist[q] == usize::MAX {
                    dist[q] = dist[p] + 1;
                    queue.push_back(q);
                }
            }
        }
        None
    }

    /// Whether the mean is infinite: a reachable position cannot reach N.
    fn infinite(&self) -> bool {
        (0..self.n).any(|p| self.reachable[p] && !self.can_finish[p])
    }

    /// For every position that can finish: (the mean number of turns until it finishes or gets
    /// stuck, the chance it finishes), by two dense solves of `(I - Q) x = b`.
    fn absorption(&self) -> (Vec<f64>, Vec<f64>) {
        let live: Vec<usize> = (0..self.n).filter(|&p| self.can_finish[p]).collect();
        let mut index = vec![usize::MAX; self.n + 1];
        for (i, &p) in live.iter().enumerate() {
            index[p] = i;
        }
        let k = live.len();
        let mut a = vec![vec![0.0f64; k + 2]; k];
        for (i, &p) in live.iter().enumerate() {
            a[i][i] += 1.0;
            a[i][k] = 1.0;
            for &(q, w) in &self.next[p] {
                if q == self.n {
                    a[i][k + 1] += w;
                } else if self.can_finish[q] {
                    a[i][index[q]] -= w;
                }
            }
        }
        let x = solve(a, 2);
        let mut mean = vec![0.0; self.n + 1];
        let mut finish = vec![0.0; self.n + 1];
        finish[self.n] = 1.0;
        for (i, &p) in live.iter().enumerate() {
            mean[p] = x[i][0];
            finish[p] = x[i][1];
        }
        (mean, finish)
    }

    /// S(t) for t = 0..=turns: P(one player has not finished after t turns).
    #[allow(clippy::needless_range_loop)]
    fn survival(&self, turns: usize) -> Vec<f64> {
        let mut mass = vec![0.0f64; self.n + 1];
        mass[self.start] = 1.0;
        let mut s = vec![1.0];
        for _ in 0..turns {
            let mut next = vec![0.0f64; self.n + 1];
            for p in 0..self.n {
                if mass[p] != 0.0 {
                    for &(q, w) in &self.next[p] {
                        next[q] += mass[p] * w;
                    }
                }
            }
            // S(t) = S(t-1) - what reached N: exact enough near 1, where S(t)^P magnifies
            // every rounding error P times.
            let last = s[s.len() - 1];
            s.push((last - next[self.n]).clamp(0.0, 1.0));
            next[self.n] = 0.0;
            mass = next;
        }
        s
    }
}

/// Gaussian elimination with partial pivoting on `k` rows of `k + rhs` columns; the solutions.
#[allow(clippy::needless_range_loop)] // textbook index loops, on purpose
fn solve(mut a: Vec<Vec<f64>>, rhs: usize) -> Vec<Vec<f64>> {
    let k = a.len();
    for c in 0..k {
        let piv = (c..k)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .expect("a row");
        a.swap(c, piv);
        for i in c + 1..k {
            let g = a[i][c] / a[c][c];
            if g != 0.0 {
                for j in c..k + rhs {
                    a[i][j] -= g * a[c][j];
                }
            }
        }
    }
    let mut x = vec![vec![0.0; rhs]; k];
    for c in (0..k).rev() {
        for r in 0..rhs {
            let mut v = a[c][k + r];
            for j in c + 1..k {
                v -= a[c][j] * x[j][r];
            }
            x[c][r] = v / a[c][c];
        }
    }
    x
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    a == b || (a - b).abs() <= rel * b.abs().max(1.0)
}

/// A jump table and rules as passed to the five table functions, with what the library must
/// refuse about them and, when they are valid, the model.
struct Table {
    /// The squares argument: the table's length, or a size the library must refuse first (the
    /// table then holds 4 squares it must not read).
    squares: usize,
    table: Vec<i32>,
    rules: gg_snakes_rules,
    jumps_buf: Buffer<i32>,
    rules_buf: Buffer<gg_snakes_rules>,
    faults: Vec<(i32, String)>,
    chain: Option<Chain>,
}

impl Table {
    fn new(input: &mut Input) -> Option<Table> {
        let squares = match input.u8() {
            0..=231 => input.below(MAX_SQUARES + 1),
            232..=247 => harness::EDGE_DIMS[input.below(harness::EDGE_DIMS.len())],
            _ => input.u64() as usize,
        };
        let mut faults = Vec::new();
        let n = match squares {
            0 => {
                faults.push((GG_ERR_ZERO_SIZE, "0 squares".to_string()));
                None
            }
            s if s > i32::MAX as usize => {
                faults.push((GG_ERR_SIZE_OVERFLOW, "squares > INT32_MAX".to_string()));
                None
            }
            s if s > MAX_SQUARES => return None, // valid, but larger than the model's budget
            s => Some(s),
        };
        let len = n.unwrap_or(4);
        let mut table: Vec<i32> = (0..len).map(|_| cell(input, len)).collect();
        if input.u8() < 230 {
            table[len - 1] = if input.u8() < 200 { -1 } else { len as i32 };
        }
        let r = rules(input, len);
        let jumps_buf = Buffer::new(&table, input.pointer());
        let rules_buf = Buffer::new(&[r], input.pointer());
        for (null, misaligned, name) in [
            (jumps_buf.ptr_is_null(), jumps_buf.misaligned(), "jumps"),
            (rules_buf.ptr_is_null(), rules_buf.misaligned(), "rules"),
        ] {
            if null {
                faults.push((GG_ERR_NULL_POINTER, format!("{name} NULL")));
            }
            if misaligned {
                faults.push((GG_ERR_INVALID_ARGUMENT, format!("{name} misaligned")));
            }
        }
        if let Some(n) = n {
            let mut bad = |status, why: &str| faults.push((status, why.to_string()));
            if r.overshoot > GG_OVERSHOOT_FINISH {
                bad(GG_ERR_INVALID_ARGUMENT, "unknown overshoot");
            }
            if r.faces == 0 {
                bad(GG_ERR_INVALID_ARGUMENT, "0 faces");
            }
            if r.start >= n {
                bad(GG_ERR_INVALID_ARGUMENT, "start >= N");
            }
            if r.overshoot == GG_OVERSHOOT_BOUNCE && r.faces as usize > n {
                bad(GG_ERR_INVALID_ARGUMENT, "bounce with faces > N");
            }
            let last = table[n - 1];
            if !table.iter().all(|&v| valid(v, n)) || (last != -1 && last as usize != n) {
                bad(GG_ERR_INVALID_CELL, "a square");
            }
        }
        let chain = faults.is_empty().then(|| Chain::new(&table, &r));
        Some(Table {
            squares,
            table,
            rules: r,
            jumps_buf,
            rules_buf,
            faults,
            chain,
        })
    }

    /// An Expect holding the faults every table function must report.
    fn expect(&self) -> Expect {
        let mut e = Expect::new();
        for (status, why) in &self.faults {
            e.fault(*status, why.clone());
        }
        e
    }

    fn n(&self) -> usize {
        self.table.len()
    }
}

fn table_functions(input: &mut Input) {
    let Some(mut t) = Table::new(input) else {
        return;
    };
    let jumps_before = t.jumps_buf.bytes();
    let rules_before = t.rules_buf.bytes();
    for _ in 0..1 + input.below(3) {
        match input.u8() % 5 {
            0 => moves(input, &mut t),
            1 => shortest(input, &mut t),
            2 => expected(input, &mut t),
            3 => distribution(input, &mut t),
            _ => wins(input, &mut t),
        }
        assert_eq!(t.jumps_buf.bytes(), jumps_before, "the jump table changed");
        assert_eq!(t.rules_buf.bytes(), rules_before, "the rules changed");
    }
}

fn moves(input: &mut Input, t: &mut Table) {
    let n = t.n();
    let out_kind = input.pointer();
    for _ in 0..1 + input.below(4) {
        let from = match input.u8() {
            0..=239 => input.below(n + 1),
            _ => [n + 1, usize::MAX, input.u64() as usize][input.below(3)],
        };
        let face = match input.u8() {
            0..=231 => 1 + input.below(t.rules.faces.clamp(1, 64) as usize) as u32,
            _ => [0, t.rules.faces.wrapping_add(1), u32::MAX, input.u32()][input.below(4)],
        };
        let mut expect = t.expect();
        if from > n {
            expect.fault(GG_ERR_OUT_OF_BOUNDS, "from > N");
        }
        if from == n {
            expect.fault(GG_ERR_GAME_OVER, "from == N");
        }
        if face == 0 || face > t.rules.faces {
            expect.fault(GG_ERR_INVALID_ARGUMENT, "face");
        }
        let mut to = Buffer::new(&[usize::MAX - 7], out_kind);
        if to.ptr_is_null() {
            expect.fault(GG_ERR_NULL_POINTER, "to_out NULL");
        }
        if to.misaligned() {
            expect.fault(GG_ERR_INVALID_ARGUMENT, "to_out misaligned");
        }
        let before = to.bytes();
        // SAFETY: the table holds `squares` int32_t unless the library must refuse that size
        // first; the rules and `to` hold one element each (or are NULL).
        let status = unsafe {
            gg_snakes_move(
                t.jumps_buf.ptr(),
                t.squares,
                t.rules_buf.ptr(),
                from,
                face,
                to.ptr(),
            )
        };
        expect.check(status, &(&t.table, t.rules, from, face));
        if status != GG_OK {
            assert_eq!(to.bytes(), before, "to_out written on error");
            continue;
        }
        let want = step(&t.table, &t.rules, from, u64::from(face));
        assert_eq!(to.values()[0], want, "move from {from} with {face}");
    }
}

fn shortest(input: &mut Input, t: &mut Table) {
    let n = t.n();
    let want = t.chain.as_ref().map(Chain::shortest);
    let cap = match input.u8() {
        0..=63 => 0,
        64..=191 => n,
        _ => input.below(n + 2),
    };
    let faces_kind = if cap == 0 && input.u8() < 128 {
        Pointer::Null
    } else {
        input.pointer()
    };
    let mut faces = Buffer::new(&vec![0xFACE_u32; cap.max(1)], faces_kind);
    let mut turns = Buffer::new(&[i64::MIN + 3], input.pointer());
    let mut expect = t.expect();
    if turns.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "turns_out NULL");
    }
    if turns.misaligned() {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "turns_out misaligned");
    }
    if cap > 0 && faces.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "faces_out NULL");
    }
    if cap > 0 && faces.misaligned() {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "faces_out misaligned");
    }
    // Only a call with nothing else wrong may (and then must) report the short buffer.
    let only_short = expect.is_clean() && matches!(want, Some(Some(k)) if cap > 0 && cap < k);
    if only_short {
        expect.fault(GG_ERR_BUFFER_TOO_SMALL, "cap below the turns");
    }
    let (faces_before, turns_before) = (faces.bytes(), turns.bytes());
    // SAFETY: `faces` holds at least `cap` uint32_t (or is NULL), `turns` one int64_t; table and
    // rules as in `moves`.
    let status = unsafe {
        gg_snakes_shortest(
            t.jumps_buf.ptr(),
            t.squares,
            t.rules_buf.ptr(),
            faces.ptr(),
            cap,
            turns.ptr(),
        )
    };
    expect.check(status, &(&t.table, t.rules, cap));
    if status != GG_OK && !only_short {
        assert_eq!(faces.bytes(), faces_before, "faces_out written on error");
        assert_eq!(turns.bytes(), turns_before, "turns_out written on error");
        return;
    }
    let want = want.expect("success needs a valid board");
    let got = turns.values()[0];
    assert_eq!(got, want.map_or(-1, |k| k as i64), "fewest turns");
    if only_short || cap == 0 || got < 0 {
        assert_eq!(
            faces.bytes(),
            faces_before,
            "faces_out written without room"
        );
        return;
    }
    let got = got as usize;
    let played = faces.values();
    let mut p = t.rules.start;
    for (i, &f) in played[..got].iter().enumerate() {
        assert!(
            f >= 1 && f <= t.rules.faces,
            "face {f} of {}",
            t.rules.faces
        );
        let mut to = usize::MAX;
        // SAFETY: the call above accepted the table and rules; `to` is a live local.
        let s = unsafe { gg_snakes_move(t.jumps_buf.ptr(), n, t.rules_buf.ptr(), p, f, &mut to) };
        assert_eq!(s, GG_OK, "replaying face {i}");
        p = to;
        assert!(p < n || i + 1 == got, "reached N before the last face");
    }
    assert_eq!(p, n, "the faces do not end on N");
    assert!(
        played[got..].iter().all(|&f| f == 0xFACE),
        "written past the turns"
    );
}

fn expected(input: &mut Input, t: &mut Table) {
    let mut expect = t.expect();
    let mut out = Buffer::new(&[SENTINEL_F64], input.pointer());
    if out.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "out NULL");
    }
    if out.misaligned() {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "out misaligned");
    }
    // Means this large may be beyond what double precision can prove to 1e-9: the library may
    // refuse them (it must never answer them wrongly).
    let huge = t
        .chain
        .as_ref()
        .filter(|c| !c.infinite())
        .is_some_and(|c| c.absorption().0.iter().any(|&m| m.is_nan() || m >= 1e12));
    let before = out.bytes();
    // SAFETY: `out` holds one double (or is NULL); table and rules as in `moves`.
    let status = unsafe {
        gg_snakes_expected_turns(t.jumps_buf.ptr(), t.squares, t.rules_buf.ptr(), out.ptr())
    };
    if huge && expect.is_clean() && status == GG_ERR_INVALID_ARGUMENT {
        assert!(
            harness::last_error().contains("1e-9"),
            "{}",
            harness::last_error()
        );
        assert_eq!(out.bytes(), before, "out written on error");
        return;
    }
    expect.check(status, &(&t.table, t.rules));
    if status != GG_OK {
        assert_eq!(out.bytes(), before, "out written on error");
        return;
    }
    let chain = t.chain.as_ref().expect("success needs a valid board");
    let e = out.values()[0];
    if chain.infinite() {
        assert_eq!(e, f64::INFINITY, "a reachable position cannot finish");
        return;
    }
    assert!(e.is_finite() && e >= 1.0, "mean {e}");
    let (mean, _) = chain.absorption();
    let max = mean.iter().fold(0.0f64, |a, &b| a.max(b));
    // The model's own dense solve loses about max * 1e-16 relative; skip where that matters.
    if max < 1e5 {
        let want = mean[chain.start];
        assert!(close(e, want, 1e-9), "mean {e}, model {want}");
    }
}

fn distribution(input: &mut Input, t: &mut Table) {
    let players = match input.u8() {
        0..=239 => 1 + input.below(4) as u32,
        _ => [0, 64, u32::MAX][input.below(3)],
    };
    let mut expect = t.expect();
    let rounds = match input.u8() {
        0..=31 => 0,
        32..=243 => input.below(MAX_ROUNDS + 1),
        _ => {
            expect.fault(GG_ERR_SIZE_OVERFLOW, "rounds of doubles overflow");
            [
                usize::MAX,
                isize::MAX as usize,
                (isize::MAX as usize >> 3) + 1,
            ][input.below(3)]
        }
    };
    let len = rounds.min(MAX_ROUNDS + 1);
    let probs_kind = if rounds == 0 && input.u8() < 128 {
        Pointer::Null
    } else {
        input.pointer()
    };
    let mut probs = Buffer::new(&vec![SENTINEL_F64; len.max(1)], probs_kind);
    let mut tail = Buffer::new(&[SENTINEL_F64], input.pointer());
    if players == 0 {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "0 players");
    }
    if tail.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "tail_out NULL");
    }
    if tail.misaligned() {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "tail_out misaligned");
    }
    if rounds > 0 && probs.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "probs_out NULL");
    }
    if rounds > 0 && probs.misaligned() {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "probs_out misaligned");
    }
    let (probs_before, tail_before) = (probs.bytes(), tail.bytes());
    // SAFETY: `probs` holds `rounds` doubles unless the library must refuse `rounds` as too
    // large (or is NULL); `tail` holds one; table and rules as in `moves`.
    let status = unsafe {
        gg_snakes_length_distribution(
            t.jumps_buf.ptr(),
            t.squares,
            t.rules_buf.ptr(),
            players,
            probs.ptr(),
            rounds,
            tail.ptr(),
        )
    };
    expect.check(status, &(&t.table, t.rules, players, rounds));
    if status != GG_OK {
        assert_eq!(probs.bytes(), probs_before, "probs_out written on error");
        assert_eq!(tail.bytes(), tail_before, "tail_out written on error");
        return;
    }
    let chain = t.chain.as_ref().expect("success needs a valid board");
    let got = if rounds > 0 {
        &probs.values()[..rounds]
    } else {
        &[]
    };
    let tail = tail.values()[0];
    assert!(
        got.iter().chain([&tail]).all(|p| (0.0..=1.0).contains(p)),
        "{got:?} {tail}"
    );
    let total: f64 = got.iter().sum::<f64>() + tail;
    assert!(
        (total - 1.0).abs() <= 1e-12,
        "with the tail the sum is {total}"
    );
    let fewest = chain.shortest();
    for (k, &p) in got.iter().enumerate() {
        if fewest.is_none_or(|f| k + 1 < f) {
            assert_eq!(p, 0.0, "round {} ends a game faster than possible", k + 1);
        }
    }
    // The game ends in round k with P(all survive k - 1 turns) - P(all survive k turns). A
    // rounding error in S(k) grows P times in S(k)^P, in the library as in this model.
    let s = chain.survival(rounds);
    let all = |x: f64| x.powf(f64::from(players));
    let tol = 1e-12 + f64::from(players) * 1e-15;
    for k in 1..=rounds {
        let want = all(s[k - 1]) - all(s[k]);
        let p = got[k - 1];
        assert!((p - want).abs() <= tol, "round {k}: {p} vs {want}");
    }
    let want = all(s[rounds]);
    assert!((tail - want).abs() <= tol, "tail {tail} vs {want}");
}

fn wins(input: &mut Input, t: &mut Table) {
    let players = match input.u8() {
        0..=7 => 0,
        _ => 1 + input.below(6) as u32,
    };
    // A slow chain is skipped (see MAX_MEAN_FOR_WINS).
    let absorption = t.chain.as_ref().map(Chain::absorption);
    if let Some((mean, _)) = &absorption {
        if mean.iter().any(|&m| m > MAX_MEAN_FOR_WINS) {
            return;
        }
    }
    let mut expect = t.expect();
    let len = players.max(1) as usize;
    let mut chances = Buffer::new(&vec![SENTINEL_F64; len], input.pointer());
    if players == 0 {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "0 players");
    }
    if chances.ptr_is_null() {
        expect.fault(GG_ERR_NULL_POINTER, "chances_out NULL");
    }
    if chances.misaligned() {
        expect.fault(GG_ERR_INVALID_ARGUMENT, "chances_out misaligned");
    }
    let before = chances.bytes();
    // SAFETY: `chances` holds `players` doubles (at least one, or is NULL); table and rules as
    // in `moves`.
    let status = unsafe {
        gg_snakes_win_chances(
            t.jumps_buf.ptr(),
            t.squares,
            t.rules_buf.ptr(),
            players,
            chances.ptr(),
        )
    };
    expect.check(status, &(&t.table, t.rules, players));
    if status != GG_OK {
        assert_eq!(chances.bytes(), before, "chances_out written on error");
        return;
    }
    let chain = t.chain.as_ref().expect("success needs a valid board");
    let (_, finish) = absorption.expect("computed with the chain");
    let got = &chances.values()[..players as usize];
    assert!(got.iter().all(|p| (0.0..=1.0).contains(p)), "{got:?}");
    assert!(
        got.windows(2).all(|w| w[1] <= w[0] + 1e-12),
        "a later player does better: {got:?}"
    );
    // The game ends unless every player gets stuck for good.
    let stuck = (1.0 - finish[chain.start]).max(0.0);
    let ends = 1.0 - stuck.powf(f64::from(players));
    let total: f64 = got.iter().sum();
    assert!(
        (total - ends).abs() <= 1e-9 * f64::from(players),
        "the chances add to {total}, but the game ends with {ends}"
    );
    // P(i wins) = sum over turns k of f(k) S(k)^i S(k-1)^(P-1-i): its first terms bound it, and
    // the rest add at most S(turns).
    let turns = 200;
    let s = chain.survival(turns);
    let p = players as i32;
    for (i, &c) in got.iter().enumerate() {
        let i = i as i32;
        let partial: f64 = (1..=turns)
            .map(|k| (s[k - 1] - s[k]) * s[k].powi(i) * s[k - 1].powi(p - 1 - i))
            .sum();
        let hi = partial + s[turns];
        assert!(
            c >= partial - 1e-9 && c <= hi + 1e-9,
            "player {i}: {c} outside [{partial}, {hi}]"
        );
    }
}
