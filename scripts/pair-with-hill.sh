#!/usr/bin/env bash
# Plays the same seeded games with the hint and with David Hill's solver (the engine behind
# JSMinesweeper), and compares them game by game (docs/solver.md, "Beside the peers").
#
#   scripts/pair-with-hill.sh [GAMES] [LEVEL] [RULE] [FIRST_SEED]
#
# Defaults: 10000 expert modern games from seed 0 (LEVEL: beginner, intermediate or expert;
# RULE: classic or modern). The win-rate bench records the standard effort's games
# (GG_WIN_RECORD), and scripts/peers/HillPairPlay.java plays each recorded layout with Hill's
# solver after the same first click. With GG_PAIR_RECORD=FILE it pairs an existing record
# instead of playing the bench. Hill's solver plays about 50-60 expert games a second.
# GG_HILL_SETTING names another of Hill's settings (LARGE_ANALYSIS: endgame searches over up
# to 4,000 layouts, at a fourth to an eighth of the speed: docs/solver.md); SMALL_ANALYSIS is its
# bulk runner's.
#
# Needs git, a JDK (javac, java) and network access to GitHub: Hill's source is fetched at the
# commit measured in docs/solver.md into target/peers/ and built there; it is not part of this
# repository. Offline, HILL_REPO=PATH clones a local copy of DavidNHill/Minesweeper instead.
set -euo pipefail
cd "$(dirname "$0")/.."

games="${1:-10000}"
level="${2:-expert}"
rule="${3:-modern}"
first="${4:-0}"
hill_commit=0806bb8
peers=target/peers
src="$peers/hill-$hill_commit"
classes="$peers/hill-$hill_commit-classes"

for tool in git javac java; do
    if ! command -v "$tool" >/dev/null; then
        echo "pair-with-hill: needs $tool" >&2
        exit 1
    fi
done
mkdir -p "$peers"
if [ ! -d "$src" ]; then
    rm -rf "$src.tmp" # left by a clone that failed
    git clone --quiet "${HILL_REPO:-https://github.com/DavidNHill/Minesweeper}" "$src.tmp"
    git -C "$src.tmp" checkout --quiet "$hill_commit"
    mv "$src.tmp" "$src"
fi
if [ ! -f "$classes/HillPairPlay.class" ] || [ scripts/peers/HillPairPlay.java -nt "$classes/HillPairPlay.class" ]; then
    rm -rf "$classes"
    mkdir -p "$classes"
    find "$src/MineSweeperSolver/src" "$src/MinesweeperGameState/src" "$src/Asynchronous/src" \
        -name '*.java' > "$peers/hill-sources.txt"
    echo scripts/peers/HillPairPlay.java >> "$peers/hill-sources.txt"
    javac -nowarn -encoding UTF-8 -d "$classes" @"$peers/hill-sources.txt" 2>&1 | grep -v '^Note:' || true
    [ -f "$classes/HillPairPlay.class" ] || { echo "pair-with-hill: the build failed" >&2; exit 1; }
fi

record="${GG_PAIR_RECORD:-$peers/$level-$rule-$first-$games.rec}"
if [ -z "${GG_PAIR_RECORD:-}" ]; then
    echo "== gridgames: $games $level $rule games from seed $first (standard effort)"
    GG_WIN_LEVELS="$level" GG_WIN_RULES="$rule" GG_WIN_EFFORTS=1 GG_WIN_FIRST_SEED="$first" \
        GG_WIN_RECORD="$record" cargo bench --quiet --bench win_rate -- "$games"
fi
echo "== Hill's solver on the same layouts ($record)"
java -XX:+UseSerialGC -cp "$classes" HillPairPlay "$peers/hill-$(basename "$record" .rec).games" < "$record"
