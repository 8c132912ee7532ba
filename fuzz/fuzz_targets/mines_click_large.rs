//! Fuzzes `gg_mines_click` on boards large enough for the flood's row sweeps (192 to 256 rows, up
//! to 250 columns, so runs cross 64-cell words): mines drawn at a fuzzed density from a fuzzed
//! seed, then fuzzed walls, cleared rectangles and single cells (revealed ones included), and
//! several clicks on the same board. Every result must equal the seed's algorithm. (The small
//! boards of `mines_click` never take the sweeps.)
#![cfg_attr(not(test), no_main)]

#[path = "../harness/mod.rs"]
mod harness;

use gridgames::ffi::*;
use gridgames::mines::SplitMix64;
use harness::{reference, Input, MAX_CELLS};

#[cfg(not(test))]
libfuzzer_sys::fuzz_target!(|data: &[u8]| check(data));

const ALPHABET: &[u8] = b"MEBX12345678";

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    // Under Miri boards stay within its small cap, so the sweeps are not reached there.
    let (rows, cols) = if MAX_CELLS >= 256 * 250 {
        (192 + input.below(65), 1 + input.below(250))
    } else {
        (1 + input.below(12), 1 + input.below(12))
    };
    let permille = input.below(250) as u64;
    let mut rng = SplitMix64::new(input.u64());
    let mut cells: Vec<u8> = (0..rows * cols)
        .map(|_| {
            if rng.below(1000) < permille {
                b'M'
            } else {
                b'E'
            }
        })
        .collect();
    for _ in 0..input.below(12) {
        let (r, c) = (input.below(rows), input.below(cols));
        let len = 1 + input.below(rows.max(cols));
        match input.u8() % 4 {
            0 => (c..(c + len).min(cols)).for_each(|x| cells[r * cols + x] = b'M'),
            1 => (r..(r + len).min(rows)).for_each(|y| cells[y * cols + c] = b'M'),
            2 => {
                for y in r..(r + len).min(rows) {
                    for x in c..(c + len).min(cols) {
                        cells[y * cols + x] = b'E';
                    }
                }
            }
            _ => cells[r * cols + c] = ALPHABET[input.below(ALPHABET.len())],
        }
    }
    let mut want = reference::to_rows(&cells, cols);
    for _ in 0..1 + input.below(3) {
        let (r, c) = (input.below(rows), input.below(cols));
        // SAFETY: `cells` holds rows * cols writable bytes.
        let status = unsafe { gg_mines_click(cells.as_mut_ptr().cast(), rows, cols, r, c) };
        assert_eq!(status, GG_OK, "click ({r}, {c}) on {rows} x {cols}");
        reference::mines_click(&mut want, (r, c));
        assert!(
            reference::to_rows(&cells, cols) == want,
            "click ({r}, {c}) on {rows} x {cols}, {permille} per mille"
        );
    }
}
