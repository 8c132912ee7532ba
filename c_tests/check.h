/* A tiny assertion kit for the C tests: counts checks, prints failures with the
 * library's status and last error message, and ends with "N passed, N failed". */
#ifndef GG_CHECK_H
#define GG_CHECK_H

#include <stdio.h>
#include <string.h>
#include "gridgames.h"

static int check_passed_;
static int check_failed_;

static void check_fail_(const char *file, int line, const char *what) {
    char msg[256];
    check_failed_++;
    gg_last_error_message(msg, sizeof msg);
    fprintf(stderr, "%s:%d: CHECK failed: %s (last error: \"%s\")\n", file, line, what, msg);
}

#define CHECK(cond)                                                                          \
    do {                                                                                     \
        if (cond) check_passed_++;                                                           \
        else check_fail_(__FILE__, __LINE__, #cond);                                         \
    } while (0)

/* Checks that `call` returns `want`, printing both codes' descriptions otherwise. */
#define CHECK_STATUS(call, want)                                                             \
    do {                                                                                     \
        int32_t got_ = (call);                                                               \
        if (got_ == (want)) check_passed_++;                                                 \
        else {                                                                               \
            fprintf(stderr, "%s:%d: %s returned %d (%s), wanted %d (%s)\n", __FILE__,         \
                    __LINE__, #call, (int)got_, gg_status_str(got_), (int)(want),            \
                    gg_status_str(want));                                                    \
            check_fail_(__FILE__, __LINE__, #call);                                          \
        }                                                                                    \
    } while (0)

/* Checks that this thread's last error message contains `needle`. */
#define CHECK_MESSAGE_HAS(needle)                                                            \
    do {                                                                                     \
        char m_[512];                                                                        \
        gg_last_error_message(m_, sizeof m_);                                                \
        if (strstr(m_, (needle)) != NULL) check_passed_++;                                   \
        else {                                                                               \
            fprintf(stderr, "%s:%d: message \"%s\" lacks \"%s\"\n", __FILE__, __LINE__, m_,   \
                    (needle));                                                               \
            check_failed_++;                                                                 \
        }                                                                                    \
    } while (0)

static int check_report(const char *name) {
    printf("%s: %d passed, %d failed\n", name, check_passed_, check_failed_);
    return check_failed_ == 0 && check_passed_ > 0 ? 0 : 1;
}

#endif
