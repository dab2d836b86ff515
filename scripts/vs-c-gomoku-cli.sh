#!/usr/bin/env bash
# Side by side, on the same machine and the same work: our in-process runner against
# c-gomoku-cli driving our own Gomocup brain (pbrain-gomoku-arena). Two copies of the seed
# engine at depth 1 play the 36 Gomocup 2024-2026 freestyle 15x15 openings from ../shared
# (or --book FILE, offset format), both colours, 28 rounds: 2,016 games on 2 threads, once
# with the root VCF off and once on. Each workload runs --repeat times (default 3), the two
# runners alternating; the table gives the medians and their ratio.
#
#   scripts/vs-c-gomoku-cli.sh                       # c-gomoku-cli from PATH
#   C_GOMOKU_CLI=/path/to/c-gomoku-cli scripts/vs-c-gomoku-cli.sh --repeat 5
#
# c-gomoku-cli is not installed by this project (build it from its own repository); without
# it the script says so and exits 0. No time control is sent, so the brain searches to its
# configured depth exactly as the in-process engine does (c-gomoku-cli sends
# `timeout_match 0`, which the protocol defines as no limit).
set -euo pipefail
cd "$(dirname "$0")/.."

repeat=3
threads=2
rounds=28
book=""
while [ $# -gt 0 ]; do
    case "$1" in
        --repeat) repeat=$2; shift ;;
        --threads) threads=$2; shift ;;
        --rounds) rounds=$2; shift ;;
        --book) book=$2; shift ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "vs-c-gomoku-cli.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

cli=${C_GOMOKU_CLI:-$(command -v c-gomoku-cli || true)}
if [ -z "$cli" ] || [ ! -x "$cli" ]; then
    echo "c-gomoku-cli is not installed (put it in PATH or set C_GOMOKU_CLI); nothing to compare"
    exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$book" ]; then
    shared=../shared/data/openings
    for y in 2024 2025 2026; do
        f=$shared/gomocup_freestyle15_$y.txt
        [ -f "$f" ] || { echo "no book: $f is missing (give --book FILE)" >&2; exit 2; }
        grep -v '^\s*$' "$f"
    done > "$work/book.txt"
else
    grep -v '^\s*$' "$book" > "$work/book.txt"
fi
openings=$(wc -l < "$work/book.txt")
games=$(( openings * 2 * rounds ))

cargo build --release -q -p gomoku-arena
bin=${CARGO_TARGET_DIR:-target}/release
arena=$(realpath "$bin/gomoku-arena")
brain=$(realpath "$bin/pbrain-gomoku-arena")
tables=$(realpath configs/tables)

median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
now() { date +%s.%N; }

printf '%s games per run (%s openings x 2 colours x %s rounds), %s threads, %s runs each\n' \
    "$games" "$openings" "$rounds" "$threads" "$repeat"
printf '%-8s %12s %16s %8s\n' workload "ours (s)" "c-gomoku-cli (s)" ratio
for vcf in false true; do
    engine=$work/seed-d1-vcf-$vcf.ron
    sed -e "s|\"../tables/|\"$tables/|" -e 's/depth: 2,/depth: 1,/' -e "s/vcf: true,/vcf: $vcf,/" \
        -e 's/name: "seed-d2"/name: "seed-d1"/' configs/engines/seed-d2.ron > "$engine"
    cat > "$work/match.ron" <<RON
Tournament(
    name: "side-by-side",
    participants: [
        Variant(base: "$engine", name: "a", overrides: ()),
        Variant(base: "$engine", name: "b", overrides: ()),
    ],
    format: RoundRobin,
    board: (size: 15, k: 5, rule: Freestyle),
    openings: (file: "$work/book.txt", format: Offset, limit: None, transform: false),
    rounds: $rounds,
    time_control: EngineDefault,
    seed: 1,
    threads: Some($threads),
    output: "$work/ours",
    move_cap: None,
    standings_every: 1000000,
)
RON
    : > "$work/ours.times"
    : > "$work/cli.times"
    for _ in $(seq "$repeat"); do
        rm -rf "$work/ours"
        t0=$(now)
        "$arena" tournament "$work/match.ron" > "$work/ours.log" 2>&1
        t1=$(now)
        awk "BEGIN {print $t1 - $t0}" >> "$work/ours.times"
        rm -f "$work/cli.pgn"
        t0=$(now)
        (cd "$work" && "$cli" -each "cmd=$brain --engine $engine" \
            -engine name=a -engine name=b -rule 0 -boardsize 15 \
            -openings file="$work/book.txt" type=offset order=sequential -repeat \
            -games "$games" -concurrency "$threads" -pgn cli.pgn > cli.log 2>&1)
        t1=$(now)
        awk "BEGIN {print $t1 - $t0}" >> "$work/cli.times"
        played=$(grep -c '^\[Result' "$work/cli.pgn" || true)
        [ "$played" -eq "$games" ] || { echo "c-gomoku-cli played $played of $games games; see its log:" >&2; tail "$work/cli.log" >&2; exit 1; }
    done
    ours=$(median < "$work/ours.times")
    theirs=$(median < "$work/cli.times")
    label=$([ "$vcf" = true ] && echo "VCF on" || echo "VCF off")
    printf '%-8s %12.2f %16.2f %7.1fx\n' "$label" "$ours" "$theirs" "$(awk "BEGIN {print $theirs / $ours}")"
    grep -o 'worker time:.*' "$work/ours.log" | sed 's/^/         ours: /'
done
