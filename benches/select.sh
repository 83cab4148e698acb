#!/usr/bin/env bash
# Speed and memory of mgn select over a large generated collection (docs/performance.md,
# "Collections (#33)"): each run on one core (taskset -c 0), its wall time, its CPU time (user +
# system: the figure a busy machine changes least), the megabytes of input read per second of
# each, and its peak resident memory from /usr/bin/time -v; then the same over the first half of
# the file, to show that memory does not grow with the input.
#
#   benches/select.sh [FOLDER]     (default: target/collections; about 120 MB, kept there)
#
# Nothing here is a test: the figures depend on the machine and on what else runs on it.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p mgn-cli
mgn="$PWD/target/release/mgn"
folder="${1:-target/collections}"
mkdir -p "$folder"
cd "$folder"

# Games of all four, a checkpoint after every move: about 116 MB, 13,300 games.
if [ ! -s games.mgn ]; then
    {
        "$mgn" generate --game dakon --games 800 --checkpoints --seed 5
        "$mgn" generate --game nchuwa --games 1500 --checkpoints --seed 11
        "$mgn" generate --game mraw-imrujen --games 8000 --checkpoints --seed 11
        "$mgn" generate --game dong-wo --games 3000 --checkpoints --seed 11
    } 2> /dev/null > games.mgn
fi
if [ ! -s half.mgn ]; then
    head -c $(($(stat -c %s games.mgn) / 2)) games.mgn > half.mgn
fi

measure() { # label, input, then mgn's arguments (the input is the last)
    local label="$1" input="$2"
    shift 2
    local log
    log=$(mktemp)
    local status=0
    taskset -c 0 /usr/bin/time -v "$mgn" "$@" "$input" > /dev/null 2> "$log" || status=$?
    awk -F': ' -v label="$label" -v bytes="$(stat -c %s "$input")" -v status="$status" '
        /User time/ { user = $2 }
        /System time/ { sys = $2 }
        /Elapsed \(wall clock\)/ { n = split($2, t, ":"); wall = t[n] + (n > 1 ? 60 * t[n-1] : 0) }
        /Maximum resident set size/ { rss = $2 }
        END {
            cpu = user + sys
            printf "%-44s %6.2f s wall %5.0f MB/s   %6.2f s CPU %5.0f MB/s   %7d KB peak  exit %s\n",
                label, wall, bytes / 1e6 / wall, cpu, bytes / 1e6 / cpu, rss, status
        }' "$log"
    rm -f "$log"
}

ls -l games.mgn half.mgn
for input in games.mgn half.mgn; do
    measure "select --tag Event=*seed 5* --count ($input)" "$input" select --tag 'Event=*seed 5*' --count
    measure "select --tag Event=*seed 5* ($input)" "$input" select --tag 'Event=*seed 5*'
    measure "select, no filter: all written ($input)" "$input" select
    measure "select --plies 100..300 --dedupe ($input)" "$input" select --plies 100..300 --dedupe
    measure "select --verdict fail ($input)" "$input" select --verdict fail
    measure "select --rule dong-wo.tianzi.borrow ($input)" "$input" select --rule dong-wo.tianzi.borrow
    measure "check -q, for comparison ($input)" "$input" check -q
done
