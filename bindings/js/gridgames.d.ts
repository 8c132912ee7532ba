// Types of gridgames.js: the gridgames library (Snakes and Ladders, Minesweeper) for JavaScript.

/** A board or view as text (one ASCII character a cell, row-major) or as bytes. */
export type Cells = string | Uint8Array;
/** A jump table or LeetCode 909 board: 32-bit integers, -1 for "no jump". */
export type Int32s = ArrayLike<number>;

/** Status codes (`GG_OK`, `GG_ERR_*`), by name. */
export declare const Status: Readonly<{
  OK: 0;
  NULL_POINTER: 1;
  ZERO_SIZE: 2;
  SIZE_OVERFLOW: 3;
  INVALID_CELL: 4;
  OUT_OF_BOUNDS: 5;
  BUFFER_TOO_SMALL: 6;
  INVALID_ARGUMENT: 7;
  TOO_MANY_MINES: 8;
  GAME_OVER: 9;
  INCONSISTENT: 10;
  OUT_OF_MEMORY: 11;
  GENERATION_FAILED: 12;
  INTERNAL: 13;
  BAD_RECORD: 14;
  NOTHING_TO_UNDO: 15;
  TOO_COMPLEX: 16;
}>;
export type StatusCode = (typeof Status)[keyof typeof Status];
export type StatusName = keyof typeof Status | 'UNKNOWN';

/** What the first reveal of a Minesweeper game is promised. */
export declare const FirstClick: Readonly<{ ANY: 0; SAFE: 1; OPENING: 2 }>;
export type FirstClickRule = (typeof FirstClick)[keyof typeof FirstClick];
/** Boards won from the first click without a guess. */
export declare const NoGuess: Readonly<{ OFF: 0; WITH_COUNT: 1; NUMBERS_ONLY: 2 }>;
export type NoGuessLogic = (typeof NoGuess)[keyof typeof NoGuess];
/** How much the hint looks ahead. */
export declare const Effort: Readonly<{ FAST: 0; STANDARD: 1; DEEP: 2 }>;
export type HintEffort = (typeof Effort)[keyof typeof Effort];
/** What the solvability check may use. */
export declare const Logic: Readonly<{ NUMBERS_ONLY: 0; WITH_COUNT: 1 }>;
export type SolveLogic = (typeof Logic)[keyof typeof Logic];
/** A Minesweeper game's state, as numbers (`MinesGame.state` gives names). */
export declare const MinesState: Readonly<{ PLAYING: 0; WON: 1; LOST: 2 }>;
/** The kinds of recorded Minesweeper moves, as numbers. */
export declare const Move: Readonly<{ REVEAL: 0; FLAG: 1; CHORD: 2 }>;
/** A roll past the last square: stay, bounce back, or finish anyway. */
export declare const Overshoot: Readonly<{ STAY: 0; BOUNCE: 1; FINISH: 2 }>;
export type OvershootRule = (typeof Overshoot)[keyof typeof Overshoot];

/** The die and rules of a Snakes and Ladders game. */
export interface SnakesRules {
  /** Die faces; 6 for a standard die. */
  faces: number;
  /** What a roll past the last square does. */
  overshoot: OvershootRule;
  /** Where every player begins: 0 is off the board, s in 1..N-1 is standing on square s. */
  start: number;
}
/** Six faces, overshoot stays, start off the board. */
export declare const STANDARD_RULES: Readonly<SnakesRules>;

/** A failed call: the library's status code, its name, and the library's message. */
export declare class GridgamesError extends Error {
  readonly name: 'GridgamesError';
  readonly status: StatusCode;
  readonly code: StatusName;
}

export interface Hint {
  row: number;
  col: number;
  /** The cell's mine probability; 0 when it is certainly safe. */
  risk: number;
}

export interface BoardStats {
  /** 3BV: the fewest left clicks that clear the board. */
  bbbv: number;
  openings: number;
  islands: number;
  /** Greedy ZiNi: the clicks of a greedy player who knows the layout. */
  zini: number;
  /** Safe cells showing 0, 1, ..., 8. */
  counts: number[];
}

export interface PlayStats {
  bbbv: number;
  bbbvSolved: number;
  leftClicks: number;
  rightClicks: number;
  chords: number;
  effectiveClicks: number;
  flags: number;
  revealed: number;
}

export interface MinesMove {
  kind: 'reveal' | 'flag' | 'chord';
  row: number;
  col: number;
}

export interface MinesConfig {
  rows: number;
  cols: number;
  mines: number;
  /** The same seed, size, mine count, rule and first click give the same board everywhere. */
  seed?: number | bigint;
  /** Default `FirstClick.SAFE`. */
  firstClick?: FirstClickRule;
  /** Default `NoGuess.OFF`. */
  noGuess?: NoGuessLogic;
}

export interface Turn {
  player: number;
  face: number;
  from: number;
  to: number;
  won: boolean;
}

export interface SnakesState {
  nextPlayer: number;
  winner: number | null;
  turns: number;
}

export interface SnakesConfig {
  /** `jumps[s-1]` is the destination of square s, or -1. */
  jumps: Int32s;
  /** Default 2. */
  players?: number;
  /** The seed of the game's die. Default 0. */
  seed?: number | bigint;
  rules?: Partial<SnakesRules>;
}

/** A game handle: release it with `free()` (or `using`, where the runtime has it). */
declare class Handle {
  /** Releases the game; further calls throw. Calling it twice is harmless. */
  free(): void;
  [Symbol.dispose](): void;
}

/** A Minesweeper game in progress. */
export declare class MinesGame extends Handle {
  private constructor();
  readonly rows: number;
  readonly cols: number;
  readonly mines: number;
  /** A left click. */
  reveal(row: number, col: number): void;
  /** A right click: flags or unflags a hidden cell. */
  toggleFlag(row: number, col: number): void;
  /** A click on a number with as many flags around it. */
  chord(row: number, col: number): void;
  /** Takes back the last accepted move. */
  undo(): void;
  /** What the player sees: 'E', 'F', 'B', '1'-'8', and after a loss 'X' and 'M'. */
  view(): string;
  /** The true board in the LeetCode alphabet. */
  board(): string;
  readonly state: 'playing' | 'won' | 'lost';
  stats(): PlayStats;
  moves(): MinesMove[];
  /** A self-contained, versioned record of the game. */
  save(): Uint8Array;
}

/** A game of Snakes and Ladders with a seeded die. */
export declare class SnakesGame extends Handle {
  private constructor();
  readonly players: number;
  readonly squares: number;
  roll(): Turn;
  play(face: number): Turn;
  undo(): void;
  state(): SnakesState;
  positions(): number[];
  turns(): Turn[];
  save(): Uint8Array;
}

/** The library, instantiated. */
export declare class Gridgames {
  private constructor();
  /** "MAJOR.MINOR.PATCH". */
  readonly version: string;

  /** LeetCode 909: the fewest rolls on an n x n boustrophedon board, or -1. */
  minRolls(board: Int32s): number;
  gridToJumps(board: Int32s, rows: number, cols: number): Int32Array;
  move(jumps: Int32s, from: number, face: number, rules?: Partial<SnakesRules>): number;
  shortest(jumps: Int32s, rules?: Partial<SnakesRules>): { turns: number; faces: number[] };
  expectedTurns(jumps: Int32s, rules?: Partial<SnakesRules>): number;
  lengthDistribution(
    jumps: Int32s,
    rounds: number,
    options?: { players?: number; rules?: Partial<SnakesRules> },
  ): { probs: Float64Array; tail: number };
  winChances(jumps: Int32s, players: number, rules?: Partial<SnakesRules>): Float64Array;
  newSnakesGame(config: SnakesConfig): SnakesGame;
  loadSnakesGame(record: Uint8Array): SnakesGame;

  /** LeetCode 529: the board after one click. */
  click(board: Cells, rows: number, cols: number, row: number, col: number): string;
  /** Exact mine probabilities; NaN for revealed cells. */
  probabilities(view: Cells, rows: number, cols: number, mines: number): Float64Array;
  hint(view: Cells, rows: number, cols: number, mines: number): Hint;
  /** The hint under the game's first-click rule and an effort; `win` is NaN unless computed. */
  hintWith(
    view: Cells,
    rows: number,
    cols: number,
    mines: number,
    options?: { firstClick?: FirstClickRule; effort?: HintEffort },
  ): Hint & { win: number };
  /** Safe cells a certain-move player leaves hidden after the first click; 0: no guess needed. */
  solvable(board: Cells, rows: number, cols: number, row: number, col: number, logic?: SolveLogic): number;
  measure(board: Cells, rows: number, cols: number): BoardStats;
  newMinesGame(config: MinesConfig): MinesGame;
  minesFromBoard(board: Cells, rows: number, cols: number): MinesGame;
  loadMinesGame(record: Uint8Array): MinesGame;
}

/** Instantiates the library from the bundled gridgames.wasm, or from the module given. */
export declare function load(
  source?: BufferSource | Response | WebAssembly.Module,
): Promise<Gridgames>;
