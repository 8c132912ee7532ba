// C++17 wrappers over gridgames.h: exceptions instead of status codes, standard containers
// instead of pointer + length, RAII owners for handles. Header-only; needs only gridgames.h and
// the library (pkg-config --cflags --libs gridgames).
//
// Every wrapper checks what C++ can know (container sizes) before calling, so no call can read
// or write past a container; everything else is validated by the library, and its failures
// become gg::error carrying the status, gg_status_str() and gg_last_error_message().
#ifndef GRIDGAMES_HPP
#define GRIDGAMES_HPP

#include <gridgames.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gg {

/// A failed library call: status() is the GG_ERR_* code, what() is
/// "<gg_status_str(status)>: <detail>", detail() is this thread's gg_last_error_message().
class error : public std::runtime_error {
  public:
    error(std::int32_t status, const std::string &detail)
        : std::runtime_error(std::string(gg_status_str(status)) + ": " + detail),
          status_(status), detail_(detail) {}
    std::int32_t status() const noexcept { return status_; }
    const std::string &detail() const noexcept { return detail_; }

  private:
    std::int32_t status_;
    std::string detail_;
};

/// gg_status_str(): a code's description.
inline std::string status_str(std::int32_t status) { return gg_status_str(status); }

/// gg_last_error_message(): this thread's detail of the last failure ("" when none).
inline std::string last_error_message() {
    // The message is per thread, so it cannot change between the two calls.
    std::size_t len = gg_last_error_message(nullptr, 0);
    std::string text(len + 1, '\0');
    gg_last_error_message(text.data(), text.size());
    text.resize(len);
    return text;
}

/// gg_version(): the library's "MAJOR.MINOR.PATCH" (GG_VERSION_* are the header's).
inline std::string version() { return gg_version(); }

namespace detail {

/// Throws gg::error for any status but GG_OK.
inline void check(std::int32_t status) {
    if (status != GG_OK) throw error(status, last_error_message());
}

/// rows * cols == size, without overflow.
inline bool holds(std::size_t size, std::size_t rows, std::size_t cols) {
    return rows == 0 || cols == 0 ? size == 0 : size / rows == cols && size % rows == 0;
}

/// A non-NULL pointer even for an empty container, so the library reports the real problem
/// (a zero dimension) rather than a NULL pointer.
template <typename T> const T *data_or_dummy(const std::vector<T> &v) {
    static const T dummy{};
    return v.empty() ? &dummy : v.data();
}

} // namespace detail

/// Owns one opaque gridgames handle (gg_x_new / gg_x_free): frees it exactly once, moves, does
/// not copy. A handle is used by one thread at a time.
template <typename T, void (*Free)(T *)> class handle {
  public:
    handle() noexcept = default;
    explicit handle(T *raw) noexcept : ptr_(raw) {}
    T *get() const noexcept { return ptr_.get(); }
    explicit operator bool() const noexcept { return ptr_ != nullptr; }
    /// Gives up ownership: the caller must free the result.
    T *release() noexcept { return ptr_.release(); }
    void reset(T *raw = nullptr) noexcept { ptr_.reset(raw); }

  private:
    struct deleter {
        void operator()(T *p) const noexcept { Free(p); }
    };
    std::unique_ptr<T, deleter> ptr_;
};

namespace snakes {

/// gg_snakes_min_rolls(): fewest rolls on an n x n board (row-major, row 0 on top), or
/// std::nullopt when the last square cannot be reached.
inline std::optional<std::int32_t> min_rolls(const std::vector<std::int32_t> &board,
                                             std::size_t n) {
    if (!detail::holds(board.size(), n, n))
        throw std::invalid_argument("snakes board holds " + std::to_string(board.size()) +
                                    " cells; n = " + std::to_string(n) + " needs n * n");
    std::int32_t rolls = 0;
    detail::check(gg_snakes_min_rolls(detail::data_or_dummy(board), n, &rolls));
    if (rolls < 0) return std::nullopt;
    return rolls;
}

// The real game (README "Snakes and Ladders: the real game"). A board is a jump table:
// jumps[s-1] is the destination of square s (1..N, N = jumps.size()), or -1 for none.

/// gg_snakes_rules' overshoot rule (GG_OVERSHOOT_*): what a roll past the last square does.
enum class overshoot_rule : std::uint32_t {
    stay = GG_OVERSHOOT_STAY,     ///< no move, the turn is used (exact landing)
    bounce = GG_OVERSHOOT_BOUNCE, ///< t = 2N - t; needs faces <= N
    finish = GG_OVERSHOOT_FINISH, ///< t = N
};

/// How the game is played (gg_snakes_rules). The default, {6, stay, 0}, is the Milton Bradley
/// game: a six-faced die, exact landing, players starting off the board.
struct rules {
    std::uint32_t faces = 6;                          ///< die faces, 1..
    overshoot_rule overshoot = overshoot_rule::stay;  ///< see overshoot_rule
    std::size_t start = 0; ///< 0: off the board (a first roll of k lands on k); s: on square s
    /// The C struct; the library validates every field.
    gg_snakes_rules c() const noexcept {
        return gg_snakes_rules{faces, static_cast<std::uint32_t>(overshoot), start};
    }
};

/// gg_snakes_grid_to_jumps(): the jump table of a rows x cols LeetCode grid (row-major, row 0
/// on top, square 1 at the bottom left, rows alternating direction; rectangles too).
inline std::vector<std::int32_t> grid_to_jumps(const std::vector<std::int32_t> &board,
                                               std::size_t rows, std::size_t cols) {
    if (!detail::holds(board.size(), rows, cols))
        throw std::invalid_argument("snakes grid holds " + std::to_string(board.size()) +
                                    " cells, not " + std::to_string(rows) + " x " +
                                    std::to_string(cols));
    // One spare element: never NULL, so a zero dimension is what the library reports.
    std::vector<std::int32_t> jumps(board.size() + 1);
    detail::check(gg_snakes_grid_to_jumps(detail::data_or_dummy(board), rows, cols,
                                          jumps.data(), board.size()));
    jumps.pop_back();
    return jumps;
}

/// gg_snakes_move(): the position after rolling `face` from position `from` (0: off the
/// board). from == N throws GG_ERR_GAME_OVER, from > N GG_ERR_OUT_OF_BOUNDS.
inline std::size_t move(const std::vector<std::int32_t> &jumps, const rules &r, std::size_t from,
                        std::uint32_t face) {
    const gg_snakes_rules c = r.c();
    std::size_t to = 0;
    detail::check(gg_snakes_move(detail::data_or_dummy(jumps), jumps.size(), &c, from, face, &to));
    return to;
}

/// gg_snakes_shortest() with the count only: the fewest turns from r.start to square N when the
/// player chooses every face, or std::nullopt when N cannot be reached.
inline std::optional<std::size_t> shortest_turns(const std::vector<std::int32_t> &jumps,
                                                 const rules &r) {
    const gg_snakes_rules c = r.c();
    std::int64_t turns = -1;
    detail::check(
        gg_snakes_shortest(detail::data_or_dummy(jumps), jumps.size(), &c, nullptr, 0, &turns));
    if (turns < 0) return std::nullopt;
    return static_cast<std::size_t>(turns);
}

/// gg_snakes_shortest(): the faces of one shortest game (size() is its number of turns;
/// replaying them with move() from r.start ends on N), or std::nullopt when N cannot be reached.
inline std::optional<std::vector<std::uint32_t>> shortest(const std::vector<std::int32_t> &jumps,
                                                          const rules &r) {
    // Count first (cap 0), then fill a buffer of that size: the same input gives the same count.
    std::optional<std::size_t> turns = shortest_turns(jumps, r);
    if (!turns) return std::nullopt;
    const gg_snakes_rules c = r.c();
    std::vector<std::uint32_t> faces(*turns + 1); // one spare: never NULL
    std::int64_t filled = -1;
    detail::check(gg_snakes_shortest(detail::data_or_dummy(jumps), jumps.size(), &c,
                                     faces.data(), *turns, &filled));
    faces.resize(*turns);
    return faces;
}

/// gg_snakes_expected_turns(): the mean number of turns one player needs with a fair die,
/// relative error <= 1e-9; +infinity when the game can fail to end.
inline double expected_turns(const std::vector<std::int32_t> &jumps, const rules &r) {
    const gg_snakes_rules c = r.c();
    double out = 0;
    detail::check(gg_snakes_expected_turns(detail::data_or_dummy(jumps), jumps.size(), &c, &out));
    return out;
}

/// The result of length_distribution(): probs[t-1] = P(the game ends in round t), tail =
/// P(it has not ended after probs.size() rounds).
struct lengths {
    std::vector<double> probs;
    double tail = 0;
};

/// gg_snakes_length_distribution(): when a game of `players` players (each rolling once per
/// round, all from r.start) ends, over the first `rounds` rounds.
inline lengths length_distribution(const std::vector<std::int32_t> &jumps, const rules &r,
                                   std::uint32_t players, std::size_t rounds) {
    const gg_snakes_rules c = r.c();
    lengths out;
    out.probs.resize(rounds); // std::bad_alloc / std::length_error for absurd rounds
    double tail = 0;
    // With rounds == 0 data() may be NULL, which the library allows.
    detail::check(gg_snakes_length_distribution(detail::data_or_dummy(jumps), jumps.size(), &c,
                                                players, out.probs.data(), rounds, &tail));
    out.tail = tail;
    return out;
}

/// gg_snakes_win_chances(): P(player i wins) for i = 0..players-1 (player 0 rolls first); they
/// sum to P(the game ends).
inline std::vector<double> win_chances(const std::vector<std::int32_t> &jumps, const rules &r,
                                       std::uint32_t players) {
    const gg_snakes_rules c = r.c();
    // One spare: never NULL, so 0 players is what the library reports.
    std::vector<double> chances(static_cast<std::size_t>(players) + 1);
    detail::check(gg_snakes_win_chances(detail::data_or_dummy(jumps), jumps.size(), &c, players,
                                        chances.data()));
    chances.pop_back();
    return chances;
}

/// A game session (gg_snakes_game): players take turns with the game's seeded die (roll()) or
/// the caller's faces (play()); the first to reach the last square wins. Owns its handle, frees
/// it once, moves but does not copy; one thread at a time. A board with a loop some player can
/// never leave still plays, and such a game may never end.
class game {
  public:
    using game_handle = handle<gg_snakes_game, gg_snakes_game_free>;

    /// gg_snakes_game_new(): every player at r.start, player 0 first. The table is copied.
    game(const std::vector<std::int32_t> &jumps, const rules &r, std::uint32_t players,
         std::uint64_t seed) {
        gg_snakes_game_config cfg{};
        cfg.jumps = detail::data_or_dummy(jumps);
        cfg.squares = jumps.size();
        cfg.rules = r.c();
        cfg.players = players;
        cfg.seed = seed;
        gg_snakes_game *raw = nullptr;
        detail::check(gg_snakes_game_new(&cfg, &raw));
        h_.reset(raw);
    }

    /// gg_snakes_game_roll(): the next player's turn with the game's die.
    gg_snakes_turn roll() {
        gg_snakes_turn t{};
        detail::check(gg_snakes_game_roll(h_.get(), &t));
        return t;
    }

    /// gg_snakes_game_play(): the next player's turn with `face` from the caller's dice.
    gg_snakes_turn play(std::uint32_t face) {
        gg_snakes_turn t{};
        detail::check(gg_snakes_game_play(h_.get(), face, &t));
        return t;
    }

    /// gg_snakes_game_undo(): takes back the last turn, the die included.
    void undo() { detail::check(gg_snakes_game_undo(h_.get())); }

    /// gg_snakes_game_state(): whose turn, the winner (GG_SNAKES_NO_WINNER while on), turns.
    gg_snakes_state state() const {
        gg_snakes_state s{};
        detail::check(gg_snakes_game_state(h_.get(), &s));
        return s;
    }

    /// gg_snakes_game_positions(): every player's position, player 0 first.
    std::vector<std::size_t> positions() const {
        std::uint32_t players = 0;
        std::size_t squares = 0;
        detail::check(gg_snakes_game_size(h_.get(), &players, &squares));
        std::vector<std::size_t> out(players);
        detail::check(gg_snakes_game_positions(h_.get(), out.data(), out.size()));
        return out;
    }

    /// gg_snakes_game_turns(): every turn played so far, in order.
    std::vector<gg_snakes_turn> turns() const {
        std::size_t count = 0;
        std::int32_t s = gg_snakes_game_turns(h_.get(), nullptr, 0, &count);
        if (count == 0) {
            detail::check(s);
            return {};
        }
        std::vector<gg_snakes_turn> out(count);
        detail::check(gg_snakes_game_turns(h_.get(), out.data(), out.size(), &count));
        return out;
    }

    /// gg_snakes_game_save(): the configuration and every turn, as a record.
    std::vector<std::uint8_t> save() const {
        std::size_t len = 0;
        std::int32_t s = gg_snakes_game_save(h_.get(), nullptr, 0, &len);
        if (s != GG_ERR_BUFFER_TOO_SMALL) detail::check(s);
        std::vector<std::uint8_t> out(len);
        detail::check(gg_snakes_game_save(h_.get(), out.data(), out.size(), &len));
        return out;
    }

    /// gg_snakes_game_load(): the game a record of save() holds; it rolls the same future.
    static game load(const std::vector<std::uint8_t> &record) {
        static const std::uint8_t empty = 0;
        gg_snakes_game *raw = nullptr;
        detail::check(
            gg_snakes_game_load(record.empty() ? &empty : record.data(), record.size(), &raw));
        return game(game_handle(raw));
    }

    /// The handle, for calling the C API directly; NULL once moved from.
    gg_snakes_game *get() const noexcept { return h_.get(); }
    explicit operator bool() const noexcept { return static_cast<bool>(h_); }

  private:
    explicit game(game_handle h) noexcept : h_(std::move(h)) {}
    game_handle h_;
};

} // namespace snakes

namespace mines {

/// gg_mines_click(): applies one click to a rows x cols board (row-major chars, no terminators)
/// in place. On error the board is unchanged.
inline void click(std::string &board, std::size_t rows, std::size_t cols, std::size_t row,
                  std::size_t col) {
    if (!detail::holds(board.size(), rows, cols))
        throw std::invalid_argument("mines board holds " + std::to_string(board.size()) +
                                    " cells, not " + std::to_string(rows) + " x " +
                                    std::to_string(cols));
    // data() is never NULL, even for an empty string.
    detail::check(gg_mines_click(board.data(), rows, cols, row, col));
}

// The solver (README "Minesweeper solver"). A view is rows * cols chars in the alphabet of
// game::view(): 'E' and 'F' hidden ('F' is only the player's claim), 'B' and '1'-'8' revealed.

/// gg_mines_probabilities(): for each cell of a player view (row-major), the exact chance that
/// it holds a mine when every layout of `mines` mines agreeing with the numbers is equally
/// likely; -1.0 for a revealed cell. Throws gg::error: GG_ERR_INVALID_CELL (another char, e.g.
/// a lost game's 'X'), GG_ERR_INCONSISTENT (no layout fits), GG_ERR_TOO_MANY_MINES, ...
inline std::vector<double> probabilities(const std::string &view, std::size_t rows,
                                         std::size_t cols, std::size_t mines) {
    if (!detail::holds(view.size(), rows, cols))
        throw std::invalid_argument("mines view holds " + std::to_string(view.size()) +
                                    " cells, not " + std::to_string(rows) + " x " +
                                    std::to_string(cols));
    // At least one element: never NULL, so an empty view is reported as GG_ERR_ZERO_SIZE.
    std::vector<double> probs(view.empty() ? 1 : view.size());
    detail::check(gg_mines_probabilities(view.data(), rows, cols, mines, probs.data()));
    probs.resize(view.size());
    return probs;
}

/// What gg_mines_hint() advises: reveal (row, col), whose mine probability is `risk`.
struct hint_result {
    std::size_t row = 0, col = 0;
    double risk = 0.0;
};

/// gg_mines_hint(): the best next cell to reveal on a player view: certainly safe (risk 0.0)
/// whenever such a cell exists, otherwise the solver's best guess; on an all-hidden view the
/// first click, (2, 2) ((3, 3) on boards with one side at least 1.5 times the other, as 16 x 30;
/// nearer the middle on boards narrower than 5). Throws gg::error as probabilities() does, and
/// GG_ERR_GAME_OVER when no hidden cell can be safe (the game is won).
inline hint_result hint(const std::string &view, std::size_t rows, std::size_t cols,
                        std::size_t mines) {
    if (!detail::holds(view.size(), rows, cols))
        throw std::invalid_argument("mines view holds " + std::to_string(view.size()) +
                                    " cells, not " + std::to_string(rows) + " x " +
                                    std::to_string(cols));
    hint_result h;
    detail::check(gg_mines_hint(view.data(), rows, cols, mines, &h.row, &h.col, &h.risk));
    return h;
}

/// What gg_mines_hint_with() advises: hint_result's cell and risk, and `win`, the exact chance of
/// winning from the view when the endgame search computed it (NaN otherwise).
struct hint_report {
    std::size_t row = 0, col = 0;
    double risk = 0.0, win = 0.0;
};

/// gg_mines_hint_with(): hint() under the game's first-click rule (GG_FIRST_CLICK_*: on an
/// all-hidden view hint()'s first click when the first click opens, the corner (0, 0)
/// otherwise) and with the effort asked for (GG_EFFORT_FAST, GG_EFFORT_STANDARD,
/// GG_EFFORT_DEEP). Throws as hint() does, and GG_ERR_INVALID_ARGUMENT for an unknown rule or
/// effort.
inline hint_report hint_with(const std::string &view, std::size_t rows, std::size_t cols,
                             std::size_t mines, std::uint32_t first_click,
                             std::uint32_t effort = GG_EFFORT_STANDARD) {
    if (!detail::holds(view.size(), rows, cols))
        throw std::invalid_argument("mines view holds " + std::to_string(view.size()) +
                                    " cells, not " + std::to_string(rows) + " x " +
                                    std::to_string(cols));
    const gg_mines_hint_options options{first_click, effort};
    hint_report h;
    detail::check(gg_mines_hint_with(view.data(), rows, cols, mines, &options, &h.row, &h.col,
                                     &h.risk, &h.win));
    return h;
}

/// What a certain move may be proven from (gg_mines_solvable(), gg_mines_config::no_guess).
enum class logic : std::uint32_t {
    numbers_only = GG_SOLVE_NUMBERS_ONLY, ///< the revealed numbers alone
    with_count = GG_SOLVE_WITH_COUNT,     ///< the numbers and the total number of mines
};

/// gg_mines_solvable(): how many safe cells stay hidden when a rows x cols LeetCode board ('M'
/// and 'E' hidden, 'B' and '1'-'8' revealed, 'X' a known mine) is played from a click at
/// (row, col) revealing only cells that are safe in every layout that fits (exactly). 0 means
/// the board needs no guess. Throws gg::error: GG_ERR_INVALID_ARGUMENT (a click on a mine),
/// GG_ERR_OUT_OF_BOUNDS, GG_ERR_INVALID_CELL, GG_ERR_INCONSISTENT, ...
inline std::size_t solvable(const std::string &board, std::size_t rows, std::size_t cols,
                            std::size_t row, std::size_t col, logic how) {
    if (!detail::holds(board.size(), rows, cols))
        throw std::invalid_argument("mines board holds " + std::to_string(board.size()) +
                                    " cells, not " + std::to_string(rows) + " x " +
                                    std::to_string(cols));
    std::size_t left = 0;
    detail::check(gg_mines_solvable(board.data(), rows, cols, row, col,
                                    static_cast<std::uint32_t>(how), &left));
    return left;
}

/// gg_mines_measure(): 3BV, openings, islands, greedy ZiNi and the count of each number of a
/// rows x cols LeetCode board ('M' and 'X' mines; revealed cells must agree with them).
inline gg_mines_board_stats measure(const std::string &board, std::size_t rows,
                                    std::size_t cols) {
    if (!detail::holds(board.size(), rows, cols))
        throw std::invalid_argument("mines board holds " + std::to_string(board.size()) +
                                    " cells, not " + std::to_string(rows) + " x " +
                                    std::to_string(cols));
    gg_mines_board_stats s{};
    detail::check(gg_mines_measure(board.data(), rows, cols, &s));
    return s;
}

/// gg_mines_state(): where a game stands.
enum class game_state : std::uint32_t {
    playing = GG_MINES_PLAYING, ///< moves are accepted
    won = GG_MINES_WON,         ///< every safe cell is revealed
    lost = GG_MINES_LOST,       ///< a mine was revealed
};

/// A Minesweeper game session (gg_mines, README "Minesweeper game sessions"): owns its handle,
/// frees it once, moves but does not copy. Moves and reads throw gg::error on failure (a move
/// after the end: GG_ERR_GAME_OVER; a cell outside the board: GG_ERR_OUT_OF_BOUNDS) and then
/// change nothing. A moved-from game throws GG_ERR_NULL_POINTER. One thread at a time.
class game {
  public:
    using game_handle = handle<gg_mines, gg_mines_free>;

    /// gg_mines_new(): a board generated from cfg.seed under cfg.first_click; cfg.no_guess is
    /// GG_NO_GUESS_OFF, GG_NO_GUESS_WITH_COUNT or GG_NO_GUESS_NUMBERS_ONLY.
    explicit game(const gg_mines_config &cfg)
        : rows_(cfg.rows), cols_(cfg.cols), mines_(cfg.mines) {
        gg_mines *raw = nullptr;
        detail::check(gg_mines_new(&cfg, &raw));
        h_.reset(raw);
    }

    /// gg_mines_new() with these fields and no_guess = 0.
    game(std::size_t rows, std::size_t cols, std::size_t mines, std::uint64_t seed,
         std::uint32_t first_click)
        : game(gg_mines_config{rows, cols, mines, seed, first_click, 0}) {}

    /// gg_mines_from_board(): a game from a rows x cols LeetCode board (row-major chars, no
    /// terminators), which is copied.
    static game from_board(const std::string &board, std::size_t rows, std::size_t cols) {
        if (!detail::holds(board.size(), rows, cols))
            throw std::invalid_argument("mines board holds " + std::to_string(board.size()) +
                                        " cells, not " + std::to_string(rows) + " x " +
                                        std::to_string(cols));
        gg_mines *raw = nullptr;
        // data() is never NULL, even for an empty string.
        detail::check(gg_mines_from_board(board.data(), rows, cols, &raw));
        std::size_t mines = 0;
        for (char c : board) mines += c == 'M' || c == 'X';
        return game(game_handle(raw), rows, cols, mines);
    }

    /// gg_mines_reveal(): a mine loses, a zero floods open its region; a flagged or revealed
    /// cell is left alone.
    void reveal(std::size_t row, std::size_t col) {
        detail::check(gg_mines_reveal(h_.get(), row, col));
    }

    /// gg_mines_toggle_flag(): flags or unflags a hidden cell.
    void toggle_flag(std::size_t row, std::size_t col) {
        detail::check(gg_mines_toggle_flag(h_.get(), row, col));
    }

    /// gg_mines_chord(): on a digit with that many flagged neighbours, reveals the others.
    void chord(std::size_t row, std::size_t col) {
        detail::check(gg_mines_chord(h_.get(), row, col));
    }

    /// gg_mines_state().
    game_state state() const {
        std::uint32_t s = GG_MINES_PLAYING;
        detail::check(gg_mines_state(h_.get(), &s));
        return static_cast<game_state>(s);
    }

    /// gg_mines_view(): what the player sees, rows() * cols() chars ('E', 'F', 'B', '1'-'8';
    /// after a loss 'X' and 'M').
    std::string view() const {
        std::string out(rows_ * cols_, '\0'); // the library accepted rows * cols: no overflow
        detail::check(gg_mines_view(h_.get(), out.data(), out.size()));
        return out;
    }

    /// gg_mines_board(): the true board in the LeetCode alphabet, rows() * cols() chars.
    std::string board() const {
        std::string out(rows_ * cols_, '\0');
        detail::check(gg_mines_board(h_.get(), out.data(), out.size()));
        return out;
    }

    /// gg_mines_stats(): 3BV, 3BV solved, clicks and effective clicks so far.
    gg_mines_play_stats stats() const {
        gg_mines_play_stats s{};
        detail::check(gg_mines_stats(h_.get(), &s));
        return s;
    }

    /// gg_mines_probabilities() of view() and mine_count(): what the player can know. After a
    /// loss the view shows 'X' and 'M': GG_ERR_INVALID_CELL.
    std::vector<double> probabilities() const {
        return mines::probabilities(view(), rows_, cols_, mines_);
    }

    /// gg_mines_hint() of view() and mine_count(): a cell to reveal() and its risk. After a win
    /// GG_ERR_GAME_OVER, after a loss GG_ERR_INVALID_CELL.
    hint_result hint() const { return mines::hint(view(), rows_, cols_, mines_); }

    /// gg_mines_save(): the game as a self-contained record (docs/save-format.md).
    std::vector<std::uint8_t> save() const {
        std::size_t len = 0;
        std::int32_t s = gg_mines_save(h_.get(), nullptr, 0, &len);
        if (s != GG_ERR_BUFFER_TOO_SMALL) detail::check(s);
        std::vector<std::uint8_t> out(len);
        detail::check(gg_mines_save(h_.get(), out.data(), out.size(), &len));
        return out;
    }

    /// gg_mines_load(): the game a record of save() holds, its moves replayed. A record save()
    /// did not write throws gg::error with GG_ERR_BAD_RECORD.
    static game load(const std::vector<std::uint8_t> &record) {
        static const std::uint8_t empty = 0;
        gg_mines *raw = nullptr;
        detail::check(gg_mines_load(record.empty() ? &empty : record.data(), record.size(), &raw));
        game_handle h(raw);
        std::size_t rows = 0, cols = 0, mines = 0;
        detail::check(gg_mines_dimensions(raw, &rows, &cols, &mines));
        return game(std::move(h), rows, cols, mines);
    }

    /// gg_mines_undo(): takes back the last accepted move (GG_ERR_NOTHING_TO_UNDO when none).
    void undo() { detail::check(gg_mines_undo(h_.get())); }

    /// gg_mines_moves(): every accepted move so far, in order.
    std::vector<gg_mines_move> moves() const {
        std::size_t count = 0;
        std::int32_t s = gg_mines_moves(h_.get(), nullptr, 0, &count);
        if (count == 0) {
            detail::check(s);
            return {};
        }
        std::vector<gg_mines_move> out(count);
        detail::check(gg_mines_moves(h_.get(), out.data(), out.size(), &count));
        return out;
    }

    /// gg_mines_dimensions(): rows, columns and mines, as the library knows them.
    void dimensions(std::size_t &rows, std::size_t &cols, std::size_t &mines) const {
        detail::check(gg_mines_dimensions(h_.get(), &rows, &cols, &mines));
    }

    std::size_t rows() const noexcept { return rows_; }
    std::size_t cols() const noexcept { return cols_; }
    /// Mines on the board: the config's count, or the 'M' and 'X' cells given to from_board().
    std::size_t mine_count() const noexcept { return mines_; }
    /// The handle, for calling the C API directly; NULL once moved from.
    gg_mines *get() const noexcept { return h_.get(); }
    explicit operator bool() const noexcept { return static_cast<bool>(h_); }

  private:
    game(game_handle h, std::size_t rows, std::size_t cols, std::size_t mines) noexcept
        : h_(std::move(h)), rows_(rows), cols_(cols), mines_(mines) {}

    game_handle h_;
    std::size_t rows_ = 0, cols_ = 0, mines_ = 0;
};

} // namespace mines

} // namespace gg

#endif // GRIDGAMES_HPP
