/* The native library's side of the browser test (examples/web/test/browser.test.mjs):
 *
 *   native_game view ROWS COLS MINES SEED FIRST_CLICK NO_GUESS [KIND:ROW:COL ...]
 *       plays the moves (KIND 0 reveal, 1 flag, 2 chord) on the seeded game and prints its view;
 *   native_game expected
 *       prints the Milton Bradley board's expected game length, to 17 significant digits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridgames.h"

static int fail(const char *what, int32_t status) {
    char msg[256];
    gg_last_error_message(msg, sizeof msg);
    fprintf(stderr, "%s: %s: %s\n", what, gg_status_str(status), msg);
    return 1;
}

static int expected(void) {
    static const int pairs[][2] = {{1, 38},  {4, 14},  {9, 31},  {21, 42}, {28, 84},
                                   {36, 44}, {51, 67}, {71, 91}, {80, 100}, {16, 6},
                                   {47, 26}, {49, 11}, {56, 53}, {62, 19}, {64, 60},
                                   {87, 24}, {93, 73}, {95, 75}, {98, 78}};
    int32_t jumps[100];
    gg_snakes_rules rules = {6, GG_OVERSHOOT_STAY, 0};
    double turns;
    int32_t s;
    size_t i;
    for (i = 0; i < 100; i++) jumps[i] = -1;
    for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) jumps[pairs[i][0] - 1] = pairs[i][1];
    s = gg_snakes_expected_turns(jumps, 100, &rules, &turns);
    if (s != GG_OK) return fail("gg_snakes_expected_turns", s);
    printf("%.17g\n", turns);
    return 0;
}

int main(int argc, char **argv) {
    gg_mines_config cfg;
    gg_mines *game = NULL;
    char *view;
    int i;
    int32_t s;
    if (argc == 2 && strcmp(argv[1], "expected") == 0) return expected();
    if (argc < 8 || strcmp(argv[1], "view") != 0) {
        fprintf(stderr, "usage: %s view ROWS COLS MINES SEED FIRST NO_GUESS [K:R:C ...]\n", argv[0]);
        return 2;
    }
    memset(&cfg, 0, sizeof cfg);
    cfg.rows = strtoul(argv[2], NULL, 10);
    cfg.cols = strtoul(argv[3], NULL, 10);
    cfg.mines = strtoul(argv[4], NULL, 10);
    cfg.seed = strtoull(argv[5], NULL, 10);
    cfg.first_click = (uint32_t)strtoul(argv[6], NULL, 10);
    cfg.no_guess = (uint32_t)strtoul(argv[7], NULL, 10);
    s = gg_mines_new(&cfg, &game);
    if (s != GG_OK) return fail("gg_mines_new", s);
    for (i = 8; i < argc; i++) {
        unsigned kind;
        size_t row, col;
        if (sscanf(argv[i], "%u:%zu:%zu", &kind, &row, &col) != 3) return 2;
        s = kind == 0   ? gg_mines_reveal(game, row, col)
            : kind == 1 ? gg_mines_toggle_flag(game, row, col)
                        : gg_mines_chord(game, row, col);
        if (s != GG_OK) return fail(argv[i], s);
    }
    view = malloc(cfg.rows * cfg.cols + 1);
    if (!view) return 1;
    s = gg_mines_view(game, view, cfg.rows * cfg.cols);
    if (s != GG_OK) return fail("gg_mines_view", s);
    view[cfg.rows * cfg.cols] = '\0';
    puts(view);
    free(view);
    gg_mines_free(game);
    return 0;
}
