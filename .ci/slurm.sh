#!/usr/bin/env bash
# CI for the cluster deployment (deploy/slurm/): brings up a real single-node Slurm cluster
# on this machine (Debian's slurm-wlm + munge, all state in a temp dir), runs the tournament
# as a 4-task job array plus the dependent merge job through deploy/slurm/submit.sh, waits
# for both, plays the same tournament unsharded, and checks that the merged run equals it
# (.ci/slurm/compare_runs.py). Then the same for tuning runs of deterministic players:
# deploy/slurm/tune-submit.sh chains a 4-shard array and a merge per step plus the finish,
# and the final checkpoint, history, tuned files and confirmation must equal the unsharded
# run's byte for byte. Last, a run on a clock (whose games no two runs share): one shard is
# killed (kill -9) in the middle of a step, which cancels the rest of the chain; a merge by
# hand must refuse the partial step, and the same chain submitted again must finish the run,
# replaying only the killed shard's missing games (.ci/slurm/check_tune_run.py). Needs root;
# installs what is missing; stops every daemon it started and removes its temp dir on exit,
# failed or not.
#
# usage: bash .ci/slurm.sh [BINARY [CONFIG [TUNE_CONFIG...]]]
#   BINARY       default: $GOMOKU_ARENA, else ./target/release/gomoku-arena (built by CI before)
#   CONFIG       default: configs/tournaments/quick.ron
#   TUNE_CONFIG  tuning files whose sharded run must equal the unsharded one byte for byte
#                (players at a depth or a node budget); default: configs/tune/tiny-spsa-search.ron
#                (search fields and a score at a node budget), configs/tune/tiny-spsa.ron
#                (table scores at depth 2)
# Environment: SLURM_CI_SHARDS (4), SLURM_CI_TIMEOUT (seconds for the jobs, 300),
#   SLURM_CI_CLOCK_TUNE (the SPSA file on a clock whose shard is killed: default
#   configs/tune/tiny-spsa-clock.ron; at least 2 iterations; empty: no such check),
#   SLURM_CI_KEEP=1 (keep the temp dir: logs, shards, merged and unsharded runs).
set -euo pipefail

start_dir=$(pwd)
cd "$(dirname "$0")/.."
repo=$(pwd)

# Arguments are relative to the caller's directory, defaults to the repository root.
arg_path() { case "$1" in /*) echo "$1" ;; *) echo "$2/$1" ;; esac; }
if [ -n "${1:-}" ]; then arena=$(arg_path "$1" "$start_dir")
elif [ -n "${GOMOKU_ARENA:-}" ]; then arena=$(arg_path "$GOMOKU_ARENA" "$start_dir")
else arena=$repo/target/release/gomoku-arena; fi
if [ -n "${2:-}" ]; then config=$(arg_path "$2" "$start_dir")
else config=$repo/configs/tournaments/quick.ron; fi
tune_configs=()
for f in "${@:3}"; do tune_configs+=("$(arg_path "$f" "$start_dir")"); done
[ ${#tune_configs[@]} -gt 0 ] ||
    tune_configs=("$repo/configs/tune/tiny-spsa-search.ron" "$repo/configs/tune/tiny-spsa.ron")
if [ -z "${SLURM_CI_CLOCK_TUNE+set}" ]; then clock_config=$repo/configs/tune/tiny-spsa-clock.ron
elif [ -n "$SLURM_CI_CLOCK_TUNE" ]; then clock_config=$(arg_path "$SLURM_CI_CLOCK_TUNE" "$start_dir")
else clock_config=""; fi
shards=${SLURM_CI_SHARDS:-4}
timeout_s=${SLURM_CI_TIMEOUT:-300}

# ---------------------------------------------------------------- helpers and cleanup
work=""                # temp dir with every file of the cluster and the runs
policy_created=0       # we put a policy-rc.d in place during apt-get install
array_id="" merge_id=""
tune_ids=()            # the tuning chains' jobs: an array and a merge per step, the finish
declare -A daemon_pid=()
phases=()
phase_name="" phase_t0=0

now_ms() { local t=${EPOCHREALTIME//[!0-9]/}; echo $((10#$t / 1000)); }   # any locale's decimal mark
fmt_ms() { printf '%d.%01ds' $(($1 / 1000)) $(($1 % 1000 / 100)); }
phase() {   # phase NAME: ends the current phase (recording its time), starts NAME
    local t; t=$(now_ms)
    if [ -n "$phase_name" ]; then phases+=("$phase_name $((t - phase_t0))"); fi
    phase_name=$1 phase_t0=$t
    [ -n "$1" ] && echo "== slurm: $1"
    return 0
}
print_phases() {
    local p
    [ ${#phases[@]} -gt 0 ] || return 0
    echo "== slurm: phase times"
    for p in "${phases[@]}"; do printf '   %-34s %s\n' "${p% *}" "$(fmt_ms "${p##* }")"; done
}
show_log() {   # show_log FILE [LINES]
    [ -s "$1" ] || return 0
    echo "---- ${1#"$work"/} (last ${2:-40} lines)"
    tail -n "${2:-40}" "$1"
}
diagnose() {
    [ -n "$work" ] && [ -d "$work" ] || return 0
    if [ -n "${daemon_pid[slurmctld]:-}" ]; then
        echo "---- squeue"; squeue 2>&1 | head -20 || true
        echo "---- sinfo"; sinfo 2>&1 | head -5 || true
        if [ -n "$array_id" ]; then
            echo "---- jobs"
            scontrol -o show job "$array_id" 2>&1 | grep -o 'JobId=[^ ]*\|ArrayTaskId=[^ ]*\|JobState=[^ ]*\|Reason=[^ ]*\|ExitCode=[^ ]*' | paste -sd' ' || true
            [ -n "$merge_id" ] && { scontrol -o show job "$merge_id" 2>&1 | grep -o 'JobId=[^ ]*\|JobState=[^ ]*\|Reason=[^ ]*\|ExitCode=[^ ]*' | paste -sd' ' || true; }
        fi
        for id in "${tune_ids[@]}"; do
            scontrol -o show job "$id" 2>&1 | grep -o 'JobId=[^ ]*\|JobName=[^ ]*\|JobState=[^ ]*\|Reason=[^ ]*\|ExitCode=[^ ]*' | paste -sd' ' || true
        done
    fi
    local f
    for f in "$work"/run/logs/*.out "$work"/tune-*/logs/*.out; do [ -e "$f" ] && show_log "$f" 30; done
    show_log "$work/log/jobcomp.log" 10
    show_log "$work/log/slurmctld.log" 30
    show_log "$work/log/slurmd.log" 30
    show_log "$work/log/munged.log" 10
    return 0
}
die() {
    echo "slurm.sh: FAILED: $*" >&2
    diagnose >&2
    exit 1
}
stop_pid() {   # stop_pid PID: TERM, up to 10 s, then KILL
    local pid=$1 i
    kill -0 "$pid" 2>/dev/null || return 0
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null || true
}
ours() {   # PIDs of processes started under our slurm.conf (daemons, slurmstepd, jobs)
    local e pid
    for e in /proc/[0-9]*/environ; do
        pid=${e#/proc/}; pid=${pid%/environ}
        [ "$pid" = $$ ] || [ "$pid" = "$BASHPID" ] && continue
        grep -qzx "SLURM_CONF=$work/slurm.conf" "$e" 2>/dev/null && echo "$pid"
    done
    return 0
}
cleanup() {
    local rc=$? pid i
    set +e
    trap - EXIT INT TERM
    phase ""
    if [ -n "$work" ]; then
        phase "cleanup"
        if [ -n "${daemon_pid[slurmctld]:-}" ] && kill -0 "${daemon_pid[slurmctld]}" 2>/dev/null; then
            # Cancel whatever is left so that no job outlives the cluster.
            # (Bounded: a controller that is going away makes clients retry for long.)
            [ -n "$array_id" ] && timeout 10 scancel "$array_id" "$merge_id" 2>/dev/null
            [ ${#tune_ids[@]} -gt 0 ] && timeout 10 scancel "${tune_ids[@]}" 2>/dev/null
            for ((i = 0; i < 20; i++)); do
                [ -z "$(timeout 5 squeue -h 2>/dev/null)" ] && break
                sleep 0.5
            done
        fi
        unset SLURM_CONF   # so that ours() below finds the cluster's processes, not this shell's
        for d in slurmd slurmctld munged; do
            [ -n "${daemon_pid[$d]:-}" ] && stop_pid "${daemon_pid[$d]}"
        done
        # Stragglers (a slurmstepd or a job of ours): found by our unique SLURM_CONF path.
        for pid in $(ours); do stop_pid "$pid"; done
        if [ "${SLURM_CI_KEEP:-0}" = 1 ]; then
            echo "slurm.sh: kept $work"
        else
            rm -rf "$work"
        fi
        phase ""
    fi
    [ "$policy_created" = 1 ] && rm -f /usr/sbin/policy-rc.d
    print_phases
    if [ "$rc" = 0 ]; then echo "== slurm: OK"; else echo "== slurm: FAILED (exit $rc)" >&2; fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------- checks
[ "$(id -u)" = 0 ] || die "must run as root (it installs packages and runs slurmd)"
{ [ -f "$arena" ] && [ -x "$arena" ]; } || die "no executable gomoku-arena at $arena (build it first, or pass BINARY / GOMOKU_ARENA)"
[ -f "$config" ] || die "no tournament file $config"
for f in "${tune_configs[@]}" $clock_config; do [ -f "$f" ] || die "no tuning file $f"; done
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || die "SLURM_CI_SHARDS must be a positive integer"
command -v python3 >/dev/null || die "python3 is needed for .ci/slurm/compare_runs.py"
echo "slurm.sh: binary $arena, config $config, tuning ${tune_configs[*]}, on a clock ${clock_config:-(none)}, $shards shards"

# ---------------------------------------------------------------- install
phase "install (slurm-wlm, munge)"
missing=()
for c in munged mungekey slurmctld slurmd sbatch squeue sinfo scontrol scancel; do
    command -v "$c" >/dev/null || missing+=("$c")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "missing: ${missing[*]}: installing"
    export DEBIAN_FRONTEND=noninteractive
    # Keep the packages' postinst scripts from starting the system munge/slurm daemons:
    # this script runs its own, with its own key, config and ports.
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
        chmod 755 /usr/sbin/policy-rc.d
        policy_created=1
    fi
    apt-get update -qq || die "apt-get update failed"
    apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=300 \
        slurm-wlm munge >/dev/null || die "apt-get install slurm-wlm munge failed"
    if [ "$policy_created" = 1 ]; then rm -f /usr/sbin/policy-rc.d; policy_created=0; fi
else
    echo "already installed"
fi
echo "slurm $(slurmd -V | awk '{print $2}'), $(munged -V 2>&1 | head -1)"

# ---------------------------------------------------------------- daemons
phase "daemons up"
work=$(mktemp -d /tmp/gomoku-slurm.XXXXXX)
chmod 755 "$work"   # munged wants every directory above its socket searchable by all
mkdir -p "$work/munge-key" "$work/munge-run" "$work/state" "$work/spool" "$work/log" "$work/run"
chmod 700 "$work/munge-key"
chmod 755 "$work/munge-run"

# Cgroups are not used (proctrack/linuxproc, task/none): in a gVisor-like sandbox they may be
# absent or read-only. Say what there is, for the record.
echo "cgroup fs: $(stat -fc %T /sys/fs/cgroup 2>/dev/null || echo none)"

# A fresh munge key for this cluster only.
mungekey --create --keyfile="$work/munge-key/munge.key" 2>/dev/null ||
    dd if=/dev/urandom of="$work/munge-key/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge-key/munge.key"
munge_sock=$work/munge-run/munge.sock
# The daemons run in sessions of their own (setsid): a Ctrl-C or a signal to CI's process
# group reaches only this script, whose trap then cancels the jobs and stops them in order.
setsid munged --foreground --force --key-file="$work/munge-key/munge.key" --socket="$munge_sock" \
    --pid-file="$work/munge-run/munged.pid" --log-file="$work/log/munged.log" \
    --seed-file="$work/munge-key/munged.seed" >"$work/log/munged.out" 2>&1 &
daemon_pid[munged]=$!
for ((i = 0; i < 50; i++)); do [ -S "$munge_sock" ] && break; sleep 0.1; done
munge -n -S "$munge_sock" | unmunge -S "$munge_sock" >/dev/null 2>&1 ||
    die "munged does not answer on $munge_sock"

# Two free TCP ports on 127.0.0.1, from Slurm's defaults (6817/6818) up, so that a Slurm
# already on this machine is not disturbed.
port_busy() { timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }
ctld_port=""
for ((p = 6817; p < 6917; p += 2)); do
    if ! port_busy "$p" && ! port_busy $((p + 1)); then ctld_port=$p; break; fi
done
[ -n "$ctld_port" ] || die "no two free ports in 6817-6917"
slurmd_port=$((ctld_port + 1))

node=$(hostname -s 2>/dev/null || uname -n)
node=${node%%.*}
cpus=$(nproc)
cat > "$work/slurm.conf" <<EOF
# Single-node test cluster of .ci/slurm.sh (everything under $work).
ClusterName=gomoku-ci
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$munge_sock
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
MailProg=/bin/true
# No cgroups: process tracking by /proc, no task binding.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
# Final state of every job without slurmdbd (sacct needs one).
JobCompType=jobcomp/filetxt
JobCompLoc=$work/log/jobcomp.log
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
# Keep finished jobs visible to scontrol long enough to check their states.
MinJobAge=600
KillWait=5
# Trust the node line below over what slurmd detects.
SlurmdParameters=config_overrides
# A merge whose shards failed is cancelled, not left pending forever.
DependencyParameters=kill_invalid_depend
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=4096 State=UNKNOWN
PartitionName=ci Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$work/slurm.conf
# Our cluster only: no inherited job context.
unset SLURM_JOB_ID SLURM_JOBID SLURM_ARRAY_JOB_ID SLURM_ARRAY_TASK_ID 2>/dev/null || true

setsid slurmctld -D >"$work/log/slurmctld.out" 2>&1 &
daemon_pid[slurmctld]=$!
setsid slurmd -D -N "$node" >"$work/log/slurmd.out" 2>&1 &
daemon_pid[slurmd]=$!

ready=0
for ((i = 0; i < 120; i++)); do
    for d in slurmctld slurmd; do
        kill -0 "${daemon_pid[$d]}" 2>/dev/null || { show_log "$work/log/$d.out" 20; die "$d exited at start"; }
    done
    state=$(sinfo -h -n "$node" -o %t 2>/dev/null || true)
    if [ "$state" = idle ]; then ready=1; break; fi
    sleep 0.5
done
[ "$ready" = 1 ] || die "node $node not idle after 60 s (state: ${state:-none})"
echo "node $node idle: $cpus CPUs, slurmctld on 127.0.0.1:$ctld_port, slurmd on :$slurmd_port"

# ---------------------------------------------------------------- job helpers
wait_jobs() {   # wait_jobs ID...: until none of the jobs is queued or running (SLURM_CI_TIMEOUT)
    local list queue line last="" deadline=$(($(now_ms) + timeout_s * 1000))
    list=$(IFS=,; echo "$*")
    while :; do
        queue=$(squeue -h -j "$list" -o '%i %T' 2>&1) || die "squeue failed: $queue"
        [ -z "$queue" ] && return 0
        line=$(echo "$queue" | awk '{print $2}' | sort | uniq -c | awk '{printf "%s%s %s", sep, $1, $2; sep=", "}')
        [ "$line" != "$last" ] && echo "  $(fmt_ms $(($(now_ms) - phase_t0))): $line"
        last=$line
        [ "$(now_ms)" -lt "$deadline" ] || die "jobs not finished after $timeout_s s (SLURM_CI_TIMEOUT)"
        sleep 1
    done
}
job_states() {   # job_states ID: "TASK STATE EXIT" per line (one per array task)
    scontrol -o show job "$1" | while read -r l; do
        local task state code
        task=$(grep -o 'ArrayTaskId=[^ ]*' <<<"$l" | cut -d= -f2)
        state=$(grep -o 'JobState=[^ ]*' <<<"$l" | cut -d= -f2)
        code=$(grep -o ' ExitCode=[^ ]*' <<<"$l" | cut -d= -f2)
        echo "${task:--} $state $code"
    done
}

# ---------------------------------------------------------------- the job array and the merge
phase "job array + merge"
run_dir=$work/run
# One CPU per shard, so that two shards run at once on a 2-core machine (and each plays on
# one thread).
ids=$(GOMOKU_ARENA=$arena SHARD_CPUS=1 bash "$repo/deploy/slurm/submit.sh" "$config" "$shards" "$run_dir") ||
    die "deploy/slurm/submit.sh failed"
read -r array_id merge_id <<<"$ids"
[[ "$array_id" =~ ^[0-9]+$ && "$merge_id" =~ ^[0-9]+$ ]] || die "submit.sh printed '$ids', not two job ids"
echo "array job $array_id ($shards tasks), merge job $merge_id (afterok:$array_id)"

wait_jobs "$array_id" "$merge_id"

# Every array task and the merge must have COMPLETED with exit code 0.
states=$(job_states "$array_id") || die "scontrol show job $array_id failed"
done_tasks=$(grep -c ' COMPLETED 0:0$' <<<"$states" || true)
[ "$done_tasks" = "$shards" ] || die "$done_tasks of $shards array tasks completed; states: $(paste -sd';' <<<"$states")"
mstate=$(job_states "$merge_id") || die "scontrol show job $merge_id failed"
[[ "$mstate" == *" COMPLETED 0:0" ]] || die "merge job $merge_id did not complete: $mstate"
echo "all $shards shards and the merge COMPLETED"
[ -s "$run_dir/merged/games.jsonl" ] || die "merge completed but $run_dir/merged/games.jsonl is missing"
echo "merged run: $(cd "$run_dir/merged" && echo *)"

# ---------------------------------------------------------------- unsharded run
phase "unsharded run (local)"
"$arena" tournament "$config" --out "$work/unsharded" >"$work/log/unsharded.out" 2>&1 ||
    { show_log "$work/log/unsharded.out"; die "the unsharded run failed"; }

# ---------------------------------------------------------------- compare
phase "compare"
python3 "$repo/.ci/slurm/compare_runs.py" "$run_dir/merged" "$work/unsharded" ||
    die "the merged Slurm run differs from the unsharded run"

# ---------------------------------------------------------------- the tuning chains
submit_chain() {   # submit_chain RUN_DIR CONFIG: its chain of steps; sets chain (the ids)
    local ids steps
    ids=$(GOMOKU_ARENA=$arena SHARD_CPUS=1 bash "$repo/deploy/slurm/tune-submit.sh" "$2" "$shards" "$1") ||
        die "deploy/slurm/tune-submit.sh failed for $2"
    read -r -a chain <<<"$ids"
    tune_ids+=("${chain[@]}")
    steps=$(( (${#chain[@]} - 1) / 2 ))
    { [ "$steps" -ge 1 ] && [ $((2 * steps + 1)) = ${#chain[@]} ]; } ||
        die "tune-submit.sh printed '$ids', not an array and a merge per step and the finish"
    echo "$(basename "$2"): $steps steps of $shards shards, ${#chain[@]} jobs"
}
all_completed() {   # all_completed ID...: every job, every array task, COMPLETED with exit 0
    local id states bad
    for id in "$@"; do
        states=$(job_states "$id") || die "scontrol show job $id failed"
        bad=$(grep -vc ' COMPLETED 0:0$' <<<"$states" || true)
        [ "$bad" = 0 ] || die "tuning job $id did not complete: $(paste -sd';' <<<"$states")"
    done
}

# Deterministic players: the chains of every file at once (their jobs share the node), then
# each file unsharded, and every file the run ends with must be the same, byte for byte.
phase "tune: sharded chains"
for ((c = 0; c < ${#tune_configs[@]}; c++)); do
    submit_chain "$work/tune-run-$c" "${tune_configs[$c]}"
done
wait_jobs "${tune_ids[@]}"
all_completed "${tune_ids[@]}"
echo "all ${#tune_ids[@]} jobs COMPLETED"

phase "tune: unsharded runs (local)"
for ((c = 0; c < ${#tune_configs[@]}; c++)); do
    "$arena" tune "${tune_configs[$c]}" --out "$work/tune-unsharded-$c" >"$work/log/tune-unsharded-$c.out" 2>&1 ||
        { show_log "$work/log/tune-unsharded-$c.out"; die "the unsharded run of ${tune_configs[$c]} failed"; }
done

phase "tune: compare"
for ((c = 0; c < ${#tune_configs[@]}; c++)); do
    sharded=$work/tune-run-$c unsharded=$work/tune-unsharded-$c name=$(basename "${tune_configs[$c]}")
    for f in state.json history.jsonl tuned.ron tuned-engine.ron confirmation.json; do
        [ -s "$unsharded/$f" ] || die "the unsharded run of $name wrote no $f"
        [ -s "$sharded/$f" ] || die "the Slurm run of $name wrote no $f"
        cmp "$sharded/$f" "$unsharded/$f" ||
            die "$f of the $shards-shard Slurm run of $name differs from the unsharded run's"
    done
    echo "$name: state.json, history.jsonl, tuned.ron, tuned-engine.ron and confirmation.json identical (sha256 of state.json $(sha256sum <"$sharded/state.json" | cut -c1-16))"
done
# ---------------------------------------------------------------- a shard killed on a clock
if [ -n "$clock_config" ]; then
    phase "tune on a clock: a shard killed"
    clock_run=$work/tune-clock
    clock_steps=$("$arena" tune "$clock_config" --steps) || die "cannot read the steps of $clock_config"
    [ "$clock_steps" -ge 2 ] || die "$clock_config has $clock_steps steps; the check needs 2 or more"
    # Step 2, so that the chain submitted again starts after a merged step. Its last shard:
    # on a busy node it starts last, so the others finish and only it has games missing.
    kill_step=$(printf 'iteration-%04d' 2)
    victim=$((shards - 1))
    step_shards=$clock_run/shards/$kill_step
    journal=$step_shards/$(printf 'shard-%03d' "$victim")/games.jsonl
    submit_chain "$clock_run" "$clock_config"
    first_chain=("${chain[@]}")
    victim_array=${first_chain[2]}
    # The shard's gomoku-arena: `tune ... --out RUN --shard I/N` (tune-shard.sbatch execs it),
    # of the step's array job (every step's shard I has that command line).
    shard_pid() {
        local p
        for p in $(pgrep -f -- "--out $clock_run --shard $victim/$shards " || true); do
            grep -qzx "SLURM_ARRAY_JOB_ID=$victim_array" "/proc/$p/environ" 2>/dev/null &&
                { echo "$p"; return 0; }
        done
        return 0
    }
    # Killed once its first game is journaled: a whole game to keep, the rest to replay.
    deadline=$(($(now_ms) + timeout_s * 1000)) pid=""
    while :; do
        [ -n "$pid" ] || pid=$(shard_pid)
        [ -n "$pid" ] && [ -s "$journal" ] && break
        [ "$(now_ms)" -lt "$deadline" ] || die "shard $victim/$shards of $kill_step never journaled a game"
        if [ -z "$pid" ] && [ -s "$journal" ]; then
            die "shard $victim/$shards of $kill_step ended before it could be killed"
        fi
        sleep 0.05
    done
    kill -KILL "$pid" 2>/dev/null || die "shard $victim/$shards of $kill_step (pid $pid) ended before it could be killed"
    echo "killed shard $victim/$shards of $kill_step (pid $pid, kill -9) after $(wc -l <"$journal") games"
    wait_jobs "${first_chain[@]}"
    # The killed task failed, the step's merge and all after it were cancelled unrun.
    vstate=$(job_states "$victim_array" | awk -v t="$victim" '$1 == t') || die "scontrol show job $victim_array failed"
    [[ "$vstate" != *COMPLETED* && -n "$vstate" ]] || die "the killed shard's task did not fail: '$vstate'"
    all_completed "${first_chain[@]:0:2}"
    for id in "${first_chain[@]:3}"; do
        st=$(job_states "$id" | awk '{print $2}' | sort -u | paste -sd,) || die "scontrol show job $id failed"
        [ "$st" = CANCELLED ] || die "job $id after the killed shard is $st, not CANCELLED"
    done
    echo "task ${victim_array}_$victim: $(awk '{print $2, $3}' <<<"$vstate"); the step's merge and the $((${#first_chain[@]} - 4)) jobs after it CANCELLED"
    cp -a "$step_shards" "$work/clock-kept"

    # A merge by hand must refuse the step with a shard's games missing, and leave the
    # checkpoint where the last whole step put it.
    before=$(sha256sum "$clock_run/state.json" "$clock_run/history.jsonl")
    if "$arena" tune "$clock_config" --out "$clock_run" --merge-step --threads 1 >"$work/log/clock-partial-merge.out" 2>&1; then
        show_log "$work/log/clock-partial-merge.out"
        die "tune --merge-step merged $kill_step with a killed shard"
    fi
    grep -q "$kill_step: .* jobs missing" "$work/log/clock-partial-merge.out" ||
        { show_log "$work/log/clock-partial-merge.out"; die "tune --merge-step failed, but not for the missing games"; }
    [ "$(sha256sum "$clock_run/state.json" "$clock_run/history.jsonl")" = "$before" ] ||
        die "the refused merge changed the checkpoint or the history"
    echo "tune --merge-step refused: $(grep -o "$kill_step: .* jobs missing[^;]*" "$work/log/clock-partial-merge.out")"

    phase "tune on a clock: submitted again"
    submit_chain "$clock_run" "$clock_config"
    # Only the steps left: from the killed one on.
    [ ${#chain[@]} = $((2 * (clock_steps - 1) + 1)) ] ||
        die "the chain submitted again has ${#chain[@]} jobs, not the $((clock_steps - 1)) steps left and the finish"
    wait_jobs "${chain[@]}"
    all_completed "${chain[@]}"
    echo "all ${#chain[@]} jobs COMPLETED"
    # The killed shard's log holds both attempts, the killed one first.
    victim_log=$clock_run/logs/step-0002-shard-$victim.out
    attempts=$(grep -c "^tune shard $victim/$shards: job" "$victim_log" || true)
    [ "$attempts" = 2 ] || { show_log "$victim_log"; die "$victim_log holds $attempts attempts, not the killed one and its retry"; }
    python3 "$repo/.ci/slurm/check_tune_run.py" "$clock_run" --iterations "$clock_steps" \
        --kept "$work/clock-kept" --kept-step "$kill_step" ||
        die "the resumed run on a clock is not whole"
fi
phase ""
