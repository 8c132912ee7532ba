// Uses the whole C API through gridgames.hpp (built with -std=c++17 -Wall -Wextra -Werror
// against the installed header and library): results, errors as exceptions, RAII ownership.
// scripts/test-reach.sh checks that every gg_ function of gridgames.h appears in gridgames.hpp.
#include "gridgames.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

int passed = 0, failed = 0;

void check(bool ok, const char *what, int line) {
    if (ok) {
        ++passed;
    } else {
        ++failed;
        std::fprintf(stderr, "test_gridgames.cpp:%d: CHECK failed: %s\n", line, what);
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

// Runs f, which must throw gg::error with `status`; returns the error's detail.
template <typename F> std::string expect_error(F f, std::int32_t status, int line) {
    try {
        f();
    } catch (const gg::error &e) {
        check(e.status() == status, "status", line);
        check(std::string(e.what()) == gg::status_str(status) + ": " + e.detail(), "what()",
              line);
        check(e.detail() == gg::last_error_message(), "detail is the last error", line);
        return e.detail();
    }
    check(false, "no gg::error thrown", line);
    return "";
}
#define EXPECT_ERROR(expr, status) expect_error([&] { expr; }, (status), __LINE__)

void version() {
    std::string want = std::to_string(GG_VERSION_MAJOR) + "." +
                       std::to_string(GG_VERSION_MINOR) + "." + std::to_string(GG_VERSION_PATCH);
    CHECK(gg::version() == want);
    CHECK(gg::status_str(GG_OK) == "ok");
    CHECK(gg::status_str(-1) == "unknown status code");
    CHECK(gg::status_str(GG_ERR_INVALID_CELL) != gg::status_str(GG_ERR_OUT_OF_BOUNDS));
}

void snakes() {
    // LeetCode 909, example 1.
    std::vector<std::int32_t> board(36, -1);
    board[19] = 35;
    board[22] = 13;
    board[31] = 15;
    CHECK(gg::snakes::min_rolls(board, 6) == 4);
    CHECK(gg::snakes::min_rolls({-1, -1, -1, 3}, 2) == 1);
    // Squares 2..7 all slide back to 1: square 9 is out of reach.
    CHECK(!gg::snakes::min_rolls({1, -1, -1, 1, 1, 1, -1, 1, 1}, 3).has_value());

    std::string detail = EXPECT_ERROR(gg::snakes::min_rolls({-1, 0, -1, -1}, 2),
                                      GG_ERR_INVALID_CELL);
    CHECK(detail == "cell (0, 1) holds 0; a destination must be -1 or 1..4");
    EXPECT_ERROR(gg::snakes::min_rolls({}, 0), GG_ERR_ZERO_SIZE);
    bool size_checked = false;
    try {
        gg::snakes::min_rolls({-1, -1, -1}, 2);  // would read past the vector
    } catch (const std::invalid_argument &) {
        size_checked = true;
    }
    CHECK(size_checked);
}

// Throws std::invalid_argument (a size checked before the call)?
template <typename F> bool invalid_argument(F f) {
    try {
        f();
    } catch (const std::invalid_argument &) {
        return true;
    }
    return false;
}

// Milton Bradley Chutes and Ladders (README "Snakes and Ladders: the real game").
std::vector<std::int32_t> milton_bradley() {
    static const int pairs[19][2] = {{1, 38},  {4, 14},  {9, 31},  {21, 42}, {28, 84},
                                     {36, 44}, {51, 67}, {71, 91}, {80, 100}, {16, 6},
                                     {47, 26}, {49, 11}, {56, 53}, {62, 19}, {64, 60},
                                     {87, 24}, {93, 73}, {95, 75}, {98, 78}};
    std::vector<std::int32_t> jumps(100, -1);
    for (const auto &p : pairs) jumps[p[0] - 1] = p[1];
    return jumps;
}

void snakes_game() {
    using namespace gg::snakes;
    static_assert(static_cast<std::uint32_t>(overshoot_rule::stay) == GG_OVERSHOOT_STAY &&
                      static_cast<std::uint32_t>(overshoot_rule::bounce) == GG_OVERSHOOT_BOUNCE &&
                      static_cast<std::uint32_t>(overshoot_rule::finish) == GG_OVERSHOOT_FINISH,
                  "overshoot_rule is GG_OVERSHOOT_*");
    const rules standard; // {6, stay, 0}
    const gg_snakes_rules c = standard.c();
    CHECK(c.faces == 6 && c.overshoot == GG_OVERSHOOT_STAY && c.start == 0);

    const std::vector<std::int32_t> mb = milton_bradley();
    double e = expected_turns(mb, standard); // Althoen, King & Schilling (1993)
    CHECK(std::fabs(e - 39.2251223082349) < 1e-9 * 39.2251223082349);

    std::optional<std::vector<std::uint32_t>> faces = shortest(mb, standard);
    CHECK(faces && faces->size() == 7 && shortest_turns(mb, standard) == 7u);
    std::size_t pos = standard.start;
    if (faces)
        for (std::uint32_t f : *faces) pos = move(mb, standard, pos, f);
    CHECK(pos == 100);
    CHECK(move(mb, standard, 0, 1) == 38);

    lengths one = length_distribution(mb, standard, 1, 400);
    double sum = one.tail;
    for (double p : one.probs) sum += p;
    CHECK(one.probs.size() == 400 && one.probs[5] == 0.0 && one.probs[6] > 0.0);
    CHECK(one.tail >= 0.0 && one.tail < 1e-4 && std::fabs(sum - 1.0) < 1e-12);
    CHECK(length_distribution(mb, standard, 3, 0).probs.empty());
    CHECK(length_distribution(mb, standard, 3, 0).tail == 1.0);

    std::vector<double> wins = win_chances(mb, standard, 2);
    CHECK(wins.size() == 2 && std::fabs(wins[0] - 0.5079) < 1e-4 &&
          std::fabs(wins[0] + wins[1] - 1.0) < 1e-9);

    // A coin from square 1 on two squares: heads finishes, tails stays (or finishes).
    const std::vector<std::int32_t> two{-1, -1};
    CHECK(expected_turns(two, rules{2, overshoot_rule::stay, 1}) == 2.0);
    CHECK(expected_turns(two, rules{2, overshoot_rule::finish, 1}) == 1.0);
    lengths coin = length_distribution(two, rules{2, overshoot_rule::stay, 1}, 2, 3);
    CHECK(coin.probs == std::vector<double>({0.75, 0.1875, 0.046875}) && coin.tail == 0.015625);
    // 12 bounces to 8, whose snake goes to 2.
    const std::vector<std::int32_t> ten{5, -1, -1, -1, 9, -1, -1, 2, -1, -1};
    CHECK(move(ten, rules{6, overshoot_rule::bounce, 0}, 9, 3) == 2);

    // Squares 2 and 3 slide back to 1: with a coin the end is out of reach.
    const std::vector<std::int32_t> stuck{-1, 1, 1, -1};
    const rules coin_rules{2, overshoot_rule::stay, 1};
    CHECK(!shortest(stuck, coin_rules) && !shortest_turns(stuck, coin_rules));
    e = expected_turns(stuck, coin_rules);
    CHECK(std::isinf(e) && e > 0);
    CHECK(win_chances(stuck, coin_rules, 3) == std::vector<double>(3, 0.0));

    // 2 x 3 grid: bottom row squares 1 2 3, top row 6 5 4.
    CHECK(grid_to_jumps({-1, 2, -1, 4, -1, -1}, 2, 3) ==
          std::vector<std::int32_t>({4, -1, -1, -1, 2, -1}));

    // Errors: the library's checks, as gg::error.
    std::string detail = EXPECT_ERROR(grid_to_jumps({-1, 7, -1, -1, -1, -1}, 2, 3),
                                      GG_ERR_INVALID_CELL);
    CHECK(detail == "cell (0, 1) holds 7; a destination must be -1 or 1..6");
    EXPECT_ERROR(grid_to_jumps({}, 0, 3), GG_ERR_ZERO_SIZE);
    CHECK(invalid_argument([] { grid_to_jumps({-1, -1, -1}, 2, 2); }));
    CHECK(invalid_argument([] { grid_to_jumps({-1, -1}, SIZE_MAX, 2); }));
    EXPECT_ERROR(expected_turns({}, standard), GG_ERR_ZERO_SIZE);
    detail = EXPECT_ERROR(shortest(mb, rules{0, overshoot_rule::stay, 0}),
                          GG_ERR_INVALID_ARGUMENT);
    CHECK(detail.find("rules.faces is 0") != std::string::npos);
    detail = EXPECT_ERROR(expected_turns(mb, rules{6, static_cast<overshoot_rule>(3), 0}),
                          GG_ERR_INVALID_ARGUMENT);
    CHECK(detail.find("rules.overshoot is 3") != std::string::npos);
    EXPECT_ERROR(win_chances(mb, rules{6, overshoot_rule::stay, 100}, 2), GG_ERR_INVALID_ARGUMENT);
    EXPECT_ERROR(move(ten, rules{11, overshoot_rule::bounce, 0}, 0, 1), GG_ERR_INVALID_ARGUMENT);
    EXPECT_ERROR(win_chances(mb, standard, 0), GG_ERR_INVALID_ARGUMENT);
    EXPECT_ERROR(length_distribution(mb, standard, 0, 10), GG_ERR_INVALID_ARGUMENT);
    detail = EXPECT_ERROR(move(mb, standard, 0, 7), GG_ERR_INVALID_ARGUMENT);
    CHECK(detail.find("face is 7") != std::string::npos);
    EXPECT_ERROR(move(mb, standard, 101, 1), GG_ERR_OUT_OF_BOUNDS);
    EXPECT_ERROR(move(mb, standard, 100, 1), GG_ERR_GAME_OVER);
    std::vector<std::int32_t> bad = mb;
    bad[99] = 4;
    detail = EXPECT_ERROR(length_distribution(bad, standard, 2, 10), GG_ERR_INVALID_CELL);
    CHECK(detail.find("square 100 holds 4") != std::string::npos);
    bad[99] = -1;
    bad[3] = 101;
    EXPECT_ERROR(shortest_turns(bad, standard), GG_ERR_INVALID_CELL);
}

void mines() {
    std::string board = "EEEEE"
                        "EEMEE"
                        "EEEEE"
                        "EEEEE";
    gg::mines::click(board, 4, 5, 3, 0);
    CHECK(board == "B1E1B"
                   "B1M1B"
                   "B111B"
                   "BBBBB");
    gg::mines::click(board, 4, 5, 1, 2);
    CHECK(board[7] == 'X');

    std::string before = board;
    std::string detail = EXPECT_ERROR(gg::mines::click(board, 4, 5, 4, 0), GG_ERR_OUT_OF_BOUNDS);
    CHECK(!detail.empty());
    CHECK(board == before);
    std::string bad = "EEQE";
    EXPECT_ERROR(gg::mines::click(bad, 2, 2, 0, 0), GG_ERR_INVALID_CELL);
    CHECK(bad == "EEQE");
    std::string empty;
    EXPECT_ERROR(gg::mines::click(empty, 0, 3, 0, 0), GG_ERR_ZERO_SIZE);
    bool size_checked = false;
    try {
        gg::mines::click(board, 5, 5, 0, 0);
    } catch (const std::invalid_argument &) {
        size_checked = true;
    }
    CHECK(size_checked);
}

using gg::mines::game;
using gg::mines::game_state;

static_assert(!std::is_copy_constructible_v<game> && !std::is_copy_assignable_v<game>,
              "a game owns its handle");
static_assert(std::is_nothrow_move_constructible_v<game> &&
                  std::is_nothrow_move_assignable_v<game>,
              "moving a game only moves the pointer");

// The 9 x 9 layout of seed 2024, 10 mines, first click (4, 4) under OPENING (README
// "Reproducibility promise").
const std::string golden = "EEEEEEMME"
                           "MEMEEEEEE"
                           "EMEEEEEEE"
                           "EEEEEEMEE"
                           "EEEEEEEME"
                           "MEMEEEEEE"
                           "EEEEEEEEE"
                           "EMEEEEEEE"
                           "EEEEEEEEE";

void session_reproducible() {
    game a(9, 9, 10, 2024, GG_FIRST_CLICK_OPENING);
    CHECK(a.rows() == 9 && a.cols() == 9 && a.state() == game_state::playing);
    CHECK(a.board() == std::string(81, 'E')); // no mine before the first reveal
    a.reveal(4, 4);
    std::string want = golden;
    gg::mines::click(want, 9, 9, 4, 4);
    CHECK(a.board() == want);
    std::string hidden = want;
    for (char &c : hidden)
        if (c == 'M') c = 'E';
    CHECK(a.view() == hidden);
    CHECK(a.state() == game_state::playing);

    gg_mines_config cfg{9, 9, 10, 2024, GG_FIRST_CLICK_OPENING, 0};
    game b(cfg);
    b.reveal(4, 4);
    CHECK(b.board() == want);
    cfg.seed = 2025;
    game c(cfg);
    c.reveal(4, 4);
    CHECK(c.board() != want);
}

// Flags stop reveals; a chord next to the right flag wins; then every move is refused.
void session_win_by_chord() {
    game g = game::from_board("EEEEE"
                              "EEEEE"
                              "EEEEM",
                              3, 5);
    g.toggle_flag(0, 4); // wrong, on a safe cell
    g.reveal(0, 4);      // flagged: nothing
    g.reveal(0, 0);
    CHECK(g.view() == "BBBBF"
                      "BBB11"
                      "BBB1E");
    CHECK(g.board() == "BBBBE"
                       "BBB11"
                       "BBB1M");
    g.toggle_flag(0, 4);
    g.toggle_flag(2, 4);
    CHECK(g.state() == game_state::playing);
    g.chord(1, 4);
    CHECK(g.state() == game_state::won);
    CHECK(g.view() == "BBBBB"
                      "BBB11"
                      "BBB1F");
    std::string detail = EXPECT_ERROR(g.reveal(0, 0), GG_ERR_GAME_OVER);
    CHECK(detail.find("already won") != std::string::npos);
    EXPECT_ERROR(g.toggle_flag(2, 4), GG_ERR_GAME_OVER);
    EXPECT_ERROR(g.chord(1, 4), GG_ERR_GAME_OVER);
    CHECK(g.view() == "BBBBB"
                      "BBB11"
                      "BBB1F");
}

void session_losses() {
    // A chord around a wrong flag uncovers a mine.
    game g = game::from_board("MEM"
                              "E2E"
                              "EEE",
                              3, 3);
    g.toggle_flag(0, 0);
    g.toggle_flag(0, 1);
    g.chord(1, 1);
    CHECK(g.state() == game_state::lost);
    CHECK(g.view() == "MFX"
                      "121"
                      "BBB");
    CHECK(g.board() == "MEX"
                       "121"
                       "BBB");

    // ANY lets the first reveal hit a mine.
    game any(6, 7, 12, 99, GG_FIRST_CLICK_ANY);
    std::string board = any.board();
    std::size_t mine = board.find('M');
    CHECK(mine != std::string::npos);
    any.reveal(mine / 7, mine % 7);
    CHECK(any.state() == game_state::lost);
    CHECK(any.view()[mine] == 'X');
    EXPECT_ERROR(any.reveal(0, 0), GG_ERR_GAME_OVER);
}

void session_errors() {
    EXPECT_ERROR(game(3, 3, 10, 1, GG_FIRST_CLICK_ANY), GG_ERR_TOO_MANY_MINES);
    EXPECT_ERROR(game(9, 9, 73, 1, GG_FIRST_CLICK_OPENING), GG_ERR_TOO_MANY_MINES);
    EXPECT_ERROR(game(0, 9, 0, 1, GG_FIRST_CLICK_ANY), GG_ERR_ZERO_SIZE);
    EXPECT_ERROR(game(SIZE_MAX, 2, 0, 1, GG_FIRST_CLICK_ANY), GG_ERR_SIZE_OVERFLOW);
    std::string detail = EXPECT_ERROR(game(9, 9, 10, 1, 3), GG_ERR_INVALID_ARGUMENT);
    CHECK(detail.find("first_click is 3") != std::string::npos);
    detail = EXPECT_ERROR(game(gg_mines_config{9, 9, 10, 1, GG_FIRST_CLICK_ANY,
                                               GG_NO_GUESS_WITH_COUNT}),
                          GG_ERR_INVALID_ARGUMENT);
    CHECK(detail.find("SAFE or OPENING") != std::string::npos);
    detail = EXPECT_ERROR(game(gg_mines_config{9, 9, 10, 1, GG_FIRST_CLICK_SAFE, 3}),
                          GG_ERR_INVALID_ARGUMENT);
    CHECK(detail.find("no_guess is 3") != std::string::npos);

    EXPECT_ERROR(game::from_board("EEFE", 2, 2), GG_ERR_INVALID_CELL);
    detail = EXPECT_ERROR(game::from_board("M2E", 1, 3), GG_ERR_INCONSISTENT);
    CHECK(detail.find("cell (0, 1)") != std::string::npos);
    EXPECT_ERROR(game::from_board("", 0, 3), GG_ERR_ZERO_SIZE);
    CHECK(invalid_argument([] { game::from_board("EEE", 2, 2); }));
    CHECK(invalid_argument([] { game::from_board("EEEE", SIZE_MAX, 2); }));

    game g = game::from_board("B1E"
                              "B1M"
                              "B11",
                              3, 3);
    detail = EXPECT_ERROR(g.reveal(3, 0), GG_ERR_OUT_OF_BOUNDS);
    CHECK(detail == "cell (3, 0) is outside the 3 x 3 board");
    EXPECT_ERROR(g.toggle_flag(0, SIZE_MAX), GG_ERR_OUT_OF_BOUNDS);
    EXPECT_ERROR(g.chord(3, 3), GG_ERR_OUT_OF_BOUNDS);
    CHECK(g.view() == "B1EB1EB11"); // unchanged
    CHECK(g.state() == game_state::playing);
}

bool near(double a, double b) { return a - b < 1e-12 && b - a < 1e-12; }

void solver() {
    using gg::mines::hint;
    using gg::mines::probabilities;
    // A '1' between two hidden cells, one mine; a flag is only a claim, so it counts as hidden.
    CHECK(probabilities("E1E", 1, 3, 1) == std::vector<double>({0.5, -1.0, 0.5}));
    CHECK(probabilities("F1E", 1, 3, 1) == std::vector<double>({0.5, -1.0, 0.5}));
    // Cells next to no number are weighed by the mine total only.
    CHECK(probabilities("E1EEE", 1, 5, 1) == std::vector<double>({0.5, -1.0, 0.5, 0.0, 0.0}));
    CHECK(probabilities("E1EEE", 1, 5, 2) == std::vector<double>({0.5, -1.0, 0.5, 0.5, 0.5}));

    const std::string readme = "B1E1B"
                               "B1E1B"
                               "B111B"
                               "BBBBB"; // README "Minesweeper solver"
    std::vector<double> p = probabilities(readme, 4, 5, 1);
    CHECK(p.size() == 20 && p[2] == 0.0 && p[7] == 1.0 && p[0] == -1.0 && p[19] == -1.0);
    gg::mines::hint_result h = hint(readme, 4, 5, 1);
    CHECK(h.row == 0 && h.col == 2 && h.risk == 0.0);

    p = probabilities(std::string(81, 'E'), 9, 9, 10);
    bool uniform = p.size() == 81;
    for (double x : p) uniform = uniform && near(x, 10.0 / 81);
    CHECK(uniform);
    h = hint(std::string(81, 'E'), 9, 9, 10); // the first click
    CHECK(h.row == 2 && h.col == 2 && near(h.risk, 10.0 / 81));

    std::string detail = EXPECT_ERROR(probabilities("EQE", 1, 3, 1), GG_ERR_INVALID_CELL);
    CHECK(detail.find("cell (0, 1)") != std::string::npos);
    EXPECT_ERROR(hint("B1X", 1, 3, 1), GG_ERR_INVALID_CELL); // a lost game's view
    detail = EXPECT_ERROR(probabilities("3E", 1, 2, 1), GG_ERR_INCONSISTENT);
    CHECK(detail.find("(0, 0)") != std::string::npos);
    EXPECT_ERROR(hint("E1E", 1, 3, 0), GG_ERR_INCONSISTENT);
    EXPECT_ERROR(probabilities("EE", 1, 2, 3), GG_ERR_TOO_MANY_MINES);
    EXPECT_ERROR(hint("EE", 1, 2, 3), GG_ERR_TOO_MANY_MINES);
    EXPECT_ERROR(probabilities("", 0, 4, 0), GG_ERR_ZERO_SIZE);
    EXPECT_ERROR(hint("", 3, 0, 0), GG_ERR_ZERO_SIZE);
    EXPECT_ERROR(hint("1E", 1, 2, 1), GG_ERR_GAME_OVER); // every hidden cell is a mine
    EXPECT_ERROR(hint("B", 1, 1, 0), GG_ERR_GAME_OVER);  // nothing hidden
    CHECK(invalid_argument([] { probabilities("EEE", 2, 2, 1); }));
    CHECK(invalid_argument([] { hint("EEEE", SIZE_MAX, 2, 1); }));
    gg::mines::hint_report report = gg::mines::hint_with(std::string(81, 'E'), 9, 9, 10,
                                                          GG_FIRST_CLICK_SAFE);
    CHECK(report.row == 0 && report.col == 0 && std::isnan(report.win)); // a corner
    report = gg::mines::hint_with("E1E", 1, 3, 1, GG_FIRST_CLICK_OPENING, GG_EFFORT_DEEP);
    CHECK(report.risk == 0.5 && report.win == 0.5); // the endgame search's exact chance
    EXPECT_ERROR(gg::mines::hint_with("E1E", 1, 3, 1, 7), GG_ERR_INVALID_ARGUMENT);

    // A lattice of numbers, each between four hidden cells, inside a hidden ring (the numbers
    // of a layout with mines on the even rows): a two-dimensional frontier, too entangled to
    // count within the library's budget.
    const std::size_t n = 21;
    auto hidden = [&](std::size_t r, std::size_t c) {
        return r == 0 || c == 0 || r == n - 1 || c == n - 1 || (r + c) % 2 == 1;
    };
    auto mine = [&](std::size_t r, std::size_t c) { return hidden(r, c) && r % 2 == 0; };
    std::string lattice(n * n, 'E');
    std::size_t count = 0;
    for (std::size_t r = 0; r < n; ++r) {
        for (std::size_t c = 0; c < n; ++c) {
            count += mine(r, c);
            if (hidden(r, c)) continue;
            int around = 0; // a number is never on the ring, so its neighbours are on the board
            for (std::size_t rr = r - 1; rr <= r + 1; ++rr)
                for (std::size_t cc = c - 1; cc <= c + 1; ++cc) around += mine(rr, cc);
            lattice[r * n + c] = "B12345678"[around];
        }
    }
    // The exact solvability check: the count clears what the numbers cannot.
    using gg::mines::logic;
    using gg::mines::solvable;
    CHECK(solvable("MEEEEEEEE", 3, 3, 2, 2, logic::numbers_only) == 0);
    CHECK(solvable("EEME", 1, 4, 0, 0, logic::numbers_only) == 1);
    CHECK(solvable("EEME", 1, 4, 0, 0, logic::with_count) == 0);
    detail = EXPECT_ERROR(solvable("MEEE", 2, 2, 0, 0, logic::with_count), GG_ERR_INVALID_ARGUMENT);
    CHECK(detail.find("on a mine") != std::string::npos);
    EXPECT_ERROR(solvable("MEEE", 2, 2, 1, 1, static_cast<logic>(7)), GG_ERR_INVALID_ARGUMENT);
    EXPECT_ERROR(solvable("MEEE", 2, 2, 2, 1, logic::with_count), GG_ERR_OUT_OF_BOUNDS);
    CHECK(invalid_argument([] { solvable("MEE", 2, 2, 1, 1, logic::with_count); }));

    detail = EXPECT_ERROR(probabilities(lattice, n, n, count), GG_ERR_TOO_COMPLEX);
    CHECK(detail.find("too entangled") != std::string::npos);
    EXPECT_ERROR(hint(lattice, n, n, count), GG_ERR_TOO_COMPLEX);
}

// A no-guess board is won from the first click by following hints that are all certainly safe.
void solver_game() {
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
        // Both no-guess logics; the hint on the all-hidden view is (3, 3) either way (16 x 30).
        const std::uint32_t no_guess = seed % 2 ? GG_NO_GUESS_NUMBERS_ONLY : GG_NO_GUESS_WITH_COUNT;
        game g(gg_mines_config{16, 30, 99, seed, GG_FIRST_CLICK_OPENING, no_guess});
        CHECK(g.mine_count() == 99);
        gg::mines::hint_result h = g.hint(); // the all-hidden view: a guess OPENING makes safe
        CHECK(h.row == 3 && h.col == 3 && near(h.risk, 99.0 / 480));
        g.reveal(h.row, h.col);
        bool all_safe = true;
        std::size_t moves = 1;
        while (g.state() == game_state::playing && moves <= 480) {
            h = g.hint();
            all_safe = all_safe && h.risk == 0.0 && g.probabilities()[h.row * 30 + h.col] == 0.0;
            g.reveal(h.row, h.col);
            ++moves;
        }
        CHECK(all_safe);
        CHECK(g.state() == game_state::won);
        EXPECT_ERROR(g.hint(), GG_ERR_GAME_OVER);
        std::vector<double> p = g.probabilities();
        std::string view = g.view();
        bool mines_certain = true;
        for (std::size_t i = 0; i < view.size(); ++i)
            mines_certain = mines_certain && (view[i] == 'E' ? p[i] == 1.0 : p[i] == -1.0);
        CHECK(mines_certain);
    }

    // from_board counts its mines; the solver reads the view, and does not trust flags.
    game g = game::from_board("EEEEE"
                              "EEEEE"
                              "EEEEM",
                              3, 5);
    CHECK(g.mine_count() == 1);
    g.toggle_flag(0, 4); // wrong
    g.reveal(0, 0);
    CHECK(g.view() == "BBBBF"
                      "BBB11"
                      "BBB1E");
    std::vector<double> p = g.probabilities();
    CHECK(p.size() == 15 && p[4] == 0.0 && p[14] == 1.0 && p[0] == -1.0 && p[13] == -1.0);
    gg::mines::hint_result h = g.hint();
    CHECK(h.row == 0 && h.col == 4 && h.risk == 0.0);

    // After a loss the view holds 'X' and 'M', which the solver refuses.
    game lost = game::from_board("EM", 1, 2);
    CHECK(lost.mine_count() == 1);
    lost.reveal(0, 1);
    CHECK(lost.state() == game_state::lost);
    EXPECT_ERROR(lost.hint(), GG_ERR_INVALID_CELL);
    EXPECT_ERROR(lost.probabilities(), GG_ERR_INVALID_CELL);
    game moved = std::move(lost);
    EXPECT_ERROR(lost.hint(), GG_ERR_NULL_POINTER); // NOLINT(bugprone-use-after-move)
    CHECK(moved.mine_count() == 1);
}

// Moves hand the handle over; the moved-from game is empty and says so.
void session_moves() {
    game a = game::from_board("EM", 1, 2);
    gg_mines *raw = a.get();
    game b = std::move(a);
    CHECK(!a && a.get() == nullptr); // NOLINT(bugprone-use-after-move): checked on purpose
    CHECK(b && b.get() == raw);
    b.reveal(0, 0);
    CHECK(b.view() == "1E" && b.state() == game_state::won);
    std::string detail = EXPECT_ERROR(a.reveal(0, 0), GG_ERR_NULL_POINTER);
    CHECK(detail.find("game is NULL") != std::string::npos);
    EXPECT_ERROR(a.view(), GG_ERR_NULL_POINTER);
    EXPECT_ERROR(a.state(), GG_ERR_NULL_POINTER);

    game c(2, 2, 1, 7, GG_FIRST_CLICK_SAFE);
    c = std::move(b); // frees c's own game first
    CHECK(c.get() == raw && !b);
    std::vector<game> games;
    for (std::uint64_t seed = 0; seed < 3; ++seed) games.emplace_back(3, 3, 1, seed, 1);
    games.push_back(std::move(c)); // vector growth moves the games; each is freed once below
    CHECK(games.back().view() == "1E");
} // scope exit frees every game (the sanitizer build of this test catches a leak or a double free)

// gg::handle with a stand-in type, counting frees: every wrapper class (game above) holds one.
struct fake {
    int id;
};
int frees = 0;
void fake_free(fake *p) {
    if (p != nullptr) ++frees;
    delete p;
}

void handles() {
    using fake_handle = gg::handle<fake, fake_free>;
    {
        fake_handle a(new fake{1});
        fake_handle b = std::move(a);
        CHECK(!a && b && b.get()->id == 1);
        fake_handle c;
        c = std::move(b);
        CHECK(frees == 0);
        c.reset(new fake{2});
        CHECK(frees == 1);
        fake *raw = c.release();
        fake_free(raw);
        CHECK(frees == 2);
        fake_handle d(new fake{3});
    }
    CHECK(frees == 3);
}

void mines_stats() {
    // The README's worked example.
    gg_mines_board_stats s = gg::mines::measure("EEEEE"
                                                "EEEEE"
                                                "MEEEM"
                                                "EEEEE"
                                                "EMEEE",
                                                5, 5);
    CHECK(s.bbbv == 4 && s.openings == 2 && s.islands == 1 && s.zini == 4);
    CHECK(s.counts[0] == 9 && s.counts[1] == 11 && s.counts[2] == 2);
    EXPECT_ERROR(gg::mines::measure("2MEE", 2, 2), GG_ERR_INCONSISTENT);
    EXPECT_ERROR(gg::mines::measure("EEQE", 2, 2), GG_ERR_INVALID_CELL);

    game g = game::from_board("EEEEE"
                              "EEMEE"
                              "EEEEE"
                              "EEEEE",
                              4, 5);
    g.reveal(3, 0);
    g.toggle_flag(1, 2);
    g.chord(1, 1);
    gg_mines_play_stats p = g.stats();
    CHECK(g.state() == game_state::won);
    CHECK(p.bbbv == 2 && p.bbbv_solved == 2 && p.left_clicks == 1 && p.right_clicks == 1);
    CHECK(p.chords == 1 && p.effective_clicks == 3 && p.flags == 1 && p.revealed == 19);
}

void records_and_undo() {
    using gg::mines::game;
    game g(16, 30, 99, 2024, GG_FIRST_CLICK_OPENING);
    g.reveal(8, 15);
    g.toggle_flag(0, 0);
    std::vector<std::uint8_t> rec = g.save();
    CHECK(!rec.empty() && rec.size() < 2048);
    game l = game::load(rec);
    CHECK(l.rows() == 16 && l.cols() == 30 && l.mine_count() == 99);
    CHECK(l.view() == g.view() && l.board() == g.board());
    std::vector<gg_mines_move> m = l.moves();
    CHECK(m.size() == 2 && m[0].kind == GG_MOVE_REVEAL && m[1].kind == GG_MOVE_FLAG);
    l.undo();
    l.undo();
    EXPECT_ERROR(l.undo(), GG_ERR_NOTHING_TO_UNDO);
    CHECK(l.moves().empty() && l.board() == std::string(16 * 30, 'E'));
    rec[8] ^= 1;
    EXPECT_ERROR(game::load(rec), GG_ERR_BAD_RECORD);
    EXPECT_ERROR(game::load({}), GG_ERR_BAD_RECORD);
}

void snakes_session() {
    std::vector<std::int32_t> jumps(100, -1);
    jumps[0] = 38;
    jumps[15] = 6;
    gg::snakes::game g(jumps, gg::snakes::rules{}, 2, 2024);
    gg_snakes_turn first = g.play(1);
    CHECK(first.player == 0 && first.to == 38);
    for (int k = 0; k < 10; k++) g.roll();
    gg_snakes_turn next = g.roll();
    g.undo();
    gg_snakes_turn again = g.roll();
    CHECK(again.face == next.face && again.to == next.to);
    std::vector<gg_snakes_turn> all = g.turns();
    CHECK(all.size() == 12 && all[0].face == 1 && all[11].face == again.face);
    gg_snakes_state st = g.state();
    CHECK(st.turns == 12 && st.winner == GG_SNAKES_NO_WINNER && st.next_player == 0);
    gg::snakes::game l = gg::snakes::game::load(g.save());
    CHECK(l.positions() == g.positions() && l.positions().size() == 2);
    for (int k = 0; k < 20; k++) CHECK(l.roll().face == g.roll().face);
    EXPECT_ERROR(g.play(7), GG_ERR_INVALID_ARGUMENT);
    EXPECT_ERROR(gg::snakes::game(jumps, gg::snakes::rules{}, 0, 1), GG_ERR_INVALID_ARGUMENT);
}

} // namespace

int main() {
    version();
    snakes();
    snakes_game();
    mines();
    session_reproducible();
    session_win_by_chord();
    session_losses();
    session_errors();
    session_moves();
    solver();
    solver_game();
    mines_stats();
    handles();
    records_and_undo();
    snakes_session();
    std::printf("test_gridgames_cpp: %d passed, %d failed\n", passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}
