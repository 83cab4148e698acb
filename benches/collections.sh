#!/usr/bin/env bash
# Speed of mgn stats and mgn split on one large generated file, on one core (docs/performance.md,
# "Stats and split (#33)"): wall time and MB/s of the input, peak memory from /usr/bin/time -v.
#
#   benches/collections.sh [FOLDER]     (default: target/collections; about 250 MB free)
#
# It builds the release binary, generates its input once (kept in FOLDER) and prints one line
# per measurement. Nothing here is a test: the figures depend on the machine and its load.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p mgn-cli
mgn="$PWD/target/release/mgn"
folder="${1:-target/collections}"
mkdir -p "$folder"
cd "$folder"

# About 100 MB of games of the four games, no checkpoints: the archive a user summarises.
if [ ! -s games-100m.mgn ]; then
    "$mgn" generate --game dakon --games 2000 --seed 33 > part-dakon.mgn
    "$mgn" generate --game nchuwa --games 8000 --seed 33 > part-nchuwa.mgn
    "$mgn" generate --game mraw-imrujen --games 30000 --seed 33 > part-mraw.mgn
    "$mgn" generate --game dong-wo --games 12000 --seed 33 > part-dong-wo.mgn
    cat part-dakon.mgn part-nchuwa.mgn part-mraw.mgn part-dong-wo.mgn > games-100m.mgn
    rm -f part-*.mgn
fi
bytes=$(stat -c %s games-100m.mgn)
printf 'input: games-100m.mgn, %d bytes\n' "$bytes"

measure() { # label, then the command
    local label="$1"
    shift
    local log status=0
    log=$(mktemp)
    # One core, for the reading and the summarising alike.
    /usr/bin/time -v taskset -c 0 "$@" > /dev/null 2> "$log" || status=$?
    local rss wall seconds
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log")
    seconds=$(awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }' <<< "$wall")
    printf '%-44s %8s wall %8.1f MB/s %8s KB peak  exit %s\n' "$label" "$wall" \
        "$(awk -v b="$bytes" -v s="$seconds" 'BEGIN { print b / s / 1e6 }')" "$rss" "$status"
    rm -f "$log"
}

measure "stats --no-replay" "$mgn" stats --no-replay games-100m.mgn
measure "stats --no-replay --by Game" "$mgn" stats --no-replay --by Game games-100m.mgn
measure "stats (every game replayed)" "$mgn" stats games-100m.mgn
measure "check -q (for comparison)" "$mgn" check -q games-100m.mgn
rm -rf split-out
measure "split --per 1000" "$mgn" split --per 1000 -o split-out games-100m.mgn
rm -rf split-out
measure "split --by-tag Event (one file a game)" "$mgn" split --by-tag Event -o split-out games-100m.mgn
rm -rf split-out
