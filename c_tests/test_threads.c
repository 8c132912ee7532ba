/* Eight threads call every stateless function at once, ROUNDS times, on shared read-only inputs,
 * and every result must equal the one computed on the main thread beforehand. tests/c_api.rs runs
 * it plain, under AddressSanitizer, Valgrind and ThreadSanitizer.
 *
 * One block per function family: prepare() computes the expected results single-threaded, and
 * run(thread) repeats the calls and returns how many results differed. A family with game
 * sessions creates, drives and frees its own session inside run(), one per thread (a handle is
 * used by one thread at a time), and compares each step with a session driven in prepare(). */
#define _POSIX_C_SOURCE 200112L
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

#define THREADS 8
#define ROUNDS 20

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
};
#define BLOCKS (sizeof blocks / sizeof blocks[0])

static pthread_barrier_t start;
static int mismatches[THREADS][BLOCKS];

static void *worker(void *arg) {
    int thread = (int)(size_t)arg, round;
    size_t k;
    pthread_barrier_wait(&start);
    /* Each thread starts at a different block, so different functions overlap. */
    for (round = 0; round < ROUNDS; round++)
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
    return check_report("test_threads");
}
