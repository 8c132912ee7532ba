/* gg_mines_click: the seeds' answers, the LeetCode rules, and every error path. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

static int click_gives(const char *before, size_t rows, size_t cols, size_t r, size_t c,
                       const char *after) {
    char b[128];
    memcpy(b, before, rows * cols);
    if (gg_mines_click(b, rows, cols, r, c) != GG_OK) return 0;
    return memcmp(b, after, rows * cols) == 0;
}

static void seed_examples(void) {
    CHECK(click_gives("EEEEE" "EEMEE" "EEEEE" "EEEEE", 4, 5, 3, 0,
                      "B1E1B" "B1M1B" "B111B" "BBBBB"));
    CHECK(click_gives("B1E1B" "B1M1B" "B111B" "BBBBB", 4, 5, 1, 2,
                      "B1E1B" "B1X1B" "B111B" "BBBBB"));
}

static void rules(void) {
    /* A revealed cell is left alone. */
    CHECK(click_gives("B1E1B" "B1X1B" "B111B" "BBBBB", 4, 5, 0, 1,
                      "B1E1B" "B1X1B" "B111B" "BBBBB"));
    CHECK(click_gives("B1E1B" "B1X1B" "B111B" "BBBBB", 4, 5, 1, 2,
                      "B1E1B" "B1X1B" "B111B" "BBBBB"));
    /* 'X' counts as a mine. */
    CHECK(click_gives("XEE", 1, 3, 0, 1, "X1E"));
    /* A digit next to the click. */
    CHECK(click_gives("EEM", 1, 3, 0, 1, "E1M"));
    /* An existing 'B' is not expanded. */
    CHECK(click_gives("EEBEE", 1, 5, 0, 0, "BBBEE"));
    /* Eight mines around the centre. */
    CHECK(click_gives("MMM" "MEM" "MMM", 3, 3, 1, 1, "MMM" "M8M" "MMM"));
    /* The flood goes round corners (diagonal steps count). */
    CHECK(click_gives("EEEEEEEEE" "EEEEEEEEE" "EEEEEEEEE" "MMMMMEEEE" "EEEEEEEEE"
                      "EEEEEEEEE" "EEEEEEEEE", 7, 9, 6, 0,
                      "BBBBBBBBB" "BBBBBBBBB" "233321BBB" "MMMMM1BBB" "233321BBB"
                      "BBBBBBBBB" "BBBBBBBBB"));
    CHECK(click_gives("EEEEE" "EEEEE", 2, 5, 1, 4, "BBBBB" "BBBBB"));
}

static void large_opening(void) {
    size_t rows = 3000, cols = 2000, i;
    char *b = (char *)malloc(rows * cols);
    CHECK(b != NULL);
    if (!b) return;
    memset(b, 'E', rows * cols);
    b[1500 * cols + 1000] = 'M';
    CHECK_STATUS(gg_mines_click(b, rows, cols, 0, 0), GG_OK);
    for (i = 0; i < rows * cols; i++) {
        char want = 'B';
        size_t r = i / cols, c = i % cols;
        if (r == 1500 && c == 1000) want = 'M';
        else if (r + 1 >= 1500 && r <= 1501 && c + 1 >= 1000 && c <= 1001) want = '1';
        if (b[i] != want) break;
    }
    CHECK(i == rows * cols);
    free(b);
}

/* A plain breadth-first click, written from the rules, to compare large boards with. */
static void plain_click(char *b, size_t rows, size_t cols, size_t r0, size_t c0) {
    size_t *queue = (size_t *)malloc(rows * cols * sizeof(size_t));
    size_t head = 0, tail = 0;
    CHECK(queue != NULL);
    if (!queue) return;
    queue[tail++] = r0 * cols + c0;
    b[r0 * cols + c0] = '?';
    while (head < tail) {
        size_t i = queue[head++], r = i / cols, c = i % cols, rr, cc;
        int mines = 0;
        for (rr = r ? r - 1 : 0; rr <= r + 1 && rr < rows; rr++)
            for (cc = c ? c - 1 : 0; cc <= c + 1 && cc < cols; cc++)
                mines += b[rr * cols + cc] == 'M' || b[rr * cols + cc] == 'X';
        b[i] = mines ? (char)('0' + mines) : 'B';
        if (mines) continue;
        for (rr = r ? r - 1 : 0; rr <= r + 1 && rr < rows; rr++)
            for (cc = c ? c - 1 : 0; cc <= c + 1 && cc < cols; cc++)
                if (b[rr * cols + cc] == 'E') {
                    b[rr * cols + cc] = '?';
                    queue[tail++] = rr * cols + cc;
                }
    }
    free(queue);
}

/* Large unplayed boards with few mines (which the library opens without a search when no group
 * of mines shuts off part of the board) against the plain click: random ones, one with a
 * corner shut off by two mines, one with a zero cell ringed by four, one with a mine beside the
 * edge (whose outer count stays hidden). */
static void sparse_boards_match_a_plain_click(void) {
    size_t rows = 600, cols = 500, n = rows * cols, i;
    int variant;
    char *got = (char *)malloc(n), *want = (char *)malloc(n);
    CHECK(got != NULL && want != NULL);
    if (!got || !want) {
        free(got);
        free(want);
        return;
    }
    for (variant = 0; variant < 6; variant++) {
        uint64_t x = 0x9E3779B97F4A7C15ull * (uint64_t)(variant + 1);
        size_t r0 = 300, c0 = 250;
        for (i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            got[i] = x % 1000 < 2 ? 'M' : 'E';
        }
        if (variant == 3) { got[2] = 'M'; got[2 * cols] = 'M'; }
        if (variant == 4) {
            got[100 * cols + 102] = 'M'; got[104 * cols + 102] = 'M';
            got[102 * cols + 100] = 'M'; got[102 * cols + 104] = 'M';
        }
        if (variant == 5) got[1 * cols + 200] = 'M';
        /* The click goes on the first cell from the middle on with no mine around. */
        for (;; c0 = (c0 + 1) % cols) {
            size_t rr, cc;
            int mines = 0;
            for (rr = r0 - 1; rr <= r0 + 1; rr++)
                for (cc = c0 ? c0 - 1 : 0; cc <= c0 + 1 && cc < cols; cc++)
                    mines += got[rr * cols + cc] == 'M';
            if (!mines) break;
        }
        memcpy(want, got, n);
        plain_click(want, rows, cols, r0, c0);
        CHECK_STATUS(gg_mines_click(got, rows, cols, r0, c0), GG_OK);
        CHECK(memcmp(got, want, n) == 0);
    }
    free(got);
    free(want);
}

static void expect_error(const char *board, size_t rows, size_t cols, size_t r, size_t c,
                         int32_t want, const char *needle) {
    char b[64], copy[64];
    memcpy(b, board, rows * cols);
    memcpy(copy, board, rows * cols);
    CHECK_STATUS(gg_mines_click(b, rows, cols, r, c), want);
    CHECK(memcmp(b, copy, rows * cols) == 0);
    CHECK_MESSAGE_HAS(needle);
}

static void bad_input(void) {
    char b[4] = {'E', 'E', 'E', 'E'};
    expect_error("EEEZ", 2, 2, 0, 0, GG_ERR_INVALID_CELL, "cell (1, 1) holds 'Z' (0x5A)");
    expect_error("E0EE", 2, 2, 0, 0, GG_ERR_INVALID_CELL, "cell (0, 1) holds '0'");
    expect_error("E9EE", 2, 2, 0, 0, GG_ERR_INVALID_CELL, "holds '9'");
    expect_error("EE\0E", 2, 2, 0, 0, GG_ERR_INVALID_CELL, "holds 0x00");
    expect_error("EEEE", 2, 2, 2, 0, GG_ERR_OUT_OF_BOUNDS, "cell (2, 0) is outside the 2 x 2");
    expect_error("EEEE", 2, 2, 0, 2, GG_ERR_OUT_OF_BOUNDS, "outside");
    expect_error("EEEE", 2, 2, SIZE_MAX, SIZE_MAX, GG_ERR_OUT_OF_BOUNDS, "outside");
    /* An invalid board is refused even when the click itself is fine. */
    expect_error("MEEZ", 2, 2, 0, 0, GG_ERR_INVALID_CELL, "'Z'");
    CHECK_STATUS(gg_mines_click(NULL, 2, 2, 0, 0), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("board is NULL");
    CHECK_STATUS(gg_mines_click(b, 0, 2, 0, 0), GG_ERR_ZERO_SIZE);
    CHECK_STATUS(gg_mines_click(b, 2, 0, 0, 0), GG_ERR_ZERO_SIZE);
    CHECK_STATUS(gg_mines_click(b, SIZE_MAX, 2, 0, 0), GG_ERR_SIZE_OVERFLOW);
    CHECK_STATUS(gg_mines_click(b, (size_t)1 << 32, (size_t)1 << 32, 0, 0),
                 GG_ERR_SIZE_OVERFLOW);
    CHECK(memcmp(b, "EEEE", 4) == 0);
}

int main(void) {
    seed_examples();
    rules();
    large_opening();
    sparse_boards_match_a_plain_click();
    bad_input();
    return check_report("test_mines_click");
}
