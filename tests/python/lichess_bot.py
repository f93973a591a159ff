#!/usr/bin/env python3
"""A bot written as for lichess's Board API, playing sakk's computer.

It reads the game only through lichess's names -- the stream's `gameFull`
(`initialFen`, `state`) and `gameState` events, and in them `moves`,
`status`, `wtime`, `btime`, `winc`, `binc`, `winner`, `wdraw`, `bdraw` --
and plays with `POST .../move/{uci}`, as a lichess bot does. Only the
addresses differ (see the README's table). It starts `sakk serve` on a free
port with a fresh database, creates a game against the computer (level 1,
5+2), and plays it to its end: mate in one when it has one, else the best
capture by material, else a seeded random move; at 200 moves it resigns.

Usage: lichess_bot.py SAKK_BINARY [--seed S]
Exits non-zero when anything a bot relies on is missing or wrong.
"""

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import urllib.request

import chess

# lichess's game statuses (https://lichess.org/api#tag/Board): the ones a
# game can end with here.
OVER = {"aborted", "mate", "resign", "stalemate", "timeout", "draw", "outoftime"}
VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def start(binary, data_dir):
    """`sakk serve` on a free port; returns the process and its base URL."""
    server = subprocess.Popen(
        [binary, "serve", "--port", "0", "--data-dir", data_dir],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    line = server.stdout.readline()  # "sakk is running at http://HOST:PORT/"
    if "http://" not in line:
        server.kill()
        sys.exit(f"unexpected first line from sakk serve: {line!r}")
    return server, "http://" + line.strip().rsplit("http://", 1)[1].rstrip("/")


def call(base, method, path, token=None, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


def choose(board, rng):
    moves = list(board.legal_moves)
    for m in moves:
        board.push(m)
        mate = board.is_checkmate()
        board.pop()
        if mate:
            return m
    captures = [m for m in moves if board.is_capture(m)]
    if captures:

        def gain(m):
            victim = board.piece_at(m.to_square)
            return VALUES.get(victim.piece_type, 1) if victim else 1

        return max(captures, key=gain)
    return rng.choice(moves)


def check(cond, what):
    if not cond:
        sys.exit(f"lichess_bot: {what}")


def play(base, rng):
    created = call(
        base,
        "POST",
        "/api/games",
        body={"opponent": "computer", "color": "white", "level": 1, "clock": {"limit": 300, "increment": 2}},
    )
    game_id, me = created["id"], created["color"]
    token = created["tokens"][me]
    check(me == "white", f"the create answer names the creator's colour: {created}")
    req = urllib.request.Request(f"{base}/api/games/{game_id}/stream")
    req.add_header("Authorization", f"Bearer {token}")
    initial_fen = chess.STARTING_FEN
    sent = 0
    with urllib.request.urlopen(req, timeout=60) as stream:
        for raw in stream:
            if not raw.strip():
                continue  # keep-alive
            event = json.loads(raw)
            if event["type"] == "gameFull":
                initial_fen = event["initialFen"]
                state = event["state"]
                check(event["clock"]["initial"] == 300_000, f"gameFull.clock: {event['clock']}")
            elif event["type"] == "gameState":
                state = event
            else:
                continue
            for name in ("wtime", "btime", "winc", "binc"):
                check(isinstance(state[name], int), f"{name} in milliseconds: {state[name]!r}")
            check(state["winc"] == 2000, f"winc: {state['winc']}")
            check(isinstance(state["wdraw"], bool) and isinstance(state["bdraw"], bool), "wdraw/bdraw")
            board = chess.Board(initial_fen)
            for uci in state["moves"].split():
                board.push_uci(uci)
            if state["status"] in OVER:
                return state, board
            check(state["status"] in ("created", "started"), f"status: {state['status']}")
            mine = board.turn == (me == "white")
            if not mine or len(board.move_stack) < sent:
                continue
            if board.fullmove_number > 200:
                call(base, "POST", f"/api/games/{game_id}/resign", token)
                continue
            move = choose(board, rng)
            call(base, "POST", f"/api/games/{game_id}/move/{move.uci()}", token)
            sent = len(board.move_stack) + 1
    sys.exit("lichess_bot: the stream ended before the game")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sakk")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    data_dir = tempfile.mkdtemp(prefix="sakk-bot-")
    server, base = start(args.sakk, data_dir)
    try:
        state, board = play(base, random.Random(args.seed))
    finally:
        server.kill()
        server.wait()
        shutil.rmtree(data_dir, ignore_errors=True)
    status, winner = state["status"], state.get("winner")
    if status == "mate":
        check(board.is_checkmate(), "status mate, but the moves do not end in mate")
        check(winner == ("white" if board.turn == chess.BLACK else "black"), f"winner: {winner}")
    if status == "stalemate":
        check(board.is_stalemate(), "status stalemate, but the moves do not end in stalemate")
    if status == "draw":
        check(winner is None, f"a draw has no winner: {winner}")
    print(f"lichess-style bot: {len(board.move_stack)} plies, status {status}, winner {winner}")


if __name__ == "__main__":
    main()
