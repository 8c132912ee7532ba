// The playground in a real browser (Debian's Chromium, driven by playwright-core):
//   1. serves the page on 127.0.0.1 (scripts/web_server.py);
//   2. plays a seeded expert game by clicking cells, with flags (mouse and keyboard) and a chord;
//   3. checks every cell's data-cell against the native library's view of the same moves
//      (native_game, built from native_game.c by scripts/test-web.sh);
//   4. checks that the hint names a hidden cell and that the probability heatmap paints;
//   5. checks that the Snakes panel's expected length is gg_snakes_expected_turns to 1e-9;
// and saves a screenshot of each game in the artifacts folder.
//
//   node examples/web/test/browser.test.mjs NATIVE_GAME ARTIFACT_DIR
import { strict as assert } from 'node:assert';
import { spawn, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const [native, artifacts] = process.argv.slice(2);
mkdirSync(artifacts, { recursive: true });
const require = createRequire(path.join(repo, 'bindings/js/package.json'));
const { chromium } = require('playwright-core');
const { load } = await import(path.join(repo, 'bindings/js/gridgames.js'));
const gg = await load();

const server = spawn('python3', [path.join(repo, 'scripts/web_server.py'), '0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => {
    const m = /serving (\S+)/.exec(String(d));
    if (m) resolve(m[1]);
  });
  server.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');

  // A seeded expert game: 16 x 30, 99 mines, the first click opens, seed 2024 (the defaults).
  const cfg = { rows: 16, cols: 30, mines: 99, seed: 2024n, firstClick: 2, noGuess: 0 };
  await page.selectOption('#level', '16,30,99');
  await page.selectOption('#first-click', '2');
  await page.selectOption('#no-guess', '0');
  await page.fill('#seed', '2024');
  // With any first click allowed, the layout exists at once: its 3BV and ZiNi show before a click.
  await page.selectOption('#first-click', '0');
  await page.click('#new-game');
  const early = gg.newMinesGame({ ...cfg, firstClick: 0 });
  const earlyStats = gg.measure(early.board(), 16, 30);
  early.free();
  assert.equal(await page.textContent('#stat-bbbv'), String(earlyStats.bbbv));
  assert.equal(await page.textContent('#stat-zini'), String(earlyStats.zini));
  await page.selectOption('#first-click', '2');
  await page.click('#new-game');
  assert.equal(await page.textContent('#stat-bbbv'), '-');
  const cell = (r, c) => page.locator(`#board button[data-row="${r}"][data-col="${c}"]`);
  const dataCells = () => page.$$eval('#board button', (bs) => bs.map((b) => b.dataset.cell).join(''));
  const moves = [];
  const play = async (kind, r, c) => {
    if (kind === 1) await cell(r, c).click({ button: 'right' });
    else await cell(r, c).click();
    moves.push(`${kind}:${r}:${c}`);
  };
  const nativeView = () =>
    execFileSync(native, ['view', '16', '30', '99', '2024', '2', '0', ...moves]).toString().trim();

  // The truth, from the package (the test's own copy of the game), to choose sensible moves.
  const mirror = gg.newMinesGame(cfg);
  mirror.reveal(8, 15);
  const truth = mirror.board();
  mirror.free();
  await play(0, 8, 15);
  assert.equal(await dataCells(), nativeView(), 'after the first click');

  // A number next to hidden mines: flag them all, then chord it.
  const view = await dataCells();
  const near = (i) => {
    const [r, c] = [Math.floor(i / 30), i % 30];
    const out = [];
    for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) {
      const [rr, cc] = [r + dr, c + dc];
      if ((dr || dc) && rr >= 0 && rr < 16 && cc >= 0 && cc < 30) out.push(rr * 30 + cc);
    }
    return out;
  };
  const target = [...view].findIndex((ch, i) => /[1-8]/.test(ch) &&
    near(i).some((j) => view[j] === 'E' && truth[j] !== 'M') &&
    near(i).some((j) => truth[j] === 'M'));
  assert.ok(target >= 0, 'a number to chord');
  const mines = near(target).filter((j) => truth[j] === 'M');
  for (const j of mines.slice(1)) await play(1, Math.floor(j / 30), j % 30);
  // The last flag from the keyboard: focus the cell, press F.
  const last = mines[0];
  await cell(Math.floor(last / 30), last % 30).focus();
  await page.keyboard.press('f');
  moves.push(`1:${Math.floor(last / 30)}:${last % 30}`);
  await play(2, Math.floor(target / 30), target % 30);
  assert.equal(await dataCells(), nativeView(), 'after the flags and the chord');
  const chords = await page.textContent('#stat-clicks');
  assert.match(chords, /1 chords/);

  // A few more safe reveals, each checked against the native view.
  const safe = [...(await dataCells())].map((ch, i) => (ch === 'E' && truth[i] !== 'M' ? i : -1))
    .filter((i) => i >= 0);
  for (const i of [safe[0], safe[Math.floor(safe.length / 2)], safe[safe.length - 1]]) {
    const now = await dataCells();
    if (now[i] !== 'E') continue;
    await play(0, Math.floor(i / 30), i % 30);
  }
  const final = await dataCells();
  assert.equal(final, nativeView(), 'after the last moves');
  for (const b of await page.$$('#board button')) {
    const label = await b.getAttribute('aria-label');
    assert.match(label, /^row \d+, column \d+: /);
  }

  // The hint names a hidden cell.
  await page.click('#hint');
  await page.waitForSelector('#board button.hint');
  const hint = await page.$eval('#hint', (h) => ({ ...h.dataset }));
  assert.equal(final[+hint.row * 30 + +hint.col], 'E', 'the hint is a hidden cell');
  assert.ok(+hint.risk >= 0 && +hint.risk <= 1);
  // The heatmap paints every hidden cell, with the legend.
  await page.check('#probabilities');
  await page.waitForSelector('#board button[data-probability]');
  const painted = await page.$$eval('#board button[data-probability]', (bs) =>
    bs.map((b) => [b.dataset.cell, b.style.background !== '', +b.dataset.probability]));
  const hidden = [...final].filter((ch) => ch === 'E').length;
  assert.equal(painted.length, hidden, 'every hidden cell has a probability');
  assert.ok(painted.every(([ch, bg, p]) => ch === 'E' && bg && p >= 0 && p <= 1));
  assert.equal(await page.isVisible('#legend'), true);
  await page.screenshot({ path: path.join(artifacts, 'minesweeper.png'), fullPage: true });

  // Save, undo the last move (the native game without it agrees), continue the saved game.
  await page.click('#save');
  await page.click('#undo');
  const undone = moves.pop();
  assert.equal(await dataCells(), nativeView(), 'after undo');
  await page.click('#continue');
  moves.push(undone);
  assert.equal(await dataCells(), nativeView(), 'the saved game, continued');

  // A large board with the heatmap on: the solver runs in the worker, the page keeps answering.
  await page.selectOption('#level', 'custom');
  await page.fill('#rows', '100');
  await page.fill('#cols', '100');
  await page.fill('#mines-count', '1600');
  await page.click('#new-game');
  await page.check('#probabilities');
  const t0 = Date.now();
  await cell(50, 50).click();
  await page.waitForSelector('#board button[data-probability]', { timeout: 60000 });
  const bigMs = Date.now() - t0;
  const bigPainted = await page.$$eval('#board button[data-probability]', (bs) => bs.length);
  const bigHidden = (await dataCells()).split('').filter((ch) => ch === 'E').length;
  assert.equal(bigPainted, bigHidden, 'every hidden cell of the 100 x 100 board is painted');
  await page.screenshot({ path: path.join(artifacts, 'minesweeper-100x100.png'), fullPage: true });

  // Snakes and Ladders: the expected length of the Milton Bradley board.
  await page.click('#tab-snakes');
  const shown = Number(await page.getAttribute('#snakes-expected', 'data-value'));
  const want = Number(execFileSync(native, ['expected']).toString());
  assert.ok(Math.abs(shown - want) <= 1e-9 * want, `expected length ${shown} vs native ${want}`);
  assert.equal(await page.textContent('#snakes-rolls'), '7');
  assert.equal(await page.$$eval('#snakes-chart div', (d) => d.length), 150);
  // Seeded players take turns.
  await page.click('#snakes-new');
  for (let k = 0; k < 4; k++) await page.click('#snakes-roll');
  assert.equal(await page.$$eval('#snakes-log li', (l) => l.length), 4);
  await page.screenshot({ path: path.join(artifacts, 'snakes.png'), fullPage: true });

  assert.deepEqual(errors, [], 'the page logged errors');
  console.log(`browser: ${moves.length} moves, every cell as the native library shows it; ` +
    `hint (${hint.row}, ${hint.col}) risk ${(+hint.risk).toFixed(4)}; ${painted.length} cells ` +
    `painted; 100 x 100: ${bigPainted} cells painted ${bigMs} ms after the click; ` +
    `expected length ${shown}; screenshots in ${artifacts}`);
} finally {
  await browser.close();
  server.kill();
}
