//! The groups and independent components of what the cheap rules leave: frontier cells with the
//! same numbers around them form a group (interchangeable cells), and numbers that share no
//! group fall into separate components, which are counted on their own.

use super::{Constraints, Fate, NONE};
use crate::error::{try_push, try_refill, Result};

impl Constraints {
    /// Groups the undetermined cells and splits the numbers still open into components.
    pub(super) fn split(&mut self) -> Result<()> {
        let nums = self.nums.len();
        // Active numbers, in reading order.
        try_refill(&mut self.act_of, nums, NONE)?;
        self.act_num.clear();
        for (n, num) in self.nums.iter().enumerate() {
            if num.open > 0 {
                self.act_of[n] = self.act_num.len() as u32;
                try_push(&mut self.act_num, n as u32)?;
            }
        }
        // Groups: a cell joins the group of an earlier cell with the same numbers; such a cell
        // touches the same first number, so only that number's cells need looking at. `mark`
        // holds the group from here on.
        self.group_size.clear();
        self.group_num_start.clear();
        self.group_nums.clear();
        try_push(&mut self.group_num_start, 0)?;
        for f in 0..self.cells.len() {
            self.cells[f].mark = NONE;
            if self.cells[f].fate != Fate::Unknown {
                continue;
            }
            let len = usize::from(self.cells[f].len);
            self.cells[f].nums[..len].sort_unstable();
            let key = self.cells[f].nums;
            let first = &self.nums[key[0] as usize];
            let mut found = NONE;
            for &g in &first.cells[..usize::from(first.len)] {
                let other = &self.cells[g as usize];
                if (g as usize) < f
                    && other.mark != NONE
                    && usize::from(other.len) == len
                    && other.nums[..len] == key[..len]
                {
                    found = other.mark;
                    break;
                }
            }
            if found == NONE {
                found = self.group_size.len() as u32;
                try_push(&mut self.group_size, 0)?;
                for &n in &key[..len] {
                    try_push(&mut self.group_nums, self.act_of[n as usize])?;
                }
                try_push(&mut self.group_num_start, self.group_nums.len() as u32)?;
            }
            self.cells[f].mark = found;
            self.group_size[found as usize] += 1;
        }
        let groups = self.group_size.len();
        // Cells of each group, by a counting sort.
        try_refill(&mut self.group_start, groups + 1, 0)?;
        for g in 0..groups {
            self.group_start[g + 1] = self.group_start[g] + self.group_size[g];
        }
        let total = self.group_start[groups] as usize;
        try_refill(&mut self.group_cells, total, 0)?;
        for g in 0..groups {
            self.group_size[g] = self.group_start[g];
        }
        for cell in &self.cells {
            if cell.mark != NONE {
                let at = &mut self.group_size[cell.mark as usize];
                self.group_cells[*at as usize] = cell.at;
                *at += 1;
            }
        }
        for g in 0..groups {
            self.group_size[g] = self.group_start[g + 1] - self.group_start[g];
        }
        // Groups of each active number (the transpose).
        let acts = self.act_num.len();
        try_refill(&mut self.act_group_start, acts + 1, 0)?;
        for &n in &self.group_nums {
            self.act_group_start[n as usize + 1] += 1;
        }
        for n in 0..acts {
            self.act_group_start[n + 1] += self.act_group_start[n];
        }
        try_refill(&mut self.act_groups, self.group_nums.len(), 0)?;
        // `parent` doubles as the fill cursor here, then as the union-find forest.
        try_refill(&mut self.parent, acts, 0)?;
        self.parent.copy_from_slice(&self.act_group_start[..acts]);
        for g in 0..groups {
            for k in self.group_num_start[g]..self.group_num_start[g + 1] {
                let n = self.group_nums[k as usize] as usize;
                self.act_groups[self.parent[n] as usize] = g as u32;
                self.parent[n] += 1;
            }
        }
        // Components: union-find over active numbers, joined by the groups they share.
        for (n, p) in self.parent.iter_mut().enumerate() {
            *p = n as u32;
        }
        for g in 0..groups {
            let s = self.group_num_start[g] as usize;
            let e = self.group_num_start[g + 1] as usize;
            let a = find(&mut self.parent, self.group_nums[s]);
            for k in s + 1..e {
                let b = find(&mut self.parent, self.group_nums[k]);
                if a != b {
                    self.parent[b as usize] = a;
                }
            }
        }
        // Number the components by their first group. `act_of` becomes root -> component and
        // `group_size` group -> component for the moment.
        try_refill(&mut self.act_of, acts, NONE)?;
        let mut comp_len: Vec<u32> = std::mem::take(&mut self.comp_start);
        comp_len.clear();
        try_push(&mut comp_len, 0)?;
        for g in 0..groups {
            let root = find(
                &mut self.parent,
                self.group_nums[self.group_num_start[g] as usize],
            );
            let c = &mut self.act_of[root as usize];
            if *c == NONE {
                *c = (comp_len.len() - 1) as u32;
                try_push(&mut comp_len, 0)?;
            }
            self.group_size[g] = *c;
            comp_len[*c as usize + 1] += 1;
        }
        let comps = comp_len.len() - 1;
        for c in 0..comps {
            comp_len[c + 1] += comp_len[c];
        }
        try_refill(&mut self.comp_groups, groups, 0)?;
        // Fill with a cursor per component, kept in `parent` (no longer needed).
        self.parent.clear();
        try_reserve_exact(&mut self.parent, comps)?;
        crate::error::try_extend(&mut self.parent, &comp_len[..comps])?;
        for g in 0..groups {
            let c = self.group_size[g] as usize;
            self.comp_groups[self.parent[c] as usize] = g as u32;
            self.parent[c] += 1;
        }
        for g in 0..groups {
            self.group_size[g] = self.group_start[g + 1] - self.group_start[g];
        }
        self.comp_start = comp_len;
        Ok(())
    }
}

fn try_reserve_exact<T>(v: &mut Vec<T>, extra: usize) -> Result<()> {
    crate::error::try_reserve(v, extra)
}

fn find(p: &mut [u32], mut x: u32) -> u32 {
    while p[x as usize] != x {
        p[x as usize] = p[p[x as usize] as usize];
        x = p[x as usize];
    }
    x
}
