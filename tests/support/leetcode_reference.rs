//! The two LeetCode tasks the library grew from (909, the fewest rolls; 529, one click), their
//! published algorithms transcribed plainly: the property tests compare the library against them,
//! and the LeetCode benchmark times them as the baseline.

use std::collections::{HashMap, VecDeque};

/// LeetCode 909 (`Solution1.snakesAndLadders`): BFS over squares with a `dist` map, computing each
/// target's cell with `divmod`. The board is a vector of rows, as in the LeetCode solution.
pub fn snakes_min_rolls(board: &[Vec<i32>]) -> i32 {
    let n = board.len();
    let get = |s: usize| {
        let (quot, rem) = ((s - 1) / n, (s - 1) % n);
        let row = n - 1 - quot;
        let col = if row % 2 != n % 2 { rem } else { n - 1 - rem };
        (row, col)
    };
    let mut dist: HashMap<usize, i32> = HashMap::from([(1, 0)]);
    let mut queue = VecDeque::from([1usize]);
    while let Some(s) = queue.pop_front() {
        if s == n * n {
            return dist[&s];
        }
        for s2 in s + 1..=(s + 6).min(n * n) {
            let (r, c) = get(s2);
            let s2 = if board[r][c] != -1 {
                board[r][c] as usize
            } else {
                s2
            };
            if !dist.contains_key(&s2) {
                dist.insert(s2, dist[&s] + 1);
                queue.push_back(s2);
            }
        }
    }
    -1
}

/// LeetCode 529, the second method of its solution (BFS with a `vis` grid and a queue of pairs), on a vector-of-rows board.
///
/// Two rules the library states and LeetCode 529 leaves implicit: an 'X' counts as a mine, and a
/// click on a revealed cell changes nothing.
pub fn mines_click(board: &mut [Vec<u8>], click: (usize, usize)) {
    let (x, y) = click;
    match board[x][y] {
        b'M' => board[x][y] = b'X',
        b'E' => mines_bfs(board, x, y),
        _ => {}
    }
}

const DIR_X: [i64; 8] = [0, 1, 0, -1, 1, 1, -1, -1];
const DIR_Y: [i64; 8] = [1, 0, -1, 0, 1, -1, 1, -1];

fn mines_bfs(board: &mut [Vec<u8>], sx: usize, sy: usize) {
    let (rows, cols) = (board.len() as i64, board[0].len() as i64);
    let mut q: VecDeque<(i64, i64)> = VecDeque::new();
    let mut vis = vec![vec![0i32; cols as usize]; rows as usize];
    q.push_back((sx as i64, sy as i64));
    vis[sx][sy] = 1;
    while let Some((x, y)) = q.pop_front() {
        let mut cnt = 0u8;
        for i in 0..8 {
            let (tx, ty) = (x + DIR_X[i], y + DIR_Y[i]);
            if tx < 0 || tx >= rows || ty < 0 || ty >= cols {
                continue;
            }
            let b = board[tx as usize][ty as usize];
            cnt += (b == b'M' || b == b'X') as u8;
        }
        if cnt > 0 {
            board[x as usize][y as usize] = b'0' + cnt;
        } else {
            board[x as usize][y as usize] = b'B';
            for i in 0..8 {
                let (tx, ty) = (x + DIR_X[i], y + DIR_Y[i]);
                if tx < 0
                    || tx >= rows
                    || ty < 0
                    || ty >= cols
                    || board[tx as usize][ty as usize] != b'E'
                    || vis[tx as usize][ty as usize] != 0
                {
                    continue;
                }
                q.push_back((tx, ty));
                vis[tx as usize][ty as usize] = 1;
            }
        }
    }
}

/// Rows of a flat row-major board.
pub fn to_rows<T: Clone>(flat: &[T], cols: usize) -> Vec<Vec<T>> {
    flat.chunks(cols).map(|r| r.to_vec()).collect()
}
