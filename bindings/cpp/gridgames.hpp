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

// Game analysis (issue 4) goes here: gg_snakes_rules with a default of {6, STAY, 0}, and
// grid_to_jumps / move / shortest / expected_turns / length_distribution / win_chances
// returning std::vector<std::int32_t>, std::size_t, std::vector<std::uint32_t>, double,
// std::vector<double>...

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

// Sessions (issue 5) go here:
//   using game_handle = handle<gg_mines, gg_mines_free>;
//   class game { game_handle h_; std::size_t rows_, cols_; ... reveal(), toggle_flag(), chord(),
//                state(), view(), board() returning std::string of rows * cols chars };
//   game::game(const gg_mines_config &) calls gg_mines_new, game::from_board(...) likewise.
// The solver (issue 6): probabilities(view, rows, cols, mines) -> std::vector<double>,
// hint(...) -> struct { std::size_t row, col; double risk; }.

} // namespace mines

} // namespace gg

#endif // GRIDGAMES_HPP
