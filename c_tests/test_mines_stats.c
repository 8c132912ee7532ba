/* gg_mines_measure and gg_mines_stats: the README's worked example, a chording board, boards with
 * no mine and no safe cell, a played game, and every error path (outputs left alone). */
#include <stdint.h>
#include "check.h"

static void worked_example(void) {
    /* The README's example: two openings and an island of two isolated numbers. */
    static const char board[] = "EEEEE"
                                "EEEEE"
                                "MEEEM"
                                "EEEEE"
                                "EMEEE";
    gg_mines_board_stats s;
    memset(&s, 0xAB, sizeof s);
    CHECK_STATUS(gg_mines_measure(board, 5, 5, &s), GG_OK);
    CHECK(s.bbbv == 4);
    CHECK(s.openings == 2);
    CHECK(s.islands == 1);
    CHECK(s.zini == 4);
    CHECK(s.counts[0] == 9 && s.counts[1] == 11 && s.counts[2] == 2 && s.counts[3] == 0);
}

static void chording_pays(void) {
    /* Eight numbers round one mine: 3BV 8, but open, flag and chord take 5 clicks. */
    gg_mines_board_stats s;
    CHECK_STATUS(gg_mines_measure("EEEEMEEEE", 3, 3, &s), GG_OK);
    CHECK(s.bbbv == 8 && s.openings == 0 && s.islands == 1 && s.zini == 5);
    CHECK(s.counts[1] == 8);
    /* The same board mid-game (revealed cells agree): the same statistics. */
    CHECK_STATUS(gg_mines_measure("1E1EXE1E1", 3, 3, &s), GG_OK);
    CHECK(s.bbbv == 8 && s.zini == 5);
}

static void empty_and_full(void) {
    gg_mines_board_stats s;
    CHECK_STATUS(gg_mines_measure("EEEEEE", 2, 3, &s), GG_OK);
    CHECK(s.bbbv == 1 && s.openings == 1 && s.islands == 0 && s.zini == 1 && s.counts[0] == 6);
    CHECK_STATUS(gg_mines_measure("MMXM", 2, 2, &s), GG_OK);
    CHECK(s.bbbv == 0 && s.openings == 0 && s.islands == 0 && s.zini == 0 && s.counts[0] == 0);
}

static void measure_errors(void) {
    gg_mines_board_stats s;
    memset(&s, 0x5A, sizeof s);
    CHECK_STATUS(gg_mines_measure(NULL, 1, 1, &s), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("board is NULL");
    CHECK_STATUS(gg_mines_measure("E", 1, 1, NULL), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_mines_measure("E", 0, 1, &s), GG_ERR_ZERO_SIZE);
    CHECK_STATUS(gg_mines_measure("E", 1, 0, &s), GG_ERR_ZERO_SIZE);
    CHECK_STATUS(gg_mines_measure("E", SIZE_MAX, 2, &s), GG_ERR_SIZE_OVERFLOW);
    CHECK_STATUS(gg_mines_measure("EEZE", 2, 2, &s), GG_ERR_INVALID_CELL);
    CHECK_MESSAGE_HAS("cell (1, 0)");
    CHECK_STATUS(gg_mines_measure("EEFE", 2, 2, &s), GG_ERR_INVALID_CELL);
    CHECK_STATUS(gg_mines_measure("2MEE", 2, 2, &s), GG_ERR_INCONSISTENT);
    CHECK_MESSAGE_HAS("cell (0, 0)");
    CHECK_STATUS(gg_mines_measure("BEEM", 2, 2, &s), GG_ERR_INCONSISTENT);
    {
        /* Nothing was written by any failed call. */
        unsigned char *p = (unsigned char *)&s;
        size_t i, same = 0;
        for (i = 0; i < sizeof s; i++) same += p[i] == 0x5A;
        CHECK(same == sizeof s);
    }
}

static void played_game(void) {
    /* The seed's board: one opening, one isolated '1' above the mine. */
    gg_mines *g = NULL;
    gg_mines_play_stats s;
    CHECK_STATUS(gg_mines_from_board("EEEEEEEMEEEEEEEEEEEE", 4, 5, &g), GG_OK);
    CHECK_STATUS(gg_mines_stats(g, &s), GG_OK);
    CHECK(s.bbbv == 2 && s.bbbv_solved == 0 && s.left_clicks == 0 && s.revealed == 0);
    CHECK_STATUS(gg_mines_reveal(g, 3, 0), GG_OK);    /* the opening: 18 cells */
    CHECK_STATUS(gg_mines_reveal(g, 3, 0), GG_OK);    /* wasted: already revealed */
    CHECK_STATUS(gg_mines_toggle_flag(g, 1, 2), GG_OK); /* flag the mine */
    CHECK_STATUS(gg_mines_toggle_flag(g, 0, 0), GG_OK); /* a revealed cell: no change */
    CHECK_STATUS(gg_mines_reveal(g, 9, 9), GG_ERR_OUT_OF_BOUNDS); /* not counted */
    CHECK_STATUS(gg_mines_stats(g, &s), GG_OK);
    CHECK(s.bbbv == 2 && s.bbbv_solved == 1);
    CHECK(s.left_clicks == 2 && s.right_clicks == 2 && s.chords == 0);
    CHECK(s.effective_clicks == 2 && s.flags == 1 && s.revealed == 18);
    CHECK_STATUS(gg_mines_chord(g, 1, 1), GG_OK); /* one flag beside the '1': opens (0, 2) */
    CHECK_STATUS(gg_mines_stats(g, &s), GG_OK);
    CHECK(s.bbbv_solved == 2 && s.bbbv == 2 && s.chords == 1 && s.effective_clicks == 3);
    CHECK(s.revealed == 19);
    {
        uint32_t state = 99;
        CHECK_STATUS(gg_mines_state(g, &state), GG_OK);
        CHECK(state == GG_MINES_WON);
    }
    gg_mines_free(g);
}

static void stats_before_the_layout(void) {
    gg_mines_config c;
    gg_mines *g = NULL;
    gg_mines_play_stats s;
    memset(&c, 0, sizeof c);
    c.rows = 9;
    c.cols = 9;
    c.mines = 10;
    c.seed = 2024;
    c.first_click = GG_FIRST_CLICK_OPENING;
    CHECK_STATUS(gg_mines_new(&c, &g), GG_OK);
    CHECK_STATUS(gg_mines_stats(g, &s), GG_OK);
    CHECK(s.bbbv == 0 && s.bbbv_solved == 0);
    CHECK_STATUS(gg_mines_reveal(g, 4, 4), GG_OK);
    CHECK_STATUS(gg_mines_stats(g, &s), GG_OK);
    CHECK(s.bbbv > 0 && s.bbbv_solved >= 1 && s.left_clicks == 1 && s.effective_clicks == 1);
    {
        /* The game's 3BV is the measured 3BV of its board. */
        char board[81];
        gg_mines_board_stats b;
        CHECK_STATUS(gg_mines_board(g, board, sizeof board), GG_OK);
        CHECK_STATUS(gg_mines_measure(board, 9, 9, &b), GG_OK);
        CHECK(b.bbbv == s.bbbv);
    }
    {
        gg_mines_play_stats untouched;
        memset(&s, 0x77, sizeof s);
        memset(&untouched, 0x77, sizeof untouched);
        CHECK_STATUS(gg_mines_stats(NULL, &s), GG_ERR_NULL_POINTER);
        CHECK_MESSAGE_HAS("game is NULL");
        CHECK(memcmp(&s, &untouched, sizeof s) == 0);
        CHECK_STATUS(gg_mines_stats(g, NULL), GG_ERR_NULL_POINTER);
    }
    gg_mines_free(g);
}

int main(void) {
    worked_example();
    chording_pays();
    empty_and_full();
    measure_errors();
    played_game();
    stats_before_the_layout();
    return check_report("test_mines_stats");
}
