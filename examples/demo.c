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

static int mines_solver_hint(void) {
    /* The seed's board after its first click, as the player sees it (the mine is hidden). */
    const char view[20] = {'B', '1', 'E', '1', 'B', 'B', '1', 'E', '1', 'B',
                           'B', '1', '1', '1', 'B', 'B', 'B', 'B', 'B', 'B'};
    const char guess[4] = {'1', 'E', 'E', 'E'};
    double probs[20];
    size_t r, c, i;
    double risk;

    printf("== Minesweeper solver ==\n");
    printf("A player's view with 1 mine left:\n");
    print_mines(view, 4, 5);
    if (gg_mines_probabilities(view, 4, 5, 1, probs) != GG_OK) return 1;
    printf("  mine probabilities of the hidden cells:");
    for (i = 0; i < 20; i++)
        if (probs[i] >= 0.0) printf(" (%d, %d) %.2f", (int)(i / 5), (int)(i % 5), probs[i]);
    printf("\n");
    if (gg_mines_hint(view, 4, 5, 1, &r, &c, &risk) != GG_OK) return 1;
    printf("  hint: reveal (%d, %d), risk %.2f\n", (int)r, (int)c, risk);

    printf("A '1' in the corner of a 2 x 2 board, 1 mine: no certain move.\n");
    print_mines(guess, 2, 2);
    if (gg_mines_hint(guess, 2, 2, 1, &r, &c, &risk) != GG_OK) return 1;
    printf("  hint: guess (%d, %d), risk %.3f\n\n", (int)r, (int)c, risk);
    return 0;
}

int main(void) {
    printf("gridgames %s\n\n", gg_version());
    if (snakes_seed_examples() != 0) return 1;
    if (mines_seed_examples() != 0) return 1;
    if (mines_solver_hint() != 0) return 1;
    return 0;
}
