//! The plan of a counted component: per step of its order, the group's cells and how the group
//! touches each number (where the number's partial sum sits in the state key, and whether the step
//! opens or closes it).

use super::group_order::{OrderScratch, NONE};
use super::limits::{too_entangled, KEY_BITS};
use crate::error::{try_push, try_reserve, Result};
use crate::mines::solver::constraints::Constraints;

/// One number as seen from the group that touches it at one step of the plan.
#[derive(Clone, Copy)]
pub(super) struct Touch {
    pub(super) shift: u32,
    pub(super) mask: u128,
    pub(super) need: u8,
    pub(super) first: bool,
    pub(super) last: bool,
    /// Cells of this number's groups later in the plan.
    pub(super) cap_after: u8,
}

/// Compressed rows: row `i` is `items[start[i]..start[i + 1]]`.
#[derive(Default)]
pub(super) struct Rows {
    pub(super) start: Vec<u32>,
    pub(super) items: Vec<u32>,
}

impl Rows {
    pub(super) fn clear(&mut self) {
        self.start.clear();
        self.items.clear();
    }

    #[inline]
    pub(super) fn row(&self, i: usize) -> &[u32] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// The plan of a component: per step, its group's cells and how it touches the numbers.
#[derive(Default)]
pub(super) struct Plan {
    pub(super) step_cells: Rows,
    pub(super) sizes: Vec<u8>,
    pub(super) touches: Vec<Touch>,
    pub(super) touch_at: Vec<u32>,
}

impl Plan {
    pub(super) fn touches(&self, step: usize) -> &[Touch] {
        &self.touches[self.touch_at[step] as usize..self.touch_at[step + 1] as usize]
    }
}

impl Plan {
    /// Fills the plan from the order in `s.order`, for a component of `cells` cells.
    pub(super) fn build(
        &mut self,
        cons: &Constraints,
        s: &mut OrderScratch,
        cells: usize,
    ) -> Result<()> {
        let plan = self;
        plan.step_cells.clear();
        plan.sizes.clear();
        plan.touches.clear();
        plan.touch_at.clear();
        let n = s.order.len();
        for (pos, &gid) in s.order.iter().enumerate() {
            for &c in cons.group_numbers(gid) {
                let c = c as usize;
                if s.first[c] == NONE {
                    s.first[c] = pos as u32;
                    s.left[c] = cons.number_cells(c as u32);
                }
                s.last[c] = pos as u32;
            }
        }
        // Slots: a number holds one from its first step to its last; slots freed at a step are
        // reused only from the next step on.
        let mut used: u128 = 0;
        try_reserve(&mut plan.touches, 3 * n)?;
        try_reserve(&mut plan.touch_at, n + 1)?;
        try_reserve(&mut plan.sizes, n)?;
        crate::error::try_push(&mut plan.touch_at, 0)?;
        for (pos, &gid) in s.order.iter().enumerate() {
            let pos = pos as u32;
            let size = cons.group_cells(gid).len() as u32;
            let nums = cons.group_numbers(gid);
            for &c in nums {
                let cu = c as usize;
                let is_first = s.first[cu] == pos;
                let is_last = s.last[cu] == pos;
                let need = cons.number_need(c);
                let bits = (8 - need.leading_zeros()).max(1);
                let mask: u128 = (1 << bits) - 1;
                if is_first && !is_last {
                    let Some(shift) = (0..=KEY_BITS - bits).find(|&p| used & (mask << p) == 0)
                    else {
                        return Err(too_entangled(
                            cons.number_cell(c),
                            cons.cols(),
                            format_args!("its open numbers would need more than 128 bits of state"),
                        ));
                    };
                    used |= mask << shift;
                    s.slot[cu] = shift;
                }
                s.left[cu] -= size;
                try_push(
                    &mut plan.touches,
                    Touch {
                        shift: s.slot[cu],
                        mask,
                        need,
                        first: is_first,
                        last: is_last,
                        cap_after: s.left[cu].min(255) as u8,
                    },
                )?;
            }
            for &c in nums {
                let cu = c as usize;
                if s.last[cu] == pos && s.first[cu] != pos {
                    let bits = (8 - cons.number_need(c).leading_zeros()).max(1);
                    used &= !(((1u128 << bits) - 1) << s.slot[cu]);
                }
            }
            crate::error::try_push(&mut plan.touch_at, plan.touches.len() as u32)?;
            crate::error::try_push(&mut plan.sizes, size as u8)?;
        }
        try_reserve(&mut plan.step_cells.start, n + 1)?;
        try_reserve(&mut plan.step_cells.items, cells)?;
        crate::error::try_push(&mut plan.step_cells.start, 0)?;
        for &gid in &s.order {
            crate::error::try_extend(&mut plan.step_cells.items, cons.group_cells(gid))?;
            let end = plan.step_cells.items.len() as u32;
            crate::error::try_push(&mut plan.step_cells.start, end)?;
        }
        Ok(())
    }
}
