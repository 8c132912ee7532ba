/* gg_snakes_min_rolls: the seeds' answers and every error path. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

#define SENTINEL 12345

static void seed_examples(void) {
    const int32_t ex1[36] = {
        -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1,
        -1, 35, -1, -1, 13, -1,
        -1, -1, -1, -1, -1, -1,
        -1, 15, -1, -1, -1, -1,
    };
    const int32_t ex2[4] = {-1, -1, -1, 3};
    const int32_t chain[4] = {-1, 4, -1, 3};
    const int32_t one[1] = {-1};
    int32_t rolls = SENTINEL;

    CHECK_STATUS(gg_snakes_min_rolls(ex1, 6, &rolls), GG_OK);
    CHECK(rolls == 4);
    CHECK_STATUS(gg_snakes_min_rolls(ex2, 2, &rolls), GG_OK);
    CHECK(rolls == 1);
    CHECK_STATUS(gg_snakes_min_rolls(chain, 2, &rolls), GG_OK);
    CHECK(rolls == 1);
    CHECK_STATUS(gg_snakes_min_rolls(one, 1, &rolls), GG_OK);
    CHECK(rolls == 0);
}

static void chains_are_not_followed(void) {
    /* 3x3: square 2 -> 8 and square 8 -> 9; stopping at 8 makes it two rolls, not one. */
    const int32_t b[9] = {-1, 9, -1, -1, -1, -1, -1, 8, -1};
    int32_t rolls = SENTINEL;
    CHECK_STATUS(gg_snakes_min_rolls(b, 3, &rolls), GG_OK);
    CHECK(rolls == 2);
}

static void unreachable_gives_minus_one(void) {
    /* 3x3: squares 2..7 all snake back to 1. Rows: top 7 8 9, middle 6 5 4, bottom 1 2 3. */
    const int32_t b[9] = {1, -1, -1, 1, 1, 1, -1, 1, 1};
    int32_t rolls = SENTINEL;
    CHECK_STATUS(gg_snakes_min_rolls(b, 3, &rolls), GG_OK);
    CHECK(rolls == -1);
}

static void large_plain_board(void) {
    size_t n = 1000, i;
    int32_t rolls = SENTINEL;
    int32_t *b = (int32_t *)malloc(n * n * sizeof *b);
    CHECK(b != NULL);
    if (!b) return;
    for (i = 0; i < n * n; i++) b[i] = -1;
    CHECK_STATUS(gg_snakes_min_rolls(b, n, &rolls), GG_OK);
    CHECK(rolls == (int32_t)((n * n - 1 + 5) / 6));
    free(b);
}

/* The cell of square s (1-based) on an n x n board: rows from the bottom, every other one
 * right to left. */
static size_t cell_of(size_t s, size_t n) {
    size_t q = (s - 1) / n, r = (s - 1) % n;
    size_t col = q % 2 == 0 ? r : n - 1 - r;
    return (n - 1 - q) * n + col;
}

/* The seed's breadth-first search, for comparison. */
static int32_t plain_bfs(const int32_t *b, size_t n) {
    size_t squares = n * n, head = 0, tail = 0, s, k;
    int32_t *dist = (int32_t *)malloc((squares + 1) * sizeof *dist);
    size_t *queue = (size_t *)malloc(squares * sizeof *queue);
    int32_t answer = -1;
    if (!dist || !queue) {
        free(dist);
        free(queue);
        return -2;
    }
    for (s = 0; s <= squares; s++) dist[s] = -1;
    dist[1] = 0;
    queue[tail++] = 1;
    while (head < tail) {
        s = queue[head++];
        for (k = 1; k <= 6 && s + k <= squares; k++) {
            size_t t = s + k;
            int32_t d = b[cell_of(t, n)];
            if (d != -1) t = (size_t)d;
            if (dist[t] < 0) {
                dist[t] = dist[s] + 1;
                queue[tail++] = t;
            }
        }
    }
    answer = dist[squares];
    free(dist);
    free(queue);
    return answer;
}

static void large_board_with_short_jumps(void) {
    /* One square in 37 holds a snake or a ladder of at most 50 squares: sparse and short. */
    size_t n = 300, squares = n * n, s;
    int32_t rolls = SENTINEL;
    int32_t *b = (int32_t *)malloc(squares * sizeof *b);
    CHECK(b != NULL);
    if (!b) return;
    for (s = 0; s < squares; s++) b[s] = -1;
    for (s = 37; s < squares; s += 37) {
        long d = (long)s + (long)((s * 7919) % 101) - 50;
        if (d < 1) d = 1;
        if (d > (long)squares) d = (long)squares;
        if (d != (long)s) b[cell_of(s, n)] = (int32_t)d;
    }
    CHECK_STATUS(gg_snakes_min_rolls(b, n, &rolls), GG_OK);
    CHECK(rolls == plain_bfs(b, n));
    CHECK(rolls > 0);
    free(b);
}

static void expect_invalid(int32_t *b, size_t n, const char *needle) {
    int32_t rolls = SENTINEL;
    int32_t copy[16];
    memcpy(copy, b, n * n * sizeof *b);
    CHECK_STATUS(gg_snakes_min_rolls(b, n, &rolls), GG_ERR_INVALID_CELL);
    CHECK(rolls == SENTINEL);
    CHECK(memcmp(copy, b, n * n * sizeof *b) == 0);
    CHECK_MESSAGE_HAS(needle);
}

static void bad_cells(void) {
    int32_t b[4] = {-1, -1, -1, -1};
    b[1] = 0;
    expect_invalid(b, 2, "cell (0, 1) holds 0; a destination must be -1 or 1..4");
    b[1] = -2;
    expect_invalid(b, 2, "holds -2");
    b[1] = 5;
    expect_invalid(b, 2, "holds 5");
    b[1] = INT32_MIN;
    expect_invalid(b, 2, "holds -2147483648");
    b[1] = -1;
    b[2] = 3; /* square 1 is cell (1, 0) */
    expect_invalid(b, 2, "square 1");
    b[2] = -1;
    b[0] = 2; /* square 4 is cell (0, 0) */
    expect_invalid(b, 2, "square 4");
}

static void bad_arguments(void) {
    const int32_t b[4] = {-1, -1, -1, -1};
    int32_t rolls = SENTINEL;
    CHECK_STATUS(gg_snakes_min_rolls(NULL, 2, &rolls), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("board is NULL");
    CHECK_STATUS(gg_snakes_min_rolls(b, 2, NULL), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("rolls_out is NULL");
    CHECK_STATUS(gg_snakes_min_rolls(b, 0, &rolls), GG_ERR_ZERO_SIZE);
    /* Dimensions far past the 4-cell buffer must be refused before anything is read. */
    CHECK_STATUS(gg_snakes_min_rolls(b, SIZE_MAX, &rolls), GG_ERR_SIZE_OVERFLOW);
    CHECK_STATUS(gg_snakes_min_rolls(b, (size_t)1 << 32, &rolls), GG_ERR_SIZE_OVERFLOW);
    CHECK_STATUS(gg_snakes_min_rolls(b, 46341, &rolls), GG_ERR_SIZE_OVERFLOW);
    CHECK_MESSAGE_HAS("at most 2147483647");
    CHECK(rolls == SENTINEL);
}

int main(void) {
    seed_examples();
    chains_are_not_followed();
    unreachable_gives_minus_one();
    large_plain_board();
    large_board_with_short_jumps();
    bad_cells();
    bad_arguments();
    return check_report("test_snakes_min_rolls");
}
