// A TypeScript user of the package: `tsc --noEmit` checks it against gridgames.d.ts.
import { load, FirstClick, NoGuess, Effort, GridgamesError, type Hint, type MinesGame } from 'gridgames';

const gg = await load();
const board: string = gg.click('EEEEEEEMEEEEEEEEEEEE', 4, 5, 3, 0);
const hint: Hint = gg.hint(board.replace('M', 'E'), 4, 5, 1);
const risk: number = hint.risk;
const win: number = gg.hintWith(board, 4, 5, 1, { firstClick: FirstClick.SAFE, effort: Effort.FAST }).win;
const probs: Float64Array = gg.probabilities('B1E1BB1E1BB111BBBBBB', 4, 5, 1);
const game: MinesGame = gg.newMinesGame({
  rows: 16, cols: 30, mines: 99, seed: 2024n, firstClick: FirstClick.OPENING, noGuess: NoGuess.OFF,
});
try {
  game.reveal(8, 15);
  const state: 'playing' | 'won' | 'lost' = game.state;
  console.log(state, game.stats().bbbv, risk, win, probs.length);
} catch (e) {
  if (e instanceof GridgamesError) console.log(e.status, e.code);
} finally {
  game.free();
}
const turns: number = gg.expectedTurns([-1, -1, -1, 2], { faces: 2 });
const chances: Float64Array = gg.winChances([-1, -1, -1, -1], 2);
console.log(turns, chances[0]);
