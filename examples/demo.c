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
    {
        /* The board's difficulty and this game's clicks so far. */
        char board[81];
        gg_mines_board_stats b;
        gg_mines_play_stats p;
        failed |= gg_mines_board(game, board, sizeof board) != GG_OK;
        failed |= gg_mines_measure(board, 9, 9, &b) != GG_OK;
        failed |= gg_mines_stats(game, &p) != GG_OK;
        printf("Board: 3BV %u (%u openings, %u islands), ZiNi %u; game so far: %u of %u 3BV,\n"
               "  %u clicks (%u left, %u right, %u chords), %u effective\n",
               (unsigned)b.bbbv, (unsigned)b.openings, (unsigned)b.islands, (unsigned)b.zini,
               (unsigned)p.bbbv_solved, (unsigned)p.bbbv,
               (unsigned)(p.left_clicks + p.right_clicks + p.chords), (unsigned)p.left_clicks,
               (unsigned)p.right_clicks, (unsigned)p.chords, (unsigned)p.effective_clicks);
    }
    failed |= gg_mines_reveal(game, 7, 1) != GG_OK;
    failed |= show_view(game, "Reveal (7, 1)");
    printf("\n");
    gg_mines_free(game);
    return failed;
}

/* The same game, saved and continued later: a losing reveal undone, the game saved to a record,
 * the handle freed, and a new handle loaded from the record plays on. */
static int mines_save_and_continue(void) {
    gg_mines_config cfg;
    gg_mines *game = NULL, *later = NULL;
    uint8_t record[256];
    size_t len = 0, moves = 0;
    int failed = 0;
    memset(&cfg, 0, sizeof cfg);
    cfg.rows = 9;
    cfg.cols = 9;
    cfg.mines = 10;
    cfg.seed = 2024;
    cfg.first_click = GG_FIRST_CLICK_OPENING;

    printf("== Minesweeper: undo, save and continue ==\n");
    if (gg_mines_new(&cfg, &game) != GG_OK) return 1;
    failed |= gg_mines_reveal(game, 4, 4) != GG_OK;
    failed |= gg_mines_toggle_flag(game, 3, 6) != GG_OK;
    failed |= gg_mines_reveal(game, 7, 1) != GG_OK;
    printf("Reveal (7, 1): %s\n", state_name(game));
    failed |= gg_mines_undo(game) != GG_OK;
    printf("Undo: %s again\n", state_name(game));
    failed |= gg_mines_save(game, record, sizeof record, &len) != GG_OK;
    /* A NULL buffer with room for 0 asks for the count only. */
    failed |= gg_mines_moves(game, NULL, 0, &moves) != GG_ERR_BUFFER_TOO_SMALL;
    printf("Saved: %u moves in a record of %u bytes; the game is freed.\n", (unsigned)moves,
           (unsigned)len);
    gg_mines_free(game);
    if (failed || gg_mines_load(record, len, &later) != GG_OK) return 1;
    failed |= show_view(later, "Loaded from the record");
    failed |= gg_mines_reveal(later, 0, 8) != GG_OK;
    failed |= show_view(later, "Continued: reveal (0, 8)");
    printf("\n");
    gg_mines_free(later);
    return failed;
}

/* Two players on the Milton Bradley board with the game's own seeded die, turn by turn. */
static int snakes_two_players(void) {
    static const int pairs[19][2] = {
        {1, 38}, {4, 14}, {9, 31}, {21, 42}, {28, 84}, {36, 44}, {51, 67}, {71, 91},
        {80, 100}, {16, 6}, {47, 26}, {49, 11}, {56, 53}, {62, 19}, {64, 60}, {87, 24},
        {93, 73}, {95, 75}, {98, 78}};
    int32_t jumps[100];
    gg_snakes_game_config cfg;
    gg_snakes_game *game = NULL;
    gg_snakes_turn t;
    gg_snakes_state st;
    size_t i;
    int n = 0;
    for (i = 0; i < 100; i++) jumps[i] = -1;
    for (i = 0; i < 19; i++) jumps[pairs[i][0] - 1] = pairs[i][1];
    memset(&cfg, 0, sizeof cfg);
    cfg.jumps = jumps;
    cfg.squares = 100;
    cfg.rules.faces = 6;
    cfg.rules.overshoot = GG_OVERSHOOT_STAY;
    cfg.rules.start = 0;
    cfg.players = 2;
    cfg.seed = 2024;

    printf("== Chutes and Ladders: two players, seed 2024, turn by turn ==\n");
    if (gg_snakes_game_new(&cfg, &game) != GG_OK) return 1;
    do {
        if (gg_snakes_game_roll(game, &t) != GG_OK) {
            gg_snakes_game_free(game);
            return 1;
        }
        printf("  P%u %u: %3u->%-3u%s", (unsigned)t.player, (unsigned)t.face, (unsigned)t.from,
               (unsigned)t.to, ++n % 5 == 0 || t.won ? "\n" : "");
    } while (!t.won);
    if (gg_snakes_game_state(game, &st) != GG_OK) return 1;
    printf("Player %u wins after %u turns.\n\n", (unsigned)st.winner, (unsigned)st.turns);
    gg_snakes_game_free(game);
    return 0;
}

/* The Milton Bradley Chutes and Ladders board: optimal play and the exact game-length analysis. */
static int snakes_game_analysis(void) {
    static const int pairs[19][2] = {
        {1, 38}, {4, 14}, {9, 31}, {21, 42}, {28, 84}, {36, 44}, {51, 67}, {71, 91},
        {80, 100}, {16, 6}, {47, 26}, {49, 11}, {56, 53}, {62, 19}, {64, 60}, {87, 24},
        {93, 73}, {95, 75}, {98, 78}};
    const double marks[3] = {0.5, 0.9, 0.99};
    int32_t jumps[100];
    gg_snakes_rules rules;
    double expected = 0, probs[400], tail = 0, chances[4];
    uint32_t faces[16], players;
    int64_t turns = 0;
    size_t i;

    for (i = 0; i < 100; i++) jumps[i] = -1;
    for (i = 0; i < 19; i++) jumps[pairs[i][0] - 1] = pairs[i][1];
    rules.faces = 6;
    rules.overshoot = GG_OVERSHOOT_STAY; /* the last square must be hit exactly */
    rules.start = 0;                     /* everyone starts off the board */

    printf("== Chutes and Ladders: the Milton Bradley board, exact landing ==\n");
    if (gg_snakes_expected_turns(jumps, 100, &rules, &expected) != GG_OK) return 1;
    printf("  expected length of a solo game: %.10f turns (published: 39.2251223082...)\n",
           expected);
    if (gg_snakes_shortest(jumps, 100, &rules, faces, 16, &turns) != GG_OK) return 1;
    printf("  shortest game: %d turns, rolling", (int)turns);
    for (i = 0; i < (size_t)turns; i++) printf(" %u", (unsigned)faces[i]);
    printf("\n");

    for (players = 1; players <= 4; players++) {
        double acc = 0;
        size_t q = 0;
        if (gg_snakes_length_distribution(jumps, 100, &rules, players, probs, 400, &tail) != GG_OK)
            return 1;
        printf("  %u player%s: the game ends by round", (unsigned)players, players == 1 ? " " : "s");
        for (i = 0; i < 400 && q < 3; i++) {
            acc += probs[i];
            for (; q < 3 && acc >= marks[q]; q++)
                printf("%s %3u (%2.0f%%)", q ? "," : "", (unsigned)(i + 1), 100 * marks[q]);
        }
        if (players >= 2) {
            if (gg_snakes_win_chances(jumps, 100, &rules, players, chances) != GG_OK) return 1;
            printf("; wins:");
            for (i = 0; i < players; i++) printf(" %.4f", chances[i]);
        }
        printf("\n");
    }
    printf("\n");
    return 0;
}

/* The solver: exact mine probabilities of a view, and the hint a front end would show. */
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

/* Does a board need a guess? The exact check, and a no-guess expert game that proves it. */
static int mines_no_guess(void) {
    const char row[4] = {'E', 'E', 'M', 'E'}; /* 1 x 4, the mine third */
    gg_mines_config cfg;
    gg_mines *game = NULL;
    char board[16 * 30];
    size_t left = 0, numbers = 0;

    printf("== Minesweeper: solvability and no-guess boards ==\n");
    print_mines(row, 1, 4);
    if (gg_mines_solvable(row, 1, 4, 0, 0, GG_SOLVE_NUMBERS_ONLY, &numbers) != GG_OK) return 1;
    if (gg_mines_solvable(row, 1, 4, 0, 0, GG_SOLVE_WITH_COUNT, &left) != GG_OK) return 1;
    printf("  clicked at (0, 0): %d safe cell(s) left from the numbers alone, %d with the mine "
           "count\n",
           (int)numbers, (int)left);

    memset(&cfg, 0, sizeof cfg);
    cfg.rows = 16;
    cfg.cols = 30;
    cfg.mines = 99;
    cfg.seed = 2024;
    cfg.first_click = GG_FIRST_CLICK_OPENING;
    cfg.no_guess = GG_NO_GUESS_NUMBERS_ONLY;
    if (gg_mines_new(&cfg, &game) != GG_OK) return 1;
    if (gg_mines_reveal(game, 8, 15) != GG_OK) return 1;
    if (gg_mines_board(game, board, sizeof board) != GG_OK) return 1;
    if (gg_mines_solvable(board, 16, 30, 8, 15, GG_SOLVE_NUMBERS_ONLY, &left) != GG_OK) return 1;
    printf("A no-guess expert game (numbers only), after its first click:\n");
    print_mines(board, 16, 30);
    printf("  safe cells left when every certain cell is revealed: %d\n\n", (int)left);
    gg_mines_free(game);
    return 0;
}

int main(void) {
    printf("gridgames %s\n\n", gg_version());
    if (snakes_seed_examples() != 0) return 1;
    if (mines_seed_examples() != 0) return 1;
    if (mines_session_game() != 0) return 1;
    if (mines_save_and_continue() != 0) return 1;
    if (snakes_game_analysis() != 0) return 1;
    if (snakes_two_players() != 0) return 1;
    if (mines_solver_hint() != 0) return 1;
    if (mines_no_guess() != 0) return 1;
    return 0;
}
