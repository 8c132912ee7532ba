/* Prints the seeded boards of examples/wasm/check.mjs from the native library, in the same
 * "board NAME CELLS" lines, so scripts/test-wasm.sh can compare them byte for byte. */
#include <stdio.h>
#include <string.h>
#include "gridgames.h"

static int print_board(const char *name, uint32_t no_guess) {
    gg_mines_config cfg;
    gg_mines *game = NULL;
    char cells[480];
    memset(&cfg, 0, sizeof cfg);
    cfg.rows = 16;
    cfg.cols = 30;
    cfg.mines = 99;
    cfg.seed = 2024;
    cfg.first_click = GG_FIRST_CLICK_OPENING;
    cfg.no_guess = no_guess;
    if (gg_mines_new(&cfg, &game) != GG_OK || gg_mines_reveal(game, 8, 15) != GG_OK ||
        gg_mines_board(game, cells, sizeof cells) != GG_OK)
        return 1;
    printf("board %s %.*s\n", name, (int)sizeof cells, cells);
    gg_mines_free(game);
    return 0;
}

int main(void) { return print_board("expert", 0) || print_board("expert-no-guess", 1); }
