/* Minesweeper calls on inputs that once aborted, answered wrongly or ran for seconds: each now
 * answers (or is refused) with the status and value below, in memory linear in the view.
 *
 * - A lattice of isolated '1's (every (3i+1, 3j+1)): one mine among the eight neighbours of
 *   each, so every hidden cell next to a '1' holds a mine with probability exactly 1/8, and the
 *   cells next to none (the last rows and columns when the side leaves a remainder) none.
 * - A real game view: 15% mines, thousands of random reveals of safe cells.
 * - A no-guess first reveal on a large, dense board.
 *
 * With GG_TEST_QUICK set (tests/c_api.rs sets it under Valgrind) the boards are smaller. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

static int quick;

/* A side x side view of '1's at (3i+1, 3j+1) with room for their eight neighbours; returns the
 * number of '1's, which is the number of mines. */
static size_t lattice(char *view, size_t side) {
    size_t r, c, ones = 0;
    memset(view, 'E', side * side);
    for (r = 1; r + 1 < side; r += 3)
        for (c = 1; c + 1 < side; c += 3) {
            view[r * side + c] = '1';
            ones++;
        }
    return ones;
}

static void isolated_ones(size_t side) {
    char *view = (char *)malloc(side * side);
    double *p = (double *)malloc(side * side * sizeof(double));
    size_t mines, i, r = 0, c = 0, wrong = 0;
    double risk = -1.0;
    CHECK(view != NULL && p != NULL);
    if (view == NULL || p == NULL) exit(1);
    mines = lattice(view, side);
    CHECK_STATUS(gg_mines_probabilities(view, side, side, mines, p), GG_OK);
    for (i = 0; i < side * side; i++) {
        size_t row = i / side, col = i % side;
        /* Hidden cells next to a '1' lie in the first 3 * (side / 3) rows and columns. */
        int near = row < side / 3 * 3 && col < side / 3 * 3;
        double want = view[i] == '1' ? -1.0 : near ? 0.125 : 0.0;
        wrong += fabs(p[i] - want) > 1e-12;
    }
    CHECK(wrong == 0);
    CHECK_STATUS(gg_mines_hint(view, side, side, mines, &r, &c, &risk), GG_OK);
    /* Cells next to no '1' are safe when the count is used up; otherwise a 1/8 guess. */
    CHECK(side % 3 == 0 ? fabs(risk - 0.125) < 1e-12 : risk == 0.0);
    CHECK(r < side && c < side && view[r * side + c] == 'E');
    free(view);
    free(p);
}

/* A side x side game with 15% mines after `reveals` random reveals of safe cells. */
static void game_view(size_t side, int reveals) {
    gg_mines_config cfg;
    gg_mines *g = NULL;
    char *board = (char *)malloc(side * side), *view = (char *)malloc(side * side);
    double *p = (double *)malloc(side * side * sizeof(double));
    uint64_t state = 7;
    size_t r = 0, c = 0, i, safe_hidden = 0;
    double risk = -1.0, sum = 0.0;
    int k;
    CHECK(board != NULL && view != NULL && p != NULL);
    if (board == NULL || view == NULL || p == NULL) exit(1);
    memset(&cfg, 0, sizeof cfg);
    cfg.rows = cfg.cols = side;
    cfg.mines = side * side * 15 / 100;
    cfg.seed = 1;
    cfg.first_click = GG_FIRST_CLICK_SAFE;
    CHECK_STATUS(gg_mines_new(&cfg, &g), GG_OK);
    if (g == NULL) exit(1);
    CHECK_STATUS(gg_mines_reveal(g, side / 2, side / 2), GG_OK);
    CHECK_STATUS(gg_mines_board(g, board, side * side), GG_OK);
    for (k = 0; k < reveals; k++) {
        state = state * 6364136223846793005u + 1442695040888963407u;
        i = (size_t)(state >> 33) % (side * side);
        if (board[i] != 'M') CHECK_STATUS(gg_mines_reveal(g, i / side, i % side), GG_OK);
    }
    CHECK_STATUS(gg_mines_view(g, view, side * side), GG_OK);
    CHECK_STATUS(gg_mines_board(g, board, side * side), GG_OK);
    CHECK_STATUS(gg_mines_probabilities(view, side, side, cfg.mines, p), GG_OK);
    for (i = 0; i < side * side; i++) {
        if (view[i] == 'E') sum += p[i];
        safe_hidden += board[i] == 'E';
        /* A cell the solver calls certain is certain. */
        if (p[i] == 0.0) CHECK(board[i] != 'M');
        if (p[i] == 1.0) CHECK(board[i] == 'M');
    }
    /* The expected number of mines is the number of mines. */
    CHECK(fabs(sum - (double)cfg.mines) < 1e-6 * (double)cfg.mines);
    CHECK_STATUS(gg_mines_hint(view, side, side, cfg.mines, &r, &c, &risk), GG_OK);
    CHECK(view[r * side + c] == 'E' && risk == p[r * side + c]);
    CHECK(safe_hidden > 0);
    gg_mines_free(g);
    free(board);
    free(view);
    free(p);
}

/* A no-guess first reveal on a large dense board: a board that needs no guess, or a refusal,
 * well within a second either way. */
static void no_guess_large(size_t side, size_t mines) {
    gg_mines_config cfg;
    gg_mines *g = NULL;
    char *board = (char *)malloc(side * side);
    size_t left = 99;
    int32_t st;
    CHECK(board != NULL);
    if (board == NULL) exit(1);
    memset(&cfg, 0, sizeof cfg);
    cfg.rows = cfg.cols = side;
    cfg.mines = mines;
    cfg.seed = 1;
    cfg.first_click = GG_FIRST_CLICK_OPENING;
    cfg.no_guess = GG_NO_GUESS_WITH_COUNT;
    CHECK_STATUS(gg_mines_new(&cfg, &g), GG_OK);
    if (g == NULL) exit(1);
    st = gg_mines_reveal(g, side / 2, side / 2);
    CHECK(st == GG_OK || st == GG_ERR_GENERATION_FAILED);
    if (st == GG_OK) {
        CHECK_STATUS(gg_mines_board(g, board, side * side), GG_OK);
        CHECK_STATUS(gg_mines_solvable(board, side, side, side / 2, side / 2,
                                       GG_SOLVE_WITH_COUNT, &left),
                     GG_OK);
        CHECK(left == 0);
    }
    gg_mines_free(g);
    free(board);
}

int main(void) {
    quick = getenv("GG_TEST_QUICK") != NULL;
    /* Once: 330 x 330 aborted under a 3 GB address space, 200 x 200 took 13-18 s to hint. */
    isolated_ones(quick ? 60 : 330);
    isolated_ones(quick ? 62 : 200);
    /* Once: 5.9 s and 2.2 GB at 600 x 600, an abort at 800 x 800. */
    game_view(quick ? 120 : 600, quick ? 900 : 22000);
    /* Once: 24 s, then GG_ERR_GENERATION_FAILED. */
    no_guess_large(quick ? 60 : 300, quick ? 800 : 20000);
    return check_report("test_mines_limits");
}
