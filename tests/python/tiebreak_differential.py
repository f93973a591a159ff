#!/usr/bin/env python3
"""Differential test of `sakk swiss standings` (FIDE Tie-Break Regulations)
against gacrux, the Tie-Break Server of Otto Milvang (a member of FIDE's
Technical Commission; PyPI `gacrux`), with both texts of the rules: of 1 August 2024 and of 1 March 2026.

Random tournaments as clubs have them — requested half- and zero-point
byes, forfeits, players who withdraw (the generator of
swiss_differential.py, each round paired by `sakk swiss pair`) — and after
every round the standings' tie-break values of every player are compared:
BH, BH-C1, BH-C2, BH-M1, BH-M2, SB, PS, WIN, WON, BPG, BWG and ARO, and
direct encounter (DE) among the players tied on points.

    tests/python/tiebreak_differential.py target/debug/sakk --tournaments 40 \\
        --players 9,14,21 --rounds 7 --seed 1

Exit status 1 when any value differs (each difference is printed).
"""

import argparse
import importlib.util
import os
import random
import subprocess
import sys
import tempfile
from decimal import Decimal

# Ours → gacrux's name; /V{rules} names the text of the regulations.
TIEBREAKS = {
    "BH": "BH/V{rules}",
    "BH-C1": "BH/C1/V{rules}",
    "BH-C2": "BH/C2/V{rules}",
    "BH-M1": "BH/M1/V{rules}",
    "BH-M2": "BH/M2/V{rules}",
    "SB": "SB/V{rules}",
    "PS": "PS",
    "WIN": "WIN",
    "WON": "WON",
    "BPG": "BPG",
    "BWG": "BWG",
    "ARO": "ARO",
}

# The texts compared: of August 2024 and of March 2026 (in force).
RULES = ["2024", "2026"]


def generator():
    """swiss_differential.py's tournaments and its cut of a file before a
    round (loaded from beside this file)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "swiss_differential.py")
    spec = importlib.util.spec_from_file_location("swiss_differential", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.own_tournament, module.cut


def ours(sakk, path, codes, rules):
    """Starting rank → {code: value} from `sakk swiss standings`."""
    out = subprocess.run([sakk, "swiss", "standings", path, "--tiebreaks", ",".join(codes),
                          "--tiebreak-rules", rules],
                         capture_output=True, text=True, check=True).stdout
    values = {}
    for row in out.splitlines()[1:]:
        cells = row.split()
        # place, rank, name (one word here), points, then the values.
        values[int(cells[1])] = dict(zip(codes, (Decimal(c) for c in cells[4:])))
    return values


def theirs(path, rounds, codes, rules):
    """Starting rank → {code: value} from gacrux's tie-break checker, after
    `rounds` rounds (the points first: a direct encounter is among the
    players tied on them)."""
    out = subprocess.run([sys.executable, "-m", "gacrux.tiebreakchecker", "-i", path, "-s",
                          "-n", str(rounds), "-N", str(rounds),
                          "-t", "PTS", *(TIEBREAKS.get(c, c).format(rules=rules) for c in codes), "-d", "B"],
                         capture_output=True, text=True, check=True).stdout
    values = {}
    for row in out.splitlines()[1:]:
        cells = row.split()
        if len(cells) == len(codes) + 3:
            values[int(cells[0])] = dict(zip(codes, (Decimal(c) for c in cells[3:])))
    return values


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sakk")
    ap.add_argument("--tournaments", type=int, default=40)
    ap.add_argument("--players", default="9,14,21")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    own_tournament, cut = generator()
    rng = random.Random(args.seed)
    sizes = [int(x) for x in args.players.split(",")]
    compared = differences = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "t.trf")

        def pair(text):
            with open(path, "w") as f:
                f.write(text)
            run = subprocess.run([args.sakk, "swiss", "pair", path], capture_output=True, text=True)
            if run.returncode != 0:
                return None
            lines = run.stdout.split("\n")[1:]
            return [tuple(int(x) for x in l.split()) for l in lines if l.strip()]

        for t in range(args.tournaments):
            n = sizes[t % len(sizes)]
            for k, text in own_tournament(n, args.rounds, rng, pair):
                if k == 1:
                    continue
                # The file of the rounds before round k (without the byes
                # already asked for round k), without the pairing
                # programs' own lines.
                trf = "\n".join(l for l in cut(text, k, args.rounds).splitlines()
                                if not l.startswith(("XXA", "XXP", "XXC")))
                with open(path, "w") as f:
                    f.write(trf + "\n")
                for rules in RULES:
                    # The values, then direct encounter alone (among the
                    # players tied on points).
                    a = ours(args.sakk, path, list(TIEBREAKS), rules)
                    b = theirs(path, k - 1, list(TIEBREAKS), rules)
                    for code, value in ours(args.sakk, path, ["DE"], rules).items():
                        a[code]["DE"] = value["DE"]
                    for code, value in theirs(path, k - 1, ["DE"], rules).items():
                        b.setdefault(code, {})["DE"] = value["DE"]
                    compared += 1
                    for rank in sorted(a):
                        for code in [*TIEBREAKS, "DE"]:
                            x, y = a[rank].get(code), b.get(rank, {}).get(code)
                            if y is None or x != y:
                                differences += 1
                                print(f"tournament {t}, after round {k - 1}, player {rank}, "
                                      f"{code} ({rules} rules): sakk {x}, gacrux {y}")
                                if differences == 1:
                                    print(trf)
    print(f"{compared} standings of {args.tournaments} tournaments compared; "
          f"{differences} differing values")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
