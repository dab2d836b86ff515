//! An engine is killed as a whole tree: whatever it started must not outlive it, and a
//! helper that did `setsid` (or whose parent exited, so it was reparented away from the
//! engine) is in neither the engine's process group nor its tree of parent links. So the
//! engine runs in its own process group (`process_group(0)`, so the group id is its pid) and
//! every process it starts inherits a mark, the variable `GOMOKU_ARENA_ENGINE=PID.N` (our
//! pid, the engine's number) in its environment. When an `ExternalEngine` is dropped, ends
//! or crashed, its group is sent `SIGKILL` with `killpg`, then /proc is read for the
//! processes in that group, carrying that mark, or descending from one of those, and they
//! are sent `SIGKILL` until none is left running (a process that clears its environment and
//! leaves both the group and the tree still escapes; without /proc only the group dies).
//! Killed processes that were reparented to us (as they are when we run as a container's
//! pid 1) are reaped; the leader is reaped last. The group is killed while the leader is
//! still unreaped (a zombie at worst), so its id cannot have been reused by another group.
//!
//! Every engine whose processes may still run is also listed in a process-wide registry, so
//! that a program exiting without running destructors (`std::process::exit` on a second stop
//! signal) can still kill them all with [`kill_all_engines`] first.
//!
//! A program killed outright (SIGKILL, the out-of-memory killer) runs none of that, so each
//! engine also has a [`Watchdog`]: a shell in a group of its own that waits on a pipe whose
//! only writer is this process. The kernel closes the pipe when we die however we die; the
//! shell then kills the engine's group and every process carrying its mark. While we live,
//! the watchdog is killed before its engine's leader is reaped (so it never fires on a group
//! id that could have been reused).

use nix::sys::signal::{Signal, kill, killpg};
use nix::sys::wait::{WaitPidFlag, waitpid};
use nix::unistd::Pid;
use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::AtomicU64;
use std::time::{Duration, Instant};

/// How long killing an engine's processes may take (a process in uninterruptible sleep dies
/// only when it wakes; we do not wait for it longer).
const KILL_WAIT: Duration = Duration::from_secs(2);

/// The environment variable that marks the processes of an engine.
pub(super) const MARK: &str = "GOMOKU_ARENA_ENGINE";

/// The engines whose processes may still run, by leader (also their process group, the
/// leaders being unreaped), and whether the program is exiting.
pub(super) struct Registry {
    /// The leaders (and group ids) of the engines.
    pub live: Vec<u32>,
    /// Set when the program is exiting: no engine may start.
    pub closed: bool,
    /// The engines' watchdogs (their pids), killed with the engines on an exit.
    pub watchdogs: Vec<u32>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    live: Vec::new(),
    closed: false,
    watchdogs: Vec::new(),
});

/// The number of the next engine's mark.
pub(super) static NEXT_MARK: AtomicU64 = AtomicU64::new(1);

/// The registry, locked (a panic while it was held leaves it usable).
pub(super) fn registry() -> std::sync::MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

/// Sends `SIGKILL` to each process group in `groups`.
fn kill_groups(groups: impl IntoIterator<Item = u32>) {
    for group in groups {
        // Group ids 0 and 1 would mean this process's own group and init's: an engine's group
        // is its pid, never either, so such an id could only be a bug and is skipped.
        let Ok(pgid) = i32::try_from(group) else {
            continue;
        };
        if pgid <= 1 {
            continue;
        }
        // ESRCH (the group has already exited) is the expected failure and needs nothing;
        // nothing could be done about another one either, so none is reported.
        let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
    }
}

/// A process as /proc shows it.
struct Proc {
    pid: i32,
    ppid: i32,
    pgid: i32,
    zombie: bool,
}

/// The processes in /proc (none without /proc).
fn processes() -> Vec<Proc> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut procs = Vec::new();
    for entry in dir.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        // The fields after the command name (which may hold anything but ends with the last
        // parenthesis): state, parent, group.
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        let Some((_, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let mut f = rest.split_whitespace();
        let state = f.next().unwrap_or("");
        let (Some(Ok(ppid)), Some(Ok(pgid))) = (f.next().map(str::parse), f.next().map(str::parse))
        else {
            continue;
        };
        procs.push(Proc {
            pid,
            ppid,
            pgid,
            zombie: state.starts_with(['Z', 'X']),
        });
    }
    procs
}

/// The number in the mark of one of our engines that `pid` carries, if any.
fn mark_of(pid: i32, ours: &str) -> Option<u64> {
    let environ = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
    environ
        .split(|&b| b == 0)
        .find_map(|var| std::str::from_utf8(var.strip_prefix(ours.as_bytes())?).ok())?
        .parse()
        .ok()
}

/// Kills the process groups `leaders`, then every process in them, carrying a mark for which
/// `marked` holds, or descending from one of those, until none runs (or [`KILL_WAIT`] has
/// passed). Reaps those of them that became our children, except the leaders.
pub(super) fn kill_trees(leaders: &[u32], marked: impl Fn(u64) -> bool) {
    kill_groups(leaders.iter().copied());
    let me = std::process::id() as i32;
    let ours = format!("{MARK}={me}.");
    let leaders: HashSet<i32> = leaders.iter().map(|&l| l as i32).collect();
    let mut killed = HashSet::new();
    let deadline = Instant::now() + KILL_WAIT;
    loop {
        let procs = processes();
        let mut tree: HashSet<i32> = procs
            .iter()
            .filter(|p| {
                leaders.contains(&p.pid)
                    || leaders.contains(&p.pgid)
                    || killed.contains(&p.pid)
                    || mark_of(p.pid, &ours).is_some_and(&marked)
            })
            .map(|p| p.pid)
            .collect();
        loop {
            let children: Vec<i32> = procs
                .iter()
                .filter(|p| tree.contains(&p.ppid) && !tree.contains(&p.pid))
                .map(|p| p.pid)
                .collect();
            if children.is_empty() {
                break;
            }
            tree.extend(children);
        }
        let mut running = false;
        for p in procs
            .iter()
            .filter(|p| tree.contains(&p.pid) && p.pid > 1 && p.pid != me)
        {
            if !p.zombie {
                running = true;
                killed.insert(p.pid);
                let _ = kill(Pid::from_raw(p.pid), Signal::SIGKILL);
            } else if p.ppid == me && !leaders.contains(&p.pid) {
                let _ = waitpid(Pid::from_raw(p.pid), Some(WaitPidFlag::WNOHANG));
            }
        }
        if !running || Instant::now() >= deadline {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Kills every process of every engine of this process (each engine's group, tree and
/// marked processes) and lets no new engine start. For exits that skip destructors
/// (`std::process::exit`); the engines' `ExternalEngine` values, if ever dropped, then only
/// reap them. Returns how many engines were running.
pub fn kill_all_engines() -> usize {
    let mut registry = registry();
    registry.closed = true;
    kill_trees(&registry.live, |_| true);
    for &pid in &registry.watchdogs {
        let _ = kill(Pid::from_raw(pid as i32), Signal::SIGKILL);
    }
    registry.live.len()
}

/// What a watchdog runs: wait for end of input (our death), then kill the engine's group
/// (`$1`) and every process whose environment holds the engine's mark (`$2`, `NAME=VALUE`),
/// wherever it was reparented or whatever session it made.
const WATCHDOG_SCRIPT: &str = r#"read _ignored
kill -KILL -- "-$1" 2>/dev/null
for d in /proc/[0-9]*; do
    tr '\000' '\n' < "$d/environ" 2>/dev/null | grep -qxF "$2" && kill -KILL "${d#/proc/}" 2>/dev/null
done
exit 0"#;

/// A process that kills an engine's processes if this process dies without doing it.
pub(super) struct Watchdog {
    child: std::process::Child,
}

impl Watchdog {
    /// Starts the watchdog of the engine whose group is `group` and whose processes carry
    /// `mark` (`NAME=VALUE`); `None` when no shell can be started (the engine then has the
    /// protection of our own exits only).
    pub(super) fn start(group: u32, mark: &str) -> Option<Watchdog> {
        use std::os::unix::process::CommandExt;
        use std::process::{Command, Stdio};
        let child = Command::new("/bin/sh")
            .args(["-c", WATCHDOG_SCRIPT, "gomoku-arena-watchdog"])
            .arg(group.to_string())
            .arg(mark)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            // Out of our group, so a terminal's Ctrl-C, which we handle, does not end it.
            .process_group(0)
            .spawn()
            .ok()?;
        registry().watchdogs.push(child.id());
        Some(Watchdog { child })
    }

    /// Stops the watchdog without letting it fire, and reaps it.
    pub(super) fn stop(mut self) {
        let pid = self.child.id();
        let _ = self.child.kill();
        let _ = self.child.wait();
        registry().watchdogs.retain(|&w| w != pid);
    }
}

/// How many engines this process has running (started and not yet killed or reaped).
pub fn live_engines() -> usize {
    registry().live.len()
}
