#!/usr/bin/env python3
"""Checks that two gomoku-arena runs played the same games.

usage: compare_runs.py RUN_A RUN_B [--ignore KEY ...]

RUN_A and RUN_B are run directories (holding games.jsonl) or games.jsonl files. Each line
is parsed as JSON; machine-dependent fields are dropped at any depth: a key containing
"time", "_us" or "_ms", the key "nps", and "date" (the journal's wall-clock end of game,
listed with time_us and side_time_us in gomoku_runner::journal::TIMING_FIELDS), plus the keys
given with --ignore. The games are then sorted by "job" and must be identical. Duplicate or
missing jobs fail too. Exits 0 when equal, 1 when not (saying where), 2 on bad input.
"""
import argparse
import json
import os
import sys


DROPPED_KEYS = {"nps", "date"}


def is_timing(key):
    k = key.lower()
    return "time" in k or "_us" in k or "_ms" in k or k in DROPPED_KEYS


def strip(value, ignore):
    if isinstance(value, dict):
        return {k: strip(v, ignore) for k, v in value.items() if not is_timing(k) and k not in ignore}
    if isinstance(value, list):
        return [strip(v, ignore) for v in value]
    return value


def fail(message):
    print(f"compare_runs: {message}", file=sys.stderr)
    sys.exit(2)


def load(path, ignore):
    if os.path.isdir(path):
        path = os.path.join(path, "games.jsonl")
    if not os.path.isfile(path):
        fail(f"no journal {path}")
    games = {}
    dups = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                game = json.loads(line)
            except json.JSONDecodeError as e:
                fail(f"{path}:{n}: not JSON: {e}")
            if not isinstance(game, dict) or "job" not in game:
                fail(f"{path}:{n}: no \"job\" field")
            job = game["job"]
            if job in games:
                dups.append(job)
            games[job] = strip(game, ignore)
    return path, games, dups


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--ignore", action="append", default=[], metavar="KEY",
                   help="also drop this key (any depth); repeatable")
    args = p.parse_args()
    ignore = set(args.ignore)
    pa, a, dup_a = load(args.a, ignore)
    pb, b, dup_b = load(args.b, ignore)

    problems = []
    for path, dups in ((pa, dup_a), (pb, dup_b)):
        if dups:
            problems.append(f"{path}: duplicate jobs {sorted(set(dups), key=str)[:10]}")
    only_a = sorted(set(a) - set(b), key=str)
    only_b = sorted(set(b) - set(a), key=str)
    if only_a:
        problems.append(f"{len(only_a)} jobs only in {pa}: {only_a[:10]}")
    if only_b:
        problems.append(f"{len(only_b)} jobs only in {pb}: {only_b[:10]}")
    differ = [j for j in sorted(set(a) & set(b), key=str) if a[j] != b[j]]
    for j in differ[:3]:
        keys = sorted(set(a[j]) | set(b[j]))
        diff = {k: (a[j].get(k), b[j].get(k)) for k in keys if a[j].get(k) != b[j].get(k)}
        problems.append(f"job {j} differs: " + json.dumps(diff)[:500])
    if len(differ) > 3:
        problems.append(f"... {len(differ)} differing jobs in all")

    if problems:
        print(f"compare_runs: {pa} and {pb} differ:", file=sys.stderr)
        for line in problems:
            print("  " + line, file=sys.stderr)
        return 1
    print(f"compare_runs: equal: {len(a)} games, same jobs and moves/results ({pa} vs {pb})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
