/* gg_mines_save, gg_mines_load, gg_mines_undo and gg_mines_moves: every function, every error
 * path, a saved and continued game, undo back to the start, and bad records refused. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

#define ROWS 16
#define COLS 30
#define CELLS (ROWS * COLS)

static gg_mines *expert(uint64_t seed, uint32_t rule) {
    gg_mines_config c;
    gg_mines *g = NULL;
    memset(&c, 0, sizeof c);
    c.rows = ROWS;
    c.cols = COLS;
    c.mines = 99;
    c.seed = seed;
    c.first_click = rule;
    CHECK_STATUS(gg_mines_new(&c, &g), GG_OK);
    return g;
}

/* Everything a player or an engine can read of a game, for comparing two games. */
typedef struct {
    char view[CELLS], board[CELLS];
    uint32_t state;
    gg_mines_play_stats stats;
    size_t moves;
    gg_mines_move list[512];
} snapshot;

static void snap(const gg_mines *g, snapshot *s) {
    memset(s, 0, sizeof *s);
    CHECK_STATUS(gg_mines_view(g, s->view, CELLS), GG_OK);
    CHECK_STATUS(gg_mines_board(g, s->board, CELLS), GG_OK);
    CHECK_STATUS(gg_mines_state(g, &s->state), GG_OK);
    CHECK_STATUS(gg_mines_stats(g, &s->stats), GG_OK);
    CHECK_STATUS(gg_mines_moves(g, s->list, 512, &s->moves), GG_OK);
}

static int same(const snapshot *a, const snapshot *b) {
    size_t i;
    if (memcmp(a->view, b->view, CELLS) || memcmp(a->board, b->board, CELLS)) return 0;
    if (a->state != b->state || a->moves != b->moves) return 0;
    if (memcmp(&a->stats, &b->stats, sizeof a->stats)) return 0;
    for (i = 0; i < a->moves; i++) {
        if (a->list[i].kind != b->list[i].kind || a->list[i].row != b->list[i].row ||
            a->list[i].col != b->list[i].col)
            return 0;
    }
    return 1;
}

/* The record of `g`, sized by a first call with no buffer. */
static uint8_t *record_of(const gg_mines *g, size_t *len) {
    uint8_t *buf;
    *len = 0;
    CHECK_STATUS(gg_mines_save(g, NULL, 0, len), GG_ERR_BUFFER_TOO_SMALL);
    CHECK(*len > 10);
    buf = (uint8_t *)malloc(*len);
    CHECK_STATUS(gg_mines_save(g, buf, *len, len), GG_OK);
    return buf;
}

static void save_and_continue(void) {
    snapshot *a = (snapshot *)malloc(sizeof *a), *b = (snapshot *)malloc(sizeof *b);
    gg_mines *g = expert(2024, GG_FIRST_CLICK_OPENING), *l = NULL;
    size_t len, k;
    uint8_t *rec;
    CHECK_STATUS(gg_mines_reveal(g, 8, 15), GG_OK);
    CHECK_STATUS(gg_mines_toggle_flag(g, 0, 0), GG_OK);
    CHECK_STATUS(gg_mines_toggle_flag(g, 0, 0), GG_OK);
    CHECK_STATUS(gg_mines_toggle_flag(g, 1, 1), GG_OK);
    CHECK_STATUS(gg_mines_chord(g, 8, 15), GG_OK); /* a blank: accepted, changes nothing */
    rec = record_of(g, &len);
    CHECK(len < 2048);
    CHECK_STATUS(gg_mines_load(rec, len, &l), GG_OK);
    {
        size_t r = 0, c = 0, m = 0;
        CHECK_STATUS(gg_mines_dimensions(l, &r, &c, &m), GG_OK);
        CHECK(r == ROWS && c == COLS && m == 99);
        CHECK_STATUS(gg_mines_dimensions(NULL, &r, &c, &m), GG_ERR_NULL_POINTER);
        CHECK_STATUS(gg_mines_dimensions(l, NULL, &c, &m), GG_ERR_NULL_POINTER);
        CHECK_STATUS(gg_mines_dimensions(l, &r, NULL, &m), GG_ERR_NULL_POINTER);
        CHECK_STATUS(gg_mines_dimensions(l, &r, &c, NULL), GG_ERR_NULL_POINTER);
    }
    snap(g, a);
    snap(l, b);
    CHECK(same(a, b));
    CHECK(a->moves == 5 && a->list[0].kind == GG_MOVE_REVEAL && a->list[1].kind == GG_MOVE_FLAG &&
          a->list[4].kind == GG_MOVE_CHORD && a->list[4].row == 8 && a->list[4].col == 15);
    /* Every later move gives the same result in both. */
    for (k = 0; k < 60; k++) {
        size_t r = (k * 7) % ROWS, c = (k * 11) % COLS;
        CHECK(gg_mines_reveal(g, r, c) == gg_mines_reveal(l, r, c));
        CHECK(gg_mines_chord(g, r, c) == gg_mines_chord(l, r, c));
    }
    snap(g, a);
    snap(l, b);
    CHECK(same(a, b));
    free(rec);
    gg_mines_free(l);
    gg_mines_free(g);
    free(a);
    free(b);
}

static void undo_to_the_start(void) {
    snapshot *fresh = (snapshot *)malloc(sizeof *fresh), *now = (snapshot *)malloc(sizeof *now);
    gg_mines *g = expert(7, GG_FIRST_CLICK_SAFE), *n = expert(7, GG_FIRST_CLICK_SAFE);
    size_t k, count = 99;
    snap(n, fresh);
    CHECK_STATUS(gg_mines_undo(g), GG_ERR_NOTHING_TO_UNDO);
    CHECK_MESSAGE_HAS("no move to undo");
    for (k = 0; k < 40; k++) {
        uint32_t state;
        CHECK_STATUS(gg_mines_reveal(g, (k * 5) % ROWS, (k * 13) % COLS), GG_OK);
        CHECK_STATUS(gg_mines_state(g, &state), GG_OK);
        if (state == GG_MINES_LOST) {
            CHECK_STATUS(gg_mines_toggle_flag(g, 0, 0), GG_ERR_GAME_OVER);
            CHECK_STATUS(gg_mines_undo(g), GG_OK); /* a lost game is playing again */
            CHECK_STATUS(gg_mines_state(g, &state), GG_OK);
            CHECK(state == GG_MINES_PLAYING);
        }
        CHECK_STATUS(gg_mines_toggle_flag(g, k % ROWS, k % COLS), GG_OK);
    }
    CHECK_STATUS(gg_mines_moves(g, NULL, 0, &count), count ? GG_ERR_BUFFER_TOO_SMALL : GG_OK);
    CHECK(count > 40);
    for (k = 0; k < count; k++) CHECK_STATUS(gg_mines_undo(g), GG_OK);
    CHECK_STATUS(gg_mines_undo(g), GG_ERR_NOTHING_TO_UNDO);
    snap(g, now);
    CHECK(same(fresh, now));
    /* With the mines taken away, the same first click places the same board again. */
    CHECK_STATUS(gg_mines_reveal(g, 3, 3), GG_OK);
    CHECK_STATUS(gg_mines_reveal(n, 3, 3), GG_OK);
    snap(g, now);
    snap(n, fresh);
    CHECK(same(fresh, now));
    gg_mines_free(g);
    gg_mines_free(n);
    free(fresh);
    free(now);
}

static void bad_records(void) {
    gg_mines *g = expert(5, GG_FIRST_CLICK_ANY), *out = (gg_mines *)&out;
    gg_mines *before = out;
    size_t len, i;
    uint8_t *rec, *bent;
    CHECK_STATUS(gg_mines_toggle_flag(g, 2, 2), GG_OK);
    rec = record_of(g, &len);
    bent = (uint8_t *)malloc(len + 1);
    /* Every flipped bit, every truncation, a trailing byte: refused, *out untouched. */
    for (i = 0; i < len; i++) {
        memcpy(bent, rec, len);
        bent[i] ^= 0x04;
        CHECK_STATUS(gg_mines_load(bent, len, &out), GG_ERR_BAD_RECORD);
    }
    for (i = 0; i < len; i++) CHECK_STATUS(gg_mines_load(rec, i, &out), GG_ERR_BAD_RECORD);
    memcpy(bent, rec, len);
    bent[len] = 0;
    CHECK_STATUS(gg_mines_load(bent, len + 1, &out), GG_ERR_BAD_RECORD);
    CHECK(out == before);
    memcpy(bent, rec, len);
    bent[0] = 'X';
    CHECK_STATUS(gg_mines_load(bent, len, &out), GG_ERR_BAD_RECORD);
    CHECK_MESSAGE_HAS("magic");
    CHECK_STATUS(gg_mines_load(rec, 3, &out), GG_ERR_BAD_RECORD);
    CHECK_MESSAGE_HAS("too short");
    CHECK(out == before);
    free(bent);
    free(rec);
    gg_mines_free(g);
}

static void errors(void) {
    gg_mines *g = expert(1, GG_FIRST_CLICK_SAFE), *out = NULL;
    gg_mines_move moves[2];
    uint8_t buf[4] = {9, 9, 9, 9};
    size_t len = 0, count = 0;
    CHECK_STATUS(gg_mines_save(NULL, buf, 4, &len), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_mines_save(g, buf, 4, NULL), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_mines_save(g, NULL, 4, &len), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_mines_save(g, buf, 4, &len), GG_ERR_BUFFER_TOO_SMALL);
    CHECK(len > 4 && buf[0] == 9 && buf[3] == 9);
    CHECK_STATUS(gg_mines_load(NULL, 10, &out), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_mines_load(buf, 4, NULL), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_mines_undo(NULL), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_mines_moves(NULL, moves, 2, &count), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_mines_moves(g, moves, 2, NULL), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_mines_moves(g, NULL, 2, &count), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_mines_moves(g, NULL, 0, &count), GG_OK);
    CHECK(count == 0);
    CHECK_STATUS(gg_mines_reveal(g, 0, 0), GG_OK);
    CHECK_STATUS(gg_mines_toggle_flag(g, 5, 1), GG_OK);
    CHECK_STATUS(gg_mines_toggle_flag(g, 5, 2), GG_OK);
    memset(moves, 0xAB, sizeof moves);
    CHECK_STATUS(gg_mines_moves(g, moves, 2, &count), GG_ERR_BUFFER_TOO_SMALL);
    CHECK(count == 3 && moves[0].kind == 0xABABABABu);
    CHECK_STATUS(gg_mines_reveal(g, ROWS, 0), GG_ERR_OUT_OF_BOUNDS); /* not a move */
    CHECK_STATUS(gg_mines_moves(g, NULL, 0, &count), GG_ERR_BUFFER_TOO_SMALL);
    CHECK(count == 3);
    gg_mines_free(g);
    gg_mines_undo(NULL);
    gg_mines_free(NULL);
}

/* A game given as a board keeps what it showed through save and load. */
static void given_board(void) {
    snapshot *a = (snapshot *)malloc(sizeof *a), *b = (snapshot *)malloc(sizeof *b);
    char board[CELLS];
    gg_mines *g = NULL, *l = NULL;
    size_t len;
    uint8_t *rec;
    memset(board, 'E', CELLS);
    board[0] = 'M';
    board[CELLS - 1] = 'B';
    CHECK_STATUS(gg_mines_from_board(board, ROWS, COLS, &g), GG_OK);
    CHECK_STATUS(gg_mines_toggle_flag(g, 0, 0), GG_OK);
    CHECK_STATUS(gg_mines_reveal(g, 1, 1), GG_OK);
    rec = record_of(g, &len);
    CHECK_STATUS(gg_mines_load(rec, len, &l), GG_OK);
    snap(g, a);
    snap(l, b);
    CHECK(same(a, b));
    free(rec);
    gg_mines_free(g);
    gg_mines_free(l);
    free(a);
    free(b);
}

int main(void) {
    save_and_continue();
    undo_to_the_start();
    bad_records();
    errors();
    given_board();
    return check_report("test_mines_save");
}
