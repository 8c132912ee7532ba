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
}

int main(int argc, char **argv) {
    expect_panic = argc > 1 && strcmp(argv[1], "--expect-panic") == 0;
    arm();
    snakes();
    mines();
    status();
    works_again();
    printf("test_panic_boundary: %s\n",
           expect_panic ? "panicking library" : "ordinary library, trigger compiled out");
    return check_report("test_panic_boundary");
}
