// gridgames for JavaScript: the library's WebAssembly build behind a typed, idiomatic API.
// Strings and typed arrays go in, plain objects come out; nobody touches linear memory.
// Works in Node 18+ and in browsers (the .wasm is fetched next to this file). Types:
// gridgames.d.ts.
//
//   import { load } from 'gridgames';
//   const gg = await load();
//   gg.click('EEEEEEEMEEEEEEEEEEEE', 4, 5, 3, 0); // 'B1E1BB1M1BB111BBBBBB'

const PAGE = 65536;

/** Status codes (`GG_OK`, `GG_ERR_*`), by name. */
export const Status = Object.freeze({
  OK: 0,
  NULL_POINTER: 1,
  ZERO_SIZE: 2,
  SIZE_OVERFLOW: 3,
  INVALID_CELL: 4,
  OUT_OF_BOUNDS: 5,
  BUFFER_TOO_SMALL: 6,
  INVALID_ARGUMENT: 7,
  TOO_MANY_MINES: 8,
  GAME_OVER: 9,
  INCONSISTENT: 10,
  OUT_OF_MEMORY: 11,
  GENERATION_FAILED: 12,
  INTERNAL: 13,
  BAD_RECORD: 14,
  NOTHING_TO_UNDO: 15,
  TOO_COMPLEX: 16,
});
/** `GG_FIRST_CLICK_*`: what the first reveal of a Minesweeper game is promised. */
export const FirstClick = Object.freeze({ ANY: 0, SAFE: 1, OPENING: 2 });
/** `GG_NO_GUESS_*`: boards won from the first click without a guess. */
export const NoGuess = Object.freeze({ OFF: 0, WITH_COUNT: 1, NUMBERS_ONLY: 2 });
/** `GG_EFFORT_*`: how much the hint looks ahead. */
export const Effort = Object.freeze({ FAST: 0, STANDARD: 1, DEEP: 2 });
/** `GG_SOLVE_*`: what the solvability check may use. */
export const Logic = Object.freeze({ NUMBERS_ONLY: 0, WITH_COUNT: 1 });
/** `GG_MINES_*`: a game's state. */
export const MinesState = Object.freeze({ PLAYING: 0, WON: 1, LOST: 2 });
/** `GG_MOVE_*`: the kinds of recorded Minesweeper moves. */
export const Move = Object.freeze({ REVEAL: 0, FLAG: 1, CHORD: 2 });
/** `GG_OVERSHOOT_*`: a roll past the last square. */
export const Overshoot = Object.freeze({ STAY: 0, BOUNCE: 1, FINISH: 2 });
/** The standard die and rules: six faces, overshoot stays, start off the board. */
export const STANDARD_RULES = Object.freeze({ faces: 6, overshoot: Overshoot.STAY, start: 0 });

const STATUS_NAMES = Object.fromEntries(Object.entries(Status).map(([k, v]) => [v, k]));
const STATE_NAMES = ['playing', 'won', 'lost'];

/** A failed call: `status` is the library's status code, `code` its name (`'OUT_OF_BOUNDS'`). */
export class GridgamesError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'GridgamesError';
    this.status = status;
    this.code = STATUS_NAMES[status] ?? 'UNKNOWN';
  }
}

/** Buffers in pages grown past the library's own heap (its allocator never uses them), handed
 * out until `reset()`; growing detaches old views, so views are taken after every call. */
class Scratch {
  constructor(memory) {
    this.memory = memory;
    this.base = 0;
    this.size = 0;
    this.used = 0;
  }

  alloc(n, align = 8) {
    let at = Math.ceil(this.used / align) * align;
    if (this.base === 0 || at + n > this.size) {
      const pages = Math.ceil(Math.max(n + align, 4 * PAGE) / PAGE);
      try {
        this.base = this.memory.grow(pages) * PAGE;
      } catch {
        throw new GridgamesError(Status.OUT_OF_MEMORY, `no room for a buffer of ${n} bytes`);
      }
      this.size = pages * PAGE;
      at = 0;
    }
    this.used = at + n;
    const ptr = this.base + at;
    new Uint8Array(this.memory.buffer, ptr, n).fill(0);
    return ptr;
  }

  reset() {
    this.used = 0;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function bytesOf(board, what) {
  if (typeof board === 'string') return encoder.encode(board);
  if (board instanceof Uint8Array) return board;
  throw new TypeError(`${what} must be a string or a Uint8Array`);
}

function checkCells(len, rows, cols, what) {
  if (!Number.isSafeInteger(rows) || !Number.isSafeInteger(cols) || rows < 0 || cols < 0) {
    throw new TypeError('rows and cols must be non-negative integers');
  }
  if (len !== rows * cols) {
    throw new GridgamesError(
      Status.INVALID_ARGUMENT,
      `${what} holds ${len} cells; a ${rows} x ${cols} board needs ${rows * cols}`,
    );
  }
}

/** The library, instantiated: every family of the C API as methods. */
export class Gridgames {
  #x;
  #s;
  #registry;

  constructor(instance) {
    this.#x = instance.exports;
    this.#s = new Scratch(this.#x.memory);
    const free = { mines: this.#x.gg_mines_free, snakes: this.#x.gg_snakes_game_free };
    // Handles forgotten without free() are released when collected.
    this.#registry =
      typeof FinalizationRegistry === 'function'
        ? new FinalizationRegistry(([kind, ptr]) => free[kind](ptr))
        : null;
    /** The library's version, `"MAJOR.MINOR.PATCH"`. */
    this.version = this.#string(this.#x.gg_version());
  }

  // --- memory ---------------------------------------------------------------------------------

  #view() {
    return new DataView(this.#x.memory.buffer);
  }

  #u8() {
    return new Uint8Array(this.#x.memory.buffer);
  }

  #string(ptr, len) {
    const mem = this.#u8();
    let end = ptr + (len ?? 0);
    if (len === undefined) while (mem[end] !== 0) end++;
    return decoder.decode(mem.slice(ptr, end));
  }

  #bytes(src) {
    const ptr = this.#s.alloc(Math.max(src.length, 1), 1);
    this.#u8().set(src, ptr);
    return ptr;
  }

  #int32s(values, what) {
    const n = values.length;
    const ptr = this.#s.alloc(Math.max(n, 1) * 4, 4);
    const dst = new Int32Array(this.#x.memory.buffer, ptr, n);
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (!Number.isInteger(v) || v < -2147483648 || v > 2147483647) {
        throw new TypeError(`${what}[${i}] is not a 32-bit integer: ${v}`);
      }
      dst[i] = v;
    }
    return ptr;
  }

  #out(n = 8) {
    return this.#s.alloc(n, 8);
  }

  /** A gg_snakes_rules (12 bytes) at `ptr`, or in fresh scratch memory. */
  #rules(rules = STANDARD_RULES, ptr = this.#s.alloc(12, 4)) {
    const r = { ...STANDARD_RULES, ...rules };
    const v = this.#view();
    v.setUint32(ptr, r.faces, true);
    v.setUint32(ptr + 4, r.overshoot, true);
    v.setUint32(ptr + 8, r.start, true);
    return ptr;
  }

  /** A new handle of class `Game` from `open(out)`, a gg_*_new/_load call writing it to `out`. */
  #open(Game, open) {
    const out = this.#out();
    this.#check(open(out));
    return new Game(this, this.#view().getUint32(out, true));
  }

  /** Runs `f` with fresh scratch memory; throws a GridgamesError for a failed status. */
  #call(f) {
    this.#s.reset();
    try {
      return f();
    } finally {
      this.#s.reset();
    }
  }

  #check(status) {
    if (status === 0) return;
    const x = this.#x;
    const len = x.gg_last_error_message(0, 0);
    const buf = this.#s.alloc(len + 1, 1);
    x.gg_last_error_message(buf, len + 1);
    const what = this.#string(x.gg_status_str(status));
    throw new GridgamesError(status, `${what}: ${this.#string(buf, len)}`);
  }

  // --- Snakes and Ladders ---------------------------------------------------------------------

  /** LeetCode 909: the fewest rolls on the boustrophedon `n x n` board (row-major, -1 for no
   * jump), or -1 when the last square cannot be reached. */
  minRolls(board) {
    const n = Math.round(Math.sqrt(board.length));
    if (n * n !== board.length) {
      throw new GridgamesError(Status.INVALID_ARGUMENT, `a board of ${board.length} cells is not square`);
    }
    return this.#call(() => {
      const out = this.#out();
      this.#check(this.#x.gg_snakes_min_rolls(this.#int32s(board, 'board'), n, out));
      return this.#view().getInt32(out, true);
    });
  }

  /** The jump table (`jumps[s-1]` = destination of square s, or -1) of a boustrophedon grid. */
  gridToJumps(board, rows, cols) {
    checkCells(board.length, rows, cols, 'board');
    return this.#call(() => {
      const out = this.#s.alloc(board.length * 4, 4);
      const st = this.#x.gg_snakes_grid_to_jumps(this.#int32s(board, 'board'), rows, cols, out, board.length);
      this.#check(st);
      return new Int32Array(this.#x.memory.buffer, out, board.length).slice();
    });
  }

  /** Where a player standing on `from` (0: off the board) lands with `face`. */
  move(jumps, from, face, rules) {
    return this.#call(() => {
      const out = this.#out();
      const j = this.#int32s(jumps, 'jumps');
      this.#check(this.#x.gg_snakes_move(j, jumps.length, this.#rules(rules), from, face, out));
      return this.#view().getUint32(out, true);
    });
  }

  /** The fewest turns to the last square and one sequence of faces that takes them;
   * `{ turns: -1, faces: [] }` when it cannot be reached. */
  shortest(jumps, rules) {
    return this.#call(() => {
      const j = this.#int32s(jumps, 'jumps');
      const r = this.#rules(rules);
      const turns = this.#out();
      this.#check(this.#x.gg_snakes_shortest(j, jumps.length, r, 0, 0, turns));
      const n = Number(this.#view().getBigInt64(turns, true));
      if (n <= 0) return { turns: n, faces: [] };
      const faces = this.#s.alloc(n * 4, 4);
      this.#check(this.#x.gg_snakes_shortest(j, jumps.length, r, faces, n, turns));
      return { turns: n, faces: Array.from(new Uint32Array(this.#x.memory.buffer, faces, n)) };
    });
  }

  /** The mean number of turns one player needs (Infinity when a game can fail to end). */
  expectedTurns(jumps, rules) {
    return this.#call(() => {
      const out = this.#out();
      const j = this.#int32s(jumps, 'jumps');
      this.#check(this.#x.gg_snakes_expected_turns(j, jumps.length, this.#rules(rules), out));
      return this.#view().getFloat64(out, true);
    });
  }

  /** P(a game of `players` ends in round t) for t = 1..rounds, and P(not over after `rounds`). */
  lengthDistribution(jumps, rounds, { players = 1, rules } = {}) {
    return this.#call(() => {
      const probs = this.#s.alloc(Math.max(rounds, 1) * 8, 8);
      const tail = this.#out();
      const j = this.#int32s(jumps, 'jumps');
      const st = this.#x.gg_snakes_length_distribution(
        j, jumps.length, this.#rules(rules), players, probs, rounds, tail);
      this.#check(st);
      return {
        probs: new Float64Array(this.#x.memory.buffer, probs, rounds).slice(),
        tail: this.#view().getFloat64(tail, true),
      };
    });
  }

  /** P(player i wins) for each of `players` players taking turns from player 0. */
  winChances(jumps, players, rules) {
    return this.#call(() => {
      const out = this.#s.alloc(Math.max(players, 1) * 8, 8);
      const j = this.#int32s(jumps, 'jumps');
      this.#check(this.#x.gg_snakes_win_chances(j, jumps.length, this.#rules(rules), players, out));
      return new Float64Array(this.#x.memory.buffer, out, players).slice();
    });
  }

  /** A game of Snakes and Ladders with a seeded die. */
  newSnakesGame({ jumps, players = 2, seed = 0, rules } = {}) {
    return this.#call(() => {
      const cfg = this.#s.alloc(32, 8);
      const j = this.#int32s(jumps, 'jumps');
      this.#rules(rules, cfg + 8);
      const v = this.#view();
      v.setUint32(cfg, j, true);
      v.setUint32(cfg + 4, jumps.length, true);
      v.setUint32(cfg + 20, players, true);
      v.setBigUint64(cfg + 24, BigInt(seed), true);
      return this.#open(SnakesGame, (out) => this.#x.gg_snakes_game_new(cfg, out));
    });
  }

  /** A Snakes and Ladders game from the bytes `SnakesGame.save()` gave. */
  loadSnakesGame(record) {
    return this.#call(() => {
      const buf = this.#bytes(record);
      return this.#open(SnakesGame, (out) => this.#x.gg_snakes_game_load(buf, record.length, out));
    });
  }

  // --- Minesweeper ----------------------------------------------------------------------------

  /** LeetCode 529: the board after a click on `(row, col)`, in the LeetCode alphabet. */
  click(board, rows, cols, row, col) {
    const src = bytesOf(board, 'board');
    checkCells(src.length, rows, cols, 'board');
    return this.#call(() => {
      const ptr = this.#bytes(src);
      this.#check(this.#x.gg_mines_click(ptr, rows, cols, row, col));
      return this.#string(ptr, src.length);
    });
  }

  /** Each cell's exact mine probability on a player's view (`'E'` hidden, `'F'` flagged,
   * `'B'`/`'1'`-`'8'` revealed) with `mines` mines in all; NaN for a revealed cell. */
  probabilities(view, rows, cols, mines) {
    const src = bytesOf(view, 'view');
    checkCells(src.length, rows, cols, 'view');
    return this.#call(() => {
      const out = this.#s.alloc(src.length * 8, 8);
      this.#check(this.#x.gg_mines_probabilities(this.#bytes(src), rows, cols, mines, out));
      const p = new Float64Array(this.#x.memory.buffer, out, src.length).slice();
      for (let i = 0; i < p.length; i++) if (p[i] < 0) p[i] = NaN;
      return p;
    });
  }

  /** The best cell to reveal on a view and its mine probability (`risk`, 0 when certain). */
  hint(view, rows, cols, mines) {
    const src = bytesOf(view, 'view');
    checkCells(src.length, rows, cols, 'view');
    return this.#call(() => {
      const [r, c, risk] = [this.#out(), this.#out(), this.#out()];
      this.#check(this.#x.gg_mines_hint(this.#bytes(src), rows, cols, mines, r, c, risk));
      const v = this.#view();
      return { row: v.getUint32(r, true), col: v.getUint32(c, true), risk: v.getFloat64(risk, true) };
    });
  }

  /** `hint` under the game's first-click rule (on an all-hidden view: `hint`'s first click,
   * (2, 2) or (3, 3) on boards with one side at least 1.5 times the other, when the first click
   * opens, the corner otherwise) and with the effort asked for; `win` is the exact chance
   * of winning from this view when the endgame search computed it, NaN otherwise. */
  hintWith(view, rows, cols, mines, { firstClick = FirstClick.OPENING, effort = Effort.STANDARD } = {}) {
    const src = bytesOf(view, 'view');
    checkCells(src.length, rows, cols, 'view');
    return this.#call(() => {
      const opt = this.#s.alloc(8, 4);
      this.#view().setUint32(opt, firstClick, true);
      this.#view().setUint32(opt + 4, effort, true);
      const [r, c, risk, win] = [this.#out(), this.#out(), this.#out(), this.#out()];
      const st = this.#x.gg_mines_hint_with(this.#bytes(src), rows, cols, mines, opt, r, c, risk, win);
      this.#check(st);
      const v = this.#view();
      return {
        row: v.getUint32(r, true),
        col: v.getUint32(c, true),
        risk: v.getFloat64(risk, true),
        win: v.getFloat64(win, true),
      };
    });
  }

  /** The safe cells a player who only makes certain moves leaves hidden after a first click on
   * `(row, col)` of a hidden board (`'M'` mines, `'E'` safe): 0 means no guess is needed. */
  solvable(board, rows, cols, row, col, logic = Logic.WITH_COUNT) {
    const src = bytesOf(board, 'board');
    checkCells(src.length, rows, cols, 'board');
    return this.#call(() => {
      const out = this.#out();
      this.#check(this.#x.gg_mines_solvable(this.#bytes(src), rows, cols, row, col, logic, out));
      return this.#view().getUint32(out, true);
    });
  }

  /** A board's statistics: 3BV, openings, islands, ZiNi and the count of each number. */
  measure(board, rows, cols) {
    const src = bytesOf(board, 'board');
    checkCells(src.length, rows, cols, 'board');
    return this.#call(() => {
      const out = this.#s.alloc(13 * 4, 4);
      this.#check(this.#x.gg_mines_measure(this.#bytes(src), rows, cols, out));
      const w = new Uint32Array(this.#x.memory.buffer, out, 13);
      return { bbbv: w[0], openings: w[1], islands: w[2], zini: w[3], counts: Array.from(w.slice(4)) };
    });
  }

  /** A seeded Minesweeper game. */
  newMinesGame({ rows, cols, mines, seed = 0, firstClick = FirstClick.SAFE, noGuess = NoGuess.OFF }) {
    return this.#call(() => {
      const cfg = this.#s.alloc(32, 8);
      const v = this.#view();
      v.setUint32(cfg, rows, true);
      v.setUint32(cfg + 4, cols, true);
      v.setUint32(cfg + 8, mines, true);
      v.setBigUint64(cfg + 16, BigInt(seed), true);
      v.setUint32(cfg + 24, firstClick, true);
      v.setUint32(cfg + 28, noGuess, true);
      return this.#open(MinesGame, (out) => this.#x.gg_mines_new(cfg, out));
    });
  }

  /** A Minesweeper game in progress from a LeetCode board. */
  minesFromBoard(board, rows, cols) {
    const src = bytesOf(board, 'board');
    checkCells(src.length, rows, cols, 'board');
    return this.#call(() => {
      const buf = this.#bytes(src);
      return this.#open(MinesGame, (out) => this.#x.gg_mines_from_board(buf, rows, cols, out));
    });
  }

  /** A Minesweeper game from the bytes `MinesGame.save()` gave. */
  loadMinesGame(record) {
    return this.#call(() => {
      const buf = this.#bytes(record);
      return this.#open(MinesGame, (out) => this.#x.gg_mines_load(buf, record.length, out));
    });
  }

  // --- for the game classes -------------------------------------------------------------------

  /** @internal */
  _handle(kind, game, ptr) {
    this.#registry?.register(game, [kind, ptr], game);
  }

  /** @internal */
  _release(kind, game, ptr) {
    this.#registry?.unregister(game);
    (kind === 'mines' ? this.#x.gg_mines_free : this.#x.gg_snakes_game_free)(ptr);
  }

  /** @internal Runs a call on a handle: `f(exports, scratch helpers)`. */
  _run(f) {
    return this.#call(() =>
      f(this.#x, {
        check: (st) => this.#check(st),
        out: (n) => this.#out(n),
        alloc: (n, a) => this.#s.alloc(n, a),
        view: () => this.#view(),
        string: (p, n) => this.#string(p, n),
        bytes: (p, n) => this.#u8().slice(p, p + n),
      }),
    );
  }
}

class Handle {
  #gg;
  #kind;
  #ptr;

  constructor(gg, kind, ptr) {
    this.#gg = gg;
    this.#kind = kind;
    this.#ptr = ptr;
    gg._handle(kind, this, ptr);
  }

  /** Runs `f(x, m, ptr)` on the live handle. */
  _run(f) {
    if (this.#ptr === 0) throw new GridgamesError(Status.NULL_POINTER, 'the game was freed');
    return this.#gg._run((x, m) => f(x, m, this.#ptr));
  }

  /** Releases the game; further calls throw. Calling it twice is harmless. */
  free() {
    if (this.#ptr !== 0) {
      this.#gg._release(this.#kind, this, this.#ptr);
      this.#ptr = 0;
    }
  }

  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() {
    this.free();
  }
}

function turnAt(v, p) {
  return {
    player: v.getUint32(p, true),
    face: v.getUint32(p + 4, true),
    from: v.getUint32(p + 8, true),
    to: v.getUint32(p + 12, true),
    won: v.getUint32(p + 16, true) === 1,
  };
}

/** A Minesweeper game in progress; release it with `free()`. */
export class MinesGame extends Handle {
  constructor(gg, ptr) {
    super(gg, 'mines', ptr);
    const [rows, cols, mines] = this._run((x, m, g) => {
      const [r, c, n] = [m.out(), m.out(), m.out()];
      m.check(x.gg_mines_dimensions(g, r, c, n));
      const v = m.view();
      return [v.getUint32(r, true), v.getUint32(c, true), v.getUint32(n, true)];
    });
    /** Rows, columns and mines of the board. */
    this.rows = rows;
    this.cols = cols;
    this.mines = mines;
  }

  #move(fn, row, col) {
    this._run((x, m, g) => m.check(x[fn](g, row, col)));
  }

  /** A left click: reveals `(row, col)`. */
  reveal(row, col) {
    this.#move('gg_mines_reveal', row, col);
  }

  /** A right click: flags or unflags a hidden cell. */
  toggleFlag(row, col) {
    this.#move('gg_mines_toggle_flag', row, col);
  }

  /** A click on a number with as many flags around it: reveals its other neighbours. */
  chord(row, col) {
    this.#move('gg_mines_chord', row, col);
  }

  /** Takes back the last accepted move. */
  undo() {
    this._run((x, m, g) => m.check(x.gg_mines_undo(g)));
  }

  /** What the player sees, row-major: `'E'`, `'F'`, `'B'`, `'1'`-`'8'`, and after a loss `'X'`
   * and `'M'`. */
  view() {
    return this.#cells('gg_mines_view');
  }

  /** The true board in the LeetCode alphabet (mines as `'M'`). */
  board() {
    return this.#cells('gg_mines_board');
  }

  /** The rows * cols cells that `fn` (gg_mines_view or gg_mines_board) writes. */
  #cells(fn) {
    const n = this.rows * this.cols;
    return this._run((x, m, g) => {
      const out = m.alloc(n, 1);
      m.check(x[fn](g, out, n));
      return m.string(out, n);
    });
  }

  /** `'playing'`, `'won'` or `'lost'`. */
  get state() {
    return this._run((x, m, g) => {
      const out = m.out();
      m.check(x.gg_mines_state(g, out));
      return STATE_NAMES[m.view().getUint32(out, true)];
    });
  }

  /** The player's statistics so far. */
  stats() {
    return this._run((x, m, g) => {
      const out = m.alloc(32, 4);
      m.check(x.gg_mines_stats(g, out));
      const v = m.view();
      const w = (k) => v.getUint32(out + 4 * k, true);
      return {
        bbbv: w(0),
        bbbvSolved: w(1),
        leftClicks: w(2),
        rightClicks: w(3),
        chords: w(4),
        effectiveClicks: w(5),
        flags: w(6),
        revealed: w(7),
      };
    });
  }

  /** Every accepted move, in order. */
  moves() {
    return this._run((x, m, g) => {
      const [out, n] = sized(x.gg_mines_moves, m, g, 12, 4);
      const v = m.view();
      const kinds = ['reveal', 'flag', 'chord'];
      return Array.from({ length: n }, (_, i) => ({
        kind: kinds[v.getUint32(out + 12 * i, true)],
        row: v.getUint32(out + 12 * i + 4, true),
        col: v.getUint32(out + 12 * i + 8, true),
      }));
    });
  }

  /** The game as a self-contained, versioned record (docs/save-format.md). */
  save() {
    return this._run((x, m, g) => m.bytes(...sized(x.gg_mines_save, m, g, 1, 1)));
  }
}

/** Calls `fn(game, buf, cap, count_out)` twice, as its C contract allows: with no buffer to
 * learn the count, then with room for it. Returns the buffer and the count. */
function sized(fn, m, g, size, align) {
  const count = m.out();
  const st = fn(g, 0, 0, count);
  if (st !== Status.BUFFER_TOO_SMALL) m.check(st);
  const n = m.view().getUint32(count, true);
  const buf = m.alloc(Math.max(n, 1) * size, align);
  m.check(fn(g, buf, n, count));
  return [buf, n];
}

/** A game of Snakes and Ladders with a seeded die; release it with `free()`. */
export class SnakesGame extends Handle {
  constructor(gg, ptr) {
    super(gg, 'snakes', ptr);
    const [players, squares] = this._run((x, m, g) => {
      const [p, s] = [m.out(), m.out()];
      m.check(x.gg_snakes_game_size(g, p, s));
      return [m.view().getUint32(p, true), m.view().getUint32(s, true)];
    });
    /** Players and squares of the game. */
    this.players = players;
    this.squares = squares;
  }

  /** The next player rolls the game's die. */
  roll() {
    return this._run((x, m, g) => {
      const out = m.alloc(20, 4);
      m.check(x.gg_snakes_game_roll(g, out));
      return turnAt(m.view(), out);
    });
  }

  /** The next player moves by `face`, as if rolled. */
  play(face) {
    return this._run((x, m, g) => {
      const out = m.alloc(20, 4);
      m.check(x.gg_snakes_game_play(g, face, out));
      return turnAt(m.view(), out);
    });
  }

  /** Takes back the last turn. */
  undo() {
    this._run((x, m, g) => m.check(x.gg_snakes_game_undo(g)));
  }

  /** Whose turn it is, the winner (`null` while the game is on) and the turns taken. */
  state() {
    return this._run((x, m, g) => {
      const out = m.alloc(16, 8);
      m.check(x.gg_snakes_game_state(g, out));
      const v = m.view();
      const winner = v.getUint32(out + 4, true);
      return {
        nextPlayer: v.getUint32(out, true),
        winner: winner === 0xffffffff ? null : winner,
        turns: Number(v.getBigUint64(out + 8, true)),
      };
    });
  }

  /** Where each player stands (0: off the board). */
  positions() {
    return this._run((x, m, g) => {
      const out = m.alloc(this.players * 4, 4);
      m.check(x.gg_snakes_game_positions(g, out, this.players));
      return Array.from(new Uint32Array(m.view().buffer, out, this.players));
    });
  }

  /** Every turn taken, in order. */
  turns() {
    return this._run((x, m, g) => {
      const [out, n] = sized(x.gg_snakes_game_turns, m, g, 20, 4);
      const v = m.view();
      return Array.from({ length: n }, (_, i) => turnAt(v, out + 20 * i));
    });
  }

  /** The game as a self-contained, versioned record. */
  save() {
    return this._run((x, m, g) => m.bytes(...sized(x.gg_snakes_game_save, m, g, 1, 1)));
  }
}

/** The bundled module, read from the package in Node and fetched next to this file in a
 * browser. */
async function bundled() {
  const url = new URL('./gridgames.wasm', import.meta.url);
  if (typeof process === 'object' && process.versions?.node && url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`gridgames: cannot fetch ${url}: ${response.status}`);
  return response.arrayBuffer();
}

/** Instantiates the library: from the bundled `gridgames.wasm`, or from the bytes, `Response` or
 * `WebAssembly.Module` given. */
export async function load(source) {
  let module = source ?? (await bundled());
  if (typeof Response === 'function' && module instanceof Response) module = await module.arrayBuffer();
  const instance =
    module instanceof WebAssembly.Module
      ? await WebAssembly.instantiate(module, {})
      : (await WebAssembly.instantiate(module, {})).instance;
  return new Gridgames(instance);
}
