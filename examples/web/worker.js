// The solver off the page's thread: probabilities and the hint can take more than 50 ms on large
// boards, so the page posts { id, op, view, rows, cols, mines } here and gets { id, result } back.
import { load } from './gridgames/gridgames.js';

const gg = await load();
self.onmessage = ({ data }) => {
  const { id, op, view, rows, cols, mines } = data;
  try {
    const result =
      op === 'probabilities' ? gg.probabilities(view, rows, cols, mines) : gg.hint(view, rows, cols, mines);
    self.postMessage({ id, result });
  } catch (e) {
    self.postMessage({ id, error: { message: e.message, code: e.code } });
  }
};
self.postMessage({ ready: true });
