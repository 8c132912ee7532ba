// Uses the whole C API through gridgames.hpp (built with -std=c++17 -Wall -Wextra -Werror
// against the installed header and library): results, errors as exceptions, RAII ownership.
// scripts/test-reach.sh checks that every gg_ function of gridgames.h appears in gridgames.hpp.
#include "gridgames.hpp"

#include <cstdio>
#include <cstring>
#include <string>
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

// gg::handle with a stand-in type until a real handle (gg_mines) lands; then this becomes
// gg::handle<gg_mines, gg_mines_free> driven through gg::mines::game.
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

} // namespace

int main() {
    version();
    snakes();
    mines();
    handles();
    std::printf("test_gridgames_cpp: %d passed, %d failed\n", passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}
