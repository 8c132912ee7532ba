/* The panic boundary. Run with --expect-panic against a library built with the test-only
 * `test-panic` feature (tests/c_api.rs does): with GG_TEST_PANIC set, every exported call panics
 * inside the library, and C must get GG_ERR_INTERNAL, untouched outputs, an "internal error"
 * message, and a library that works again once the trigger is gone. Run without arguments against
 * the ordinary library, it checks the trigger is compiled out: the same calls succeed.
 *
 * A new function family adds one function here calling each of its entry points once. */
#define _POSIX_C_SOURCE 200112L
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

static int expect_panic;

/* What a status-returning call must give while the trigger is armed. */
static int32_t armed(void) { return expect_panic ? GG_ERR_INTERNAL : GG_OK; }

static void arm(void) { CHECK(setenv("GG_TEST_PANIC", "1", 1) == 0); }
static void disarm(void) { CHECK(unsetenv("GG_TEST_PANIC") == 0); }

/* After a call made while armed: the message names an internal error (read disarmed, since
 * gg_last_error_message itself panics while armed). */
static void check_internal_message(void) {
    if (!expect_panic) return;
    disarm();
    CHECK_MESSAGE_HAS("internal error (a bug in gridgames)");
    CHECK_MESSAGE_HAS("forced by GG_TEST_PANIC");
    arm();
}

static void snakes(void) {
    const int32_t board[4] = {-1, -1, -1, 3};
    int32_t rolls = 12345;
    CHECK_STATUS(gg_snakes_min_rolls(board, 2, &rolls), armed());
    CHECK(rolls == (expect_panic ? 12345 : 1));
    check_internal_message();
}

static void mines(void) {
    char board[3] = {'E', 'E', 'M'};
    CHECK_STATUS(gg_mines_click(board, 1, 3, 0, 1), armed());
    CHECK(memcmp(board, expect_panic ? "EEM" : "E1M", 3) == 0);
    check_internal_message();
}

static void status(void) {
    char buf[64] = "untouched";
    const char *s = gg_status_str(GG_ERR_ZERO_SIZE);
    CHECK(s != NULL);
    CHECK(strcmp(s, expect_panic ? "internal error in gridgames" : "a dimension is zero") == 0);
    /* The message function's fallback: length 0, nothing written. */
    if (expect_panic) {
        CHECK(gg_last_error_message(buf, sizeof buf) == 0);
        CHECK(strcmp(buf, "untouched") == 0);
    }
    CHECK(gg_version() != NULL);
}

static void snakes_analysis(void) {
    const int32_t grid[4] = {-1, -1, -1, -1};
    const int32_t jumps[4] = {-1, -1, -1, -1};
    gg_snakes_rules r;
    int32_t out[4] = {7, 7, 7, 7};
    size_t to = 99;
    uint32_t faces[4] = {9, 9, 9, 9};
    int64_t turns = -5;
    double e = -5.0, probs[2] = {-5.0, -5.0}, tail = -5.0, chances[2] = {-5.0, -5.0};
    r.faces = 6;
    r.overshoot = GG_OVERSHOOT_STAY;
    r.start = 0;
    CHECK_STATUS(gg_snakes_grid_to_jumps(grid, 2, 2, out, 4), armed());
    CHECK(out[0] == (expect_panic ? 7 : -1));
    check_internal_message();
    CHECK_STATUS(gg_snakes_move(jumps, 4, &r, 0, 2, &to), armed());
    CHECK(to == (expect_panic ? 99u : 2u));
    check_internal_message();
    CHECK_STATUS(gg_snakes_shortest(jumps, 4, &r, faces, 4, &turns), armed());
    CHECK(turns == (expect_panic ? -5 : 1) && faces[0] == (expect_panic ? 9u : 4u));
    check_internal_message();
    CHECK_STATUS(gg_snakes_expected_turns(jumps, 4, &r, &e), armed());
    CHECK(expect_panic ? e == -5.0 : e > 1.0);
    check_internal_message();
    CHECK_STATUS(gg_snakes_length_distribution(jumps, 4, &r, 2, probs, 2, &tail), armed());
    CHECK(expect_panic ? probs[0] == -5.0 && tail == -5.0 : probs[0] > 0.0 && tail >= 0.0);
    check_internal_message();
    CHECK_STATUS(gg_snakes_win_chances(jumps, 4, &r, 2, chances), armed());
    CHECK(expect_panic ? chances[0] == -5.0 : chances[0] > chances[1]);
    check_internal_message();
}

static void mines_session(void) {
    gg_mines_config cfg;
    gg_mines *sentinel = (gg_mines *)&cfg, *g = sentinel, *live = NULL;
    char view[4] = {'?', '?', '?', '?'};
    uint32_t state = 77;
    memset(&cfg, 0, sizeof cfg);
    cfg.rows = 2;
    cfg.cols = 2;
    cfg.mines = 1;
    cfg.seed = 1;
    cfg.first_click = GG_FIRST_CLICK_SAFE;
    CHECK_STATUS(gg_mines_new(&cfg, &g), armed());
    CHECK(expect_panic ? g == sentinel : g != sentinel);
    check_internal_message();
    if (!expect_panic) gg_mines_free(g);
    g = sentinel;
    CHECK_STATUS(gg_mines_from_board("M1E1", 2, 2, &g), armed());
    CHECK(expect_panic ? g == sentinel : g != sentinel);
    check_internal_message();
    if (!expect_panic) gg_mines_free(g);

    /* The moves need a live game: made with the trigger off. */
    disarm();
    CHECK_STATUS(gg_mines_from_board("M1E1", 2, 2, &live), GG_OK);
    arm();
    if (live == NULL) return;
    CHECK_STATUS(gg_mines_reveal(live, 0, 1), armed()); /* revealed already: nothing */
    check_internal_message();
    CHECK_STATUS(gg_mines_toggle_flag(live, 0, 0), armed());
    check_internal_message();
    CHECK_STATUS(gg_mines_chord(live, 0, 1), armed()); /* opens (1, 0): won */
    check_internal_message();
    CHECK_STATUS(gg_mines_state(live, &state), armed());
    CHECK(state == (expect_panic ? 77u : GG_MINES_WON));
    check_internal_message();
    CHECK_STATUS(gg_mines_view(live, view, 4), armed());
    CHECK(memcmp(view, expect_panic ? "????" : "F111", 4) == 0);
    check_internal_message();
    CHECK_STATUS(gg_mines_board(live, view, 4), armed());
    check_internal_message();
    {
        gg_mines_play_stats ps;
        gg_mines_board_stats bs;
        ps.left_clicks = 77;
        bs.bbbv = 77;
        CHECK_STATUS(gg_mines_stats(live, &ps), armed());
        CHECK(ps.left_clicks == (expect_panic ? 77u : 1u));
        check_internal_message();
        CHECK_STATUS(gg_mines_measure("M1E1", 2, 2, &bs), armed());
        CHECK(bs.bbbv == (expect_panic ? 77u : 3u));
        check_internal_message();
    }
    /* gg_mines_free returns nothing: a panic inside it is swallowed (the handle stays allocated,
     * since the trigger fires before anything is done), so it is freed again once disarmed. */
    gg_mines_free(live);
    if (expect_panic) {
        disarm();
        CHECK_STATUS(gg_mines_view(live, view, 4), GG_OK);
        CHECK(memcmp(view, "E1E1", 4) == 0);
        gg_mines_free(live);
        arm();
    }
}

static void mines_solver(void) {
    double p[4] = {9.0, 9.0, 9.0, 9.0}, risk = 9.0;
    size_t r = 99, c = 99;
    CHECK_STATUS(gg_mines_probabilities("1EEE", 2, 2, 1, p), armed());
    CHECK(expect_panic ? p[0] == 9.0 && p[1] == 9.0 : p[0] == -1.0 && p[1] > 0.3);
    check_internal_message();
    CHECK_STATUS(gg_mines_hint("1EE", 1, 3, 1, &r, &c, &risk), armed());
    CHECK(expect_panic ? r == 99 && c == 99 && risk == 9.0 : r == 0 && c == 2 && risk == 0.0);
    check_internal_message();
    {
        gg_mines_hint_options opt;
        double win = 9.0;
        opt.first_click = GG_FIRST_CLICK_SAFE;
        opt.effort = GG_EFFORT_DEEP;
        r = 99;
        CHECK_STATUS(gg_mines_hint_with("1EE", 1, 3, 1, &opt, &r, &c, &risk, &win), armed());
        CHECK(expect_panic ? r == 99 && win == 9.0 : r == 0 && c == 2 && risk == 0.0);
        check_internal_message();
    }
    r = 99;
    CHECK_STATUS(gg_mines_solvable("EEME", 1, 4, 0, 0, GG_SOLVE_WITH_COUNT, &r), armed());
    CHECK(r == (expect_panic ? 99 : 0));
    check_internal_message();
}

/* Save, load, undo and the move list of a Minesweeper game. */
static void mines_save(void) {
    gg_mines *live = NULL, *sentinel = (gg_mines *)&live, *g = sentinel;
    uint8_t rec[256];
    size_t len = 0, count = 77;
    gg_mines_move moves[4];
    disarm();
    CHECK_STATUS(gg_mines_from_board("M1E1", 2, 2, &live), GG_OK);
    CHECK_STATUS(gg_mines_toggle_flag(live, 0, 0), GG_OK);
    CHECK_STATUS(gg_mines_save(live, rec, sizeof rec, &len), GG_OK);
    arm();
    if (live == NULL) return;
    CHECK_STATUS(gg_mines_save(live, rec, sizeof rec, &len), armed());
    check_internal_message();
    CHECK_STATUS(gg_mines_load(rec, len, &g), armed());
    CHECK(expect_panic ? g == sentinel : g != sentinel);
    check_internal_message();
    if (!expect_panic) gg_mines_free(g);
    CHECK_STATUS(gg_mines_moves(live, moves, 4, &count), armed());
    CHECK(count == (expect_panic ? 77u : 1u));
    check_internal_message();
    CHECK_STATUS(gg_mines_undo(live), armed());
    check_internal_message();
    {
        size_t r = 9, c = 9, m = 9;
        CHECK_STATUS(gg_mines_dimensions(live, &r, &c, &m), armed());
        CHECK(expect_panic ? r == 9 : r == 2 && c == 2 && m == 1);
        check_internal_message();
    }
    gg_mines_free(live);
}

/* A Snakes and Ladders game session. */
static void snakes_session(void) {
    const int32_t jumps[4] = {-1, -1, -1, -1};
    gg_snakes_game_config cfg;
    gg_snakes_game *live = NULL, *sentinel = (gg_snakes_game *)&cfg, *g = sentinel;
    gg_snakes_turn t;
    gg_snakes_state st;
    size_t pos[2], len = 0;
    uint8_t rec[128];
    memset(&cfg, 0, sizeof cfg);
    cfg.jumps = jumps;
    cfg.squares = 4;
    cfg.rules.faces = 6;
    cfg.rules.overshoot = GG_OVERSHOOT_STAY;
    cfg.players = 2;
    CHECK_STATUS(gg_snakes_game_new(&cfg, &g), armed());
    CHECK(expect_panic ? g == sentinel : g != sentinel);
    check_internal_message();
    if (!expect_panic) gg_snakes_game_free(g);
    disarm();
    CHECK_STATUS(gg_snakes_game_new(&cfg, &live), GG_OK);
    CHECK_STATUS(gg_snakes_game_save(live, rec, sizeof rec, &len), GG_OK);
    arm();
    if (live == NULL) return;
    CHECK_STATUS(gg_snakes_game_roll(live, &t), armed());
    check_internal_message();
    CHECK_STATUS(gg_snakes_game_play(live, 1, &t), armed());
    check_internal_message();
    CHECK_STATUS(gg_snakes_game_state(live, &st), armed());
    check_internal_message();
    CHECK_STATUS(gg_snakes_game_positions(live, pos, 2), armed());
    check_internal_message();
    CHECK_STATUS(gg_snakes_game_save(live, rec, sizeof rec, &len), armed());
    check_internal_message();
    g = sentinel;
    CHECK_STATUS(gg_snakes_game_load(rec, len, &g), armed());
    CHECK(expect_panic ? g == sentinel : g != sentinel);
    check_internal_message();
    if (!expect_panic) gg_snakes_game_free(g);
    CHECK_STATUS(gg_snakes_game_undo(live), armed());
    check_internal_message();
    {
        size_t count = 9;
        gg_snakes_turn all[4];
        CHECK_STATUS(gg_snakes_game_turns(live, all, 4, &count), armed());
        CHECK(count == (expect_panic ? 9u : 1u)); /* rolled and played, one undone */
        check_internal_message();
    }
    {
        uint32_t players = 9;
        size_t squares = 9;
        CHECK_STATUS(gg_snakes_game_size(live, &players, &squares), armed());
        CHECK(expect_panic ? players == 9 : players == 2 && squares == 4);
        check_internal_message();
    }
    gg_snakes_game_free(live);
}

/* With the trigger gone, the same library answers normally: the panics harmed nothing. */
static void works_again(void) {
    const int32_t board[4] = {-1, -1, -1, 3};
    int32_t rolls = 0;
    char cells[3] = {'E', 'E', 'M'};
    disarm();
    CHECK_STATUS(gg_snakes_min_rolls(board, 2, &rolls), GG_OK);
    CHECK(rolls == 1);
    CHECK_STATUS(gg_mines_click(cells, 1, 3, 0, 1), GG_OK);
    CHECK(memcmp(cells, "E1M", 3) == 0);
    CHECK(strcmp(gg_status_str(GG_OK), "ok") == 0);
    {
        const int32_t jumps[4] = {-1, -1, -1, -1};
        gg_snakes_rules r;
        double e = 0.0, p[4];
        r.faces = 6;
        r.overshoot = GG_OVERSHOOT_STAY;
        r.start = 0;
        CHECK_STATUS(gg_snakes_expected_turns(jumps, 4, &r, &e), GG_OK);
        CHECK(e > 1.0);
        CHECK_STATUS(gg_mines_probabilities("1EEE", 2, 2, 1, p), GG_OK);
        CHECK(p[0] == -1.0);
    }
}

int main(int argc, char **argv) {
    expect_panic = argc > 1 && strcmp(argv[1], "--expect-panic") == 0;
    arm();
    snakes();
    mines();
    status();
    snakes_analysis();
    mines_session();
    mines_solver();
    mines_save();
    snakes_session();
    works_again();
    printf("test_panic_boundary: %s\n",
           expect_panic ? "panicking library" : "ordinary library, trigger compiled out");
    return check_report("test_panic_boundary");
}
