/* Eight threads call every stateless function at once, ROUNDS times, on shared read-only inputs,
 * and every result must equal the one computed on the main thread beforehand. tests/c_api.rs runs
 * it plain, under AddressSanitizer, Valgrind and ThreadSanitizer.
 *
 * One block per function family: prepare() computes the expected results single-threaded, and
 * run(thread) repeats the calls and returns how many results differed. A family with game
 * sessions creates, drives and frees its own session inside run(), one per thread (a handle is
 * used by one thread at a time), and compares each step with a session driven in prepare().
 *
 * With GG_TEST_QUICK set in the environment (tests/c_api.rs sets it under Valgrind and
 * ThreadSanitizer, which run the library 20-50 times slower) the threads repeat fewer rounds and
 * the heaviest inputs are left out; the plain and ASan runs keep everything. */
#define _POSIX_C_SOURCE 200112L
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

#define THREADS 8
#define ROUNDS 20
#define QUICK_ROUNDS 3

/* Set from GG_TEST_QUICK: fewer rounds and smaller inputs. */
static int quick;

/* A fixed generator (SplitMix64) so every run uses the same boards. */
static uint64_t rng_state = 0x243F6A8885A308D3u;
static uint32_t rng(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

/* Copies this thread's last error message. */
static void last_message(char *buf, size_t cap) { gg_last_error_message(buf, cap); }

/* ---- Snakes and Ladders -------------------------------------------------------------------- */

#define SNAKES_BOARDS 7
static const size_t snakes_n[SNAKES_BOARDS] = {1, 2, 3, 6, 17, 40, 90};
static int32_t *snakes_board[SNAKES_BOARDS];
static int32_t snakes_status[SNAKES_BOARDS], snakes_rolls[SNAKES_BOARDS];
/* Thread t's own invalid 4 x 4 board has its bad cell at index t, so its message is its own. */
static int32_t snakes_bad[THREADS][16];
static char snakes_bad_message[THREADS][128];

static void snakes_prepare(void) {
    size_t b, i, t;
    for (b = 0; b < SNAKES_BOARDS; b++) {
        size_t n = snakes_n[b], squares = n * n;
        int32_t *cells = (int32_t *)malloc(squares * sizeof *cells);
        CHECK(cells != NULL);
        if (!cells) exit(1);
        for (i = 0; i < squares; i++)
            cells[i] = rng() % 100 < 15 ? (int32_t)(1 + rng() % squares) : -1;
        cells[(n - 1) * n] = -1;                 /* square 1 */
        cells[(n - 1) % 2 == 0 ? n - 1 : 0] = -1; /* square n*n */
        if (b == 2) cells[4] = 0;                  /* one invalid shared board */
        snakes_board[b] = cells;
        snakes_rolls[b] = 12345;
        snakes_status[b] = gg_snakes_min_rolls(cells, n, &snakes_rolls[b]);
    }
    CHECK(snakes_status[2] == GG_ERR_INVALID_CELL);
    CHECK(snakes_status[6] == GG_OK);
    for (t = 0; t < THREADS; t++) {
        int32_t rolls;
        for (i = 0; i < 16; i++) snakes_bad[t][i] = -1;
        snakes_bad[t][t] = 17 + (int32_t)t;
        CHECK_STATUS(gg_snakes_min_rolls(snakes_bad[t], 4, &rolls), GG_ERR_INVALID_CELL);
        last_message(snakes_bad_message[t], sizeof snakes_bad_message[t]);
    }
}

static int snakes_run(int thread) {
    int bad = 0;
    size_t b;
    int32_t rolls;
    char msg[128];
    for (b = 0; b < SNAKES_BOARDS; b++) {
        int32_t status;
        rolls = 12345;
        status = gg_snakes_min_rolls(snakes_board[b], snakes_n[b], &rolls);
        bad += status != snakes_status[b] || rolls != snakes_rolls[b];
    }
    /* Other threads record their own failures meanwhile; this thread's message stays its own. */
    rolls = 12345;
    bad += gg_snakes_min_rolls(snakes_bad[thread], 4, &rolls) != GG_ERR_INVALID_CELL;
    bad += rolls != 12345;
    last_message(msg, sizeof msg);
    bad += strcmp(msg, snakes_bad_message[thread]) != 0;
    return bad;
}

static void snakes_cleanup(void) {
    size_t b;
    for (b = 0; b < SNAKES_BOARDS; b++) free(snakes_board[b]);
}

/* ---- Minesweeper click --------------------------------------------------------------------- */

#define MINES_BOARDS 5
#define MINES_CLICKS 4
static const size_t mines_rows[MINES_BOARDS] = {1, 4, 7, 30, 64};
static const size_t mines_cols[MINES_BOARDS] = {1, 5, 3, 40, 64};
static const unsigned mines_pct[MINES_BOARDS] = {0, 5, 10, 12, 2};
static char *mines_board[MINES_BOARDS];
static size_t mines_click_at[MINES_BOARDS][MINES_CLICKS][2];
static char *mines_after[MINES_BOARDS][MINES_CLICKS];
static int32_t mines_status[MINES_BOARDS][MINES_CLICKS];

static void mines_prepare(void) {
    static const char alphabet[] = "MEBX12345678";
    size_t b, k, i;
    for (b = 0; b < MINES_BOARDS; b++) {
        size_t len = mines_rows[b] * mines_cols[b];
        char *cells = (char *)malloc(len);
        CHECK(cells != NULL);
        if (!cells) exit(1);
        for (i = 0; i < len; i++) {
            unsigned roll = rng() % 100;
            cells[i] = roll < mines_pct[b] ? 'M' : roll < 97 ? 'E' : alphabet[rng() % 12];
        }
        if (b == 2) cells[len - 1] = 'Z'; /* one invalid shared board */
        mines_board[b] = cells;
        for (k = 0; k < MINES_CLICKS; k++) {
            char *after = (char *)malloc(len);
            CHECK(after != NULL);
            if (!after) exit(1);
            memcpy(after, cells, len);
            mines_click_at[b][k][0] = rng() % mines_rows[b];
            mines_click_at[b][k][1] = rng() % mines_cols[b];
            mines_status[b][k] = gg_mines_click(after, mines_rows[b], mines_cols[b],
                                                mines_click_at[b][k][0], mines_click_at[b][k][1]);
            mines_after[b][k] = after;
        }
    }
    CHECK(mines_status[2][0] == GG_ERR_INVALID_CELL);
    CHECK(mines_status[4][0] == GG_OK);
}

static int mines_run(int thread) {
    int bad = 0;
    size_t b, k;
    char cells[64 * 64];
    (void)thread;
    for (b = 0; b < MINES_BOARDS; b++) {
        size_t len = mines_rows[b] * mines_cols[b];
        for (k = 0; k < MINES_CLICKS; k++) {
            int32_t status;
            memcpy(cells, mines_board[b], len);
            status = gg_mines_click(cells, mines_rows[b], mines_cols[b], mines_click_at[b][k][0],
                                    mines_click_at[b][k][1]);
            bad += status != mines_status[b][k] || memcmp(cells, mines_after[b][k], len) != 0;
        }
    }
    return bad;
}

static void mines_cleanup(void) {
    size_t b, k;
    for (b = 0; b < MINES_BOARDS; b++) {
        free(mines_board[b]);
        for (k = 0; k < MINES_CLICKS; k++) free(mines_after[b][k]);
    }
}

/* ---- Status strings and version ------------------------------------------------------------ */

#define STATUS_CODES 20
static const char *status_text[STATUS_CODES];
static const char *version_text;

static void status_prepare(void) {
    int i;
    for (i = 0; i < STATUS_CODES; i++) status_text[i] = gg_status_str(i - 3);
    version_text = gg_version();
}

static int status_run(int thread) {
    int bad = 0, i;
    (void)thread;
    for (i = 0; i < STATUS_CODES; i++) bad += gg_status_str(i - 3) != status_text[i];
    bad += gg_version() != version_text;
    return bad;
}

static void nothing(void) {}

/* ---- Snakes and Ladders, the real game: stateless analysis on shared tables ---------------- */

/* Results of every analysis function for one (table, rules) pair, compared bitwise: the same
 * inputs must give the same doubles on every thread. */
#define GAME_FROM 5
#define GAME_ROUNDS 40
#define GAME_PLAYERS 3
typedef struct {
    double expected, probs[GAME_ROUNDS], tail, chances[GAME_PLAYERS];
    size_t to[GAME_FROM];
    int64_t turns;
    int32_t status[GAME_FROM], move_status[GAME_FROM]; /* an even count: no padding */
    uint32_t faces[128];
} game_result;

#define GAME_TABLES 5
static int32_t *game_table[GAME_TABLES];
static size_t game_squares[GAME_TABLES];
static gg_snakes_rules game_rules[GAME_TABLES];
static game_result game_want[GAME_TABLES];
/* A grid converted by every thread. */
static int32_t game_grid[12 * 10], game_grid_jumps[12 * 10];

static void game_run_one(size_t t, game_result *r) {
    const int32_t *j = game_table[t];
    size_t n = game_squares[t], k;
    const gg_snakes_rules *rules = &game_rules[t];
    memset(r, 0, sizeof *r);
    for (k = 0; k < GAME_FROM; k++)
        r->move_status[k] = gg_snakes_move(j, n, rules, (k * 7) % n, 1 + (uint32_t)k % 6, &r->to[k]);
    r->status[0] = gg_snakes_shortest(j, n, rules, r->faces, 128, &r->turns);
    r->status[1] = gg_snakes_expected_turns(j, n, rules, &r->expected);
    r->status[2] =
        gg_snakes_length_distribution(j, n, rules, 2, r->probs, GAME_ROUNDS, &r->tail);
    r->status[3] = gg_snakes_win_chances(j, n, rules, GAME_PLAYERS, r->chances);
    r->status[4] = GG_OK;
}

static void game_prepare(void) {
    static const int pairs[19][2] = {
        {1, 38}, {4, 14}, {9, 31}, {21, 42}, {28, 84}, {36, 44}, {51, 67}, {71, 91},
        {80, 100}, {16, 6}, {47, 26}, {49, 11}, {56, 53}, {62, 19}, {64, 60}, {87, 24},
        {93, 73}, {95, 75}, {98, 78}};
    size_t t, i;
    /* 0: Milton Bradley; 1, 2: random tables under bounce and finish rules; 3: a trap (squares
     * 2 and 3 slide back to 1, and a coin cannot jump them); 4: an invalid table. Under
     * GG_TEST_QUICK the random tables are smaller. */
    static const size_t squares[GAME_TABLES] = {100, 400, 60, 4, 10};
    for (t = 0; t < GAME_TABLES; t++) {
        size_t n = quick && squares[t] > 100 ? 80 : squares[t];
        int32_t *j = (int32_t *)malloc(n * sizeof *j);
        CHECK(j != NULL);
        if (!j) exit(1);
        for (i = 0; i < n; i++) j[i] = t == 1 || t == 2 ? (rng() % 100 < 12 ? (int32_t)(1 + rng() % n) : -1) : -1;
        j[n - 1] = -1;
        game_table[t] = j;
        game_squares[t] = n;
        game_rules[t].faces = 6;
        game_rules[t].overshoot = GG_OVERSHOOT_STAY;
        game_rules[t].start = 0;
    }
    for (i = 0; i < 19; i++) game_table[0][pairs[i][0] - 1] = pairs[i][1];
    game_rules[1].overshoot = GG_OVERSHOOT_BOUNCE;
    game_rules[2].overshoot = GG_OVERSHOOT_FINISH;
    game_rules[2].faces = 4;
    game_rules[2].start = 3;
    game_table[3][1] = game_table[3][2] = 1;
    game_rules[3].faces = 2;
    game_rules[3].start = 1;
    game_table[4][9] = 3; /* a jump on the last square */
    for (t = 0; t < GAME_TABLES; t++) game_run_one(t, &game_want[t]);
    CHECK(game_want[0].status[1] == GG_OK && game_want[0].turns == 7);
    CHECK(game_want[3].status[1] == GG_OK && game_want[3].turns == -1);
    CHECK(game_want[4].status[1] == GG_ERR_INVALID_CELL);
    for (i = 0; i < 12 * 10; i++) game_grid[i] = rng() % 100 < 10 ? (int32_t)(1 + rng() % 120) : -1;
    game_grid[0] = -1; /* square 120 (the top row runs right to left from the top-left cell) */
    CHECK_STATUS(gg_snakes_grid_to_jumps(game_grid, 12, 10, game_grid_jumps, 120), GG_OK);
}

static int game_run(int thread) {
    int bad = 0;
    size_t t;
    int32_t jumps[12 * 10];
    game_result got;
    for (t = 0; t < GAME_TABLES; t++) {
        /* Each thread starts at its own table, so different tables overlap in time. */
        size_t u = (t + (size_t)thread) % GAME_TABLES;
        game_run_one(u, &got);
        bad += memcmp(&got, &game_want[u], sizeof got) != 0;
    }
    bad += gg_snakes_grid_to_jumps(game_grid, 12, 10, jumps, 120) != GG_OK;
    bad += memcmp(jumps, game_grid_jumps, sizeof jumps) != 0;
    return bad;
}

static void game_cleanup(void) {
    size_t t;
    for (t = 0; t < GAME_TABLES; t++) free(game_table[t]);
}

/* ---- Minesweeper solver: stateless, on shared views ---------------------------------------- */

#define SOLVER_VIEWS 4
static const char *solver_view[SOLVER_VIEWS];
static size_t solver_rows[SOLVER_VIEWS], solver_cols[SOLVER_VIEWS], solver_mines[SOLVER_VIEWS];
static double *solver_probs[SOLVER_VIEWS];
static int32_t solver_status[SOLVER_VIEWS][2];
static size_t solver_hint[SOLVER_VIEWS][2];
static double solver_risk[SOLVER_VIEWS];
static char *solver_owned;
/* The expert game's true board, and the exact check's answers on it in each logic. */
static char *solver_board;
static size_t solver_board_rows, solver_board_cols, solver_click[2];
static int32_t solver_solvable_status[2];
static size_t solver_unsolved[2];

static void solver_check(int32_t status[2], size_t unsolved[2]) {
    status[0] = gg_mines_solvable(solver_board, solver_board_rows, solver_board_cols,
                                  solver_click[0], solver_click[1], GG_SOLVE_NUMBERS_ONLY,
                                  &unsolved[0]);
    status[1] = gg_mines_solvable(solver_board, solver_board_rows, solver_board_cols,
                                  solver_click[0], solver_click[1], GG_SOLVE_WITH_COUNT,
                                  &unsolved[1]);
}

static void solver_solve(size_t v, double *probs, int32_t status[2], size_t hint[2],
                         double *risk) {
    status[0] = gg_mines_probabilities(solver_view[v], solver_rows[v], solver_cols[v],
                                       solver_mines[v], probs);
    status[1] = gg_mines_hint(solver_view[v], solver_rows[v], solver_cols[v], solver_mines[v],
                              &hint[0], &hint[1], risk);
}

static void solver_prepare(void) {
    /* 0: a guess with a third each; 1: the seed's board after a click; 2: an expert game after
     * its first reveal (beginner-sized under GG_TEST_QUICK); 3: an invalid view. */
    gg_mines_config cfg;
    gg_mines *g = NULL;
    size_t v;
    memset(&cfg, 0, sizeof cfg);
    cfg.rows = quick ? 9 : 16;
    cfg.cols = quick ? 9 : 30;
    cfg.mines = quick ? 10 : 99;
    cfg.seed = 7;
    cfg.first_click = GG_FIRST_CLICK_OPENING;
    solver_owned = (char *)malloc(cfg.rows * cfg.cols);
    solver_board = (char *)malloc(cfg.rows * cfg.cols);
    CHECK(solver_owned != NULL && solver_board != NULL);
    if (!solver_owned || !solver_board) exit(1);
    CHECK_STATUS(gg_mines_new(&cfg, &g), GG_OK);
    CHECK_STATUS(gg_mines_reveal(g, cfg.rows / 2, cfg.cols / 2), GG_OK);
    CHECK_STATUS(gg_mines_view(g, solver_owned, cfg.rows * cfg.cols), GG_OK);
    CHECK_STATUS(gg_mines_board(g, solver_board, cfg.rows * cfg.cols), GG_OK);
    gg_mines_free(g);
    solver_board_rows = cfg.rows, solver_board_cols = cfg.cols;
    solver_click[0] = cfg.rows / 2, solver_click[1] = cfg.cols / 2;
    solver_check(solver_solvable_status, solver_unsolved);
    CHECK(solver_solvable_status[0] == GG_OK && solver_solvable_status[1] == GG_OK);
    CHECK(solver_unsolved[1] <= solver_unsolved[0]);
    solver_view[0] = "1EEE";
    solver_rows[0] = 2, solver_cols[0] = 2, solver_mines[0] = 1;
    solver_view[1] = "B1E1B" "B1E1B" "B111B" "BBBBB";
    solver_rows[1] = 4, solver_cols[1] = 5, solver_mines[1] = 1;
    solver_view[2] = solver_owned;
    solver_rows[2] = cfg.rows, solver_cols[2] = cfg.cols, solver_mines[2] = cfg.mines;
    solver_view[3] = "3EEB";
    solver_rows[3] = 2, solver_cols[3] = 2, solver_mines[3] = 1;
    for (v = 0; v < SOLVER_VIEWS; v++) {
        size_t cells = solver_rows[v] * solver_cols[v];
        solver_probs[v] = (double *)malloc(cells * sizeof(double));
        CHECK(solver_probs[v] != NULL);
        if (!solver_probs[v]) exit(1);
        memset(solver_probs[v], 0, cells * sizeof(double));
        solver_solve(v, solver_probs[v], solver_status[v], solver_hint[v], &solver_risk[v]);
    }
    CHECK(solver_status[2][0] == GG_OK && solver_status[2][1] == GG_OK);
    CHECK(solver_status[3][0] == GG_ERR_INCONSISTENT);
}

static int solver_run(int thread) {
    int bad = 0;
    size_t k;
    double probs[16 * 30];
    for (k = 0; k < SOLVER_VIEWS; k++) {
        size_t v = (k + (size_t)thread) % SOLVER_VIEWS, cells = solver_rows[v] * solver_cols[v];
        int32_t status[2];
        size_t hint[2] = {0, 0};
        double risk = 0.0;
        memset(probs, 0, sizeof probs);
        solver_solve(v, probs, status, hint, &risk);
        bad += status[0] != solver_status[v][0] || status[1] != solver_status[v][1];
        bad += memcmp(probs, solver_probs[v], cells * sizeof(double)) != 0;
        if (status[1] == GG_OK)
            bad += hint[0] != solver_hint[v][0] || hint[1] != solver_hint[v][1] ||
                   memcmp(&risk, &solver_risk[v], sizeof risk) != 0;
    }
    {
        int32_t status[2];
        size_t unsolved[2] = {0, 0};
        solver_check(status, unsolved);
        for (k = 0; k < 2; k++)
            bad += status[k] != solver_solvable_status[k] || unsolved[k] != solver_unsolved[k];
    }
    return bad;
}

static void solver_cleanup(void) {
    size_t v;
    for (v = 0; v < SOLVER_VIEWS; v++) free(solver_probs[v]);
    free(solver_owned);
    free(solver_board);
}

/* ---- Minesweeper sessions: one per thread, created, driven and freed inside run() ---------- */

/* Thread t plays seed t: prepare() plays every seed once and records each move's status and the
 * view after it; run(t) plays its seed again and must see the same. Seeds 0 and 1 ask for
 * no-guess boards, so the generator (and the solver inside it) runs on several threads at once. */
#define SESSION_MOVES 40
#define SESSION_ROWS 12
#define SESSION_COLS 14
#define SESSION_CELLS (SESSION_ROWS * SESSION_COLS)
typedef struct {
    int kind;
    size_t r, c;
} session_move;
static session_move session_moves[THREADS][SESSION_MOVES];
static int32_t session_status[THREADS][SESSION_MOVES];
static char session_views[THREADS][SESSION_MOVES][SESSION_CELLS];
static uint32_t session_state[THREADS];
static gg_mines_play_stats session_stats[THREADS];

static gg_mines_config session_config(int thread) {
    gg_mines_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rows = SESSION_ROWS;
    cfg.cols = SESSION_COLS;
    cfg.mines = 20 + (size_t)thread;
    cfg.seed = 1000 + (uint64_t)thread;
    cfg.first_click = (uint32_t)thread % 3;
    cfg.no_guess = thread < 2 && !quick;
    if (thread < 2) cfg.first_click = GG_FIRST_CLICK_OPENING;
    return cfg;
}

/* Plays thread t's game: into the records (record != 0) or against them (returns mismatches). */
static int session_play(int thread, int record) {
    gg_mines_config cfg = session_config(thread);
    gg_mines *g = NULL;
    char view[SESSION_CELLS];
    uint32_t state = 99;
    int bad = 0, k;
    if (gg_mines_new(&cfg, &g) != GG_OK) return 1;
    for (k = 0; k < SESSION_MOVES; k++) {
        const session_move *m = &session_moves[thread][k];
        int32_t status = m->kind == 0   ? gg_mines_reveal(g, m->r, m->c)
                         : m->kind == 1 ? gg_mines_toggle_flag(g, m->r, m->c)
                                        : gg_mines_chord(g, m->r, m->c);
        bad += gg_mines_view(g, view, sizeof view) != GG_OK;
        if (record) {
            session_status[thread][k] = status;
            memcpy(session_views[thread][k], view, sizeof view);
        } else {
            bad += status != session_status[thread][k];
            bad += memcmp(view, session_views[thread][k], sizeof view) != 0;
        }
    }
    bad += gg_mines_state(g, &state) != GG_OK;
    if (record) session_state[thread] = state;
    else bad += state != session_state[thread];
    {
        gg_mines_play_stats ps;
        memset(&ps, 0, sizeof ps);
        bad += gg_mines_stats(g, &ps) != GG_OK;
        if (record) session_stats[thread] = ps;
        else bad += memcmp(&ps, &session_stats[thread], sizeof ps) != 0;
    }
    gg_mines_free(g);
    return bad;
}

static void session_prepare(void) {
    int t, k;
    for (t = 0; t < THREADS; t++) {
        for (k = 0; k < SESSION_MOVES; k++) {
            unsigned roll = rng() % 100;
            session_move *m = &session_moves[t][k];
            m->kind = k == 0 || roll < 60 ? 0 : roll < 85 ? 1 : 2;
            m->r = k == 0 ? SESSION_ROWS / 2 : rng() % (SESSION_ROWS + 1); /* sometimes off */
            m->c = k == 0 ? SESSION_COLS / 2 : rng() % SESSION_COLS;
        }
        CHECK(session_play(t, 1) == 0);
        CHECK(session_status[t][0] == GG_OK);
    }
}

static int session_run(int thread) { return session_play(thread, 0); }

/* ---- Minesweeper statistics ---------------------------------------------------------------- */

#define STATS_BOARDS 4
static const size_t stats_rows[STATS_BOARDS] = {1, 9, 16, 40};
static const size_t stats_cols[STATS_BOARDS] = {1, 9, 30, 40};
static const unsigned stats_pct[STATS_BOARDS] = {50, 12, 20, 16};
static char *stats_board[STATS_BOARDS];
static gg_mines_board_stats stats_want[STATS_BOARDS];

static void stats_prepare(void) {
    size_t b, i;
    for (b = 0; b < STATS_BOARDS; b++) {
        size_t len = stats_rows[b] * stats_cols[b];
        char *cells = (char *)malloc(len);
        CHECK(cells != NULL);
        if (!cells) exit(1);
        for (i = 0; i < len; i++) cells[i] = rng() % 100 < stats_pct[b] ? 'M' : 'E';
        stats_board[b] = cells;
        CHECK_STATUS(gg_mines_measure(cells, stats_rows[b], stats_cols[b], &stats_want[b]),
                     GG_OK);
    }
}

static int stats_run(int thread) {
    int bad = 0;
    size_t b;
    (void)thread;
    for (b = 0; b < STATS_BOARDS; b++) {
        gg_mines_board_stats got;
        memset(&got, 0, sizeof got);
        bad += gg_mines_measure(stats_board[b], stats_rows[b], stats_cols[b], &got) != GG_OK ||
               memcmp(&got, &stats_want[b], sizeof got) != 0;
    }
    return bad;
}

static void stats_cleanup(void) {
    size_t b;
    for (b = 0; b < STATS_BOARDS; b++) free(stats_board[b]);
}

/* ---- The harness --------------------------------------------------------------------------- */

typedef struct {
    const char *name;
    void (*prepare)(void);
    int (*run)(int thread);
    void (*cleanup)(void);
} block;

static const block blocks[] = {
    {"snakes", snakes_prepare, snakes_run, snakes_cleanup},
    {"mines", mines_prepare, mines_run, mines_cleanup},
    {"status", status_prepare, status_run, nothing},
    {"snakes game", game_prepare, game_run, game_cleanup},
    {"mines solver", solver_prepare, solver_run, solver_cleanup},
    {"mines session", session_prepare, session_run, nothing},
    {"mines stats", stats_prepare, stats_run, stats_cleanup},
};
#define BLOCKS (sizeof blocks / sizeof blocks[0])

static pthread_barrier_t start;
static int mismatches[THREADS][BLOCKS];

static void *worker(void *arg) {
    int thread = (int)(size_t)arg, round, rounds = quick ? QUICK_ROUNDS : ROUNDS;
    size_t k;
    pthread_barrier_wait(&start);
    /* Each thread starts at a different block, so different functions overlap. */
    for (round = 0; round < rounds; round++)
        for (k = 0; k < BLOCKS; k++) {
            size_t b = (k + (size_t)thread + (size_t)round) % BLOCKS;
            mismatches[thread][b] += blocks[b].run(thread);
        }
    return NULL;
}

int main(void) {
    pthread_t threads[THREADS];
    size_t b;
    int t;
    const char *q = getenv("GG_TEST_QUICK");
    quick = q != NULL && *q != '\0' && strcmp(q, "0") != 0;
    for (b = 0; b < BLOCKS; b++) blocks[b].prepare();
    CHECK(pthread_barrier_init(&start, NULL, THREADS) == 0);
    for (t = 0; t < THREADS; t++)
        CHECK(pthread_create(&threads[t], NULL, worker, (void *)(size_t)t) == 0);
    for (t = 0; t < THREADS; t++) CHECK(pthread_join(threads[t], NULL) == 0);
    pthread_barrier_destroy(&start);
    for (t = 0; t < THREADS; t++)
        for (b = 0; b < BLOCKS; b++) {
            if (mismatches[t][b] != 0)
                fprintf(stderr, "thread %d, block %s: %d results differ\n", t, blocks[b].name,
                        mismatches[t][b]);
            CHECK(mismatches[t][b] == 0);
        }
    for (b = 0; b < BLOCKS; b++) blocks[b].cleanup();
    printf("test_threads: %d threads, %d rounds%s\n", THREADS, quick ? QUICK_ROUNDS : ROUNDS,
           quick ? " (GG_TEST_QUICK)" : "");
    return check_report("test_threads");
}
