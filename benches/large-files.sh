#!/usr/bin/env bash
# Memory and time of mgn on large inputs (docs/performance.md, "Large files"): peak resident
# memory from /usr/bin/time -v, wall time, and the speed-up of every core over one.
#
#   benches/large-files.sh [FOLDER]     (default: target/large-files; needs about 15 GB free for
#                                         the YAML of the 1 GB file, removed at the end)
#
# It builds the release binary, generates its inputs once (they are kept in FOLDER), and prints
# one line per measurement. Nothing here is a test: the figures depend on the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
mgn="$PWD/target/release/mgn"
folder="${1:-target/large-files}"
mkdir -p "$folder"
cd "$folder"

measure() { # label, then the command
    local label="$1"
    shift
    local log
    log=$(mktemp)
    local status=0
    /usr/bin/time -v "$@" > /dev/null 2> "$log" || status=$?
    local rss wall
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log")
    printf '%-48s %10s KB peak  %10s wall  exit %s\n' "$label" "$rss" "$wall" "$status"
    rm -f "$log"
}

# Generated games of every game, a checkpoint after every move: about 1 GB.
if [ ! -s games-1g.mgn ]; then
    "$mgn" generate --game dakon --games 200 --checkpoints --seed 5 > part-dakon.mgn
    "$mgn" generate --game nchuwa --games 5000 --checkpoints --seed 11 > part-nchuwa.mgn
    "$mgn" generate --game mraw-imrujen --games 45000 --checkpoints --seed 11 > part-mraw.mgn
    "$mgn" generate --game dong-wo --games 10000 --checkpoints --seed 11 > part-dong-wo.mgn
    cat part-dakon.mgn part-nchuwa.mgn part-mraw.mgn part-dong-wo.mgn > games-1g.mgn
fi
# One Dakon game of 64 MiB (its moves break the rules after the first ply: the rest is read).
if [ ! -s one-game-64m.mgn ]; then
    {
        printf '[Game "dakon"]\n\n'
        awk 'BEGIN { size = 0; n = 1; while (size < 64 * 1048576) { line = n ". B4 A1"; print line; size += length(line) + 1; n++ } }'
        printf '*\n'
    } > one-game-64m.mgn
fi
# The same size on one line, its second ply illegal (`B4 B4 B4 ...`): a failure's report shows
# a part of the line, and once held 16 bytes for each of its characters (1.1 GB).
if [ ! -s one-line-64m.mgn ]; then
    {
        printf '[Game "dakon"]\n\n'
        awk 'BEGIN { size = 0; while (size < 64 * 1048576) { printf "B4 "; size += 3 } }'
        printf '*\n'
    } > one-line-64m.mgn
fi
ls -l games-1g.mgn one-game-64m.mgn one-line-64m.mgn

measure "check games-1g.mgn (every core)" "$mgn" check -q games-1g.mgn
# One core for the reading thread and the checking alike: the speed-up is the fair one.
measure "check games-1g.mgn (one core)" taskset -c 0 "$mgn" check -q games-1g.mgn
for part in part-dakon.mgn part-mraw.mgn part-nchuwa.mgn part-dong-wo.mgn; do
    measure "check $part (one checking thread)" env RAYON_NUM_THREADS=1 "$mgn" check -q "$part"
done
measure "check one-game-64m.mgn" "$mgn" check -q one-game-64m.mgn
for command in check replay show; do
    measure "$command one-line-64m.mgn (fails at ply 2)" "$mgn" "$command" one-line-64m.mgn
done
measure "replay games-1g.mgn" "$mgn" replay games-1g.mgn
measure "replay --format json games-1g.mgn" "$mgn" replay --format json games-1g.mgn
measure "convert games-1g.mgn to yaml" "$mgn" convert --to yaml -o games-1g.yaml games-1g.mgn
measure "convert games-1g.yaml to mgn" "$mgn" convert --to mgn -o games-1g-again.mgn games-1g.yaml
measure "convert one-game-64m.mgn to yaml" "$mgn" convert --to yaml -o one-game-64m.yaml one-game-64m.mgn
"$mgn" convert --to mgn games-1g.mgn | cmp - games-1g-again.mgn && echo "the round trip through YAML keeps every game"
ls -l games-1g.yaml
rm -f games-1g.yaml  # about ten times the MGN
