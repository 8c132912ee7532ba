-- gridgames from LuaJIT: the FFI declarations come from gridgames.h itself, so they never drift
-- from the library.
--
--   luajit examples/lua/demo.lua [path/to/gridgames.h] [path/to/libgridgames.so]
--
-- Defaults: include/gridgames.h and the library the loader finds as "gridgames".
local ffi = require("ffi")

local header_path = arg[1] or "include/gridgames.h"
local library = arg[2] or "gridgames"

-- The header, as ffi.cdef takes it: comments and the C++ guard dropped, every
-- "#define GG_X n" turned into "static const int GG_X = n;", other directives dropped.
local function cdef_from_header(path)
  local f = assert(io.open(path, "r"))
  local text = f:read("*a")
  f:close()
  text = text:gsub("/%*.-%*/", "")
  text = text:gsub("#ifdef __cplusplus.-#endif[^\n]*", "")
  local lines = {}
  for line in text:gmatch("[^\n]*") do
    local name, value = line:match("^#define%s+(GG_[%w_]+)%s+(%-?%d+)%s*$")
    if name then
      lines[#lines + 1] = ("static const int %s = %s;"):format(name, value)
    elseif not line:match("^%s*#") then
      lines[#lines + 1] = line
    end
  end
  return table.concat(lines, "\n")
end

ffi.cdef(cdef_from_header(header_path))
local gg = ffi.load(library)

local function check(status)
  if status ~= gg.GG_OK then
    local buf = ffi.new("char[256]")
    gg.gg_last_error_message(buf, 256)
    error(("gridgames: %s: %s"):format(ffi.string(gg.gg_status_str(status)), ffi.string(buf)), 2)
  end
end

print("gridgames " .. ffi.string(gg.gg_version()))

-- Snakes and Ladders (LeetCode 909, example 1): 4 rolls.
local board = ffi.new("int32_t[36]")
for i = 0, 35 do board[i] = -1 end
board[19], board[22], board[31] = 35, 13, 15
local rolls = ffi.new("int32_t[1]")
check(gg.gg_snakes_min_rolls(board, 6, rolls))
print("fewest rolls: " .. rolls[0])
assert(rolls[0] == 4)

-- Minesweeper (LeetCode 529): one click on the seed's board.
local cells = ffi.new("char[20]", "EEEEEEEMEEEEEEEEEEEE")
check(gg.gg_mines_click(cells, 4, 5, 3, 0))
local after = ffi.string(cells, 20)
print("after the click: " .. after)
assert(after == "B1E1BB1M1BB111BBBBBB")

-- A seeded game, its statistics, and the errors Lua sees.
local cfg = ffi.new("gg_mines_config", { rows = 9, cols = 9, mines = 10, seed = 2024,
  first_click = gg.GG_FIRST_CLICK_OPENING, no_guess = 0 })
local game = ffi.new("gg_mines *[1]")
check(gg.gg_mines_new(cfg, game))
game = ffi.gc(game[0], gg.gg_mines_free)
check(gg.gg_mines_reveal(game, 4, 4))
local stats = ffi.new("gg_mines_play_stats")
check(gg.gg_mines_stats(game, stats))
print(("game: %d of %d 3BV after %d click"):format(tonumber(stats.bbbv_solved),
  tonumber(stats.bbbv), tonumber(stats.left_clicks)))
assert(stats.left_clicks == 1 and stats.bbbv > 0)
local ok, err = pcall(check, gg.gg_mines_reveal(game, 9, 0))
print("off the board: " .. tostring(err))
assert(not ok and err:find("outside"))
