/* gg_snakes_game_*: every function and every error path, a seeded two-player game turn by turn,
 * engine faces, undo with the die put back, save and load, bad records. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

/* The Milton Bradley board. */
static void milton_bradley(int32_t jumps[100]) {
    static const int pairs[][2] = {{1, 38},  {4, 14},  {9, 31},  {21, 42}, {28, 84},
                                   {36, 44}, {51, 67}, {71, 91}, {80, 100}, {16, 6},
                                   {47, 26}, {49, 11}, {56, 53}, {62, 19}, {64, 60},
                                   {87, 24}, {93, 73}, {95, 75}, {98, 78}};
    size_t i;
    for (i = 0; i < 100; i++) jumps[i] = -1;
    for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) jumps[pairs[i][0] - 1] = pairs[i][1];
}

static gg_snakes_game_config config(const int32_t *jumps, uint32_t players, uint64_t seed) {
    gg_snakes_game_config c;
    memset(&c, 0, sizeof c);
    c.jumps = jumps;
    c.squares = 100;
    c.rules.faces = 6;
    c.rules.overshoot = GG_OVERSHOOT_STAY;
    c.rules.start = 0;
    c.players = players;
    c.seed = seed;
    return c;
}

static void two_players_to_the_end(void) {
    int32_t jumps[100];
    gg_snakes_game_config c;
    gg_snakes_game *g = NULL;
    gg_snakes_turn t;
    gg_snakes_state s;
    size_t pos[2], turns = 0, k;
    milton_bradley(jumps);
    c = config(jumps, 2, 2024);
    CHECK_STATUS(gg_snakes_game_new(&c, &g), GG_OK);
    jumps[0] = 99; /* the table was copied: changing it now changes nothing */
    CHECK_STATUS(gg_snakes_game_state(g, &s), GG_OK);
    CHECK(s.next_player == 0 && s.winner == GG_SNAKES_NO_WINNER && s.turns == 0);
    for (;;) {
        size_t before[2];
        CHECK_STATUS(gg_snakes_game_positions(g, before, 2), GG_OK);
        CHECK_STATUS(gg_snakes_game_roll(g, &t), GG_OK);
        CHECK(t.player == turns % 2 && t.face >= 1 && t.face <= 6 && t.from == before[t.player]);
        if (turns == 0) CHECK(t.face != 1 || t.to == 38); /* square 1 climbs to 38 */
        turns++;
        if (t.won) break;
        CHECK(turns < 100000);
    }
    CHECK(t.to == 100);
    {
        gg_snakes_turn *all = (gg_snakes_turn *)malloc(turns * sizeof *all);
        size_t count = 0;
        CHECK_STATUS(gg_snakes_game_turns(g, NULL, 0, &count), GG_ERR_BUFFER_TOO_SMALL);
        CHECK(count == turns);
        CHECK_STATUS(gg_snakes_game_turns(g, all, turns - 1, &count), GG_ERR_BUFFER_TOO_SMALL);
        CHECK_STATUS(gg_snakes_game_turns(g, all, turns, &count), GG_OK);
        CHECK(all[turns - 1].won && all[turns - 1].face == t.face && all[0].player == 0);
        for (k = 1; k < turns; k++) CHECK(all[k].player == k % 2);
        CHECK_STATUS(gg_snakes_game_turns(NULL, all, turns, &count), GG_ERR_NULL_POINTER);
        CHECK_STATUS(gg_snakes_game_turns(g, all, turns, NULL), GG_ERR_NULL_POINTER);
        CHECK_STATUS(gg_snakes_game_turns(g, NULL, turns, &count), GG_ERR_NULL_POINTER);
        free(all);
    }
    CHECK_STATUS(gg_snakes_game_state(g, &s), GG_OK);
    CHECK(s.winner == t.player && s.turns == turns);
    CHECK_STATUS(gg_snakes_game_roll(g, &t), GG_ERR_GAME_OVER);
    CHECK_STATUS(gg_snakes_game_play(g, 3, &t), GG_ERR_GAME_OVER);
    CHECK_STATUS(gg_snakes_game_positions(g, pos, 2), GG_OK);
    CHECK(pos[s.winner] == 100);
    /* Undo the win: playing again, and the same roll comes back. */
    CHECK_STATUS(gg_snakes_game_undo(g), GG_OK);
    CHECK_STATUS(gg_snakes_game_state(g, &s), GG_OK);
    CHECK(s.winner == GG_SNAKES_NO_WINNER && s.turns == turns - 1);
    {
        gg_snakes_turn again;
        CHECK_STATUS(gg_snakes_game_roll(g, &again), GG_OK);
        CHECK(again.won && again.face == t.face && again.player == t.player);
    }
    for (k = 0; k < turns; k++) CHECK_STATUS(gg_snakes_game_undo(g), GG_OK);
    CHECK_STATUS(gg_snakes_game_undo(g), GG_ERR_NOTHING_TO_UNDO);
    CHECK_MESSAGE_HAS("no turn to undo");
    CHECK_STATUS(gg_snakes_game_positions(g, pos, 2), GG_OK);
    CHECK(pos[0] == 0 && pos[1] == 0);
    gg_snakes_game_free(g);
}

static void engine_faces_save_and_load(void) {
    int32_t jumps[100];
    gg_snakes_game_config c;
    gg_snakes_game *g = NULL, *l = NULL;
    gg_snakes_turn t, u;
    size_t len = 0, k;
    uint8_t *rec;
    milton_bradley(jumps);
    c = config(jumps, 3, 77);
    CHECK_STATUS(gg_snakes_game_new(&c, &g), GG_OK);
    CHECK_STATUS(gg_snakes_game_play(g, 1, &t), GG_OK);
    CHECK(t.player == 0 && t.from == 0 && t.to == 38 && t.face == 1 && !t.won);
    CHECK_STATUS(gg_snakes_game_play(g, 7, &t), GG_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(gg_snakes_game_play(g, 0, &t), GG_ERR_INVALID_ARGUMENT);
    for (k = 0; k < 10; k++) CHECK_STATUS(gg_snakes_game_roll(g, &t), GG_OK);
    CHECK_STATUS(gg_snakes_game_save(g, NULL, 0, &len), GG_ERR_BUFFER_TOO_SMALL);
    rec = (uint8_t *)malloc(len);
    CHECK_STATUS(gg_snakes_game_save(g, rec, len, &len), GG_OK);
    CHECK_STATUS(gg_snakes_game_load(rec, len, &l), GG_OK);
    {
        uint32_t players = 0;
        size_t squares = 0;
        CHECK_STATUS(gg_snakes_game_size(l, &players, &squares), GG_OK);
        CHECK(players == 3 && squares == 100);
        CHECK_STATUS(gg_snakes_game_size(NULL, &players, &squares), GG_ERR_NULL_POINTER);
        CHECK_STATUS(gg_snakes_game_size(l, NULL, &squares), GG_ERR_NULL_POINTER);
        CHECK_STATUS(gg_snakes_game_size(l, &players, NULL), GG_ERR_NULL_POINTER);
    }
    for (k = 0; k < 50; k++) {
        int32_t a = gg_snakes_game_roll(g, &t), b = gg_snakes_game_roll(l, &u);
        CHECK(a == b);
        if (a == GG_OK) CHECK(t.face == u.face && t.to == u.to && t.player == u.player);
    }
    /* Bad records: every flipped byte and every truncation. */
    for (k = 0; k < len; k++) {
        gg_snakes_game *out = NULL;
        rec[k] ^= 0x20;
        CHECK_STATUS(gg_snakes_game_load(rec, len, &out), GG_ERR_BAD_RECORD);
        CHECK(out == NULL);
        rec[k] ^= 0x20;
        CHECK_STATUS(gg_snakes_game_load(rec, k, &out), GG_ERR_BAD_RECORD);
    }
    free(rec);
    gg_snakes_game_free(g);
    gg_snakes_game_free(l);
}

static void errors(void) {
    int32_t jumps[100];
    gg_snakes_game_config c;
    gg_snakes_game *g = NULL;
    gg_snakes_turn t;
    gg_snakes_state s;
    size_t pos[1], len;
    uint8_t buf[8];
    milton_bradley(jumps);
    c = config(jumps, 0, 1);
    CHECK_STATUS(gg_snakes_game_new(&c, &g), GG_ERR_INVALID_ARGUMENT);
    CHECK(g == NULL);
    c = config(jumps, 65537, 1);
    CHECK_STATUS(gg_snakes_game_new(&c, &g), GG_ERR_INVALID_ARGUMENT);
    c = config(NULL, 2, 1);
    CHECK_STATUS(gg_snakes_game_new(&c, &g), GG_ERR_NULL_POINTER);
    c = config(jumps, 2, 1);
    c.rules.overshoot = 7;
    CHECK_STATUS(gg_snakes_game_new(&c, &g), GG_ERR_INVALID_ARGUMENT);
    c = config(jumps, 2, 1);
    c.squares = 0;
    CHECK_STATUS(gg_snakes_game_new(&c, &g), GG_ERR_ZERO_SIZE);
    c = config(jumps, 2, 1);
    jumps[5] = 500;
    CHECK_STATUS(gg_snakes_game_new(&c, &g), GG_ERR_INVALID_CELL);
    jumps[5] = -1;
    CHECK_STATUS(gg_snakes_game_new(NULL, &g), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_new(&c, NULL), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_new(&c, &g), GG_OK);
    CHECK_STATUS(gg_snakes_game_roll(NULL, &t), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_roll(g, NULL), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_play(NULL, 1, &t), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_play(g, 1, NULL), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_state(NULL, &s), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_state(g, NULL), GG_ERR_NULL_POINTER);
    pos[0] = 77;
    CHECK_STATUS(gg_snakes_game_positions(g, pos, 1), GG_ERR_BUFFER_TOO_SMALL);
    CHECK(pos[0] == 77);
    CHECK_STATUS(gg_snakes_game_positions(g, NULL, 2), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_positions(NULL, pos, 1), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_save(NULL, buf, 8, &len), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_save(g, buf, 8, NULL), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_save(g, buf, 8, &len), GG_ERR_BUFFER_TOO_SMALL);
    CHECK(len > 100);
    CHECK_STATUS(gg_snakes_game_load(NULL, 8, &g), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_load(buf, 8, NULL), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_undo(NULL), GG_ERR_NULL_POINTER);
    CHECK_STATUS(gg_snakes_game_undo(g), GG_ERR_NOTHING_TO_UNDO);
    {
        size_t count = 9;
        CHECK_STATUS(gg_snakes_game_turns(g, NULL, 0, &count), GG_OK);
        CHECK(count == 0);
    }
    gg_snakes_game_free(g);
    gg_snakes_game_free(NULL);
}

/* A loop no player can leave: the game still plays, turn after turn. */
static void a_game_that_never_ends(void) {
    int32_t jumps[10] = {-1, -1, -1, -1, -1, -1, -1, -1, 1, -1};
    gg_snakes_game_config c;
    gg_snakes_game *g = NULL;
    gg_snakes_turn t;
    size_t k;
    memset(&c, 0, sizeof c);
    c.jumps = jumps;
    c.squares = 10;
    c.rules.faces = 1;
    c.rules.overshoot = GG_OVERSHOOT_STAY;
    c.players = 1;
    CHECK_STATUS(gg_snakes_game_new(&c, &g), GG_OK);
    for (k = 0; k < 1000; k++) CHECK_STATUS(gg_snakes_game_roll(g, &t), GG_OK);
    CHECK(!t.won);
    gg_snakes_game_free(g);
}

int main(void) {
    two_players_to_the_end();
    engine_faces_save_and_load();
    errors();
    a_game_that_never_ends();
    return check_report("test_snakes_session");
}
