// The installed package, as a user imports it: every family answers, errors are GridgamesErrors
// with a status, handles free, and two seeded boards are printed as "board NAME CELLS" lines for
// scripts/test-js.sh to compare with the native library's (examples/wasm/native_boards.c).
import { strict as assert } from 'node:assert';
import {
  load, GridgamesError, Status, FirstClick, NoGuess, Logic, Overshoot, STANDARD_RULES, Effort,
} from 'gridgames';

const gg = await load();
assert.match(gg.version, /^\d+\.\d+\.\d+$/);

// Snakes and Ladders: LeetCode 909's first example takes 4 rolls.
const leet = [
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, 35, -1, -1, 13, -1, -1, -1, -1, -1, -1, -1, -1, 15, -1, -1, -1, -1,
];
assert.equal(gg.minRolls(leet), 4);
assert.equal(gg.minRolls(new Int32Array(leet)), 4);
const jumps36 = gg.gridToJumps(leet, 6, 6);
assert.equal(jumps36.length, 36);
// The Milton Bradley board.
const pairs = [[1, 38], [4, 14], [9, 31], [21, 42], [28, 84], [36, 44], [51, 67], [71, 91],
  [80, 100], [16, 6], [47, 26], [49, 11], [56, 53], [62, 19], [64, 60], [87, 24], [93, 73],
  [95, 75], [98, 78]];
const jumps = new Array(100).fill(-1);
for (const [from, to] of pairs) jumps[from - 1] = to;
assert.ok(Math.abs(gg.expectedTurns(jumps) - 39.2251223082) < 1e-9);
assert.equal(gg.move(jumps, 0, 1), 38);
const best = gg.shortest(jumps);
assert.equal(best.turns, 7);
assert.equal(best.faces.length, 7);
let at = 0;
for (const f of best.faces) at = gg.move(jumps, at, f);
assert.equal(at, 100);
const dist = gg.lengthDistribution(jumps, 50, { players: 2 });
assert.equal(dist.probs.length, 50);
assert.ok(Math.abs(dist.probs.reduce((a, b) => a + b, 0) + dist.tail - 1) < 1e-12);
const chances = gg.winChances(jumps, 3);
assert.ok(Math.abs(chances.reduce((a, b) => a + b, 0) - 1) < 1e-9);
assert.ok(chances[0] > chances[2]);
assert.ok(gg.expectedTurns(jumps, { ...STANDARD_RULES, overshoot: Overshoot.BOUNCE }) > 39);

// A seeded Snakes game: deterministic, undoable, saved and loaded.
const sg = gg.newSnakesGame({ jumps, players: 2, seed: 7n });
const first = sg.roll();
assert.equal(first.player, 0);
assert.ok(first.face >= 1 && first.face <= 6);
sg.play(6);
assert.deepEqual(sg.state(), { nextPlayer: 0, winner: null, turns: 2 });
const record = sg.save();
const again = gg.loadSnakesGame(record);
assert.deepEqual(again.turns(), sg.turns());
assert.deepEqual(again.positions(), sg.positions());
sg.undo();
assert.equal(sg.state().turns, 1);
sg.free();
sg.free(); // harmless
assert.throws(() => sg.roll(), GridgamesError);
again[Symbol.dispose]();

// Minesweeper: LeetCode 529's example.
assert.equal(gg.click('EEEEEEEMEEEEEEEEEEEE', 4, 5, 3, 0), 'B1E1BB1M1BB111BBBBBB');
assert.equal(gg.click(new TextEncoder().encode('EEEEEEEMEEEEEEEEEEEE'), 4, 5, 3, 0),
  'B1E1BB1M1BB111BBBBBB');
// Errors carry the status and the library's message; a board that is not rows x cols is refused.
assert.throws(() => gg.click('EEEEEEEMEEEEEEEEEEEE', 4, 5, 4, 0), (e) =>
  e instanceof GridgamesError && e.status === Status.OUT_OF_BOUNDS && e.code === 'OUT_OF_BOUNDS' &&
  /outside the 4 x 5 board/.test(e.message));
assert.throws(() => gg.click('EEEE', 4, 5, 0, 0), (e) => e.status === Status.INVALID_ARGUMENT);
// The solver.
assert.deepEqual(gg.hint('B1E1BB1E1BB111BBBBBB', 4, 5, 1), { row: 0, col: 2, risk: 0 });
const corner = gg.hintWith('E'.repeat(81), 9, 9, 10, { firstClick: FirstClick.SAFE });
assert.deepEqual([corner.row, corner.col, Number.isNaN(corner.win)], [0, 0, true]);
const coin = gg.hintWith('E1E', 1, 3, 1, { effort: Effort.DEEP });
assert.deepEqual([coin.risk, coin.win], [0.5, 0.5]);
assert.throws(() => gg.hintWith('E1E', 1, 3, 1, { effort: 9 }), (e) => e.code === 'INVALID_ARGUMENT');
const p = gg.probabilities('B1E1BB1E1BB111BBBBBB', 4, 5, 1);
assert.ok(Number.isNaN(p[0]));
assert.equal(p[2], 0);
assert.equal(p[7], 1);
assert.equal(gg.solvable('EEEEEEEMEEEEEEEEEEEE', 4, 5, 3, 0, Logic.NUMBERS_ONLY), 0);
assert.deepEqual(gg.measure('EEEEEEEEEEMEEEMEEEEEEMEEE', 5, 5).bbbv, 4);

// A session: flag, chord, undo, stats, moves, save and load.
const game = gg.newMinesGame({ rows: 9, cols: 9, mines: 10, seed: 1, firstClick: FirstClick.OPENING });
game.reveal(4, 4);
const truth = game.board();
const view = game.view();
assert.equal(view.length, 81);
assert.equal(game.state, 'playing');
// Flag every mine next to a revealed number, then chord that number.
let chorded = false;
for (let i = 0; i < 81 && !chorded; i++) {
  if (!/[1-8]/.test(view[i])) continue;
  const [r, c] = [Math.floor(i / 9), i % 9];
  const around = [];
  for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) {
    const [rr, cc] = [r + dr, c + dc];
    if ((dr || dc) && rr >= 0 && rr < 9 && cc >= 0 && cc < 9) around.push(rr * 9 + cc);
  }
  const hidden = around.filter((j) => view[j] === 'E');
  if (!hidden.some((j) => truth[j] !== 'M')) continue;
  for (const j of around.filter((j) => truth[j] === 'M')) game.toggleFlag(Math.floor(j / 9), j % 9);
  game.chord(r, c);
  chorded = true;
}
assert.ok(chorded, 'a number to chord');
const stats = game.stats();
assert.equal(stats.chords, 1);
assert.ok(stats.rightClicks >= 1);
assert.deepEqual(game.moves().map((m) => m.kind).slice(0, 1), ['reveal']);
const saved = game.save();
const loaded = gg.loadMinesGame(saved);
assert.equal(loaded.view(), game.view());
loaded.undo();
assert.notEqual(loaded.view(), game.view());
loaded.free();
game.free();
const fixed = gg.minesFromBoard('B1E1BB1M1BB111BBBBBB', 4, 5);
fixed.reveal(0, 2);
assert.equal(fixed.state, 'won');
fixed.free();

// The seeded boards, for the comparison with the native library.
for (const [name, noGuess] of [['expert', NoGuess.OFF], ['expert-no-guess', NoGuess.WITH_COUNT]]) {
  const g = gg.newMinesGame({ rows: 16, cols: 30, mines: 99, seed: 2024n, firstClick: FirstClick.OPENING, noGuess });
  g.reveal(8, 15);
  console.log(`board ${name} ${g.board()}`);
  g.free();
}
console.error('package: every family answered as expected');
