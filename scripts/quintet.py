#!/usr/bin/env python3
"""Quintet's 26 renju threat cases (../shared/data/puzzles/tactics_normalized.jsonl) through
`gomoku-arena analyze`, as a user would run them: each case under renju, its side to move,
`--time-ms` per case (default 1000), and for a VCT case an engine whose `vct_threat` is the
case's published threat limit (vct_fukumi_threat2 is vct_fukumi's board with threats of 2
fours: no win in 7 holds only under that limit). The default engine otherwise. Under a
clock analyze uses every core (one of them on the VCT), so results depend on the machine's.

A "win" case is found when analyze claims a win; it is found within its limit when the
attacker moves to the double threat (win_in - 1, as quintet counts them) are at most the
limit. A "no win within the limit" case is correct when no win within the limit is claimed.

    scripts/quintet.py [--time-ms MS] [--bin PATH] [--only SUBSTRING]

Standard library only; needs a release build (`cargo build --release -p gomoku-arena`).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = os.path.join(ROOT, "..", "shared", "data", "puzzles", "tactics_normalized.jsonl")


def pos(cell):
    return chr(ord("a") + cell[0]) + str(cell[1] + 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-ms", default="1000")
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "gomoku-arena"))
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    if not os.path.exists(CASES):
        sys.exit(f"quintet.py: {CASES} not found (../shared beside the repository)")
    if not os.path.exists(args.bin):
        sys.exit(f"quintet.py: {args.bin} not found (cargo build --release -p gomoku-arena)")
    with tempfile.TemporaryDirectory(prefix="quintet-") as engines:
        run(args, engines)


def run(args, engines):
    """Runs the cases, writing an engine file per threat limit into `engines`."""
    table = os.path.join(ROOT, "configs", "tables", "seed000.ron")
    correct = found = within = wins = total = 0
    for line in open(CASES, encoding="utf-8"):
        case = json.loads(line)
        name = case["id"].split("/")[1]
        if args.only not in name:
            continue
        cmd = [args.bin, "analyze", "--rule", "renju", "--time-ms", args.time_ms, "--json",
               "--black", ",".join(pos(p) for p in case["black"]),
               "--white", ",".join(pos(p) for p in case["white"]),
               "--to-move", case["to_move"]]
        if case["kind"] == "vct":
            # The built-in default engine (the seed table) with the case's threat limit.
            threat = max(case["threat_limit"], 1)
            path = os.path.join(engines, f"threat{threat}.ron")
            with open(path, "w", encoding="utf-8") as f:
                f.write(f'Engine(name: "default", table: File("{table}"), tt_mib: 16, '
                        f'vct_threat: {threat})\n')
            cmd += ["--engine", path]
        start = time.monotonic()
        out = subprocess.run(cmd, capture_output=True, text=True, check=True)
        seconds = time.monotonic() - start
        verdict = json.loads(out.stdout)
        win_in = verdict.get("win_in")
        claimed = win_in is not None and win_in > 0
        in_limit = claimed and win_in - 1 <= case["limit"]
        total += 1
        if case["expect"] == "win":
            wins += 1
            found += claimed
            within += in_limit
            ok = claimed
            what = "win found" if claimed else "MISSED"
            if claimed and not in_limit:
                what += " (longer than the limit)"
        else:
            ok = not in_limit
            what = "no claim within the limit" if ok else "WRONG CLAIM"
        correct += ok
        print(f"{name:28} {case['kind']} limit {case['limit']:3} threat "
              f"{case['threat_limit']}  win_in {str(win_in):5} {seconds:5.2f} s  {what}")
    print(f"{correct} of {total} correct; wins found {found} of {wins}, "
          f"within their limits {within} of {wins}")


if __name__ == "__main__":
    main()
