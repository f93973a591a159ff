#!/usr/bin/env python3
"""Differential test of `sakk swiss pair` (FIDE Dutch system) against
independent implementations, on random tournaments.

Two kinds of tournaments: those of caissify-pairings' Random Tournament
Generator (the procedure of FIDE's endorsement rules, C.04.A: each round
paired by caissify, results drawn from the rating table), and our own with
what clubs see (requested half- and zero-point byes, forfeits, players who
withdraw, pairs that must not meet; each round paired by py4swiss). For
every round the file is cut before it and paired again:

- by the 2017 rules (`--rules 2017`), which must agree with py4swiss (an
  implementation of that text) board for board and colour for colour;
- by the rules in force since February 2026 (the default), which must agree
  with bbpPairings 6 (FIDE-endorsed) when `--bbp PATH` names its binary;
  rounds where caissify's own 2026 engine (the file) differs are counted
  and shown with `--show-file`, not failed: its colour allocation ranks
  players by pairing number alone (C.04.3 1.2 ranks by score first).

    tests/python/swiss_differential.py target/debug/sakk --tournaments 200 \\
        --players 9,16,25 --rounds 7 --seed 1 [--bbp bbpPairings.exe]

Exit status 1 when any round differs from py4swiss or bbpPairings, or sakk
fails; each difference is printed (`--keep DIR` keeps the cut files).
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from caissify_pairings.rtg import generate_tournament
from py4swiss.engines import DutchEngine
from py4swiss.trf import TrfParser

ROUND_COLUMN = 91  # a round's ten columns start after column 91
POINTS = {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0, "W": 2, "D": 1, "L": 0,
          "H": 1, "F": 2, "U": 2, "Z": 0}


def round_field(line, k):
    """The ten columns of round k (from 1) of a player line."""
    start = ROUND_COLUMN + 10 * (k - 1)
    return line[start:start + 10].ljust(10)


def cut(text, before, planned):
    """The TRF as it stood before round `before`: later rounds removed,
    points recomputed, the planned rounds and the first round's colour
    stated (the generator draws it by lot and does not write it)."""
    lines = text.splitlines()
    players = [l for l in lines if l.startswith("001")]
    # The top seed's colour in round 1, or the colour of anyone's
    # board-1-like game: the lowest starting rank who played.
    first = "white1"
    best = None
    for l in players:
        rank = int(l[4:8])
        field = round_field(l, 1)
        if field[5] in "wb" and (best is None or rank < best):
            opp = int(field[0:4])
            # White of the pair with the better rank: E.5 gives the initial
            # colour to the higher-ranked player when nothing else decides.
            hi_white = (field[5] == "w") == (rank < opp)
            odd = min(rank, opp) % 2 == 1
            first = "white1" if hi_white == odd else "black1"
            best = rank
    out = []
    for l in lines:
        if l.startswith("XXR") or l.startswith("XXC"):
            continue
        if l.startswith("001"):
            head = l[:ROUND_COLUMN].ljust(ROUND_COLUMN)
            rounds = "".join(round_field(l, k) for k in range(1, before))
            half = sum(POINTS.get(round_field(l, k)[7], 0) for k in range(1, before))
            pts = f"{half // 2}.{5 if half % 2 else 0}".rjust(4)
            head = head[:80] + pts + head[84:]
            out.append((head + rounds).rstrip())
        else:
            out.append(l)
    out.append(f"XXR {planned}")
    out.append(f"XXC {first}")
    return "\n".join(out) + "\n"


def recorded(text, k):
    """The pairing of round k as the file records it: {(white, black)}."""
    pairs = set()
    for l in text.splitlines():
        if not l.startswith("001"):
            continue
        rank = int(l[4:8])
        field = round_field(l, k)
        if field[7] == "U":
            pairs.add((rank, 0))
        elif field[5] == "w":
            pairs.add((rank, int(field[0:4])))
    return pairs


def parse_output(text):
    lines = text.split("\n")
    n = int(lines[0])
    pairs = []
    for l in lines[1:1 + n]:
        w, b = l.split()
        pairs.append((int(w), int(b)))
    return pairs


def line(rank, rating, points_half, rounds):
    """A TRF player line: the fixed fields, then ten columns a round."""
    pts = f"{points_half // 2}.{5 if points_half % 2 else 0}"
    head = (f"001 {rank:>4}      {'P' + str(rank):<33} {rating:>4}"
            f"{'':>28}{pts:>4} {rank:>4}")
    return head + "".join(f"  {o:>4} {c} {r}" for (o, c, r) in rounds)


def own_tournament(n, planned, rng, pair):
    """A tournament as clubs have them: requested half- and zero-point
    byes, forfeits, players who withdraw, pairs that must not meet. Each
    round is paired by `pair` (the reference); yields the TRF before each
    round."""
    ratings = sorted((rng.randrange(1000, 2700) for _ in range(n)), reverse=True)
    rounds = {r: [] for r in range(1, n + 1)}
    withdrawn = set()
    forbidden = set()
    for _ in range(rng.choice([0, 0, 1, 2])):
        a, b = rng.sample(range(1, n + 1), 2)
        forbidden.add((min(a, b), max(a, b)))
    first = rng.choice(["white1", "black1"])
    # A third of the tournaments accelerated the Baku way: the top half
    # (rounded up to even) one virtual point in the first rounds, half a
    # point in the next ones.
    xxa = ""
    if rng.random() < 1 / 3:
        ga = 2 * -(-n // 4)
        full = -(-planned // 2)
        half_until = full + -(-full // 2)
        values = ["1.0" if k <= full // 2 + 1 else "0.5" if k <= half_until else "0.0"
                  for k in range(1, planned + 1)]
        values = [v if k <= half_until else "0.0" for k, v in enumerate(values, 1)]
        xxa = "".join(f"XXA {r:>4}" + "".join(f" {v:>4}" for v in values) + "\n"
                      for r in range(1, ga + 1))
    value = {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0, "H": 1, "Z": 0, "U": 2}
    for k in range(1, planned + 1):
        # Absences announced before the round.
        for r in rounds:
            if r not in withdrawn and rng.random() < 0.02 and k > 1:
                withdrawn.add(r)
            if r in withdrawn:
                rounds[r].append(("0000", "-", "Z"))
            elif rng.random() < 0.05:
                rounds[r].append(("0000", "-", rng.choice("HZ")))
        text = "012 own\n" + "\n".join(
            line(r, ratings[r - 1], sum(value[x[2]] for x in rounds[r]), rounds[r])
            for r in rounds)
        text += f"\nXXR {planned}\nXXC {first}\n"
        text += "".join(f"XXP {a} {b}\n" for (a, b) in sorted(forbidden))
        text += xxa
        yield k, text
        pairs = pair(text)
        if pairs is None:
            return
        for (w, b) in pairs:
            if b == 0:
                rounds[w].append(("0000", "-", "U"))
                continue
            x = rng.random()
            e = 1 / (1 + 10 ** ((ratings[b - 1] - ratings[w - 1]) / 400))
            if x < 0.03:
                rw, rb = ("+", "-") if rng.random() < 0.5 else ("-", "+")
            elif x < 0.33:
                rw, rb = "=", "="
            elif rng.random() < e:
                rw, rb = "1", "0"
            else:
                rw, rb = "0", "1"
            rounds[w].append((b, "w", rw))
            rounds[b].append((w, "b", rb))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sakk")
    ap.add_argument("--tournaments", type=int, default=100)
    ap.add_argument("--players", default="7,10,16,21")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--source", choices=["rtg", "own", "both"], default="both",
                    help="caissify's generated tournaments, ours with byes, "
                    "forfeits and withdrawals, or both")
    ap.add_argument("--bbp", help="also compare with bbpPairings (its binary)")
    ap.add_argument("--show-file", action="store_true",
                    help="print the rounds where caissify's file differs")
    ap.add_argument("--record", help="write every round with py4swiss's and "
                    "bbpPairings' pairings to this file (the test data of "
                    "crates/tournament/tests/dutch_reference.rs)")
    ap.add_argument("--keep", help="keep the cut files of differing rounds here")
    args = ap.parse_args()

    sizes = [int(s) for s in args.players.split(",")]
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="swiss-diff-"))
    keep = Path(args.keep) if args.keep else None
    record = [] if args.record else None
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
    stats = {"rounds": 0, "file": 0, "py4swiss": 0, "bbp": 0, "crash": 0, "none": 0,
             "sakk": 0.0, "py": 0.0}

    def py4swiss(path):
        start = time.perf_counter()
        try:
            out = [(p.white, p.black) for p in
                   DutchEngine.generate_pairings(TrfParser.parse(path))]
        except Exception:  # no legal pairing, or a file it cannot read
            out = None
        stats["py"] += time.perf_counter() - start
        return out

    def sakk(path, rules):
        start = time.perf_counter()
        run = subprocess.run([args.sakk, "swiss", "pair", "--rules", rules, str(path)],
                             capture_output=True, text=True)
        stats["sakk"] += time.perf_counter() - start
        if run.returncode not in (0, 1):
            print(f"{path.name}: sakk exit {run.returncode}: {run.stderr.strip()}")
            stats["crash"] += 1
        return parse_output(run.stdout) if run.returncode == 0 else None

    def check(label, path, text, want):
        """The 2017 rules against py4swiss; the rules in force (2026)
        against bbpPairings when given, and against caissify's file."""
        path.write_text(text)
        old = sakk(path, "2017")
        new = sakk(path, "2026")
        theirs = py4swiss(path)
        stats["rounds"] += 1
        problems = []
        if old != theirs:
            stats["py4swiss"] += 1
            problems.append(f"2017: sakk {old}, py4swiss {theirs}")
        elif old is None:
            # Agreement that no pairing exists: counted apart, not hidden
            # among the rounds both paired alike.
            stats["none"] += 1
        if args.bbp:
            out = path.with_suffix(".bbp")
            b = subprocess.run([args.bbp, "--dutch", str(path), "-p", str(out)],
                               capture_output=True, text=True)
            bbp = parse_output(out.read_text()) if b.returncode == 0 else None
            if out.exists():
                out.unlink()
            if new != bbp:
                stats["bbp"] += 1
                problems.append(f"2026: sakk {new}, bbpPairings {bbp}")
        if record is not None and args.bbp:
            record.append(f"=== {label}\n{text.rstrip()}\n")
            for name, pairs in (("2026", bbp), ("2017", theirs)):
                lines = "none" if pairs is None else "\n".join(
                    f"{w} {b}" for (w, b) in pairs)
                record.append(f"--- {name}\n{lines}\n")
        if want is not None and (new is None or set(new) != want):
            stats["file"] += 1
            if args.show_file:
                problems.append(f"2026: sakk {new}, caissify's file {sorted(want)}")
        if problems:
            print(f"{label}: " + "; ".join(problems))
            if keep:
                (keep / path.name).write_text(text)
        return theirs

    for t in range(args.tournaments):
        n = sizes[t % len(sizes)]
        seed = rng.randrange(1 << 30)
        if args.source in ("rtg", "both"):
            text = generate_tournament(num_players=n, num_rounds=args.rounds, seed=seed)
            for k in range(1, args.rounds + 1):
                want = recorded(text, k)
                if not want:
                    break
                check(f"rtg {t} (seed {seed}, {n} players) round {k}",
                      tmp / f"rtg{t}-r{k}.trf", cut(text, k, args.rounds), want)
        if args.source in ("own", "both"):
            own_rng = random.Random(seed)
            path = tmp / f"own{t}.trf"

            def reference(text):
                path.write_text(text)
                return py4swiss(path)
            for k, text in own_tournament(n, args.rounds, own_rng, reference):
                check(f"own {t} (seed {seed}, {n} players) round {k}",
                      tmp / f"own{t}-r{k}.trf", text, None)
    print(f"{stats['rounds']} rounds of {args.tournaments} tournaments: "
          f"2017 rules: {stats['py4swiss']} differ from py4swiss; "
          f"2026 rules: {stats['bbp']} differ from bbpPairings"
          f"{'' if args.bbp else ' (NOT RUN: give --bbp PATH)'}, "
          f"{stats['none']} where both found no pairing, "
          f"{stats['file']} from caissify's file (not counted as failures); "
          f"sakk {stats['sakk']:.1f} s for both rules, py4swiss {stats['py']:.1f} s")
    if record is not None:
        Path(args.record).write_text("".join(record))
    for f in tmp.iterdir():
        f.unlink()
    tmp.rmdir()
    if stats["rounds"] == 0 or 2 * stats["none"] > stats["rounds"]:
        print("most rounds were paired by neither program: the comparison proves little")
        sys.exit(1)
    sys.exit(1 if stats["py4swiss"] or stats["bbp"] or stats["crash"] else 0)


if __name__ == "__main__":
    main()
