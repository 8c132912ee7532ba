// Calls one function of each family of the WebAssembly build and checks its answer, then prints
// two seeded boards (a plain and a no-guess expert game after the first reveal) as
// "board NAME CELLS" lines, for scripts/test-wasm.sh to compare with the native library's
// (examples/wasm/native_boards.c prints the same lines).
//
//   node examples/wasm/check.mjs target/wasm32-unknown-unknown/release/gridgames.wasm

import { strict as assert } from 'node:assert';
import { load } from './gridgames.mjs';

const gg = await load(process.argv[2]);
const x = gg.x;
const s = gg.scratch;
const out = () => s.alloc(8, 8);
const u32 = (ptr) => gg.view().getUint32(ptr, true);

// Versions and statuses.
assert.match(gg.string(x.gg_version()), /^\d+\.\d+\.\d+$/);
assert.equal(gg.string(x.gg_status_str(0)), 'ok');

// Snakes and Ladders, the seed (LeetCode 909, example 1): 4 rolls.
const seed = [
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, 35, -1, -1, 13, -1, -1, -1, -1, -1, -1, -1, -1, 15, -1, -1, -1, -1,
];
let rolls = out();
gg.check(x.gg_snakes_min_rolls(s.int32s(seed), 6, rolls));
assert.equal(gg.view().getInt32(rolls, true), 4);

// Snakes and Ladders, the real game: the Milton Bradley board's expected length.
const pairs = [[1, 38], [4, 14], [9, 31], [21, 42], [28, 84], [36, 44], [51, 67], [71, 91],
  [80, 100], [16, 6], [47, 26], [49, 11], [56, 53], [62, 19], [64, 60], [87, 24], [93, 73],
  [95, 75], [98, 78]];
const jumps = new Array(100).fill(-1);
for (const [from, to] of pairs) jumps[from - 1] = to;
const rules = s.alloc(12, 4); // faces, overshoot, start (size_t is 32-bit here)
gg.view().setUint32(rules, 6, true); // a six-sided die; overshoot 0 = STAY; start 0 = off the board
const expected = out();
gg.check(x.gg_snakes_expected_turns(s.int32s(jumps), 100, rules, expected));
assert.ok(Math.abs(gg.view().getFloat64(expected, true) - 39.2251223082) < 1e-9);

// Minesweeper, the seed (LeetCode 529): one click.
const board = s.bytes('EEEEEEEMEEEEEEEEEEEE');
gg.check(x.gg_mines_click(board, 4, 5, 3, 0));
assert.equal(gg.string(board, 20), 'B1E1BB1M1BB111BBBBBB');
// An error: a status, a message, and the board unchanged.
assert.equal(x.gg_mines_click(board, 4, 5, 4, 0), 5); // GG_ERR_OUT_OF_BOUNDS
assert.match(gg.lastError(), /outside the 4 x 5 board/);

// The solver: the hint on the seed's view is the certainly safe (0, 2).
const row = out(), col = out(), risk = out();
gg.check(x.gg_mines_hint(s.bytes('B1E1BB1E1BB111BBBBBB'), 4, 5, 1, row, col, risk));
assert.deepEqual([u32(row), u32(col), gg.view().getFloat64(risk, true)], [0, 2, 0]);

// Statistics: the README's worked example.
const stats = s.alloc(13 * 4, 4);
gg.check(x.gg_mines_measure(s.bytes('EEEEEEEEEEMEEEMEEEEEEMEEE'), 5, 5, stats));
assert.deepEqual([0, 1, 2, 3].map((k) => u32(stats + 4 * k)), [4, 2, 1, 4]);

// Sessions: the seeded boards, printed for the comparison with the native library.
for (const [name, noGuess] of [['expert', 0], ['expert-no-guess', 1]]) {
  const cfg = gg.minesConfig({ rows: 16, cols: 30, mines: 99, seed: 2024n, firstClick: 2, noGuess });
  const handle = out();
  gg.check(x.gg_mines_new(cfg, handle));
  const game = u32(handle);
  gg.check(x.gg_mines_reveal(game, 8, 15));
  const cells = s.alloc(480, 1);
  gg.check(x.gg_mines_board(game, cells, 480));
  console.log(`board ${name} ${gg.string(cells, 480)}`);
  x.gg_mines_free(game);
}
s.reset();
console.error('wasm: every family answered as expected');
