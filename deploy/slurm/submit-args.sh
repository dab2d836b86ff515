# Sourced by submit.sh and tune-submit.sh, which define die() and `kind` (what CONFIG is):
# checks the arguments CONFIG SHARDS RUN_DIR and takes them off "$@", leaving the sbatch
# options; makes the binary, CONFIG and RUN_DIR absolute, since the jobs run in other
# directories, on other nodes; creates RUN_DIR/logs (Slurm does not create --output
# directories). Sets arena, config, shards and run_dir.
[ $# -ge 3 ] || die "usage: $0 CONFIG SHARDS RUN_DIR [sbatch options...]"
config=$1 shards=$2 run_dir=$3
shift 3
[ -f "$config" ] || die "no $kind file $config"
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || die "SHARDS must be a positive integer, got '$shards'"
command -v sbatch >/dev/null || die "sbatch not found: run this on a Slurm login node"

arena=${GOMOKU_ARENA:-gomoku-arena}
if [[ "$arena" != */* ]]; then
    arena=$(command -v "$arena") || die "no $arena on PATH (set GOMOKU_ARENA=/path/to/gomoku-arena)"
fi
{ [ -f "$arena" ] && [ -x "$arena" ]; } || die "$arena is not an executable file"
arena=$(realpath "$arena")
config=$(realpath "$config")
mkdir -p "$run_dir/logs"
run_dir=$(realpath "$run_dir")
