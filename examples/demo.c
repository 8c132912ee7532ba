/* gridgames demo: solves the seeds' examples through the C ABI and prints the boards.
 * Build and run with ./scripts/demo.sh */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "gridgames.h"

static void print_snakes(const int32_t *board, size_t n) {
    size_t r, c;
    for (r = 0; r < n; r++) {
        printf("    ");
        for (c = 0; c < n; c++) printf("%4d", (int)board[r * n + c]);
        printf("\n");
    }
}

static void print_mines(const char *board, size_t rows, size_t cols) {
    size_t r, c;
    for (r = 0; r < rows; r++) {
        printf("    ");
        for (c = 0; c < cols; c++) printf(" %c", board[r * cols + c]);
        printf("\n");
    }
}

static int snakes_seed_examples(void) {
    const int32_t ex1[36] = {
        -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1,
        -1, 35, -1, -1, 13, -1,
        -1, -1, -1, -1, -1, -1,
        -1, 15, -1, -1, -1, -1,
    };
    const int32_t ex2[4] = {-1, -1, -1, 3};
    const int32_t bad[4] = {-1, -1, 40, -1};
    int32_t rolls = 0;
    char msg[128];

    printf("== Snakes and Ladders (LeetCode 909) ==\n");
    printf("Example 1:\n");
    print_snakes(ex1, 6);
    if (gg_snakes_min_rolls(ex1, 6, &rolls) != GG_OK) return 1;
    printf("  fewest rolls: %d (expected 4)\n\n", (int)rolls);

    printf("Example 2:\n");
    print_snakes(ex2, 2);
    if (gg_snakes_min_rolls(ex2, 2, &rolls) != GG_OK) return 1;
    printf("  fewest rolls: %d (expected 1)\n\n", (int)rolls);

    printf("Bad input is refused with a status and a message:\n");
    print_snakes(bad, 2);
    {
        int32_t status = gg_snakes_min_rolls(bad, 2, &rolls);
        gg_last_error_message(msg, sizeof msg);
        printf("  status %d (%s): %s\n\n", (int)status, gg_status_str(status), msg);
    }
    return 0;
}

static int mines_seed_examples(void) {
    char board[20];
    memcpy(board, "EEEEE" "EEMEE" "EEEEE" "EEEEE", 20);

    printf("== Minesweeper (LeetCode 529) ==\n");
    printf("Example 1, before the click at (3, 0):\n");
    print_mines(board, 4, 5);
    if (gg_mines_click(board, 4, 5, 3, 0) != GG_OK) return 1;
    printf("  after:\n");
    print_mines(board, 4, 5);

    printf("Example 2, the click at (1, 2) hits the mine:\n");
    if (gg_mines_click(board, 4, 5, 1, 2) != GG_OK) return 1;
    print_mines(board, 4, 5);
    printf("\n");
    return 0;
}

static const char *state_name(const gg_mines *game) {
    uint32_t state = 0;
    if (gg_mines_state(game, &state) != GG_OK) return "?";
    return state == GG_MINES_WON ? "won" : state == GG_MINES_LOST ? "lost" : "playing";
}

static int show_view(const gg_mines *game, const char *what) {
    char view[81];
    if (gg_mines_view(game, view, sizeof view) != GG_OK) return 1;
    printf("%s (%s):\n", what, state_name(game));
    print_mines(view, 9, 9);
    return 0;
}

/* A short scripted game on the 9 x 9 board of seed 2024: an opening, a flag and a chord, then a
 * careless click. The same seed and first click give this board on every platform. */
static int mines_session_game(void) {
    gg_mines_config cfg;
    gg_mines *game = NULL;
    int failed = 0;
    memset(&cfg, 0, sizeof cfg);
    cfg.rows = 9;
    cfg.cols = 9;
    cfg.mines = 10;
    cfg.seed = 2024;
    cfg.first_click = GG_FIRST_CLICK_OPENING;

    printf("== Minesweeper session: 9 x 9, 10 mines, seed 2024, first click opens ==\n");
    if (gg_mines_new(&cfg, &game) != GG_OK) return 1;
    failed |= gg_mines_reveal(game, 4, 4) != GG_OK;
    failed |= show_view(game, "Reveal (4, 4)");
    failed |= gg_mines_toggle_flag(game, 3, 6) != GG_OK;
    failed |= gg_mines_chord(game, 2, 5) != GG_OK;
    failed |= show_view(game, "Flag (3, 6), then chord the '1' at (2, 5)");
    failed |= gg_mines_reveal(game, 7, 1) != GG_OK;
    failed |= show_view(game, "Reveal (7, 1)");
    printf("\n");
    gg_mines_free(game);
    return failed;
}

int main(void) {
    printf("gridgames %s\n\n", gg_version());
    if (snakes_seed_examples() != 0) return 1;
    if (mines_seed_examples() != 0) return 1;
    if (mines_session_game() != 0) return 1;
    return 0;
}
