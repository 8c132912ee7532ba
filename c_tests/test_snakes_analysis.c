/* The real game: gg_snakes_grid_to_jumps, _move, _shortest, _expected_turns,
 * _length_distribution and _win_chances; published figures, every error path, and the promise
 * that no out-pointer is written on error. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

#define SENTINEL_D 12345.0
#define SENTINEL_Z ((size_t)777)
#define SENTINEL_I 4242

static void milton_bradley(int32_t jumps[100]) {
    static const int pairs[19][2] = {
        {1, 38}, {4, 14}, {9, 31}, {21, 42}, {28, 84}, {36, 44}, {51, 67}, {71, 91},
        {80, 100}, {16, 6}, {47, 26}, {49, 11}, {56, 53}, {62, 19}, {64, 60}, {87, 24},
        {93, 73}, {95, 75}, {98, 78}};
    int i;
    for (i = 0; i < 100; i++) jumps[i] = -1;
    for (i = 0; i < 19; i++) jumps[pairs[i][0] - 1] = pairs[i][1];
}

static gg_snakes_rules rules_of(uint32_t faces, uint32_t overshoot, size_t start) {
    gg_snakes_rules r;
    r.faces = faces;
    r.overshoot = overshoot;
    r.start = start;
    return r;
}

static void published_figures(void) {
    int32_t jumps[100];
    gg_snakes_rules std_rules = rules_of(6, GG_OVERSHOOT_STAY, 0);
    double e = 0, probs[400], tail = -1, sum = 0, chances[4];
    uint32_t faces[16];
    int64_t turns = -5;
    size_t i, pos = 0, players;
    milton_bradley(jumps);

    /* Althoen, King & Schilling (1993): 39.2251223082349... */
    CHECK_STATUS(gg_snakes_expected_turns(jumps, 100, &std_rules, &e), GG_OK);
    CHECK(fabs(e - 39.2251223082349) < 1e-9 * 39.2251223082349);

    /* The shortest game takes 7 turns; replaying the faces ends on square 100. */
    CHECK_STATUS(gg_snakes_shortest(jumps, 100, &std_rules, faces, 16, &turns), GG_OK);
    CHECK(turns == 7);
    for (i = 0; i < (size_t)turns; i++) {
        size_t to = SENTINEL_Z;
        CHECK(faces[i] >= 1 && faces[i] <= 6);
        CHECK_STATUS(gg_snakes_move(jumps, 100, &std_rules, pos, faces[i], &to), GG_OK);
        pos = to;
    }
    CHECK(pos == 100);

    /* One player: round t is turn t; nothing ends before turn 7. */
    CHECK_STATUS(gg_snakes_length_distribution(jumps, 100, &std_rules, 1, probs, 400, &tail),
                 GG_OK);
    for (i = 0; i < 400; i++) {
        CHECK(probs[i] >= 0.0);
        sum += probs[i];
    }
    CHECK(probs[5] == 0.0 && probs[6] > 0.0);
    CHECK(tail >= 0.0 && tail < 1e-4);
    CHECK(fabs(sum + tail - 1.0) < 1e-12);
    {
        /* The mean from the distribution: sum of t * p(t) plus the tail's share, ~39.2. */
        double mean = 0;
        for (i = 0; i < 400; i++) mean += (double)(i + 1) * probs[i];
        CHECK(fabs(mean - e) < 0.05);
    }

    for (players = 2; players <= 4; players++) {
        double total = 0;
        CHECK_STATUS(gg_snakes_win_chances(jumps, 100, &std_rules, (uint32_t)players, chances),
                     GG_OK);
        for (i = 0; i < players; i++) {
            CHECK(chances[i] > 0.0 && chances[i] < 1.0);
            if (i > 0) CHECK(chances[i] < chances[i - 1]); /* going first helps */
            total += chances[i];
        }
        CHECK(fabs(total - 1.0) < 1e-9);
    }
}

static void coin_on_two_squares(void) {
    /* From square 1 with a coin and exact landing: heads finishes, tails stays. */
    const int32_t jumps[2] = {-1, -1};
    gg_snakes_rules r = rules_of(2, GG_OVERSHOOT_STAY, 1);
    double e = 0, probs[3], tail = -1, chances[2];
    CHECK_STATUS(gg_snakes_expected_turns(jumps, 2, &r, &e), GG_OK);
    CHECK(e == 2.0);
    CHECK_STATUS(gg_snakes_length_distribution(jumps, 2, &r, 2, probs, 3, &tail), GG_OK);
    CHECK(probs[0] == 0.75 && probs[1] == 0.1875 && probs[2] == 0.046875);
    CHECK(tail == 0.015625);
    CHECK_STATUS(gg_snakes_win_chances(jumps, 2, &r, 2, chances), GG_OK);
    CHECK(fabs(chances[0] - 2.0 / 3.0) < 1e-12 && fabs(chances[1] - 1.0 / 3.0) < 1e-12);
    /* rounds 0: probs_out may be NULL, and the tail is 1. */
    CHECK_STATUS(gg_snakes_length_distribution(jumps, 2, &r, 2, NULL, 0, &tail), GG_OK);
    CHECK(tail == 1.0);
    /* Finish rule: every roll finishes. */
    r.overshoot = GG_OVERSHOOT_FINISH;
    CHECK_STATUS(gg_snakes_expected_turns(jumps, 2, &r, &e), GG_OK);
    CHECK(e == 1.0);
}

static void moves_under_each_rule(void) {
    /* 10 squares: 1 -> 5, 5 -> 9 (never chained), 8 -> 2. */
    const int32_t jumps[10] = {5, -1, -1, -1, 9, -1, -1, 2, -1, -1};
    gg_snakes_rules stay = rules_of(6, GG_OVERSHOOT_STAY, 0);
    gg_snakes_rules bounce = rules_of(6, GG_OVERSHOOT_BOUNCE, 0);
    gg_snakes_rules finish = rules_of(6, GG_OVERSHOOT_FINISH, 0);
    size_t to = SENTINEL_Z;
    CHECK_STATUS(gg_snakes_move(jumps, 10, &stay, 0, 1, &to), GG_OK);
    CHECK(to == 5);
    CHECK_STATUS(gg_snakes_move(jumps, 10, &stay, 9, 3, &to), GG_OK);
    CHECK(to == 9);
    CHECK_STATUS(gg_snakes_move(jumps, 10, &bounce, 9, 3, &to), GG_OK); /* 12 -> 8 -> 2 */
    CHECK(to == 2);
    CHECK_STATUS(gg_snakes_move(jumps, 10, &bounce, 9, 1, &to), GG_OK);
    CHECK(to == 10);
    CHECK_STATUS(gg_snakes_move(jumps, 10, &finish, 9, 6, &to), GG_OK);
    CHECK(to == 10);
}

static void unreachable_and_infinite(void) {
    /* 4 squares, 2 faces, squares 2 and 3 slide to 1: from square 1 the end is out of reach. */
    const int32_t jumps[4] = {-1, 1, 1, -1};
    gg_snakes_rules r = rules_of(2, GG_OVERSHOOT_STAY, 1);
    double e = 0, chances[3] = {SENTINEL_D, SENTINEL_D, SENTINEL_D}, probs[2], tail = -1;
    int64_t turns = 99;
    uint32_t faces[4] = {SENTINEL_I, SENTINEL_I, SENTINEL_I, SENTINEL_I};
    CHECK_STATUS(gg_snakes_shortest(jumps, 4, &r, faces, 4, &turns), GG_OK);
    CHECK(turns == -1 && faces[0] == SENTINEL_I);
    CHECK_STATUS(gg_snakes_expected_turns(jumps, 4, &r, &e), GG_OK);
    CHECK(isinf(e) && e > 0);
    CHECK_STATUS(gg_snakes_win_chances(jumps, 4, &r, 3, chances), GG_OK);
    CHECK(chances[0] == 0.0 && chances[1] == 0.0 && chances[2] == 0.0);
    CHECK_STATUS(gg_snakes_length_distribution(jumps, 4, &r, 3, probs, 2, &tail), GG_OK);
    CHECK(probs[0] == 0.0 && probs[1] == 0.0 && tail == 1.0);
    /* With 3 faces the end is one roll away. */
    r.faces = 3;
    CHECK_STATUS(gg_snakes_expected_turns(jumps, 4, &r, &e), GG_OK);
    CHECK(fabs(e - 3.0) < 1e-12);
}

/* Squares 6k+1 plain, all others snakes to square 1, standing on 1: the mean is
 * (6^(m+1) - 6) / 5. Exact while it can be proven to 1e-9, refused beyond; never a wrong or
 * negative number, and +INFINITY never for a game that ends. */
static void astronomical_means(void) {
    static int32_t jumps[6 * 390 + 1];
    gg_snakes_rules r = rules_of(6, GG_OVERSHOOT_STAY, 1);
    size_t m, s;
    double e;
    for (m = 1; m <= 390; m++) {
        size_t n = 6 * m + 1;
        double truth = 6.0;
        int32_t status;
        if (m > 12 && m != 41 && m != 390) continue;
        for (s = 0; s < m; s++) truth *= 6.0;
        truth = (truth - 6.0) / 5.0;
        for (s = 1; s <= n; s++) jumps[s - 1] = s % 6 == 1 ? -1 : 1;
        e = SENTINEL_D;
        status = gg_snakes_expected_turns(jumps, n, &r, &e);
        if (m <= 12) {
            CHECK(status == GG_OK && fabs(e - truth) <= 1e-9 * truth);
        } else {
            CHECK_STATUS(status, GG_ERR_TOO_COMPLEX);
            CHECK_MESSAGE_HAS("1e-9");
            CHECK(e == SENTINEL_D);
        }
    }
    /* Every even square a snake to its half: exact at 100 squares, refused at 500 and (quickly:
     * GMRES works to a budget) at 5000; Valgrind's quick run skips the largest. */
    {
        static int32_t halves[5000];
        static const size_t sizes[3] = {100, 500, 5000};
        const char *q = getenv("GG_TEST_QUICK");
        gg_snakes_rules standard = rules_of(6, GG_OVERSHOOT_STAY, 0);
        size_t k;
        for (k = 0; k < 3; k++) {
            size_t n = sizes[k];
            if (n == 5000 && q != NULL && *q != '\0' && strcmp(q, "0") != 0) continue;
            for (s = 1; s <= n; s++) halves[s - 1] = s % 2 == 0 && s != n ? (int32_t)(s / 2) : -1;
            e = SENTINEL_D;
            if (n == 100) {
                CHECK_STATUS(gg_snakes_expected_turns(halves, n, &standard, &e), GG_OK);
                CHECK(e > 0 && !isinf(e));
            } else {
                CHECK_STATUS(gg_snakes_expected_turns(halves, n, &standard, &e),
                             GG_ERR_TOO_COMPLEX);
                CHECK(e == SENTINEL_D);
            }
        }
    }
}

/* A huge die on two squares with exact landing: a game lasts about `faces` turns. The win
 * chances are refused up front (not after a minute of turns); the mean is exact. */
static void huge_dice(void) {
    const int32_t jumps[2] = {-1, -1};
    gg_snakes_rules r = rules_of(0xFFFFFFFFu, GG_OVERSHOOT_STAY, 0);
    double chances[2] = {SENTINEL_D, SENTINEL_D}, e = 0;
    CHECK_STATUS(gg_snakes_win_chances(jumps, 2, &r, 2, chances), GG_ERR_TOO_COMPLEX);
    CHECK_MESSAGE_HAS("too long to sum");
    CHECK(chances[0] == SENTINEL_D && chances[1] == SENTINEL_D);
    r.faces = 10000000;
    CHECK_STATUS(gg_snakes_win_chances(jumps, 2, &r, 2, chances), GG_ERR_TOO_COMPLEX);
    /* From off the board, a 2 finishes and a 1 leads to a square a 1 finishes: E = F exactly. */
    CHECK_STATUS(gg_snakes_expected_turns(jumps, 2, &r, &e), GG_OK);
    CHECK(fabs(e - 1e7) <= 1e-9 * 1e7);
    r.faces = 1000;
    CHECK_STATUS(gg_snakes_win_chances(jumps, 2, &r, 2, chances), GG_OK);
    CHECK(chances[0] > chances[1] && fabs(chances[0] + chances[1] - 1.0) < 1e-9);
    /* 20 000 squares, a 20 000-faced die (was 10 s): one face from each position lands on N, so
     * E = F under exact landing and bounce; under the finish rule E = (1 + 1/F)^(N-1). */
    {
        static int32_t plain[20000];
        size_t s;
        for (s = 0; s < 20000; s++) plain[s] = -1;
        r = rules_of(20000, GG_OVERSHOOT_STAY, 0);
        CHECK_STATUS(gg_snakes_expected_turns(plain, 20000, &r, &e), GG_OK);
        CHECK(fabs(e - 20000.0) <= 1e-9 * 20000.0);
        r.overshoot = GG_OVERSHOOT_BOUNCE;
        e = 0;
        CHECK_STATUS(gg_snakes_expected_turns(plain, 20000, &r, &e), GG_OK);
        CHECK(fabs(e - 20000.0) <= 1e-9 * 20000.0);
        r.overshoot = GG_OVERSHOOT_FINISH;
        CHECK_STATUS(gg_snakes_expected_turns(plain, 20000, &r, &e), GG_OK);
        CHECK(fabs(e - exp(19999.0 * log1p(1.0 / 20000.0))) <= 1e-9 * e);
    }
}

static void shortest_buffers(void) {
    int32_t jumps[20];
    gg_snakes_rules r = rules_of(6, GG_OVERSHOOT_STAY, 0);
    uint32_t faces[4] = {SENTINEL_I, SENTINEL_I, SENTINEL_I, SENTINEL_I};
    int64_t turns = -5;
    int i;
    for (i = 0; i < 20; i++) jumps[i] = -1; /* 20 squares, no jumps: 4 turns */
    CHECK_STATUS(gg_snakes_shortest(jumps, 20, &r, NULL, 0, &turns), GG_OK);
    CHECK(turns == 4);
    turns = -5;
    CHECK_STATUS(gg_snakes_shortest(jumps, 20, &r, faces, 3, &turns), GG_ERR_BUFFER_TOO_SMALL);
    CHECK(turns == 4);
    CHECK(faces[0] == SENTINEL_I && faces[2] == SENTINEL_I);
    CHECK_MESSAGE_HAS("faces_out holds 3 elements; 4 are needed");
    CHECK_STATUS(gg_snakes_shortest(jumps, 20, &r, faces, 0, &turns), GG_OK); /* count only */
    CHECK(turns == 4 && faces[0] == SENTINEL_I);
    CHECK_STATUS(gg_snakes_shortest(jumps, 20, &r, NULL, 2, &turns), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("faces_out is NULL");
    CHECK_STATUS(gg_snakes_shortest(jumps, 20, &r, faces, 4, &turns), GG_OK);
    CHECK(faces[0] + faces[1] + faces[2] + faces[3] == 20);
}

static void grid_conversion(void) {
    /* 2 x 3: bottom row holds squares 1 2 3 left to right, top row 6 5 4. Square 1 may jump. */
    const int32_t grid[6] = {-1, 2, -1, 4, -1, -1};
    int32_t out[7] = {9, 9, 9, 9, 9, 9, 9}, keep[7];
    int32_t bad[6];
    CHECK_STATUS(gg_snakes_grid_to_jumps(grid, 2, 3, out, 7), GG_OK);
    CHECK(out[0] == 4 && out[1] == -1 && out[2] == -1 && out[3] == -1 && out[4] == 2 &&
          out[5] == -1 && out[6] == 9);
    memcpy(keep, out, sizeof out);
    CHECK_STATUS(gg_snakes_grid_to_jumps(grid, 2, 3, out, 5), GG_ERR_BUFFER_TOO_SMALL);
    CHECK_MESSAGE_HAS("jumps_out holds 5 elements; 6 are needed");
    CHECK_STATUS(gg_snakes_grid_to_jumps(NULL, 2, 3, out, 7), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("board is NULL");
    CHECK_STATUS(gg_snakes_grid_to_jumps(grid, 2, 3, NULL, 7), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("jumps_out is NULL");
    CHECK_STATUS(gg_snakes_grid_to_jumps(grid, 0, 3, out, 7), GG_ERR_ZERO_SIZE);
    CHECK_STATUS(gg_snakes_grid_to_jumps(grid, 3, 0, out, 7), GG_ERR_ZERO_SIZE);
    CHECK_STATUS(gg_snakes_grid_to_jumps(grid, SIZE_MAX, 2, out, 7), GG_ERR_SIZE_OVERFLOW);
    CHECK_STATUS(gg_snakes_grid_to_jumps(grid, 65536, 65536, out, 7), GG_ERR_SIZE_OVERFLOW);
    memcpy(bad, grid, sizeof grid);
    bad[1] = 7;
    CHECK_STATUS(gg_snakes_grid_to_jumps(bad, 2, 3, out, 7), GG_ERR_INVALID_CELL);
    CHECK_MESSAGE_HAS("cell (0, 1) holds 7; a destination must be -1 or 1..6");
    bad[1] = 0;
    CHECK_STATUS(gg_snakes_grid_to_jumps(bad, 2, 3, out, 7), GG_ERR_INVALID_CELL);
    bad[1] = 2;
    bad[0] = 3; /* square 6 is cell (0, 0) */
    CHECK_STATUS(gg_snakes_grid_to_jumps(bad, 2, 3, out, 7), GG_ERR_INVALID_CELL);
    CHECK_MESSAGE_HAS("square 6");
    CHECK(memcmp(keep, out, sizeof out) == 0);
}

/* Every function that takes (jumps, squares, rules) must refuse this input with `want`,
 * leaving every output untouched. */
static void expect_refused(const int32_t *jumps, size_t squares, const gg_snakes_rules *rules,
                           int32_t want, const char *needle) {
    size_t to = SENTINEL_Z;
    uint32_t faces[4] = {SENTINEL_I, SENTINEL_I, SENTINEL_I, SENTINEL_I};
    int64_t turns = SENTINEL_I;
    double e = SENTINEL_D, probs[3] = {SENTINEL_D, SENTINEL_D, SENTINEL_D}, tail = SENTINEL_D;
    double chances[2] = {SENTINEL_D, SENTINEL_D};
    CHECK_STATUS(gg_snakes_move(jumps, squares, rules, 0, 1, &to), want);
    CHECK_MESSAGE_HAS(needle);
    CHECK_STATUS(gg_snakes_shortest(jumps, squares, rules, faces, 4, &turns), want);
    CHECK_MESSAGE_HAS(needle);
    CHECK_STATUS(gg_snakes_shortest(jumps, squares, rules, NULL, 0, &turns), want);
    CHECK_STATUS(gg_snakes_expected_turns(jumps, squares, rules, &e), want);
    CHECK_MESSAGE_HAS(needle);
    CHECK_STATUS(gg_snakes_length_distribution(jumps, squares, rules, 2, probs, 3, &tail), want);
    CHECK_MESSAGE_HAS(needle);
    CHECK_STATUS(gg_snakes_win_chances(jumps, squares, rules, 2, chances), want);
    CHECK_MESSAGE_HAS(needle);
    CHECK(to == SENTINEL_Z && turns == SENTINEL_I && e == SENTINEL_D && tail == SENTINEL_D);
    CHECK(faces[0] == SENTINEL_I && probs[0] == SENTINEL_D && probs[2] == SENTINEL_D);
    CHECK(chances[0] == SENTINEL_D && chances[1] == SENTINEL_D);
}

static void bad_tables_and_rules(void) {
    int32_t jumps[10] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
    gg_snakes_rules r = rules_of(6, GG_OVERSHOOT_STAY, 0);

    expect_refused(NULL, 10, &r, GG_ERR_NULL_POINTER, "jumps is NULL");
    expect_refused(jumps, 10, NULL, GG_ERR_NULL_POINTER, "rules is NULL");
    expect_refused(jumps, 0, &r, GG_ERR_ZERO_SIZE, "squares is 0");
    expect_refused(jumps, (size_t)INT32_MAX + 1, &r, GG_ERR_SIZE_OVERFLOW, "at most 2147483647");
    expect_refused(jumps, SIZE_MAX, &r, GG_ERR_SIZE_OVERFLOW, "at most 2147483647");

    r.faces = 0;
    expect_refused(jumps, 10, &r, GG_ERR_INVALID_ARGUMENT, "rules.faces is 0");
    r.faces = 6;
    r.overshoot = 3;
    expect_refused(jumps, 10, &r, GG_ERR_INVALID_ARGUMENT, "rules.overshoot is 3");
    r.overshoot = UINT32_MAX;
    expect_refused(jumps, 10, &r, GG_ERR_INVALID_ARGUMENT, "rules.overshoot is 4294967295");
    r.overshoot = GG_OVERSHOOT_STAY;
    r.start = 10;
    expect_refused(jumps, 10, &r, GG_ERR_INVALID_ARGUMENT, "rules.start is 10");
    r.start = SIZE_MAX;
    expect_refused(jumps, 10, &r, GG_ERR_INVALID_ARGUMENT, "rules.start is");
    r.start = 0;
    r.overshoot = GG_OVERSHOOT_BOUNCE;
    r.faces = 11;
    expect_refused(jumps, 10, &r, GG_ERR_INVALID_ARGUMENT, "bouncing needs faces <= 10");
    r.faces = 6;
    r.overshoot = GG_OVERSHOOT_STAY;

    jumps[3] = 11;
    expect_refused(jumps, 10, &r, GG_ERR_INVALID_CELL,
                   "square 4 holds 11; a destination must be -1 or 1..10");
    jumps[3] = 0;
    expect_refused(jumps, 10, &r, GG_ERR_INVALID_CELL, "square 4 holds 0");
    jumps[3] = -2;
    expect_refused(jumps, 10, &r, GG_ERR_INVALID_CELL, "square 4 holds -2");
    jumps[3] = INT32_MIN;
    expect_refused(jumps, 10, &r, GG_ERR_INVALID_CELL, "square 4 holds -2147483648");
    jumps[3] = -1;
    jumps[9] = 4;
    expect_refused(jumps, 10, &r, GG_ERR_INVALID_CELL, "square 10 holds 4; the last square");
    jumps[9] = 10; /* a jump to its own square means nothing, even on the last square */
    {
        double e = 0;
        CHECK_STATUS(gg_snakes_expected_turns(jumps, 10, &r, &e), GG_OK);
    }
}

static void bad_move_arguments(void) {
    const int32_t jumps[10] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
    gg_snakes_rules r = rules_of(6, GG_OVERSHOOT_STAY, 0);
    size_t to = SENTINEL_Z;
    CHECK_STATUS(gg_snakes_move(jumps, 10, &r, 0, 1, NULL), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("to_out is NULL");
    CHECK_STATUS(gg_snakes_move(jumps, 10, &r, 0, 0, &to), GG_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("face is 0; the die has faces 1..6");
    CHECK_STATUS(gg_snakes_move(jumps, 10, &r, 0, 7, &to), GG_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("face is 7");
    CHECK_STATUS(gg_snakes_move(jumps, 10, &r, 11, 1, &to), GG_ERR_OUT_OF_BOUNDS);
    CHECK_MESSAGE_HAS("from is 11");
    CHECK_STATUS(gg_snakes_move(jumps, 10, &r, SIZE_MAX, 1, &to), GG_ERR_OUT_OF_BOUNDS);
    CHECK_STATUS(gg_snakes_move(jumps, 10, &r, 10, 1, &to), GG_ERR_GAME_OVER);
    CHECK_MESSAGE_HAS("the game is over");
    CHECK(to == SENTINEL_Z);
}

static void bad_outputs_and_players(void) {
    const int32_t jumps[10] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
    gg_snakes_rules r = rules_of(6, GG_OVERSHOOT_STAY, 0);
    double probs[3] = {SENTINEL_D, SENTINEL_D, SENTINEL_D}, tail = SENTINEL_D;
    double chances[2] = {SENTINEL_D, SENTINEL_D};
    CHECK_STATUS(gg_snakes_shortest(jumps, 10, &r, NULL, 0, NULL), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("turns_out is NULL");
    CHECK_STATUS(gg_snakes_expected_turns(jumps, 10, &r, NULL), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("out is NULL");
    CHECK_STATUS(gg_snakes_length_distribution(jumps, 10, &r, 2, probs, 3, NULL),
                 GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("tail_out is NULL");
    CHECK_STATUS(gg_snakes_length_distribution(jumps, 10, &r, 2, NULL, 3, &tail),
                 GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("probs_out is NULL");
    CHECK_STATUS(gg_snakes_length_distribution(jumps, 10, &r, 0, probs, 3, &tail),
                 GG_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("players is 0");
    CHECK_STATUS(gg_snakes_length_distribution(jumps, 10, &r, 2, probs, SIZE_MAX, &tail),
                 GG_ERR_SIZE_OVERFLOW);
    CHECK_STATUS(gg_snakes_win_chances(jumps, 10, &r, 2, NULL), GG_ERR_NULL_POINTER);
    CHECK_MESSAGE_HAS("chances_out is NULL");
    CHECK_STATUS(gg_snakes_win_chances(jumps, 10, &r, 0, chances), GG_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("players is 0");
    CHECK(probs[0] == SENTINEL_D && probs[2] == SENTINEL_D && tail == SENTINEL_D);
    CHECK(chances[0] == SENTINEL_D && chances[1] == SENTINEL_D);
}

static void large_grid(void) {
    /* 300 x 300 with no jumps, standard die: fewest turns ceil(90000 / 6) from off the board. */
    size_t side = 300, n = side * side, i;
    int32_t *grid = (int32_t *)malloc(n * sizeof *grid);
    int32_t *jumps = (int32_t *)malloc(n * sizeof *jumps);
    gg_snakes_rules r = rules_of(6, GG_OVERSHOOT_FINISH, 0);
    int64_t turns = 0;
    double e = 0;
    CHECK(grid != NULL && jumps != NULL);
    if (!grid || !jumps) {
        free(grid);
        free(jumps);
        return;
    }
    for (i = 0; i < n; i++) grid[i] = -1;
    CHECK_STATUS(gg_snakes_grid_to_jumps(grid, side, side, jumps, n), GG_OK);
    CHECK_STATUS(gg_snakes_shortest(jumps, n, &r, NULL, 0, &turns), GG_OK);
    CHECK(turns == (int64_t)((n + 5) / 6));
    /* With the finish rule the mean is n / 3.5 plus a constant below 1 (renewal theory). */
    CHECK_STATUS(gg_snakes_expected_turns(jumps, n, &r, &e), GG_OK);
    CHECK(e > (double)n / 3.5 && e < (double)n / 3.5 + 1.0);
    free(grid);
    free(jumps);
}

int main(void) {
    astronomical_means();
    huge_dice();
    published_figures();
    coin_on_two_squares();
    moves_under_each_rule();
    unreachable_and_infinite();
    shortest_buffers();
    grid_conversion();
    bad_tables_and_rules();
    bad_move_arguments();
    bad_outputs_and_players();
    large_grid();
    return check_report("test_snakes_game");
}
