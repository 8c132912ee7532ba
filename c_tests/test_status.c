/* gg_status_str, gg_last_error_message and gg_version. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

static void status_strings(void) {
    int32_t codes[] = {GG_OK, GG_ERR_NULL_POINTER, GG_ERR_ZERO_SIZE, GG_ERR_SIZE_OVERFLOW,
                       GG_ERR_INVALID_CELL, GG_ERR_OUT_OF_BOUNDS, GG_ERR_BUFFER_TOO_SMALL,
                       GG_ERR_INVALID_ARGUMENT, GG_ERR_TOO_MANY_MINES, GG_ERR_GAME_OVER,
                       GG_ERR_INCONSISTENT, GG_ERR_OUT_OF_MEMORY, GG_ERR_GENERATION_FAILED,
                       GG_ERR_INTERNAL, GG_ERR_BAD_RECORD, GG_ERR_NOTHING_TO_UNDO,
                       GG_ERR_TOO_COMPLEX};
    size_t n = sizeof codes / sizeof codes[0], i, j;
    const char *unknown = gg_status_str(-1);
    CHECK(unknown != NULL && strcmp(unknown, "unknown status code") == 0);
    CHECK(strcmp(gg_status_str(INT32_MAX), unknown) == 0);
    CHECK(strcmp(gg_status_str(INT32_MIN), unknown) == 0);
    CHECK(strcmp(gg_status_str(GG_OK), "ok") == 0);
    for (i = 0; i < n; i++) {
        const char *s = gg_status_str(codes[i]);
        CHECK(s != NULL && strlen(s) > 0 && strcmp(s, unknown) != 0);
        for (j = 0; j < i; j++) CHECK(codes[i] != codes[j] && strcmp(s, gg_status_str(codes[j])) != 0);
    }
    /* Static: the same pointer every time. */
    CHECK(gg_status_str(GG_ERR_INTERNAL) == gg_status_str(GG_ERR_INTERNAL));
}

static void *fresh_thread(void *arg) {
    char buf[8] = "xxxxxxx";
    size_t *len = (size_t *)arg;
    *len = gg_last_error_message(buf, sizeof buf);
    if (buf[0] != '\0') *len = 999;
    return NULL;
}

static void last_error(void) {
    const char *want = "cell (0, 1) holds 0; a destination must be -1 or 1..4";
    int32_t b[4] = {-1, 0, -1, -1};
    int32_t rolls;
    char buf[128];
    char small[5];
    size_t len, other = 12345;
    pthread_t t;

    CHECK_STATUS(gg_snakes_min_rolls(b, 2, &rolls), GG_ERR_INVALID_CELL);
    len = gg_last_error_message(buf, sizeof buf);
    CHECK(len == strlen(want));
    CHECK(strcmp(buf, want) == 0);
    /* Length only. */
    CHECK(gg_last_error_message(NULL, 0) == len);
    /* Non-NULL buffer with cap 0: nothing written. */
    small[0] = '#';
    CHECK(gg_last_error_message(small, 0) == len);
    CHECK(small[0] == '#');
    /* Truncated copies stay NUL-terminated and report the full length. */
    CHECK(gg_last_error_message(small, sizeof small) == len);
    CHECK(strcmp(small, "cell") == 0);
    CHECK(gg_last_error_message(small, 1) == len && small[0] == '\0');
    /* Success keeps the last failure. */
    b[1] = -1;
    CHECK_STATUS(gg_snakes_min_rolls(b, 2, &rolls), GG_OK);
    CHECK(gg_last_error_message(NULL, 0) == len);
    /* Another thread has its own, empty, message. */
    CHECK(pthread_create(&t, NULL, fresh_thread, &other) == 0);
    CHECK(pthread_join(t, NULL) == 0);
    CHECK(other == 0);
    /* A new failure replaces the message. */
    CHECK_STATUS(gg_snakes_min_rolls(NULL, 2, &rolls), GG_ERR_NULL_POINTER);
    gg_last_error_message(buf, sizeof buf);
    CHECK(strcmp(buf, "board is NULL") == 0);
}

static void version(void) {
    const char *v = gg_version();
    unsigned major, minor, patch;
    char tail;
    CHECK(v != NULL);
    CHECK(sscanf(v, "%u.%u.%u%c", &major, &minor, &patch, &tail) == 3);
    CHECK(gg_version() == v);
}

int main(void) {
    status_strings();
    last_error();
    version();
    return check_report("test_status");
}
