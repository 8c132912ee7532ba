/* gg_mines_* game sessions: every function, every error path, a loss, a win, a chord,
 * reproducibility and the golden layout. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

/* The 9 x 9 layout of seed 2024 with 10 mines, first click (4, 4) under the OPENING rule.
 * Pinned forever: players share seeds (see docs/reproducibility.md). */
static const char GOLDEN[] = "EEEEEEMME"
                             "MEMEEEEEE"
                             "EMEEEEEEE"
                             "EEEEEEMEE"
                             "EEEEEEEME"
                             "MEMEEEEEE"
                             "EEEEEEEEE"
                             "EMEEEEEEE"
                             "EEEEEEEEE";

static gg_mines_config config(size_t rows, size_t cols, size_t mines, uint64_t seed,
                              uint32_t rule) {
    gg_mines_config c;
    memset(&c, 0, sizeof c);
    c.rows = rows;
    c.cols = cols;
    c.mines = mines;
    c.seed = seed;
    c.first_click = rule;
    c.no_guess = 0;
    return c;
}

/* The view (or true board) as a NUL-terminated string in `buf`. */
static const char *view_of(const gg_mines *g, size_t cells, char *buf) {
    if (gg_mines_view(g, buf, cells) != GG_OK) return "(view failed)";
    buf[cells] = '\0';
    return buf;
}

static const char *board_of(const gg_mines *g, size_t cells, char *buf) {
    if (gg_mines_board(g, buf, cells) != GG_OK) return "(board failed)";
    buf[cells] = '\0';
    return buf;
}

static uint32_t state_of(const gg_mines *g) {
    uint32_t s = 99;
    if (gg_mines_state(g, &s) != GG_OK) return 98;
    return s;
}

static gg_mines *from_board(const char *board, size_t rows, size_t cols) {
    gg_mines *g = NULL;
    CHECK_STATUS(gg_mines_from_board(board, rows, cols, &g), GG_OK);
    return g;
}

/* Expects gg_mines_new(cfg) to fail with `want` and leave *out alone. */
static void new_fails(gg_mines_config cfg, int32_t want, const char *needle) {
    gg_mines *sentinel = (gg_mines *)&cfg;
    gg_mines *g = sentinel;
    CHECK_STATUS(gg_mines_new(&cfg, &g), want);
    CHECK(g == sentinel);
    CHECK_MESSAGE_HAS(needle);
}

static void new_and_limits(void) {
    gg_mines *g = NULL;
    gg_mines_config c = config(9, 9, 72, 1, GG_FIRST_CLICK_OPENING);
    char buf[128];
    size_t i, mines = 0;

    CHECK_STATUS(gg_mines_new(&c, &g), GG_OK);
    CHECK(g != NULL);
    CHECK(state_of(g) == GG_MINES_PLAYING);
    /* Mines wait for the first reveal: the board is still all hidden safe cells. */
    CHECK(strcmp(board_of(g, 81, buf),
                 "EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE")
          == 0);
    CHECK_STATUS(gg_mines_reveal(g, 4, 4), GG_OK);
    /* 72 mines around a kept-clear 3x3 block: the block opens and the game is won at once. */
    CHECK(strcmp(view_of(g, 81, buf),
                 "EEEEEEEEE" "EEEEEEEEE" "EEEEEEEEE" "EEE535EEE" "EEE3B3EEE" "EEE535EEE"
                 "EEEEEEEEE" "EEEEEEEEE" "EEEEEEEEE") == 0);
    CHECK(state_of(g) == GG_MINES_WON);
    gg_mines_free(g);

    /* ANY places the mines at once: exactly `mines` of them. */
    c = config(10, 12, 30, 5, GG_FIRST_CLICK_ANY);
    CHECK_STATUS(gg_mines_new(&c, &g), GG_OK);
    board_of(g, 120, buf);
    for (i = 0; i < 120; i++) mines += buf[i] == 'M';
    CHECK(mines == 30);
    gg_mines_free(g);

    /* The limits per rule, including clipped blocks on tiny boards. */
    c = config(3, 3, 9, 1, GG_FIRST_CLICK_ANY);
    CHECK_STATUS(gg_mines_new(&c, &g), GG_OK);
    CHECK(state_of(g) == GG_MINES_WON); /* nothing safe to reveal */
    gg_mines_free(g);
    new_fails(config(3, 3, 10, 1, GG_FIRST_CLICK_ANY), GG_ERR_TOO_MANY_MINES,
              "10 mines do not fit on a 3 x 3 board; at most 9 are allowed");
    c = config(3, 3, 8, 1, GG_FIRST_CLICK_SAFE);
    CHECK_STATUS(gg_mines_new(&c, &g), GG_OK);
    gg_mines_free(g);
    new_fails(config(3, 3, 9, 1, GG_FIRST_CLICK_SAFE), GG_ERR_TOO_MANY_MINES, "at most 8");
    new_fails(config(1, 1, 1, 1, GG_FIRST_CLICK_SAFE), GG_ERR_TOO_MANY_MINES, "at most 0");
    new_fails(config(9, 9, 73, 1, GG_FIRST_CLICK_OPENING), GG_ERR_TOO_MANY_MINES, "at most 72");
    new_fails(config(2, 2, 1, 1, GG_FIRST_CLICK_OPENING), GG_ERR_TOO_MANY_MINES, "at most 0");
    new_fails(config(2, 5, 5, 1, GG_FIRST_CLICK_OPENING), GG_ERR_TOO_MANY_MINES, "at most 4");
    c = config(2, 5, 4, 1, GG_FIRST_CLICK_OPENING);
    CHECK_STATUS(gg_mines_new(&c, &g), GG_OK);
    CHECK_STATUS(gg_mines_reveal(g, 0, 4), GG_OK);
    CHECK(view_of(g, 10, buf)[4] == 'B');
    gg_mines_free(g);
    new_fails(config(3, 3, SIZE_MAX, 1, GG_FIRST_CLICK_ANY), GG_ERR_TOO_MANY_MINES, "at most 9");

    /* Dimensions, rules and options. */
    new_fails(config(0, 9, 0, 1, GG_FIRST_CLICK_ANY), GG_ERR_ZERO_SIZE, "0 x 9");
    new_fails(config(9, 0, 0, 1, GG_FIRST_CLICK_SAFE), GG_ERR_ZERO_SIZE, "9 x 0");
    new_fails(config(SIZE_MAX, 2, 0, 1, GG_FIRST_CLICK_ANY), GG_ERR_SIZE_OVERFLOW, "exceed");
    new_fails(config((size_t)1 << 32, (size_t)1 << 32, 0, 1, GG_FIRST_CLICK_ANY),
              GG_ERR_SIZE_OVERFLOW, "exceed");
    new_fails(config(9, 9, 10, 1, 3), GG_ERR_INVALID_ARGUMENT, "first_click is 3");
    new_fails(config(9, 9, 10, 1, UINT32_MAX), GG_ERR_INVALID_ARGUMENT, "GG_FIRST_CLICK_OPENING");
    c = config(9, 9, 10, 1, GG_FIRST_CLICK_ANY);
    c.no_guess = GG_NO_GUESS_WITH_COUNT;
    new_fails(c, GG_ERR_INVALID_ARGUMENT, "SAFE or OPENING");
    c.no_guess = GG_NO_GUESS_NUMBERS_ONLY;
    new_fails(c, GG_ERR_INVALID_ARGUMENT, "SAFE or OPENING");
    c = config(9, 9, 10, 1, GG_FIRST_CLICK_SAFE);
    c.no_guess = 3;
    new_fails(c, GG_ERR_INVALID_ARGUMENT, "no_guess is 3");
    c.no_guess = UINT32_MAX;
    new_fails(c, GG_ERR_INVALID_ARGUMENT, "GG_NO_GUESS_NUMBERS_ONLY");

    /* NULLs. */
    c = config(9, 9, 10, 1, GG_FIRST_CLICK_ANY);
    g = (gg_mines *)&c;
    CHECK_STATUS(gg_mines_new(NULL, &g), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("cfg is NULL");
    CHECK(g == (gg_mines *)&c);
    CHECK_STATUS(gg_mines_new(&c, NULL), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("out is NULL");
}

static void from_board_errors(void) {
    gg_mines *sentinel = (gg_mines *)&sentinel;
    gg_mines *g = sentinel;
    char buf[32];

    /* Already lost, already won, in play. */
    g = from_board("B1E1B" "B1X1B" "B111B" "BBBBB", 4, 5);
    CHECK(state_of(g) == GG_MINES_LOST);
    CHECK(strcmp(view_of(g, 20, buf), "B1E1BB1X1BB111BBBBBB") == 0);
    CHECK_STATUS(gg_mines_reveal(g, 0, 2), GG_ERR_GAME_OVER);
    gg_mines_free(g);
    g = from_board("B1E1B" "B1M1B" "B111B" "BBBBB", 4, 5);
    CHECK(state_of(g) == GG_MINES_PLAYING);
    CHECK(strcmp(view_of(g, 20, buf), "B1E1BB1E1BB111BBBBBB") == 0);
    CHECK(strcmp(board_of(g, 20, buf), "B1E1BB1M1BB111BBBBBB") == 0);
    gg_mines_free(g);
    g = from_board("M1", 1, 2);
    CHECK(state_of(g) == GG_MINES_WON);
    gg_mines_free(g);

    g = sentinel;
    CHECK_STATUS(gg_mines_from_board("M2E", 1, 3, &g), GG_ERR_INCONSISTENT);
    CHECK_MESSAGE_HAS("cell (0, 1) shows '2' (0x32) but 1 of its neighbours are mines");
    CHECK_STATUS(gg_mines_from_board("EBM", 1, 3, &g), GG_ERR_INCONSISTENT);
    CHECK_MESSAGE_HAS("cell (0, 1) shows 'B'");
    CHECK_STATUS(gg_mines_from_board("EEFE", 2, 2, &g), GG_ERR_INVALID_CELL);
    CHECK_MESSAGE_HAS("cell (1, 0) holds 'F'");
    CHECK_STATUS(gg_mines_from_board("EEEE", 0, 2, &g), GG_ERR_ZERO_SIZE);
    CHECK_STATUS(gg_mines_from_board("EEEE", SIZE_MAX, 2, &g), GG_ERR_SIZE_OVERFLOW);
    CHECK_STATUS(gg_mines_from_board(NULL, 2, 2, &g), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("board is NULL");
    CHECK_STATUS(gg_mines_from_board("EEEE", 2, 2, NULL), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("out is NULL");
    CHECK(g == sentinel);

    gg_mines_free(NULL); /* a no-op */
}

/* Flags stop reveals and floods; a chord with the right flag wins. */
static void win_with_flags_and_chord(void) {
    gg_mines *g = from_board("EEEEE" "EEEEE" "EEEEM", 3, 5);
    char buf[32];
    CHECK_STATUS(gg_mines_toggle_flag(g, 0, 4), GG_OK); /* a wrong flag, on a safe cell */
    CHECK(strcmp(view_of(g, 15, buf), "EEEEFEEEEEEEEEE") == 0);
    CHECK_STATUS(gg_mines_reveal(g, 0, 4), GG_OK); /* flagged: nothing */
    CHECK(strcmp(view_of(g, 15, buf), "EEEEFEEEEEEEEEE") == 0);
    CHECK_STATUS(gg_mines_reveal(g, 0, 0), GG_OK);
    CHECK(strcmp(view_of(g, 15, buf), "BBBBF" "BBB11" "BBB1E") == 0);
    CHECK(strcmp(board_of(g, 15, buf), "BBBBE" "BBB11" "BBB1M") == 0);
    CHECK_STATUS(gg_mines_reveal(g, 1, 3), GG_OK); /* revealed: nothing */
    CHECK_STATUS(gg_mines_toggle_flag(g, 1, 3), GG_OK); /* revealed: nothing */
    CHECK(strcmp(view_of(g, 15, buf), "BBBBF" "BBB11" "BBB1E") == 0);
    /* A chord needs exactly the digit's number of flags around it. */
    CHECK_STATUS(gg_mines_chord(g, 2, 3), GG_OK); /* no flag next to this '1': nothing */
    CHECK_STATUS(gg_mines_toggle_flag(g, 2, 4), GG_OK);
    CHECK_STATUS(gg_mines_chord(g, 1, 4), GG_OK); /* two flags next to a '1': nothing */
    CHECK(strcmp(view_of(g, 15, buf), "BBBBF" "BBB11" "BBB1F") == 0);
    CHECK_STATUS(gg_mines_toggle_flag(g, 0, 4), GG_OK); /* unflag the wrong one */
    CHECK_STATUS(gg_mines_chord(g, 0, 0), GG_OK);       /* a blank: nothing */
    CHECK(strcmp(view_of(g, 15, buf), "BBBBE" "BBB11" "BBB1F") == 0);
    CHECK(state_of(g) == GG_MINES_PLAYING);
    CHECK_STATUS(gg_mines_chord(g, 1, 4), GG_OK); /* reveals (0, 4) */
    CHECK(state_of(g) == GG_MINES_WON);
    CHECK(strcmp(view_of(g, 15, buf), "BBBBB" "BBB11" "BBB1F") == 0);
    /* After the game: every move is refused and changes nothing. */
    CHECK_STATUS(gg_mines_reveal(g, 0, 0), GG_ERR_GAME_OVER);
    CHECK_MESSAGE_HAS("the game is already won");
    CHECK_STATUS(gg_mines_toggle_flag(g, 2, 4), GG_ERR_GAME_OVER);
    CHECK_STATUS(gg_mines_chord(g, 1, 4), GG_ERR_GAME_OVER);
    CHECK(strcmp(view_of(g, 15, buf), "BBBBB" "BBB11" "BBB1F") == 0);
    CHECK(state_of(g) == GG_MINES_WON);
    gg_mines_free(g);
}

/* A chord around a wrong flag uncovers a mine: lost, and the view shows every mine. */
static void chord_loss(void) {
    gg_mines *g = from_board("MEM" "E2E" "EEE", 3, 3);
    char buf[16];
    CHECK_STATUS(gg_mines_toggle_flag(g, 0, 0), GG_OK);
    CHECK_STATUS(gg_mines_toggle_flag(g, 0, 1), GG_OK); /* wrong */
    CHECK_STATUS(gg_mines_chord(g, 1, 1), GG_OK);
    CHECK(state_of(g) == GG_MINES_LOST);
    CHECK(strcmp(view_of(g, 9, buf), "MFX" "121" "BBB") == 0);
    CHECK(strcmp(board_of(g, 9, buf), "MEX" "121" "BBB") == 0);
    CHECK_STATUS(gg_mines_chord(g, 1, 1), GG_ERR_GAME_OVER);
    CHECK_MESSAGE_HAS("the game is already lost");
    gg_mines_free(g);
}

/* ANY lets the first reveal hit a mine: find one on the true board and click it. */
static void reveal_loss(void) {
    gg_mines_config c = config(6, 7, 12, 99, GG_FIRST_CLICK_ANY);
    gg_mines *g = NULL;
    char board[64], view[64], after[64];
    size_t i, hit = 0, others = 0;
    CHECK_STATUS(gg_mines_new(&c, &g), GG_OK);
    board_of(g, 42, board);
    for (i = 0; board[i] != 'M'; i++) {
    }
    CHECK(strcmp(view_of(g, 42, view), "EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE") == 0);
    CHECK_STATUS(gg_mines_toggle_flag(g, 5, 6), GG_OK);
    CHECK_STATUS(gg_mines_reveal(g, i / 7, i % 7), GG_OK);
    CHECK(state_of(g) == GG_MINES_LOST);
    view_of(g, 42, view);
    for (i = 0; i < 42; i++) {
        hit += view[i] == 'X';
        others += view[i] == 'M';
        /* Mines show, flagged or not; everything else stays hidden. */
        CHECK(view[i] == (board[i] == 'M' ? (view[i] == 'X' ? 'X' : 'M')
                                          : (i == 41 ? 'F' : 'E')));
    }
    CHECK(hit == 1 && others == 11);
    /* Nothing changes after the loss. */
    CHECK_STATUS(gg_mines_reveal(g, 0, 0), GG_ERR_GAME_OVER);
    CHECK_STATUS(gg_mines_toggle_flag(g, 0, 0), GG_ERR_GAME_OVER);
    CHECK_STATUS(gg_mines_chord(g, 0, 0), GG_ERR_GAME_OVER);
    CHECK(strcmp(view_of(g, 42, after), view) == 0);
    gg_mines_free(g);
}

static void golden_and_reproducible(void) {
    gg_mines_config c = config(9, 9, 10, 2024, GG_FIRST_CLICK_OPENING);
    gg_mines *a = NULL, *b = NULL;
    char want[82], got[82], other[82], hidden[82];
    size_t i;
    CHECK_STATUS(gg_mines_new(&c, &a), GG_OK);
    CHECK_STATUS(gg_mines_reveal(a, 4, 4), GG_OK);
    /* The true board is the golden layout after the same click. */
    memcpy(want, GOLDEN, 81);
    CHECK_STATUS(gg_mines_click(want, 9, 9, 4, 4), GG_OK);
    want[81] = '\0';
    CHECK(strcmp(board_of(a, 81, got), want) == 0);
    /* The view hides the mines. */
    for (i = 0; i < 81; i++) hidden[i] = want[i] == 'M' ? 'E' : want[i];
    hidden[81] = '\0';
    CHECK(strcmp(view_of(a, 81, got), hidden) == 0);
    /* Same seed, same first click: the same board. */
    CHECK_STATUS(gg_mines_new(&c, &b), GG_OK);
    CHECK_STATUS(gg_mines_reveal(b, 4, 4), GG_OK);
    CHECK(strcmp(board_of(b, 81, other), want) == 0);
    gg_mines_free(b);
    /* Another seed: another board. */
    c.seed = 2025;
    CHECK_STATUS(gg_mines_new(&c, &b), GG_OK);
    CHECK_STATUS(gg_mines_reveal(b, 4, 4), GG_OK);
    CHECK(strcmp(board_of(b, 81, other), want) != 0);
    gg_mines_free(b);
    gg_mines_free(a);
}

/* Bad moves, bad buffers and NULLs change nothing. */
static void move_and_buffer_errors(void) {
    gg_mines *g = from_board("B1E" "B1M" "B11", 3, 3);
    char buf[16], before[16];
    uint32_t state = 77;
    view_of(g, 9, before);

    CHECK_STATUS(gg_mines_reveal(g, 3, 0), GG_ERR_OUT_OF_BOUNDS);
    CHECK_MESSAGE_HAS("cell (3, 0) is outside the 3 x 3 board");
    CHECK_STATUS(gg_mines_reveal(g, 0, 3), GG_ERR_OUT_OF_BOUNDS);
    CHECK_STATUS(gg_mines_reveal(g, SIZE_MAX, SIZE_MAX), GG_ERR_OUT_OF_BOUNDS);
    CHECK_STATUS(gg_mines_toggle_flag(g, 0, 3), GG_ERR_OUT_OF_BOUNDS);
    CHECK_STATUS(gg_mines_toggle_flag(g, SIZE_MAX, 0), GG_ERR_OUT_OF_BOUNDS);
    CHECK_STATUS(gg_mines_chord(g, 3, 3), GG_ERR_OUT_OF_BOUNDS);
    CHECK_STATUS(gg_mines_reveal(NULL, 0, 0), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("game is NULL");
    CHECK_STATUS(gg_mines_toggle_flag(NULL, 0, 0), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_mines_chord(NULL, 0, 0), GG_ERR_NULL_POINTER);
    CHECK(strcmp(view_of(g, 9, buf), before) == 0);
    CHECK(state_of(g) == GG_MINES_PLAYING);

    CHECK_STATUS(gg_mines_state(NULL, &state), GG_ERR_NULL_POINTER);
    CHECK(state == 77);
    CHECK_STATUS(gg_mines_state(g, NULL), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("state_out is NULL");

    /* A buffer one short is refused untouched; an exact or larger one gets rows*cols chars. */
    memset(buf, '#', sizeof buf);
    CHECK_STATUS(gg_mines_view(g, buf, 8), GG_ERR_BUFFER_TOO_SMALL);
    CHECK_MESSAGE_HAS("out holds 8 elements; 9 are needed");
    CHECK_STATUS(gg_mines_board(g, buf, 8), GG_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(gg_mines_view(g, buf, 0), GG_ERR_BUFFER_TOO_SMALL);
    CHECK(memcmp(buf, "################", 16) == 0);
    CHECK_STATUS(gg_mines_view(g, buf, sizeof buf), GG_OK);
    CHECK(memcmp(buf, "B1EB1EB11#######", 16) == 0);
    CHECK_STATUS(gg_mines_board(g, buf, 9), GG_OK);
    CHECK(memcmp(buf, "B1EB1MB11#######", 16) == 0);
    CHECK_STATUS(gg_mines_view(NULL, buf, 9), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_mines_view(g, NULL, 9), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("out is NULL");
    CHECK_STATUS(gg_mines_board(NULL, buf, 9), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_mines_board(g, NULL, 9), GG_ERR_NULL_POINTER);

    /* The last hidden safe cell wins; the flagged mine is never opened. */
    CHECK_STATUS(gg_mines_toggle_flag(g, 1, 2), GG_OK);
    CHECK_STATUS(gg_mines_chord(g, 0, 1), GG_OK);
    CHECK(strcmp(view_of(g, 9, buf), "B11B1FB11") == 0);
    CHECK(state_of(g) == GG_MINES_WON);
    gg_mines_free(g);
}

/* The SAFE rule: the first reveal is never a mine, even on an almost full board. */
static void safe_first_click(void) {
    uint64_t seed;
    char buf[16];
    for (seed = 0; seed < 20; seed++) {
        gg_mines_config c = config(3, 3, 8, seed, GG_FIRST_CLICK_SAFE);
        gg_mines *g = NULL;
        CHECK_STATUS(gg_mines_new(&c, &g), GG_OK);
        CHECK_STATUS(gg_mines_reveal(g, 0, 0), GG_OK);
        CHECK(strcmp(view_of(g, 9, buf), "3EEEEEEEE") == 0);
        CHECK(state_of(g) == GG_MINES_WON);
        gg_mines_free(g);
    }
}

int main(void) {
    new_and_limits();
    from_board_errors();
    win_with_flags_and_chord();
    chord_loss();
    reveal_loss();
    golden_and_reproducible();
    move_and_buffer_errors();
    safe_first_click();
    return check_report("test_mines_session");
}
