#!/usr/bin/env bash
# Builds the libFuzzer binaries of fuzz/ with coverage instrumentation on the stable
# toolchain and runs each target for a number of inputs, one target at a time, then prints a
# table: inputs, seconds, peak RSS, new corpus units, result. README.md beside this file
# explains the targets and what to do with a finding.
#
#   fuzz/run.sh                      # every target, 1,000,000 inputs each (the long run)
#   fuzz/run.sh --ci                 # every target, 10,000 inputs each, quick build (CI)
#   fuzz/run.sh --runs 200000 sgf    # some targets, another count
#   fuzz/run.sh --time 600 book      # or for a time (seconds) per target
#
# Each target starts from the inputs it must get through (fuzz/regressions/<target>/), its
# committed seeds (fuzz/seeds/<target>/) and seeds read where they lie: the repository's
# configs, books, SGF, PGN and journals, and ../shared/data when it is there (never copied
# into the repository). Inputs that libFuzzer finds interesting accumulate in
# fuzz/corpus/<target>/ (ignored by git); a failing input is written to
# fuzz/artifacts/<target>/ and the run's log to fuzz/logs/<target>.log.
# Exit status: 0 when no target failed.
set -euo pipefail

FUZZ=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$FUZZ/.." && pwd)
SHARED="$REPO/../shared/data"

runs=1000000
seconds=0
profile=release
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --ci) profile=fuzz-ci; runs=10000 ;;
        --runs) runs=$2; shift ;;
        --time) seconds=$2; runs=-1; shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        -*) echo "fuzz/run.sh: unknown option $1" >&2; exit 2 ;;
        *) targets+=("$1") ;;
    esac
    shift
done
if [ ${#targets[@]} -eq 0 ]; then
    for f in "$FUZZ"/fuzz_targets/*.rs; do targets+=("$(basename "$f" .rs)"); done
fi

# Per input: at most 10 s and 2 GiB of RSS (libFuzzer's checks), and no single allocation
# over 256 MiB (fuzz/src/lib.rs).
TIMEOUT=10
RSS_MB=2048

# --- build -----------------------------------------------------------------------------------
# The flags cargo-fuzz uses with `--sanitizer none`: SanitizerCoverage's 8-bit counters, the
# PC table and comparison tracing, all stable `-C` flags. `--target` keeps them off build
# scripts and proc macros; the target dir of fuzz/ keeps them off every normal build.
host=$(rustc -vV | sed -n 's/^host: //p')
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing"
export CARGO_TARGET_DIR="$FUZZ/target"
build_start=$(date +%s)
(cd "$FUZZ" && cargo build --profile "$profile" --target "$host" --bins)
echo "fuzz build ($profile): $(( $(date +%s) - build_start )) s"
bin_dir="$CARGO_TARGET_DIR/$host/$profile"

# --- seeds and dictionaries --------------------------------------------------------------------
mkdir -p "$FUZZ/logs"
seed_files() {
    # The repository's and ../shared/data's files that a target starts from, beside the
    # committed fuzz/seeds/<target>/ (which libFuzzer reads as a corpus folder).
    local r="$REPO" s="$SHARED"
    case "$1" in
        config_table) ls "$r"/configs/tables/*.ron "$r"/reports/*/tuned.ron ;;
        config_engine) ls "$r"/configs/engines/*.ron ;;
        config_sprt) ls "$r"/configs/sprt/*.ron ;;
        config_tournament) ls "$r"/configs/tournaments/*.ron ;;
        config_tune) ls "$r"/configs/tune/*.ron ;;
        book) ls "$r"/openings/*.txt "$s"/openings/*.txt ;;
        sgf) find "$r"/reports -name '*.sgf' ;;
        pgn) find "$r"/reports "$s" -name '*.pgn' ;;
        journal) find "$r"/reports -name '*.jsonl'; find "$s" -name '*.jsonl' ;;
        protocol_*) ;;
    esac 2>/dev/null | grep -v ',' || true
}
ron_dict() {
    # Every word and short string of the shipped configs, and RON's punctuation.
    printf '"%s"\n' '(' ')' '[' ']' ': ' ', ' 'Some(' 'None' 'true' 'false' '//' '/*' '*/' \
        'r#' '#' '-' '.' 'e9' '1e400' '18446744073709551616'
    cat "$REPO"/configs/*/*.ron "$FUZZ"/seeds/config_*/*.ron |
        LC_ALL=C grep -oE '[A-Za-z_][A-Za-z0-9_-]*|"[^"\\]{1,60}"' | LC_ALL=C grep -v '[^ -~]' |
        sort -u | sed -e 's/"/\\"/g' -e 's/.*/"&"/'
}
journal_dict() {
    cat "$FUZZ"/seeds/journal/* | grep -oE '"[a-z_]+":' | sort -u | sed -e 's/"/\\"/g' -e 's/.*/"&"/'
    printf '"%s"\n' '{' '}' '[' ']' 'null' 'true' '\"black\"' '\"white\"' '\"draw\"' \
        '[Black \"' '[Result \"' '1-0'
}
dict_for() {
    case "$1" in
        config_*) ron_dict > "$FUZZ/logs/ron.dict"; echo "$FUZZ/logs/ron.dict" ;;
        journal) journal_dict > "$FUZZ/logs/journal.dict"; echo "$FUZZ/logs/journal.dict" ;;
        protocol_*) echo "$FUZZ/dict/protocol.dict" ;;
        *) echo "$FUZZ/dict/$1.dict" ;;
    esac
}
max_len_for() {
    case "$1" in
        journal) echo 8192 ;;
        protocol_*) echo 2048 ;;
        *) echo 4096 ;;
    esac
}

# --- runs ------------------------------------------------------------------------------------
summary="$FUZZ/logs/summary.tsv"
printf 'target\tinputs\tseconds\tpeak_rss_mb\tnew_units\tresult\n' > "$summary"
failed=0
for t in "${targets[@]}"; do
    bin="$bin_dir/$t"
    [ -x "$bin" ] || { echo "no fuzz target $t" >&2; exit 2; }
    mkdir -p "$FUZZ/corpus/$t" "$FUZZ/artifacts/$t"
    seed_files "$t" | paste -sd, - | tr -d '\n' > "$FUZZ/logs/$t.seeds"
    args=(-runs="$runs" -max_len="$(max_len_for "$t")" -timeout="$TIMEOUT"
          -rss_limit_mb="$RSS_MB" -print_final_stats=1 -dict="$(dict_for "$t")"
          -artifact_prefix="$FUZZ/artifacts/$t/")
    [ "$seconds" -gt 0 ] && args+=(-max_total_time="$seconds")
    [ -s "$FUZZ/logs/$t.seeds" ] && args+=(-seed_inputs=@"$FUZZ/logs/$t.seeds")
    log="$FUZZ/logs/$t.log"
    start=$(date +%s%N)
    status=0
    dirs=("$FUZZ/corpus/$t" "$FUZZ/seeds/$t")
    [ -d "$FUZZ/regressions/$t" ] && dirs+=("$FUZZ/regressions/$t")
    RUST_BACKTRACE=1 "$bin" "${args[@]}" "${dirs[@]}" < /dev/null > "$log" 2>&1 || status=$?
    elapsed=$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
    stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
    inputs=$(stat number_of_executed_units)
    rss=$(stat peak_rss_mb)
    units=$(stat new_units_added)
    if [ "$status" -eq 0 ]; then
        result=ok
    else
        failed=1
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        kind=$(grep -oE 'libFuzzer: (deadly signal|timeout|out-of-memory|run interrupted)|panicked at' \
            "$log" | head -1 | sed 's/libFuzzer: //' || true)
        result="FAILED (${kind:-exit $status}): ${artifact:-see $log}"
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "${inputs:-?}" "$elapsed" "${rss:-?}" \
        "${units:-?}" "$result" | tee -a "$summary"
    if [ "$status" -ne 0 ]; then
        echo "---- $log (panic message and backtrace) ----"
        grep -A40 -m1 -E 'panicked|ERROR: libFuzzer|==[0-9]+==' "$log" | head -60 || tail -40 "$log"
        echo "----"
    fi
done
echo
awk -F'\t' '{ printf "%-18s %9s %8s %12s %10s  %s\n", $1, $2, $3, $4, $5, $6 }' "$summary"
exit "$failed"
