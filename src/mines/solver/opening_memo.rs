//! This thread's memory of the hint's guesses in openings.
//!
//! There the hint scores its best guesses three moves ahead (`guess.rs`), which is most of a
//! classic game's time, and a run of classic games meets the same few opening views again and
//! again: on expert, two games in five go on from the corner showing a 1 (modern openings, each
//! the area its first click opened, seldom repeat). The guess, the forced 50/50 checks
//! included, depends on the view alone (its budget is charged the same on any thread,
//! `probability/budget_charges.rs`), so a view met again gets the guess found for it before, at
//! the cost of a lookup. The counter is charged what finding it cost, so that what it charges
//! stays what it would have been.
//! Memory stays small: a bounded number of views, none of them large.

use super::hint_options::Effort;
use super::probability::Counter;
use super::view::View;
use super::word_hash::WordHasher;
use crate::error::{try_assign, try_push, Result};
use std::cell::RefCell;
use std::hash::Hasher;

/// Views remembered at most; the one used longest ago makes room for a new one.
const ENTRIES: usize = 256;
/// Views of more cells are not remembered (a large board's openings seldom repeat), so that the
/// memory holds at most `ENTRIES * MAX_CELLS` bytes of views, 1 MB.
const MAX_CELLS: usize = 4096;

struct Entry {
    hash: u64,
    /// The effort that found the guess: the efforts' budgets differ, and so may their guesses.
    effort: Effort,
    rows: usize,
    mines: usize,
    cells: Vec<u8>,
    guess: usize,
    /// What finding the guess cost (see `Counter::cost`).
    cost: u64,
    used: u64,
}

#[derive(Default)]
struct Memo {
    entries: Vec<Entry>,
    clock: u64,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// The guess `find` makes with `counter` in the opening `view` under `effort`, remembered: `find`
/// runs only for a view this thread has not met lately under that effort, and otherwise
/// `counter` is charged what it cost.
pub(crate) fn opening_guess(
    view: &View,
    effort: Effort,
    counter: &mut Counter,
    find: impl FnOnce(&mut Counter) -> Result<usize>,
) -> Result<usize> {
    if view.cells().len() > MAX_CELLS {
        return find(counter);
    }
    let hash = hash(view.cells());
    // A memory that is busy (reentered) or gone (thread exit) is only skipped.
    let hit = MEMO.try_with(|m| {
        m.try_borrow_mut()
            .ok()
            .and_then(|mut m| m.get(hash, effort, view))
    });
    if let Ok(Some((guess, cost))) = hit {
        counter.charge(cost);
        return Ok(guess);
    }
    let before = counter.cost();
    let guess = find(counter)?;
    let cost = counter.cost() - before;
    let kept = MEMO.try_with(|m| match m.try_borrow_mut() {
        Ok(mut m) => m.put(hash, effort, view, guess, cost),
        Err(_) => Ok(()),
    });
    kept.unwrap_or(Ok(()))?;
    Ok(guess)
}

impl Memo {
    fn get(&mut self, hash: u64, effort: Effort, view: &View) -> Option<(usize, u64)> {
        self.clock += 1;
        let clock = self.clock;
        let e = self.entries.iter_mut().find(|e| {
            e.hash == hash
                && e.effort == effort
                && e.rows == view.rows()
                && e.mines == view.mines()
                && e.cells == view.cells()
        })?;
        e.used = clock;
        Some((e.guess, e.cost))
    }

    fn put(
        &mut self,
        hash: u64,
        effort: Effort,
        view: &View,
        guess: usize,
        cost: u64,
    ) -> Result<()> {
        self.clock += 1;
        let entry = if self.entries.len() < ENTRIES {
            try_push(
                &mut self.entries,
                Entry {
                    hash,
                    effort,
                    rows: 0,
                    mines: 0,
                    cells: Vec::new(),
                    guess,
                    cost,
                    used: 0,
                },
            )?;
            self.entries.last_mut()
        } else {
            self.entries.iter_mut().min_by_key(|e| e.used)
        };
        let Some(e) = entry else { return Ok(()) };
        // Half-written, an entry must match no view.
        e.hash = !hash;
        try_assign(&mut e.cells, view.cells())?;
        (e.effort, e.rows, e.mines) = (effort, view.rows(), view.mines());
        (e.guess, e.cost) = (guess, cost);
        e.used = self.clock;
        e.hash = hash;
        Ok(())
    }
}

/// The cells' hash: a lookup compares the whole view after it.
fn hash(cells: &[u8]) -> u64 {
    let mut h = WordHasher::default();
    h.write(cells);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An all-hidden `rows` x 30 view (99 mines) with `cell` showing `value`.
    fn view(rows: usize, cell: usize, value: u8) -> View {
        let mut v = View::parse(&vec![b'E'; rows * 30], rows, 30, 99).unwrap();
        v.reveal(cell, value);
        v
    }

    #[test]
    fn a_view_met_again_gets_the_guess_found_for_it_and_the_same_charge() {
        let calls = &std::cell::Cell::new(0);
        // Finding guess `g` costs 100 + g.
        let find = |g: usize| {
            move |c: &mut Counter| {
                calls.set(calls.get() + 1);
                c.charge(100 + g as u64);
                Ok(g)
            }
        };
        let c = &mut Counter::new();
        let mut guess_with = |v: &View, effort, find| {
            let before = c.cost();
            let g = opening_guess(v, effort, c, find);
            (g.unwrap(), c.cost() - before)
        };
        let standard = Effort::Standard;
        let a = view(16, 0, 1);
        assert_eq!(guess_with(&a, standard, find(7)), (7, 107));
        assert_eq!(guess_with(&a, standard, find(8)), (7, 107));
        assert_eq!(calls.get(), 1);
        // Another effort looks with another budget: its guess is its own.
        assert_eq!(guess_with(&a, Effort::Deep, find(6)), (6, 106));
        assert_eq!(guess_with(&a, Effort::Deep, find(8)), (6, 106));
        assert_eq!(guess_with(&a, standard, find(8)), (7, 107));
        assert_eq!(calls.get(), 2);
        let mut guess = |v: &View, find| guess_with(v, standard, find);
        // Another number, or the same cells on a view with another mine count, is another view.
        assert_eq!(guess(&view(16, 0, 2), find(9)), (9, 109));
        let mut other_mines = View::parse(&vec![b'E'; 480], 16, 30, 98).unwrap();
        other_mines.reveal(0, 1);
        assert_eq!(guess(&other_mines, find(10)), (10, 110));
        assert_eq!(calls.get(), 4);
        // An error is not remembered.
        let failing = view(16, 1, 1);
        let err = |_: &mut Counter| {
            Err(crate::error::Error::new(
                crate::error::ErrorKind::TooComplex,
                "x",
            ))
        };
        assert!(opening_guess(&failing, standard, c, err).is_err());
        assert_eq!(opening_guess(&failing, standard, c, find(11)).unwrap(), 11);
    }

    #[test]
    #[cfg_attr(miri, ignore = "too slow for Miri; safe core code, run natively")]
    fn the_view_used_longest_ago_makes_room_and_large_views_are_not_kept() {
        let calls = std::cell::Cell::new(0);
        let mut c = Counter::new();
        let mut guess = |v: &View| {
            opening_guess(v, Effort::Standard, &mut c, |_| {
                calls.set(calls.get() + 1);
                Ok(0)
            })
            .unwrap()
        };
        let views: Vec<View> = (0..ENTRIES + 1).map(|i| view(16, i, 1)).collect();
        for v in &views[..ENTRIES] {
            guess(v);
        }
        guess(&views[0]); // used again: now the newest
        assert_eq!(calls.get(), ENTRIES);
        guess(&views[ENTRIES]); // evicts views[1]
        guess(&views[0]);
        assert_eq!(calls.get(), ENTRIES + 1);
        guess(&views[1]);
        assert_eq!(calls.get(), ENTRIES + 2);
        // More than MAX_CELLS cells: found every time.
        let large = view(MAX_CELLS / 30 + 1, 0, 1);
        guess(&large);
        guess(&large);
        assert_eq!(calls.get(), ENTRIES + 4);
    }
}
