//! What a hint's work budget is charged: what a counter that remembers nothing would spend on
//! the same reads, so that a hint depends on its view alone, not on what the thread did before.
//!
//! Without this, a component the cache remembers from an earlier hint cost nothing, and where
//! the budget binds, the same view got a different guess on a thread with another past (modern
//! expert seed 842064, twelfth guess). While a budget is open ([`Charges::open`]):
//! - each component is charged the work of its count the first time the budget meets it, whether
//!   it is counted or remembered; after that it is free, as a fresh counter's own cache makes it;
//! - a remembered component whose count would pass the stop is counted again, so that it is
//!   refused exactly where a fresh count is;
//! - one counted again because the cache started afresh since it was charged is not charged twice;
//! - the view's own read is not charged its rules' work: whether it starts from the last view's
//!   fixpoint or from nothing depends on what the counter read before.

use crate::error::{Error, Result};
use crate::mines::solver::word_hash::WordHasher;
use std::collections::HashSet;
use std::hash::BuildHasherDefault;

/// The budget's account beside the work done (see `Counter::cost`).
#[derive(Default)]
pub(super) struct Charges {
    open: bool,
    /// Signature hashes of the components charged since the budget opened (two signatures with
    /// one 64-bit hash would be charged once: a budget a little off, the same on every thread).
    charged: HashSet<u64, BuildHasherDefault<WordHasher>>,
    /// Whether the view's own read is still to come.
    view_pending: bool,
    /// Work charged but not done: remembered components charged their counts.
    extra: u64,
    /// Work done but not charged: counts again of components already charged, and the view's
    /// own rules.
    credit: u64,
}

/// How the open budget stands to a component.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Charge {
    /// No budget is open: the work done is the work charged.
    Closed,
    /// The budget meets it for the first time: charge its count.
    First,
    /// Charged already since the budget opened: free.
    Again,
}

impl Charges {
    /// Opens a budget: from here, reads are charged as a counter that remembers nothing would
    /// be, the next view read ([`Charges::view_read`]) without its rules' work.
    pub(super) fn open(&mut self) {
        self.open = true;
        self.view_pending = true;
        self.charged.clear();
    }

    /// Closes the budget: the work done is the work charged again.
    pub(super) fn close(&mut self) {
        self.open = false;
        self.view_pending = false;
    }

    /// How the budget stands to the component with signature hash `hash`, which from now on
    /// counts as charged.
    pub(super) fn mark(&mut self, hash: u64) -> Result<Charge> {
        if !self.open {
            return Ok(Charge::Closed);
        }
        self.charged
            .try_reserve(1)
            .map_err(|_| Error::alloc::<u64>(1, Some(self.charged.len())))?;
        Ok(if self.charged.insert(hash) {
            Charge::First
        } else {
            Charge::Again
        })
    }

    /// Undoes [`Charges::mark`] of a component whose count failed: a fresh counter would not
    /// remember it either.
    pub(super) fn unmark(&mut self, hash: u64) {
        self.charged.remove(&hash);
    }

    /// What is charged for `done` work done in all.
    pub(super) fn charged(&self, done: u64) -> u64 {
        done.saturating_add(self.extra).saturating_sub(self.credit)
    }

    /// Charges `work` not done (a remembered component's count, or a remembered answer's).
    pub(super) fn charge(&mut self, work: u64) {
        self.extra = self.extra.saturating_add(work);
    }

    /// Does not charge `work` done (a count again of a component charged already).
    pub(super) fn waive(&mut self, work: u64) {
        self.credit = self.credit.saturating_add(work);
    }

    /// After a view's read whose rules did `rules` work: the first read since the budget opened
    /// is the view's own, and its rules are not charged.
    pub(super) fn view_read(&mut self, rules: u64) {
        if self.view_pending {
            self.view_pending = false;
            self.waive(rules);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_budget_charges_each_component_once_and_never_the_views_own_rules() {
        let mut c = Charges::default();
        assert_eq!(c.mark(7).unwrap(), Charge::Closed);
        c.view_read(4); // no budget open: charged as done
        c.open();
        assert_eq!(c.mark(7).unwrap(), Charge::First);
        assert_eq!(c.mark(7).unwrap(), Charge::Again);
        c.unmark(7); // its count failed
        assert_eq!(c.mark(7).unwrap(), Charge::First);
        c.view_read(10); // the view's own rules
        c.view_read(5); // a later read's
        c.charge(3);
        c.waive(2);
        assert_eq!(c.charged(100), 100 - 10 + 3 - 2);
        c.close();
        assert_eq!(c.mark(7).unwrap(), Charge::Closed);
        c.open();
        assert_eq!(
            c.mark(7).unwrap(),
            Charge::First,
            "a new budget starts afresh"
        );
    }
}
