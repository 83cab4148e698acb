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
    "$mgn" generate --game dakon --games 3500 --seed 33 > part-dakon.mgn
    "$mgn" generate --game nchuwa --games 13000 --seed 33 > part-nchuwa.mgn
    "$mgn" generate --game mraw-imrujen --games 50000 --seed 33 > part-mraw.mgn
    "$mgn" generate --game dong-wo --games 20000 --seed 33 > part-dong-wo.mgn
    cat part-dakon.mgn part-nchuwa.mgn part-mraw.mgn part-dong-wo.mgn > games-100m.mgn
    rm -f part-*.mgn
fi
# About 100 MB of the same with a checkpoint after every move, as CI generates them: most of
# their bytes are checkpoints, which the replay compares without reading (docs/performance.md).
if [ ! -s checkpoints-100m.mgn ]; then
    "$mgn" generate --game nchuwa --games 6000 --checkpoints --seed 34 > part-nchuwa.mgn
    "$mgn" generate --game mraw-imrujen --games 16000 --checkpoints --seed 34 > part-mraw.mgn
    "$mgn" generate --game dong-wo --games 6000 --checkpoints --seed 34 > part-dong-wo.mgn
    cat part-nchuwa.mgn part-mraw.mgn part-dong-wo.mgn > checkpoints-100m.mgn
    rm -f part-*.mgn
fi

measure() { # label, then the command
    local label="$1"
    shift
    local log status=0
    log=$(mktemp)
    # One core, for the reading and the summarising alike.
    /usr/bin/time -v taskset -c 0 "$@" > /dev/null 2> "$log" || status=$?
    local rss wall seconds cpu
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log")
    seconds=$(awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }' <<< "$wall")
    # On a shared machine the wall time counts the waits for the core; the CPU time does not.
    cpu=$(awk -F': ' '/User time/ {u = $2} /System time/ {s = $2} END {print u + s}' "$log")
    printf '%-40s %8s wall %7.1f MB/s %7.2f s CPU %7.1f MB/s %7s KB peak  exit %s\n' \
        "$label" "$wall" "$(awk -v b="$bytes" -v s="$seconds" 'BEGIN { print b / s / 1e6 }')" \
        "$cpu" "$(awk -v b="$bytes" -v s="$cpu" 'BEGIN { print b / s / 1e6 }')" "$rss" "$status"
    rm -f "$log"
}

for input in games-100m.mgn checkpoints-100m.mgn; do
    bytes=$(stat -c %s "$input")
    printf 'input: %s, %d bytes\n' "$input" "$bytes"
    measure "stats --no-replay" "$mgn" stats --no-replay "$input"
    measure "stats --no-replay --by Game" "$mgn" stats --no-replay --by Game "$input"
    measure "select --tag Event=*seed 5* --count" "$mgn" select --tag 'Event=*seed 5*' --count "$input"
    measure "stats (every game replayed)" "$mgn" stats "$input"
    measure "check -q (for comparison)" "$mgn" check -q "$input"
done
bytes=$(stat -c %s games-100m.mgn)
rm -rf split-out
measure "split --per 1000 games-100m.mgn" "$mgn" split --per 1000 -o split-out games-100m.mgn
rm -rf split-out
measure "split --by-tag Event (a file a game)" "$mgn" split --by-tag Event -o split-out games-100m.mgn
rm -rf split-out
