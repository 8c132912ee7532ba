/* A program that uses an installed gridgames: it checks the library it runs with belongs to the
 * ABI series of the header it was compiled with, then solves one board of each game. */
#include <gridgames.h>
#include <stdio.h>
#include <string.h>

static int fail(const char *what, int32_t status) {
    char msg[256];
    gg_last_error_message(msg, sizeof msg);
    fprintf(stderr, "app: %s: %s: %s\n", what, gg_status_str(status), msg);
    return 1;
}

/* Same series (MAJOR from 1.0, 0.MINOR before) and not older than the header. */
static int library_fits_header(void) {
    int major, minor, patch;
    if (sscanf(gg_version(), "%d.%d.%d", &major, &minor, &patch) != 3) return 0;
    if (major != GG_VERSION_MAJOR) return 0;
    if (major == 0) return minor == GG_VERSION_MINOR && patch >= GG_VERSION_PATCH;
    return minor > GG_VERSION_MINOR || (minor == GG_VERSION_MINOR && patch >= GG_VERSION_PATCH);
}

int main(void) {
    /* LeetCode 909, example 1: 4 rolls. */
    const int32_t board[36] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                               -1, -1, -1, -1, -1, -1, -1, 35, -1, -1, 13, -1,
                               -1, -1, -1, -1, -1, -1, -1, 15, -1, -1, -1, -1};
    char mines[20];
    int32_t rolls = 0, status;

    if (!library_fits_header()) {
        fprintf(stderr, "app: library %s does not fit header %d.%d.%d\n", gg_version(),
                GG_VERSION_MAJOR, GG_VERSION_MINOR, GG_VERSION_PATCH);
        return 1;
    }
    status = gg_snakes_min_rolls(board, 6, &rolls);
    if (status != GG_OK) return fail("gg_snakes_min_rolls", status);
    if (rolls != 4) {
        fprintf(stderr, "app: %d rolls, expected 4\n", (int)rolls);
        return 1;
    }
    /* LeetCode 529, example 1. */
    memcpy(mines, "EEEEEEEMEEEEEEEEEEEE", 20);
    status = gg_mines_click(mines, 4, 5, 3, 0);
    if (status != GG_OK) return fail("gg_mines_click", status);
    if (memcmp(mines, "B1E1BB1M1BB111BBBBBB", 20) != 0) {
        fprintf(stderr, "app: unexpected board %.20s\n", mines);
        return 1;
    }
    /* Errors come back as a status plus a detail message. */
    status = gg_snakes_min_rolls(board, 0, &rolls);
    if (status != GG_ERR_ZERO_SIZE) return fail("n = 0 was accepted", status);
    printf("app: gridgames %s, header %d.%d.%d: ok\n", gg_version(), GG_VERSION_MAJOR,
           GG_VERSION_MINOR, GG_VERSION_PATCH);
    return 0;
}
