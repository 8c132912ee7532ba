// Uses the installed C++ wrappers (gridgames.hpp) through find_package(gridgames).
#include <cstdio>
#include "gridgames.hpp"

int main() {
    std::vector<std::int32_t> board(36, -1); // LeetCode 909, example 1
    board[19] = 35;
    board[22] = 13;
    board[31] = 15;
    std::optional<std::int32_t> rolls = gg::snakes::min_rolls(board, 6);
    gg_mines_board_stats s = gg::mines::measure("EEEEMEEEE", 3, 3);
    std::printf("gridgames %s: %d rolls; 3BV %zu, ZiNi %zu\n", gg::version().c_str(),
                rolls ? *rolls : -1, s.bbbv, s.zini);
    return rolls == 4 && s.bbbv == 8 && s.zini == 5 ? 0 : 1;
}
