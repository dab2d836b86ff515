#!/usr/bin/env bash
# Submits a sharded gomoku-arena tournament to Slurm: a job array with one shard per task
# (tournament-array.sbatch), then the merge (merge.sbatch), which starts only once every
# shard has succeeded (afterok) and is cancelled if one fails (--kill-on-invalid-dep).
#
# usage: deploy/slurm/submit.sh CONFIG SHARDS RUN_DIR [sbatch options for both jobs...]
#   e.g. deploy/slurm/submit.sh configs/tournaments/quick.ron 8 /shared/runs/quick -p long
#
# CONFIG, RUN_DIR and the binary must be on a filesystem every node sees. Environment:
#   GOMOKU_ARENA   the binary (default: gomoku-arena on PATH; made absolute here)
#   SHARD_CPUS     --cpus-per-task of each shard (default: the sbatch file's, 2)
#   MAX_PARALLEL   at most this many shards at once (the array's %limit; default: no limit)
# Prints "ARRAY_JOB_ID MERGE_JOB_ID" on stdout and writes them to RUN_DIR/jobs.env.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
die() { echo "submit: $*" >&2; exit 2; }

kind=tournament
# shellcheck source=submit-args.sh
source "$here/submit-args.sh"
mkdir -p "$run_dir/shards"
if compgen -G "$run_dir/shards/shard-*/games.jsonl" >/dev/null; then
    echo "submit: $run_dir already has shard journals: the shards resume them" >&2
fi

# Everything goes to the jobs through the environment (--export=ALL): no quoting trouble
# with commas or spaces in paths, as --export=VAR=value would have.
export CONFIG=$config RUN_DIR=$run_dir SHARDS=$shards GOMOKU_ARENA=$arena
unset SHARD_BASE MERGE_OUT

array=0-$((shards - 1))
[ -n "${MAX_PARALLEL:-}" ] && array+="%$MAX_PARALLEL"
array_opts=(--array="$array")
[ -n "${SHARD_CPUS:-}" ] && array_opts+=(--cpus-per-task="$SHARD_CPUS")

# --parsable prints "jobid" or "jobid;cluster".
array_id=$(sbatch --parsable --export=ALL --chdir="$run_dir" \
    --job-name="gomoku-shard" --output="$run_dir/logs/shard-%a.out" \
    "${array_opts[@]}" "$@" "$here/tournament-array.sbatch")
array_id=${array_id%%;*}
[[ "$array_id" =~ ^[0-9]+$ ]] || die "sbatch returned '$array_id' for the array"

merge_id=$(sbatch --parsable --export=ALL --chdir="$run_dir" \
    --job-name="gomoku-merge" --output="$run_dir/logs/merge.out" \
    --dependency="afterok:$array_id" --kill-on-invalid-dep=yes \
    "$@" "$here/merge.sbatch")
merge_id=${merge_id%%;*}
[[ "$merge_id" =~ ^[0-9]+$ ]] || die "sbatch returned '$merge_id' for the merge"

printf 'ARRAY_JOB_ID=%s\nMERGE_JOB_ID=%s\n' "$array_id" "$merge_id" > "$run_dir/jobs.env"
cat >&2 <<MSG
submitted $shards shards as array job $array_id, merge as job $merge_id (afterok)
  watch:   squeue -j $array_id,$merge_id
  logs:    $run_dir/logs/
  result:  $run_dir/merged/ (after job $merge_id completes)
MSG
echo "$array_id $merge_id"
