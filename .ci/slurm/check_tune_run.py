#!/usr/bin/env python3
"""Checks the structure of a finished sharded SPSA or match run, where bytes cannot be
compared (players on a clock): every step merged once and whole, the history and the
checkpoint agreeing, and, with --kept, a killed shard's step resumed without losing or
replaying a game.

usage: check_tune_run.py RUN_DIR --iterations N [--kept SNAPSHOT --kept-step STEP]

G is the jobs of a step (its run.json's `jobs`, written from the tuning file before any game,
the same for every step of SPSA), C the confirmation's (steps/confirmation/run.json).
- RUN_DIR/state.json: finished, at iteration N, with N * G games; its history is
  RUN_DIR/history.jsonl line for line, iterations 0..N once each, in order, the games
  counted up by G a line.
- RUN_DIR/steps/iteration-K/games.jsonl for K in 1..N: jobs 0..G-1 once each, whole lines;
  and each equals the union of its shards' journals (RUN_DIR/shards/iteration-K/shard-*).
- tuned.ron, tuned-engine.ron and confirmation.json exist; the confirmation has C games.
- --kept SNAPSHOT (a copy of RUN_DIR/shards/STEP taken after one of its shards was killed,
  STEP given by --kept-step): every shard's final journal starts with the snapshot's whole
  lines (a torn last line may be cut), a shard that was complete then is unchanged, and at
  least one shard was incomplete then (the kill came mid-step).
Exits 0 when all hold, 1 when not (saying which), 2 on bad input.
"""
import argparse
import json
import os
import sys


def fail(message):
    print(f"check_tune_run: {message}", file=sys.stderr)
    sys.exit(2)


def read_bytes(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        fail(f"cannot read {path}: {e}")


def whole_lines(data):
    """The bytes up to the end of the last whole line (a kill may leave a torn one)."""
    end = data.rfind(b"\n")
    return data[: end + 1]


def jobs_of(path, problems):
    """The journal's lines by job; a duplicate job or a torn line is a problem."""
    data = read_bytes(path)
    if data and not data.endswith(b"\n"):
        problems.append(f"{path}: a torn last line")
    lines = {}
    for n, line in enumerate(whole_lines(data).splitlines(), 1):
        if not line.strip():
            continue
        try:
            job = json.loads(line)["job"]
        except (ValueError, KeyError, TypeError):
            fail(f"{path}:{n}: not a journal line")
        if job in lines:
            problems.append(f"{path}: job {job} twice")
        lines[job] = line
    return lines


def shard_dirs(folder):
    try:
        names = sorted(n for n in os.listdir(folder) if n.startswith("shard-"))
    except OSError as e:
        fail(f"cannot list {folder}: {e}")
    return names


def step_jobs(run, step):
    """The jobs of a step, as its run.json says (written before its first game)."""
    path = os.path.join(run, "steps", step, "run.json")
    try:
        with open(path, encoding="utf-8") as f:
            jobs = json.load(f)["jobs"]
    except (OSError, ValueError, KeyError) as e:
        fail(f"cannot read the jobs of {path}: {e}")
    if not isinstance(jobs, int) or jobs <= 0:
        fail(f"{path}: jobs {jobs!r}")
    return jobs


def check_steps(run, n, g, problems):
    expected = set(range(g))
    for k in range(1, n + 1):
        step = f"iteration-{k:04}"
        if step_jobs(run, step) != g:
            problems.append(f"steps/{step}: {step_jobs(run, step)} jobs, iteration 1 had {g}")
        merged = jobs_of(os.path.join(run, "steps", step, "games.jsonl"), problems)
        if set(merged) != expected:
            missing = sorted(expected - set(merged))[:10]
            extra = sorted(set(merged) - expected)[:10]
            problems.append(f"steps/{step}: jobs missing {missing}, unexpected {extra}")
        union = {}
        shards = os.path.join(run, "shards", step)
        for name in shard_dirs(shards):
            for job, line in jobs_of(os.path.join(shards, name, "games.jsonl"), problems).items():
                if job in union:
                    problems.append(f"shards/{step}: job {job} in two shards")
                union[job] = line
        if union != merged:
            problems.append(f"steps/{step} is not the union of its shards' journals")


def check_state(run, n, g, problems):
    try:
        with open(os.path.join(run, "state.json"), encoding="utf-8") as f:
            state = json.load(f)
        with open(os.path.join(run, "history.jsonl"), encoding="utf-8") as f:
            history = [json.loads(line) for line in f if line.strip()]
    except (OSError, ValueError) as e:
        fail(f"cannot read the checkpoint or the history: {e}")
    want = {"finished": True, "iteration": n, "games": n * g}
    got = {k: state.get(k) for k in want}
    if got != want:
        problems.append(f"state.json: {got}, expected {want}")
    iterations = [line.get("iteration") for line in history]
    if iterations != list(range(n + 1)):
        problems.append(f"history.jsonl: iterations {iterations}, expected 0..{n} once each")
    games = [line.get("games") for line in history]
    if games != [k * g for k in range(n + 1)]:
        problems.append(f"history.jsonl: games {games}, expected {g} more a line")
    if state.get("history") != history:
        problems.append("history.jsonl is not the checkpoint's history")


def check_outputs(run, confirmation_games, problems):
    for name in ("tuned.ron", "tuned-engine.ron", "confirmation.json"):
        path = os.path.join(run, name)
        if not os.path.isfile(path) or os.path.getsize(path) == 0:
            problems.append(f"no {name}")
    try:
        with open(os.path.join(run, "confirmation.json"), encoding="utf-8") as f:
            games = json.load(f).get("games")
    except (OSError, ValueError):
        return
    if games != confirmation_games:
        problems.append(f"confirmation.json: {games} games, expected {confirmation_games}")


def check_kept(run, kept, step, problems):
    incomplete = []
    final_dir = os.path.join(run, "shards", step)
    for name in shard_dirs(kept):
        before = read_bytes(os.path.join(kept, name, "games.jsonl"))
        after = read_bytes(os.path.join(final_dir, name, "games.jsonl"))
        if not after.startswith(whole_lines(before)):
            problems.append(f"shards/{step}/{name}: the games journaled before the kill were rewritten")
        elif after != before:
            was, now = before.count(b"\n"), after.count(b"\n")
            incomplete.append(f"{name} ({was} -> {now} games)")
    if not incomplete:
        problems.append(f"shards/{step}: every shard was complete at the kill (it came too late)")
    return incomplete


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("run")
    p.add_argument("--iterations", type=int, required=True)
    p.add_argument("--kept")
    p.add_argument("--kept-step")
    args = p.parse_args()
    if (args.kept is None) != (args.kept_step is None):
        fail("--kept and --kept-step go together")
    if args.iterations < 1:
        fail("--iterations must be at least 1")
    problems = []
    g = step_jobs(args.run, "iteration-0001")
    c = step_jobs(args.run, "confirmation")
    check_state(args.run, args.iterations, g, problems)
    check_steps(args.run, args.iterations, g, problems)
    check_outputs(args.run, c, problems)
    resumed = []
    if args.kept:
        resumed = check_kept(args.run, args.kept, args.kept_step, problems)
    if problems:
        print(f"check_tune_run: {args.run}:", file=sys.stderr)
        for line in problems:
            print("  " + line, file=sys.stderr)
        return 1
    print(
        f"check_tune_run: {args.iterations} iterations once each, {args.iterations} merged steps of "
        f"{g} games (the union of their shards), {args.iterations * g} games in the checkpoint, "
        f"{c} confirmation games"
        + (f"; {args.kept_step} resumed in {', '.join(resumed)}, the rest unchanged" if resumed else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
