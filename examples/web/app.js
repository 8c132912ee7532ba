// The playground: Minesweeper and Snakes and Ladders on top of the gridgames npm package
// (served at ./gridgames/). Plain modules, no build step. The solver's work (probabilities, the
// hint) runs in worker.js, so the page stays responsive on large boards.
import { load, FirstClick, NoGuess, GridgamesError } from './gridgames/gridgames.js';

const gg = await load();
const $ = (id) => document.getElementById(id);
$('version').textContent = `gridgames ${gg.version}`;

// --- tabs -----------------------------------------------------------------------------------

for (const tab of document.querySelectorAll('[role="tab"]')) {
  tab.addEventListener('click', () => {
    for (const t of document.querySelectorAll('[role="tab"]')) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      $(t.getAttribute('aria-controls')).hidden = !on;
    }
  });
}

// --- the solver worker ----------------------------------------------------------------------

const solver = (() => {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const waiting = new Map();
  let next = 0;
  let ready;
  const started = new Promise((resolve) => (ready = resolve));
  worker.onmessage = ({ data }) => {
    if (data.ready) return ready();
    const w = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.error) w.reject(Object.assign(new Error(data.error.message), data.error));
    else w.resolve(data.result);
  };
  return async (op, view, rows, cols, mines) => {
    await started;
    const id = next++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, op, view, rows, cols, mines });
    });
  };
})();

// --- Minesweeper ----------------------------------------------------------------------------

const NAMES = { E: 'hidden', F: 'flagged', B: 'blank', X: 'exploded mine', M: 'mine' };
const SAVE_KEY = 'gridgames.mines.save';
let game = null;
let buttons = [];
let started = 0;
let ended = 0;
let boardStats = null;
let heat = null; // the probabilities shown, or null
let focus = 0;

function setStatus(text) {
  $('status').textContent = text;
}

function report(e) {
  setStatus(e instanceof GridgamesError ? `${e.code}: ${e.message}` : String(e.message ?? e));
}

function config() {
  const level = $('level').value;
  const [rows, cols, mines] =
    level === 'custom'
      ? [+$('rows').value, +$('cols').value, +$('mines-count').value]
      : level.split(',').map(Number);
  let seed;
  try {
    seed = BigInt($('seed').value.trim() || '0');
  } catch {
    seed = 0n;
  }
  return {
    rows,
    cols,
    mines,
    seed: BigInt.asUintN(64, seed),
    firstClick: +$('first-click').value,
    noGuess: +$('no-guess').value,
  };
}

function newGame(make = () => gg.newMinesGame(config())) {
  let fresh;
  try {
    fresh = make();
  } catch (e) {
    report(e);
    return;
  }
  game?.free();
  game = fresh;
  started = 0;
  ended = 0;
  boardStats = null;
  heat = null;
  $('probabilities').checked = false;
  buildBoard();
  setStatus('');
  measureBoard();
  render();
}

function buildBoard() {
  const board = $('board');
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${game.cols}, var(--cell))`;
  const size = Math.max(12, Math.min(26, Math.floor(900 / game.cols)));
  board.style.setProperty('--cell', `${size}px`);
  buttons = [];
  for (let r = 0; r < game.rows; r++) {
    for (let c = 0; c < game.cols; c++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.row = r;
      b.dataset.col = c;
      b.tabIndex = r === 0 && c === 0 ? 0 : -1;
      b.setAttribute('role', 'gridcell');
      buttons.push(b);
    }
  }
  board.append(...buttons);
  focus = 0;
}

function cellAt(target) {
  const b = target.closest('button[data-row]');
  return b ? [+b.dataset.row, +b.dataset.col] : null;
}

/** Left click: reveal, or chord on a number. */
function primary(r, c) {
  if (!game || game.state !== 'playing') return;
  const cell = game.view()[r * game.cols + c];
  const wasWaiting = game.stats().leftClicks === 0;
  try {
    if (/[1-8]/.test(cell)) game.chord(r, c);
    else game.reveal(r, c);
  } catch (e) {
    report(e);
    return;
  }
  if (!started) started = performance.now();
  if (wasWaiting || !boardStats) measureBoard();
  afterMove();
}

function flag(r, c) {
  if (!game || game.state !== 'playing') return;
  try {
    game.toggleFlag(r, c);
  } catch (e) {
    report(e);
    return;
  }
  if (!started) started = performance.now();
  afterMove();
}

function afterMove() {
  if (game.state !== 'playing' && !ended) ended = performance.now();
  setStatus(game.state === 'won' ? 'Won!' : game.state === 'lost' ? 'Lost.' : '');
  heat = null;
  render();
  if ($('probabilities').checked) showProbabilities();
}

/** The board's 3BV and ZiNi, as soon as its layout exists (at once when any first click is
 * allowed; at the first reveal when the first click is kept safe). */
function measureBoard() {
  if (game.stats().bbbv === 0) return;
  const truth = game.board().replaceAll(/[BX1-8]/g, 'E');
  try {
    boardStats = gg.measure(truth, game.rows, game.cols);
  } catch {
    boardStats = null;
  }
}

function render() {
  const view = game.view();
  for (let i = 0; i < buttons.length; i++) {
    const b = buttons[i];
    const ch = view[i];
    if (b.dataset.cell !== ch) {
      b.dataset.cell = ch;
      b.className = /[1-8]/.test(ch) ? `n${ch}` : '';
      b.textContent = /[1-8]/.test(ch) ? ch : ch === 'F' ? '⚑' : ch === 'M' || ch === 'X' ? '✹' : '';
    }
    b.classList.remove('hint');
    const p = heat ? heat[i] : NaN;
    const [r, c] = [Math.floor(i / game.cols), i % game.cols];
    let label = `row ${r + 1}, column ${c + 1}: ${/[1-8]/.test(ch) ? ch : NAMES[ch]}`;
    if (heat && ch === 'E' && !Number.isNaN(p)) {
      b.style.background = `hsl(${Math.round(120 * (1 - p))} 75% 58%)`;
      b.title = `mine probability ${p.toFixed(4)}`;
      b.dataset.probability = String(p);
      label += `, mine probability ${p.toFixed(3)}`;
    } else {
      b.style.background = '';
      b.removeAttribute('title');
      delete b.dataset.probability;
    }
    b.setAttribute('aria-label', label);
  }
  $('legend').hidden = !heat;
  renderStats();
}

function renderStats() {
  const s = game.stats();
  const now = ended || (started ? performance.now() : 0);
  const secs = started ? (now - started) / 1000 : 0;
  const clicks = s.leftClicks + s.rightClicks + s.chords;
  const bbbv = boardStats?.bbbv ?? s.bbbv;
  $('stat-time').textContent = `${secs.toFixed(1)} s`;
  $('stat-bbbv').textContent = bbbv ? String(bbbv) : '-';
  $('stat-solved').textContent = String(s.bbbvSolved);
  $('stat-bbbvs').textContent = secs > 0 ? (s.bbbvSolved / secs).toFixed(2) : '-';
  $('stat-clicks').textContent = `${clicks} (${s.leftClicks} left, ${s.rightClicks} right, ${s.chords} chords)`;
  $('stat-eff').textContent = clicks ? `${Math.round((100 * s.bbbvSolved) / clicks)}%` : '-';
  $('stat-zini').textContent = boardStats ? String(boardStats.zini) : '-';
  $('stat-left').textContent = String(game.mines - s.flags);
}

setInterval(() => game && started && !ended && renderStats(), 100);

async function showProbabilities() {
  const view = game.view();
  try {
    const p = await solver('probabilities', view, game.rows, game.cols, game.mines);
    if (game.view() !== view || !$('probabilities').checked) return;
    heat = p;
    render();
  } catch (e) {
    report(e);
  }
}

async function showHint() {
  if (!game || game.state !== 'playing') return;
  try {
    const h = await solver('hint', game.view(), game.rows, game.cols, game.mines);
    const b = buttons[h.row * game.cols + h.col];
    b.classList.add('hint');
    b.dataset.hint = 'true';
    setStatus(`Hint: row ${h.row + 1}, column ${h.col + 1}, mine probability ${h.risk.toFixed(4)}`);
    $('hint').dataset.row = h.row;
    $('hint').dataset.col = h.col;
    $('hint').dataset.risk = h.risk;
  } catch (e) {
    report(e);
  }
}

$('board').addEventListener('click', (ev) => {
  const at = cellAt(ev.target);
  if (at) primary(...at);
});
$('board').addEventListener('contextmenu', (ev) => {
  const at = cellAt(ev.target);
  if (!at) return;
  ev.preventDefault();
  flag(...at);
});
$('board').addEventListener('keydown', (ev) => {
  if (!game) return;
  const [r, c] = [Math.floor(focus / game.cols), focus % game.cols];
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[ev.key]) {
    const [dr, dc] = moves[ev.key];
    const nr = Math.min(game.rows - 1, Math.max(0, r + dr));
    const nc = Math.min(game.cols - 1, Math.max(0, c + dc));
    buttons[focus].tabIndex = -1;
    focus = nr * game.cols + nc;
    buttons[focus].tabIndex = 0;
    buttons[focus].focus();
  } else if (ev.key === 'Enter' || ev.key === ' ') {
    primary(r, c);
  } else if (ev.key === 'f' || ev.key === 'F') {
    flag(r, c);
  } else if (ev.key === 'h' || ev.key === 'H') {
    showHint();
  } else if (ev.key === 'u' || ev.key === 'U') {
    undo();
  } else {
    return;
  }
  ev.preventDefault();
});
$('board').addEventListener('focusin', (ev) => {
  const at = cellAt(ev.target);
  if (at) focus = at[0] * game.cols + at[1];
});

function undo() {
  try {
    game.undo();
    ended = 0;
    afterMove();
  } catch (e) {
    report(e);
  }
}

$('mines-setup').addEventListener('submit', (ev) => {
  ev.preventDefault();
  newGame();
});
$('level').addEventListener('change', () => {
  $('custom').hidden = $('level').value !== 'custom';
});
$('hint').addEventListener('click', showHint);
$('undo').addEventListener('click', undo);
$('probabilities').addEventListener('change', () => {
  if ($('probabilities').checked) showProbabilities();
  else {
    heat = null;
    render();
  }
});
$('save').addEventListener('click', () => {
  const bytes = game.save();
  localStorage.setItem(SAVE_KEY, btoa(String.fromCharCode(...bytes)));
  setStatus(`Saved (${bytes.length} bytes).`);
});
$('continue').addEventListener('click', () => {
  const text = localStorage.getItem(SAVE_KEY);
  if (!text) return setStatus('No saved game.');
  const bytes = Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
  newGame(() => gg.loadMinesGame(bytes));
  if (game.moves().length) {
    started = performance.now();
    measureBoard();
    render();
  }
});

newGame();

// --- Snakes and Ladders ---------------------------------------------------------------------

const MILTON_BRADLEY = [[1, 38], [4, 14], [9, 31], [21, 42], [28, 84], [36, 44], [51, 67],
  [71, 91], [80, 100], [16, 6], [47, 26], [49, 11], [56, 53], [62, 19], [64, 60], [87, 24],
  [93, 73], [95, 75], [98, 78]];
const SIDE = 10;
const N = SIDE * SIDE;
const SQ = 50;
let jumps = new Array(N).fill(-1);
let selected = 0;
let sgame = null;
let path = [];

function milton() {
  jumps = new Array(N).fill(-1);
  for (const [from, to] of MILTON_BRADLEY) jumps[from - 1] = to;
}

/** Square s (1..N) at its boustrophedon place: row 0 is the bottom. */
function place(s) {
  const k = s - 1;
  const row = Math.floor(k / SIDE);
  const col = row % 2 === 0 ? k % SIDE : SIDE - 1 - (k % SIDE);
  return { x: col * SQ, y: (SIDE - 1 - row) * SQ };
}

const svgNS = 'http://www.w3.org/2000/svg';
function svg(tag, attrs) {
  const e = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

function drawSnakes() {
  const root = $('snakes-board');
  root.replaceChildren();
  const onPath = new Set(path);
  for (let s = 1; s <= N; s++) {
    const { x, y } = place(s);
    const cls = ['sq', (Math.floor((s - 1) / SIDE) + s) % 2 ? 'dark' : '',
      s === selected ? 'selected' : '', onPath.has(s) ? 'path' : ''].join(' ');
    const rect = svg('rect', { x, y, width: SQ, height: SQ, class: cls, 'data-square': s });
    rect.addEventListener('click', () => clickSquare(s));
    root.append(rect, Object.assign(svg('text', { x: x + 3, y: y + 12 }), { textContent: String(s) }));
  }
  for (let s = 1; s <= N; s++) {
    const to = jumps[s - 1];
    if (to < 1) continue;
    const a = place(s);
    const b = place(to);
    root.append(svg('line', {
      x1: a.x + SQ / 2, y1: a.y + SQ / 2, x2: b.x + SQ / 2, y2: b.y + SQ / 2,
      class: to > s ? 'ladder' : 'snake',
    }));
  }
  const colours = ['#e74c3c', '#3498db', '#2ecc71', '#f1c40f'];
  if (sgame) {
    sgame.positions().forEach((p, i) => {
      if (p === 0) return;
      const { x, y } = place(p);
      root.append(svg('circle', {
        cx: x + 14 + 8 * i, cy: y + 36, r: 6, fill: colours[i % 4], class: 'token',
      }));
    });
  }
}

function clickSquare(s) {
  if (jumps[s - 1] !== -1) {
    jumps[s - 1] = -1;
    selected = 0;
  } else if (!selected) {
    if (s === 1 || s === N) return;
    selected = s;
    drawSnakes();
    return;
  } else if (s !== selected) {
    jumps[selected - 1] = s;
    selected = 0;
  } else {
    selected = 0;
  }
  analyse();
}

function analyse() {
  sgame?.free();
  sgame = null;
  $('snakes-log').replaceChildren();
  try {
    const best = gg.shortest(jumps);
    $('snakes-rolls').textContent = best.turns < 0 ? 'unreachable' : String(best.turns);
    $('snakes-faces').textContent = best.faces.join(' ') || '-';
    path = [];
    let at = 0;
    for (const f of best.faces) {
      at = gg.move(jumps, at, f);
      path.push(at);
    }
    const mean = gg.expectedTurns(jumps);
    const cell = $('snakes-expected');
    cell.dataset.value = String(mean);
    cell.textContent = Number.isFinite(mean) ? `${mean.toFixed(4)} turns` : 'the game can fail to end';
    const { probs } = gg.lengthDistribution(jumps, 150);
    const top = Math.max(...probs, 1e-12);
    $('snakes-chart').replaceChildren(...Array.from(probs, (p, t) => {
      const bar = document.createElement('div');
      bar.style.height = `${(100 * p) / top}%`;
      bar.title = `round ${t + 1}: ${(100 * p).toFixed(2)}%`;
      return bar;
    }));
    const rows = [2, 3, 4].map((players) => {
      const c = gg.winChances(jumps, players);
      return `<tr><td>${players} players</td>${Array.from(c, (x) => `<td>${(100 * x).toFixed(1)}%</td>`).join('')}</tr>`;
    });
    $('snakes-chances').innerHTML = rows.join('');
  } catch (e) {
    $('snakes-expected').textContent = e.message;
  }
  drawSnakes();
}

function newSnakesGame() {
  sgame?.free();
  let seed;
  try {
    seed = BigInt.asUintN(64, BigInt($('snakes-seed').value.trim() || '0'));
  } catch {
    seed = 0n;
  }
  sgame = gg.newSnakesGame({ jumps, players: +$('snakes-players').value, seed });
  $('snakes-log').replaceChildren();
  drawSnakes();
}

$('snakes-reset').addEventListener('click', () => {
  milton();
  analyse();
});
$('snakes-clear').addEventListener('click', () => {
  jumps = new Array(N).fill(-1);
  analyse();
});
$('snakes-new').addEventListener('click', newSnakesGame);
$('snakes-roll').addEventListener('click', () => {
  if (!sgame) newSnakesGame();
  if (sgame.state().winner !== null) return;
  const t = sgame.roll();
  const li = document.createElement('li');
  li.textContent = `player ${t.player + 1} rolls ${t.face}: ${t.from} → ${t.to}${t.won ? ', wins!' : ''}`;
  $('snakes-log').prepend(li);
  drawSnakes();
});

milton();
analyse();
document.body.dataset.ready = 'true';
