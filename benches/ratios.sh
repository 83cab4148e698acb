#!/usr/bin/env bash
# The ratios of issue #36 (docs/performance.md, "Writing as fast as reading"), measured in one
# run on one core (`taskset -c 0`), the commands compared interleaved so that a change in the
# machine's load falls on all of them alike:
#
#   - per game, `convert --to mgn` (to a file and to standard output), `--to json` and
#     `--to yaml`, `select --tag` and `stats --no-replay`, each against `check -q` of the same
#     file (a file of generated games with a checkpoint after every ply);
#   - `mgn generate --jobs 1` against Ludii's `--time-playouts` on Nchuwa 4x6 under the `ludii`
#     preset, interleaved mgn, Ludii, mgn; and `mgn generate` on every core against --jobs 1.
#
#   benches/ratios.sh [ROUNDS]     (default 3 rounds; the best CPU time of each command is kept)
#   MGN=path/to/mgn benches/ratios.sh   (that binary, not the release build made here)
#
# Each figure is the command's CPU time (user + system, `/usr/bin/time`), the best of the
# rounds, and the wall time beside it; a ratio is the check's time over the command's, so that
# 1.0 or more says "at least as fast as check". Ludii's figure is its own playouts per second.
# The inputs are made once, in target/ratios (about 70 MB). Before each timed command 1.4 GB is
# written and removed, untimed (`settle`, below: this virtual machine's memory). Nothing here is
# a test: the figures depend on the machine, and are meant for a quiet one.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
if [ -z "${MGN:-}" ]; then
    cargo build --release --quiet -p mgn-cli
    MGN="$PWD/target/release/mgn"
fi
mgn="$(realpath "$MGN")"
ludii="${LUDII_JAR:-/work/peers/ludii/Ludii.jar}"
folder=target/ratios
mkdir -p "$folder"
cd "$folder"

# Games for about 70 MB of MGN each, a checkpoint after every ply: a command takes a few tenths
# of a second, which `time`'s hundredths measure to a few per cent.
declare -A games=([dakon]=900 [mraw-imrujen]=30000 [nchuwa]=24000 [dong-wo]=9000)
declare -A file
for game in dakon mraw-imrujen nchuwa dong-wo; do
    file[$game]="$game-${games[$game]}.mgn"
    # Made aside and then renamed: a generation that fails leaves no short input for the next run.
    if [ ! -s "${file[$game]}" ]; then
        if ! "$mgn" generate --game "$game" --games "${games[$game]}" --checkpoints --seed 36 \
            > "${file[$game]}.part" 2> generate.err; then
            cat generate.err >&2
            echo "ratios.sh: generating ${file[$game]} failed" >&2
            exit 1
        fi
        mv "${file[$game]}.part" "${file[$game]}"
        rm -f generate.err
    fi
done

# Runs a command and prints "CPU WALL USER" in seconds (CPU is user + system). A command that
# fails stops the script with its error: its time, that of a command that did not do the work,
# would make a ratio of nothing. (Each caller assigns what this prints, so that `set -e` sees the failure.)
timed() {
    local log status=0
    log=$(mktemp -p .)
    /usr/bin/time -f '%U %S %e' -o "$log" "$@" > /dev/null 2> "$log.err" || status=$?
    if [ "$status" -ne 0 ]; then
        cat "$log.err" >&2
        echo "ratios.sh: \`$*\` failed (exit $status)" >&2
        rm -f "$log" "$log.err"
        exit 1
    fi
    # `time` writes one line for a command that succeeds.
    awk '{ printf "%.3f %.3f %.3f\n", $1 + $2, $3, $1 }' "$log"
    rm -f "$log" "$log.err"
}

# Writes and removes 1.4 GB (more than the largest document), untimed. This virtual machine
# hands memory its kernel frees back to the host (page_reporting, a DAMON `pageout` scheme), and
# the first touch of a page handed back costs the host a fault: a command whose output (up to
# 1.3 GB of page cache) landed on such pages spent 70 % of its time in the kernel's copy into
# them (`perf record`: copy_folio_from_iter_atomic at 0.6 GB/s), and whether its pages were
# handed back depended on how long the machine had been idle before it, not on the command.
# Each timed command starts after this, so that its writes land on memory the host backs, as on
# a machine of its own.
# What the script writes, removed however it ends (a full disk stops `dd` and the script).
trap 'rm -f settle.out bytes.out out.mgn out.json out.yaml' EXIT
settle() {
    dd if=/dev/zero of=settle.out bs=1M count=1400 status=none
    rm -f settle.out
}

# `timed` on core 0, after `settle`.
cpu() {
    settle
    timed taskset -c 0 "$@"
}

declare -A best wall user
keep() { # key, "CPU WALL USER", and "any" for a time no ratio divides by (it may be 0)
    local key="$1" c w u
    read -r c w u <<< "$2"
    # The least user time of the rounds, apart from the least CPU time (whose round it may not be).
    if [ -z "${user[$key]:-}" ] || awk -v a="$u" -v b="${user[$key]}" 'BEGIN { exit !(a < b) }'; then
        user[$key]=$u
    fi
    # No CPU time measured (the clock counts hundredths) would divide by nothing.
    if [ "${3:-}" != any ] && ! awk -v c="${c:-0}" 'BEGIN { exit !(c > 0) }'; then
        echo "ratios.sh: $key took no measurable CPU time (\"$2\"): no ratio of it" >&2
        exit 1
    fi
    if [ -z "${best[$key]:-}" ] || awk -v a="$c" -v b="${best[$key]}" 'BEGIN { exit !(a < b) }'; then
        best[$key]=$c
        wall[$key]=$w
    fi
}

commands=(check mgn mgn-stdout json yaml select stats)
run() { # command name, game
    local input="${file[$2]}"
    case "$1" in
        check) cpu "$mgn" check -q "$input" ;;
        mgn) cpu "$mgn" convert --to mgn -o out.mgn "$input" ;;
        mgn-stdout) cpu "$mgn" convert --to mgn "$input" ;;
        json) cpu "$mgn" convert --to json -o out.json "$input" ;;
        yaml) cpu "$mgn" convert --to yaml -o out.yaml "$input" ;;
        select) cpu "$mgn" select --tag 'Event=*game 7*' --count "$input" ;;
        stats) cpu "$mgn" stats --no-replay "$input" ;;
    esac
}

# The kernel's part of a document's time: writing as many bytes alone, a megabyte at a time and
# synced as mgn writes a file, with nothing to put together (zeros). A document is several
# times its input, and this part grows with its size whatever the writer does.
declare -A written
bytes_alone() { # size in bytes
    # Into a new file, as mgn writes its output (a temporary file renamed over the old).
    rm -f bytes.out
    cpu dd if=/dev/zero of=bytes.out bs=1M count=$((($1 + (1 << 20) - 1) >> 20)) \
        conv=fsync status=none
    # Not kept to the end of the run: up to 1.3 GB (Dong Wo's JSON).
    rm -f bytes.out
}

for round in $(seq "$rounds"); do
    for game in dakon mraw-imrujen nchuwa dong-wo; do
        for command in "${commands[@]}"; do
            time=$(run "$command" "$game")
            keep "$game $command" "$time"
            case "$command" in
                json | yaml)
                    written["$game $command"]=$(stat -c %s "out.$command")
                    rm -f "out.$command"
                    time=$(bytes_alone "${written["$game $command"]}")
                    # The kernel may write a small document's bytes within the clock's hundredth.
                    keep "$game $command bytes" "$time" any
                    ;;
            esac
            # Each output removed once measured: a command that renames its output over an old
            # one frees the old one's pages in its own time (up to 1.3 GB of another game's
            # document), which is not its work.
            rm -f out.mgn out.json out.yaml
        done
    done
done
rm -f out.mgn out.json out.yaml bytes.out settle.out

echo "Per game, CPU seconds (user + system) on one core, best of $rounds, wall beside, and check's time"
echo "over each; then the same in user time alone (the system's share grows with the bytes written;"
echo "a virtual machine's kernel may sample the split between the two, docs/performance.md):"
for game in dakon mraw-imrujen nchuwa dong-wo; do
    size=$(stat -c %s "${file[$game]}")
    for command in "${commands[@]}"; do
        c="${best[$game $command]}"
        awk -v g="$game" -v k="$command" -v c="$c" -v w="${wall[$game $command]}" \
            -v check="${best[$game check]}" -v size="$size" -v u="${user[$game $command]}" \
            -v check_user="${user[$game check]}" 'BEGIN {
            printf "%-13s %-11s %7.3f s CPU %7.3f s wall %7.1f MB/s   check/this %.2f   user %6.3f s, check/this %.2f\n",
                g, k, c, w, size / 1e6 / (c > 0 ? c : 1e-9), check / (c > 0 ? c : 1e-9),
                u, check_user / (u > 0 ? u : 1e-9) }'
    done
done
echo "The documents' bytes written alone (dd of zeros, 1 MiB writes, fsync), CPU seconds, best of"
echo "$rounds, and their share of the time 1.5 times check's leaves a document:"
for game in dakon mraw-imrujen nchuwa dong-wo; do
    for command in json yaml; do
        key="$game $command"
        awk -v g="$game" -v k="$command" -v b="${best[$key bytes]}" -v c="${best[$key]}" \
            -v check="${best[$game check]}" -v size="${written[$key]}" 'BEGIN {
            printf "%-13s %-5s %8.1f MB   bytes alone %6.3f s: %3.0f %% of 1.5 x check (%.3f s); the command %.3f s\n",
                g, k, size / 1e6, b, 100 * b / (1.5 * check), 1.5 * check, c }'
    done
done

# Generate against Ludii: mgn, Ludii, mgn.
generated=200000
mgn_generate() {
    cpu "$mgn" generate --game nchuwa --preset ludii --games "$generated" --jobs 1
}
first=$(mgn_generate)
ludii_rate=none
if [ -f "$ludii" ] && command -v java > /dev/null; then
    taskset -c 0 java -jar "$ludii" --time-playouts --game-names /Nchuwa.lud \
        --warming-up-secs 10 --measure-secs 30 --export-csv ludii.csv > /dev/null 2>&1 || true
    ludii_rate=$(awk -F, 'NR == 2 { print $2 }' ludii.csv 2> /dev/null || echo none)
    rm -f ludii.csv
fi
second=$(mgn_generate)
# Their wall times, the second of the three fields.
every=$(timed "$mgn" generate --game nchuwa --preset ludii --games "$generated")
read -r _ every _ <<< "$every"
one=$(timed "$mgn" generate --game nchuwa --preset ludii --games "$generated" --jobs 1)
read -r _ one _ <<< "$one"
awk -v first="$first" -v second="$second" -v ludii="$ludii_rate" -v n="$generated" \
    -v every="$every" -v one="$one" 'BEGIN {
    split(first, a, " "); split(second, b, " ");
    best = a[1] < b[1] ? a[1] : b[1];
    printf "generate --jobs 1, Nchuwa ludii: %d games in %.3f and %.3f s CPU: %.0f games/s (best)\n",
        n, a[1], b[1], n / best;
    if (ludii != "none" && ludii > 0)
        printf "Ludii --time-playouts: %.1f playouts/s; mgn/Ludii %.1f\n", ludii, n / best / ludii;
    else
        print "Ludii: not run (no Ludii.jar or java)";
    printf "generate, every core against --jobs 1 (wall): %.3f s against %.3f s: %.2f times\n",
        every, one, one / every }'
