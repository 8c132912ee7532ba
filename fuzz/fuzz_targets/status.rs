//! Fuzzes `gg_status_str`, `gg_last_error_message` and `gg_version`: any status code, any buffer
//! capacity (including 0 and NULL), after failures whose messages carry arbitrary bytes. Strings
//! must be static, NUL-terminated and short; copies must be truncated, terminated, and never write
//! past `cap`.
#![cfg_attr(not(test), no_main)]

#[path = "../harness/mod.rs"]
mod harness;

use gridgames::ffi::*;
use harness::{last_error, Input};
use std::ffi::CStr;

#[cfg(not(test))]
libfuzzer_sys::fuzz_target!(|data: &[u8]| check(data));

pub fn check(data: &[u8]) {
    let mut input = Input::new(data);
    for _ in 0..1 + input.below(8) {
        match input.u8() % 3 {
            0 => status_str(input.u32() as i32),
            1 => last_error_message(&mut input),
            _ => version(),
        }
    }
}

fn status_str(code: i32) {
    let p = gg_status_str(code);
    assert!(!p.is_null());
    // SAFETY: gg_status_str returns a static NUL-terminated string.
    let s = unsafe { CStr::from_ptr(p) }.to_str().expect("ASCII");
    assert!(!s.is_empty() && s.len() < 100, "{s:?}");
    let known = (GG_OK..=GG_ERR_TOO_COMPLEX).contains(&code);
    assert_eq!(s == "unknown status code", !known, "code {code}: {s:?}");
    assert_eq!(gg_status_str(code), p, "not static");
}

fn last_error_message(input: &mut Input) {
    // A failure whose message quotes an arbitrary byte: a 1 x 2 board holding it.
    let mut board = [input.u8(), b'E'];
    // SAFETY: `board` holds 1 x 2 writable chars.
    let status = unsafe { gg_mines_click(board.as_mut_ptr().cast(), 1, 2, 0, 1) };
    let full = last_error();
    if status != GG_OK {
        assert!(full.starts_with("cell (0, 0) holds "), "{full:?}");
    }
    // SAFETY: NULL with cap 0 asks for the length only.
    let len = unsafe { gg_last_error_message(std::ptr::null_mut(), 0) };
    assert_eq!(len, full.len());

    let cap = input.below(len + 4);
    let mut buf = vec![0xA5u8; cap + 16];
    let null = input.u8() < 8;
    let ptr = if null {
        std::ptr::null_mut()
    } else {
        buf.as_mut_ptr().cast()
    };
    // SAFETY: `ptr` is NULL (which the function must not write through) or holds cap + 16 bytes.
    let got = unsafe { gg_last_error_message(ptr, if null { 0 } else { cap }) };
    assert_eq!(got, len);
    let written = if null || cap == 0 {
        0
    } else {
        let n = len.min(cap - 1);
        assert_eq!(&buf[..n], &full.as_bytes()[..n]);
        assert_eq!(buf[n], 0, "not NUL-terminated");
        n + 1
    };
    assert!(
        buf[written..].iter().all(|&b| b == 0xA5),
        "wrote past what it reported (cap {cap})"
    );
}

fn version() {
    let p = gg_version();
    // SAFETY: gg_version returns a static NUL-terminated string.
    let v = unsafe { CStr::from_ptr(p) }.to_str().expect("ASCII");
    let parts: Vec<&str> = v.split('.').collect();
    assert_eq!(parts.len(), 3, "{v}");
    assert!(parts
        .iter()
        .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())));
    assert_eq!(gg_version(), p);
}
