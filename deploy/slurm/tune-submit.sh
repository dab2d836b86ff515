#!/usr/bin/env bash
# Submits a tuning run to Slurm as a chain of steps: for each step that plays games, a job
# array with one shard per task (tune-shard.sbatch), then the step's merge (tune-merge.sbatch),
# which applies the step's update; the next step's array starts after that merge (afterok).
# A last job (tune-merge.sbatch with FINISH=1) finishes the run: Texel's sweeps, the
# confirmation match, the report. Every job depends on the one before with afterok and
# --kill-on-invalid-dep, so a failure cancels the rest of the chain instead of leaving it
# pending. Submitting the same command again continues from the checkpoint in RUN_DIR: it
# chains only the steps left (`gomoku-arena tune CONFIG --steps --resume`), and their shards
# resume their journals (a shard killed mid-step plays only its missing games). Logs are
# named by step and appended to, so a failed attempt's log stays above its retry's.
#
# usage: deploy/slurm/tune-submit.sh CONFIG SHARDS RUN_DIR [sbatch options for every job...]
#   e.g. deploy/slurm/tune-submit.sh configs/tune/tuned-spsa.ron 8 /shared/runs/spsa -p long
#
# CONFIG, RUN_DIR and the binary must be on a filesystem every node sees. Environment:
#   GOMOKU_ARENA   the binary (default: gomoku-arena on PATH; made absolute here)
#   SHARD_CPUS     --cpus-per-task of each shard and merge (default: the sbatch files', 2)
#   STEPS          steps to chain (default: those left, all of the file's for a new RUN_DIR)
# Prints the job ids (arrays and merges in chain order, the finish last) on stdout and writes
# them to RUN_DIR/jobs.env.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
die() { echo "tune-submit: $*" >&2; exit 2; }

kind=tuning
# shellcheck source=submit-args.sh
source "$here/submit-args.sh"
all=$("$arena" tune "$config" --steps) || die "cannot read the steps of $config"
left=$("$arena" tune "$config" --out "$run_dir" --steps --resume) ||
    die "cannot read the steps left of the run in $run_dir"
[[ "$all" =~ ^[0-9]+$ && "$left" =~ ^[0-9]+$ ]] || die "steps of $config: '$all', left: '$left'"
steps=${STEPS:-$left}
[[ "$steps" =~ ^[0-9]+$ ]] || die "STEPS must be a number, got '$steps'"
first=$((all - left + 1))   # the number of the next step, for the log names

# Everything goes to the jobs through the environment (--export=ALL), as in submit.sh.
export CONFIG=$config RUN_DIR=$run_dir SHARDS=$shards GOMOKU_ARENA=$arena
unset FINISH
cpus=()
[ -n "${SHARD_CPUS:-}" ] && cpus=(--cpus-per-task="$SHARD_CPUS")

ids=() after=()
submit() {   # submit NAME LOG [sbatch args...]: one job after the previous one; prints its id
    local name=$1 log=$2 id
    shift 2
    id=$(sbatch --parsable --export=ALL --chdir="$run_dir" --job-name="$name" \
        --output="$run_dir/logs/$log" --open-mode=append "${after[@]}" "${cpus[@]}" "$@") ||
        die "sbatch failed for $name"
    id=${id%%;*}   # "jobid" or "jobid;cluster"
    [[ "$id" =~ ^[0-9]+$ ]] || die "sbatch returned '$id' for $name"
    ids+=("$id")
    after=(--dependency="afterok:$id" --kill-on-invalid-dep=yes)
}

for ((s = first; s < first + steps; s++)); do
    step=$(printf '%04d' "$s")
    submit "gomoku-tune-shard" "step-$step-shard-%a.out" --array="0-$((shards - 1))" \
        "$@" "$here/tune-shard.sbatch"
    submit "gomoku-tune-merge" "step-$step-merge.out" "$@" "$here/tune-merge.sbatch"
done
FINISH=1 submit "gomoku-tune-finish" "finish.out" "$@" "$here/tune-merge.sbatch"

printf 'TUNE_JOB_IDS="%s"\n' "${ids[*]}" > "$run_dir/jobs.env"
cat >&2 <<MSG
submitted $steps of $all steps (from step $first) of $shards shards (an array and a merge each) and the finish: ${#ids[@]} jobs
  watch:   squeue -j $(IFS=,; echo "${ids[*]}")
  logs:    $run_dir/logs/
  result:  $run_dir/tuned.ron, confirmation.json, report/ (after job ${ids[-1]})
MSG
echo "${ids[*]}"
