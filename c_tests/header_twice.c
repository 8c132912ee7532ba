/* Compiled, not run: the header must be clean C99 and C++11 under -Wall -Wextra -pedantic
 * -Werror, and including it twice must be harmless. */
#include "gridgames.h"
#include "gridgames.h"

int gg_header_probe(void);
int gg_header_probe(void) {
    int32_t rolls = 0;
    const int32_t board[1] = {-1};
    return gg_snakes_min_rolls(board, 1, &rolls) == GG_OK && gg_version() != NULL ? 0 : 1;
}
