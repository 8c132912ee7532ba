/* gg_mines_probabilities and gg_mines_hint: exact answers on small views, the model's
 * invariants on a large one, every error path, and outputs untouched on error. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

static int near(double a, double b) { return fabs(a - b) < 1e-12; }

static void probabilities(void) {
    double p[20];
    /* A '1' in the corner of a 2 x 2 board with one mine: a third each. A flag changes nothing. */
    CHECK_STATUS(gg_mines_probabilities("1EEE", 2, 2, 1, p), GG_OK);
    CHECK(p[0] == -1.0 && near(p[1], 1.0 / 3) && near(p[2], 1.0 / 3) && near(p[3], 1.0 / 3));
    CHECK_STATUS(gg_mines_probabilities("1FEF", 2, 2, 1, p), GG_OK);
    CHECK(p[0] == -1.0 && near(p[1], 1.0 / 3) && near(p[3], 1.0 / 3));
    /* The seed's board after its first click: (2, 1) sees only (1, 2), so that is the mine. */
    CHECK_STATUS(gg_mines_probabilities("B1E1B" "B1E1B" "B111B" "BBBBB", 4, 5, 1, p), GG_OK);
    CHECK(p[2] == 0.0 && p[7] == 1.0 && p[0] == -1.0 && p[19] == -1.0);
    /* Nothing revealed: every cell holds mines / cells. */
    CHECK_STATUS(gg_mines_probabilities("EEEEEE", 2, 3, 2, p), GG_OK);
    CHECK(near(p[0], 2.0 / 6) && near(p[5], 2.0 / 6));
    /* Unconstrained cells share what the numbers leave: "1E" + "EE" + "EE" with 2 mines.
     * The '1' at (0,0) sees (0,1), (1,0), (1,1): one of them, so the other two cells of row 2
     * hold exactly one mine: 1/2 each, and each of the three 1/3. */
    CHECK_STATUS(gg_mines_probabilities("1E" "EE" "EE", 3, 2, 2, p), GG_OK);
    CHECK(near(p[1], 1.0 / 3) && near(p[3], 1.0 / 3) && near(p[4], 0.5) && near(p[5], 0.5));
}

static void large_board(void) {
    /* 400 x 500, 40000 mines, a revealed 3 x 3 patch of numbers in the middle: the expected
     * number of mines (the sum of the probabilities) is exactly the mine count. */
    size_t rows = 400, cols = 500, n = rows * cols, i;
    char *v = (char *)malloc(n);
    double *p = (double *)malloc(n * sizeof(double));
    double sum = 0.0;
    CHECK(v != NULL && p != NULL);
    if (!v || !p) {
        free(v);
        free(p);
        return;
    }
    memset(v, 'E', n);
    v[200 * cols + 250] = '2';
    v[200 * cols + 251] = '1';
    v[201 * cols + 250] = '1';
    CHECK_STATUS(gg_mines_probabilities(v, rows, cols, 40000, p), GG_OK);
    for (i = 0; i < n; i++)
        if (p[i] >= 0.0) sum += p[i];
    CHECK(fabs(sum - 40000.0) < 1e-6);
    CHECK(p[200 * cols + 250] == -1.0);
    free(v);
    free(p);
}

static void hints(void) {
    size_t r = 99, c = 99;
    double risk = -5.0;
    /* A certain cell is always the hint. */
    CHECK_STATUS(gg_mines_hint("B1E1B" "B1E1B" "B111B" "BBBBB", 4, 5, 1, &r, &c, &risk), GG_OK);
    CHECK(r == 0 && c == 2 && risk == 0.0);
    CHECK_STATUS(gg_mines_hint("1EE", 1, 3, 1, &r, &c, &risk), GG_OK);
    CHECK(r == 0 && c == 2 && risk == 0.0);
    /* A guess reports its exact risk. */
    CHECK_STATUS(gg_mines_hint("1EEE", 2, 2, 1, &r, &c, &risk), GG_OK);
    CHECK(near(risk, 1.0 / 3) && (r > 0 || c > 0));
    /* Nothing revealed: the first click, two cells in from the corner (three on 16 x 30, a
     * board with one side at least 1.5 times the other; two on a square board). */
    {
        char all[480];
        memset(all, 'E', sizeof all);
        CHECK_STATUS(gg_mines_hint(all, 16, 30, 99, &r, &c, &risk), GG_OK);
        CHECK(r == 3 && c == 3 && near(risk, 99.0 / 480));
        CHECK_STATUS(gg_mines_hint(all, 16, 16, 40, &r, &c, &risk), GG_OK);
        CHECK(r == 2 && c == 2 && near(risk, 40.0 / 256));
    }
}

/* gg_mines_hint_with: the rule's first click, the efforts, the endgame's win chance, and every
 * refusal leaving the four outputs untouched. */
static void hints_with_options(void) {
    char all[480];
    size_t r = 99, c = 99;
    double risk = -5.0, win = -5.0;
    gg_mines_hint_options opt;
    opt.first_click = GG_FIRST_CLICK_OPENING;
    opt.effort = GG_EFFORT_STANDARD;
    memset(all, 'E', sizeof all);
    CHECK_STATUS(gg_mines_hint_with(all, 16, 30, 99, &opt, &r, &c, &risk, &win), GG_OK);
    CHECK(r == 3 && c == 3 && near(risk, 99.0 / 480) && win != win); /* NaN: no search */
    opt.first_click = GG_FIRST_CLICK_SAFE;
    CHECK_STATUS(gg_mines_hint_with(all, 16, 30, 99, &opt, &r, &c, &risk, &win), GG_OK);
    CHECK(r == 0 && c == 0);
    opt.first_click = GG_FIRST_CLICK_ANY;
    CHECK_STATUS(gg_mines_hint_with(all, 16, 30, 99, &opt, &r, &c, &risk, &win), GG_OK);
    CHECK(r == 0 && c == 0);
    /* Two layouts left: the endgame search says the game is a coin toss. */
    for (opt.effort = GG_EFFORT_STANDARD; opt.effort <= GG_EFFORT_DEEP; opt.effort++) {
        CHECK_STATUS(gg_mines_hint_with("E1E", 1, 3, 1, &opt, &r, &c, &risk, &win), GG_OK);
        CHECK(risk == 0.5 && win == 0.5 && r == 0 && c != 1);
    }
    /* Eleven forced 50/50s walled off by mines: 2,048 layouts, past the 1,024 the search lists
     * at once, but each pair holds one mine whatever the others do, so each is searched on its
     * own and the chance is exact. */
    {
        enum { PAIRS = 11, ROWS = 3, COLS = 3 * PAIRS + 1 };
        char view[ROWS * COLS];
        int mine[ROWS * COLS] = {0}, mines = 0, i;
        for (i = 0; i <= PAIRS; i++) {
            mine[3 * i] = mine[COLS + 3 * i] = 1;
            if (i < PAIRS) mine[3 * i + 1] = 1;
        }
        for (i = 0; i < ROWS * COLS; i++) {
            int dr, dc, k = 0, row = i / COLS, col = i % COLS;
            mines += mine[i];
            for (dr = -1; dr <= 1; dr++)
                for (dc = -1; dc <= 1; dc++) {
                    int rr = row + dr, cc = col + dc;
                    if ((dr || dc) && rr >= 0 && rr < ROWS && cc >= 0 && cc < COLS)
                        k += mine[rr * COLS + cc];
                }
            view[i] = mine[i] || (row == 0 && col % 3 == 2) ? 'E' : (char)(k ? '0' + k : 'B');
        }
        opt.effort = GG_EFFORT_STANDARD;
        CHECK_STATUS(gg_mines_hint_with(view, ROWS, COLS, (size_t)mines, &opt, &r, &c, &risk,
                                        &win), GG_OK);
        CHECK(risk == 0.5 && r == 0 && c % 3 != 0 && win == ldexp(1.0, -PAIRS));
    }
    /* Fast: the safest cell, no search. */
    opt.effort = GG_EFFORT_FAST;
    CHECK_STATUS(gg_mines_hint_with("1EEE", 2, 2, 1, &opt, &r, &c, &risk, &win), GG_OK);
    CHECK(near(risk, 1.0 / 3) && win != win);
    /* A certain cell whatever the effort. */
    CHECK_STATUS(gg_mines_hint_with("1EE", 1, 3, 1, &opt, &r, &c, &risk, &win), GG_OK);
    CHECK(r == 0 && c == 2 && risk == 0.0);
    /* Refusals. */
    r = 77, c = 88, risk = 42.0, win = 43.0;
    opt.effort = 3;
    CHECK_STATUS(gg_mines_hint_with("1EE", 1, 3, 1, &opt, &r, &c, &risk, &win),
                 GG_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("options->effort is 3");
    opt.effort = GG_EFFORT_STANDARD;
    opt.first_click = 9;
    CHECK_STATUS(gg_mines_hint_with("1EE", 1, 3, 1, &opt, &r, &c, &risk, &win),
                 GG_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("options->first_click is 9");
    opt.first_click = GG_FIRST_CLICK_SAFE;
    CHECK_STATUS(gg_mines_hint_with("1EE", 1, 3, 1, NULL, &r, &c, &risk, &win),
                 GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("options is NULL");
    CHECK_STATUS(gg_mines_hint_with("1EE", 1, 3, 1, &opt, &r, &c, &risk, NULL),
                 GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("win_out is NULL");
    CHECK_STATUS(gg_mines_hint_with("1EX", 1, 3, 1, &opt, &r, &c, &risk, &win),
                 GG_ERR_INVALID_CELL);
    CHECK_STATUS(gg_mines_hint_with("1E", 1, 2, 1, &opt, &r, &c, &risk, &win), GG_ERR_GAME_OVER);
    CHECK(r == 77 && c == 88 && risk == 42.0 && win == 43.0);
}

static void expect_prob_error(const char *view, size_t rows, size_t cols, size_t mines,
                              int32_t want, const char *needle) {
    double p[16];
    size_t i;
    for (i = 0; i < 16; i++) p[i] = 42.0;
    CHECK_STATUS(gg_mines_probabilities(view, rows, cols, mines, p), want);
    for (i = 0; i < 16; i++) CHECK(p[i] == 42.0);
    if (needle) CHECK_MESSAGE_HAS(needle);
}

static void expect_hint_error(const char *view, size_t rows, size_t cols, size_t mines,
                              int32_t want, const char *needle) {
    size_t r = 77, c = 88;
    double risk = 42.0;
    CHECK_STATUS(gg_mines_hint(view, rows, cols, mines, &r, &c, &risk), want);
    CHECK(r == 77 && c == 88 && risk == 42.0);
    if (needle) CHECK_MESSAGE_HAS(needle);
}

static void errors(void) {
    double p[4];
    size_t r = 77, c = 88;
    double risk = 42.0;
    static const struct {
        const char *view;
        int32_t want;
        const char *needle;
    } bad[] = {
        {"EEEM", GG_ERR_INVALID_CELL, "cell (1, 1) holds 'M'"},
        {"EXEE", GG_ERR_INVALID_CELL, "cell (0, 1) holds 'X'"},
        {"E0EE", GG_ERR_INVALID_CELL, "holds '0'"},
        {"E9EE", GG_ERR_INVALID_CELL, "holds '9'"},
        {"EE\0E", GG_ERR_INVALID_CELL, "holds 0x00"},
        {"eEEE", GG_ERR_INVALID_CELL, "E or F (hidden), B or 1-8 (revealed)"},
        /* No layout fits: too few hidden neighbours, contradicting numbers, wrong count. */
        {"3EEB", GG_ERR_INCONSISTENT, "cell (0, 0) shows 3 but has only 2 hidden neighbours"},
        {"1BEE", GG_ERR_INCONSISTENT, "contradict"},
        {"BBBB", GG_ERR_INCONSISTENT, "no number"},
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        expect_prob_error(bad[i].view, 2, 2, 1, bad[i].want, bad[i].needle);
        expect_hint_error(bad[i].view, 2, 2, 1, bad[i].want, bad[i].needle);
    }
    /* The mine count itself. */
    expect_prob_error("1EEE", 2, 2, 5, GG_ERR_TOO_MANY_MINES, "mines is 5, but a 2 x 2 board");
    expect_hint_error("1EEE", 2, 2, 5, GG_ERR_TOO_MANY_MINES, "only 4 cells");
    expect_prob_error("1EEE", 2, 2, 3, GG_ERR_INCONSISTENT, "mines is 3");
    expect_prob_error("1EEE", 2, 2, 0, GG_ERR_INCONSISTENT, NULL);
    /* Shapes. */
    expect_prob_error("EEEE", 0, 2, 0, GG_ERR_ZERO_SIZE, NULL);
    expect_hint_error("EEEE", 2, 0, 0, GG_ERR_ZERO_SIZE, NULL);
    expect_prob_error("EEEE", SIZE_MAX, 2, 0, GG_ERR_SIZE_OVERFLOW, NULL);
    expect_hint_error("EEEE", (size_t)1 << 32, (size_t)1 << 32, 0, GG_ERR_SIZE_OVERFLOW, NULL);
    /* A view whose char count fits but whose rows * cols doubles of output do not: refused before
     * the view is read (ASan and Valgrind would see a read past these 4 chars). */
    expect_prob_error("EEEE", SIZE_MAX / 16 + 1, 2, 0, GG_ERR_SIZE_OVERFLOW, "probs_out");
    /* NULL pointers, each named. */
    CHECK_STATUS(gg_mines_probabilities(NULL, 2, 2, 1, p), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("view is NULL");
    CHECK_STATUS(gg_mines_probabilities("1EEE", 2, 2, 1, NULL), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("probs_out is NULL");
    CHECK_STATUS(gg_mines_hint(NULL, 2, 2, 1, &r, &c, &risk), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("view is NULL");
    CHECK_STATUS(gg_mines_hint("1EEE", 2, 2, 1, NULL, &c, &risk), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("row_out is NULL");
    CHECK_STATUS(gg_mines_hint("1EEE", 2, 2, 1, &r, NULL, &risk), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("col_out is NULL");
    CHECK_STATUS(gg_mines_hint("1EEE", 2, 2, 1, &r, &c, NULL), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("risk_out is NULL");
    CHECK(r == 77 && c == 88 && risk == 42.0);
    /* A misaligned output buffer. */
    {
        double store[6];
        double *odd = (double *)((char *)store + 1);
        store[0] = store[5] = 7.0;
        CHECK_STATUS(gg_mines_probabilities("1EEE", 2, 2, 1, odd), GG_ERR_INVALID_ARGUMENT);
        CHECK_MESSAGE_HAS("probs_out");
        CHECK(store[0] == 7.0 && store[5] == 7.0);
    }
    /* Game over: nothing hidden, or every hidden cell is a mine. */
    expect_hint_error("BB", 1, 2, 0, GG_ERR_GAME_OVER, "no hidden cell");
    expect_hint_error("1E", 1, 2, 1, GG_ERR_GAME_OVER, "hold mines");
    CHECK_STATUS(gg_mines_probabilities("1E", 1, 2, 1, p), GG_OK);
    CHECK(p[0] == -1.0 && p[1] == 1.0);
}

/* No-guess expert games, with either logic and either first-click rule, are won by hints that
 * are all certain, and the exact check agrees that their boards need no guess. */
static void no_guess_games_need_no_guess(void) {
    enum { ROWS = 16, COLS = 30, MINES = 99 };
    const uint32_t logics[2] = {GG_NO_GUESS_WITH_COUNT, GG_NO_GUESS_NUMBERS_ONLY};
    const uint32_t rules[2] = {GG_FIRST_CLICK_OPENING, GG_FIRST_CLICK_SAFE};
    uint64_t seed;
    int l, k;
    for (seed = 1; seed <= 2; seed++) {
        for (l = 0; l < 2; l++) {
            for (k = 0; k < 2; k++) {
                gg_mines_config cfg;
                gg_mines *game = NULL;
                char view[ROWS * COLS], board[ROWS * COLS];
                uint32_t state = GG_MINES_PLAYING;
                size_t left = 99;
                int moves = 0, risky = 0;
                memset(&cfg, 0, sizeof cfg);
                cfg.rows = ROWS;
                cfg.cols = COLS;
                cfg.mines = MINES;
                cfg.seed = seed;
                cfg.first_click = rules[k];
                cfg.no_guess = logics[l];
                CHECK_STATUS(gg_mines_new(&cfg, &game), GG_OK);
                if (game == NULL) return;
                CHECK_STATUS(gg_mines_reveal(game, 8, 15), GG_OK);
                CHECK_STATUS(gg_mines_board(game, board, sizeof board), GG_OK);
                CHECK_STATUS(gg_mines_solvable(board, ROWS, COLS, 8, 15,
                                               logics[l] == GG_NO_GUESS_WITH_COUNT
                                                   ? GG_SOLVE_WITH_COUNT
                                                   : GG_SOLVE_NUMBERS_ONLY,
                                               &left),
                             GG_OK);
                CHECK(left == 0);
                while (state == GG_MINES_PLAYING && moves < ROWS * COLS) {
                    size_t r = 0, c = 0;
                    double risk = -1.0;
                    if (gg_mines_view(game, view, sizeof view) != GG_OK) break;
                    if (gg_mines_hint(view, ROWS, COLS, MINES, &r, &c, &risk) != GG_OK) break;
                    risky += risk != 0.0;
                    if (gg_mines_reveal(game, r, c) != GG_OK) break;
                    gg_mines_state(game, &state);
                    moves++;
                }
                CHECK(state == GG_MINES_WON);
                CHECK(risky == 0);
                gg_mines_free(game);
            }
        }
    }
}

static void expect_solvable(const char *board, size_t rows, size_t cols, size_t r, size_t c,
                            size_t numbers_only, size_t with_count) {
    size_t left = 4242;
    CHECK_STATUS(gg_mines_solvable(board, rows, cols, r, c, GG_SOLVE_NUMBERS_ONLY, &left), GG_OK);
    CHECK(left == numbers_only);
    left = 4242;
    CHECK_STATUS(gg_mines_solvable(board, rows, cols, r, c, GG_SOLVE_WITH_COUNT, &left), GG_OK);
    CHECK(left == with_count);
}

static void expect_unsolvable_call(const char *board, size_t rows, size_t cols, size_t r,
                                   size_t c, uint32_t logic, int32_t status, const char *msg) {
    size_t left = 4242;
    CHECK_STATUS(gg_mines_solvable(board, rows, cols, r, c, logic, &left), status);
    CHECK_MESSAGE_HAS(msg);
    CHECK(left == 4242);
}

/* gg_mines_solvable: exact answers in both logics, and every refusal. */
static void solvable(void) {
    /* The click opens everything around the corner mine. */
    expect_solvable("MEEEEEEEE", 3, 3, 2, 2, 0, 0);
    /* A '1' with three hidden neighbours: two safe cells stay hidden whatever the logic. */
    expect_solvable("MEEE", 2, 2, 1, 1, 2, 2);
    /* The '1' finds the mine; only the count clears the cell behind it. */
    expect_solvable("EEME", 1, 4, 0, 0, 1, 0);
    /* Revealed cells count, and 'X' is a mine whose place is known. */
    expect_solvable("B1ME", 1, 4, 0, 0, 1, 0);
    expect_solvable("EEXE", 1, 4, 0, 0, 1, 0);
    /* A click on a revealed cell starts from the board as it is. */
    expect_solvable("B1ME", 1, 4, 0, 1, 1, 0);

    expect_unsolvable_call("MEEE", 2, 2, 0, 0, GG_SOLVE_WITH_COUNT, GG_ERR_INVALID_ARGUMENT,
                           "is on a mine");
    expect_unsolvable_call("MEEE", 2, 2, 1, 1, 2, GG_ERR_INVALID_ARGUMENT, "logic is 2");
    expect_unsolvable_call("MEEE", 2, 2, 1, 1, UINT32_MAX, GG_ERR_INVALID_ARGUMENT,
                           "GG_SOLVE_WITH_COUNT");
    expect_unsolvable_call("MEEE", 2, 2, 2, 0, GG_SOLVE_NUMBERS_ONLY, GG_ERR_OUT_OF_BOUNDS,
                           "outside");
    expect_unsolvable_call("MEZE", 2, 2, 1, 1, GG_SOLVE_NUMBERS_ONLY, GG_ERR_INVALID_CELL,
                           "cell (1, 0)");
    expect_unsolvable_call("M3EE", 2, 2, 1, 1, GG_SOLVE_NUMBERS_ONLY, GG_ERR_INCONSISTENT,
                           "cell (0, 1)");
    expect_unsolvable_call("MEEE", 0, 2, 0, 0, GG_SOLVE_NUMBERS_ONLY, GG_ERR_ZERO_SIZE, "0 x 2");
    expect_unsolvable_call("MEEE", SIZE_MAX, 2, 0, 0, GG_SOLVE_NUMBERS_ONLY,
                           GG_ERR_SIZE_OVERFLOW, "exceed");
    expect_unsolvable_call(NULL, 2, 2, 1, 1, GG_SOLVE_NUMBERS_ONLY, GG_ERR_NULL_POINTER,
                           "board is NULL");
    CHECK_STATUS(gg_mines_solvable("MEEE", 2, 2, 1, 1, GG_SOLVE_NUMBERS_ONLY, NULL),
                 GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("unsolved_out is NULL");
}

int main(void) {
    probabilities();
    large_board();
    hints();
    hints_with_options();
    errors();
    no_guess_games_need_no_guess();
    solvable();
    return check_report("test_mines_solver");
}
