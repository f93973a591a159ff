#!/usr/bin/env python3
"""A BOT account, written only against lichess's API documentation
(https://lichess.org/api, tags Bot and Challenges), plays a whole game on
sakk.

The bot uses nothing but lichess's paths and fields: it upgrades its
account (`POST /api/bot/account/upgrade`), reads its event stream
(`/api/stream/event`: `challenge`, `gameStart`, `gameFinish`), accepts the
challenge of a human account, streams the game (`/api/bot/game/stream/{id}`:
`gameFull`, `gameState`) and plays `POST /api/bot/game/{id}/move/{uci}`
whenever `isMyTurn` would say so, choosing its moves with python-chess:
mate in one, else the best capture, else a seeded random move. The human,
through the Board API, plays seeded random moves and resigns at move 60.
Then lichess's `/api/bot/online`, `/api/users/status`, the game's export
(`[BlackTitle "BOT"]`) and the refusals a BOT meets (the Board API) are
checked; a rated Chess960 challenge is seen, accepted and played from
its drawn start, and rated in Chess960's own category; and, entered in an
online tournament by its join link with its own token (the link's token
as lichess's `password`), the bot hears of its round's game on the
same event stream and plays it, whose result the tournament then shows.

Usage: lichess_bot_account.py SAKK_BINARY [--seed S]
"""

import argparse
import json
import os
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.request

import chess

# The same choice of moves and the same statuses as the Board API bot.
from lichess_bot import OVER, choose


def check(cond, what):
    if not cond:
        sys.exit(f"FAILED: {what}")
    print(f"ok: {what}")


class Lichess:
    """The few calls lichess's documentation describes, with a token."""

    def __init__(self, base, token):
        self.base, self.token = base, token

    def request(self, method, path, body=None, accept=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if accept:
            req.add_header("Accept", accept)
        try:
            with urllib.request.urlopen(req, timeout=30) as res:
                return res.status, res.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def json(self, method, path, body=None):
        status, text = self.request(method, path, body)
        if status != 200:
            sys.exit(f"FAILED: {method} {path}: {status} {text}")
        return json.loads(text)

    def stream(self, path):
        """The lines of an NDJSON stream, as JSON, on a thread: a queue."""
        out = queue.Queue()

        def pump():
            req = urllib.request.Request(self.base + path)
            req.add_header("Authorization", f"Bearer {self.token}")
            try:
                with urllib.request.urlopen(req, timeout=60) as res:
                    for raw in res:
                        line = raw.strip()
                        if line:
                            out.put(json.loads(line))
            except Exception as e:  # the stream ended
                out.put({"type": "closed", "error": repr(e)})
            out.put({"type": "closed"})

        threading.Thread(target=pump, daemon=True).start()
        return out


def next_event(events, kinds, timeout=30):
    while True:
        try:
            event = events.get(timeout=timeout)
        except queue.Empty:
            sys.exit(f"FAILED: no {kinds} within {timeout} s")
        if event.get("type") in kinds:
            return event


def play_side(api, path_api, game_id, color, rng, resign_at=None):
    """Plays one side of a game from its stream until the game ends; the
    final state."""
    events = api.stream(f"/api/{path_api}/game/stream/{game_id}")
    full = next_event(events, {"gameFull"})
    state = full["state"]
    initial = full["initialFen"]
    # Chess960: its start position, castling as the king onto its rook.
    chess960 = full["variant"]["key"] == "chess960"
    while True:
        if initial == "startpos":
            board = chess.Board(chess960=chess960)
        else:
            board = chess.Board(initial, chess960=chess960)
        for uci in state["moves"].split():
            board.push_uci(uci)
        if state["status"] in OVER:
            return full, state
        mine = board.turn == (color == "white")
        if mine:
            if resign_at is not None and board.fullmove_number >= resign_at:
                status, text = api.request("POST", f"/api/{path_api}/game/{game_id}/resign")
                check(status == 200, f"resign: {text}")
            else:
                move = choose(board, rng)
                status, text = api.request("POST", f"/api/{path_api}/game/{game_id}/move/{move.uci()}")
                if status != 200:
                    sys.exit(f"FAILED: {move.uci()} refused: {status} {text}")
        state = next_event(events, {"gameState", "closed"})
        if state.get("type") == "closed":
            sys.exit("FAILED: the game stream closed before the end")


def account(binary, data_dir, name, scopes):
    made = subprocess.run([binary, "user", "add", name, "--data-dir", data_dir],
                          input="correct horse battery\n", capture_output=True, text=True)
    check(made.returncode == 0, f"account {name}")
    token = subprocess.run([binary, "token", "add", name, "--data-dir", data_dir, "--scope", scopes],
                           capture_output=True, text=True)
    check(token.returncode == 0, f"token for {name}")
    return token.stdout.strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    data_dir = tempfile.mkdtemp(prefix="sakk-bot-")
    human_token = account(binary, data_dir, "Anna", "board:play,challenge:write,tournament:write")
    bot_token = account(binary, data_dir, "sakkbot",
                        "bot:play,challenge:read,challenge:write,tournament:write")
    server = subprocess.Popen([binary, "serve", "--port", "0", "--data-dir", data_dir],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    base = "http://" + line.strip().rsplit("http://", 1)[1].rstrip("/")
    try:
        run(base, human_token, bot_token, args.seed)
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(data_dir, ignore_errors=True)


def run(base, human_token, bot_token, seed):
    human, bot = Lichess(base, human_token), Lichess(base, bot_token)
    status, text = bot.request("POST", "/api/bot/game/x/move/e2e4")
    check(status == 403 and "not_a_bot" in text, "the Bot API is for BOT accounts")
    check(bot.json("POST", "/api/bot/account/upgrade") == {"ok": True}, "upgraded to a BOT account")
    me = bot.json("GET", "/api/account")
    check(me.get("title") == "BOT", "the account's title is BOT")
    status, _ = bot.request("POST", "/api/bot/account/upgrade")
    check(status == 400, "a BOT is upgraded once")

    events = bot.stream("/api/stream/event")
    # Online once its stream is open.
    for _ in range(50):
        status, text = human.request("GET", "/api/bot/online")
        if "sakkbot" in text:
            break
        threading.Event().wait(0.1)
    check(json.loads(text.splitlines()[0])["id"] == "sakkbot", "/api/bot/online lists the bot")
    statuses = human.json("GET", "/api/users/status?ids=sakkbot,anna,nobody")
    check([s["id"] for s in statuses] == ["sakkbot", "anna"] and statuses[0]["online"] is True,
          "/api/users/status")

    challenge = human.json("POST", "/api/challenge/sakkbot",
                           {"rated": False, "clock.limit": 300, "clock.increment": 2, "color": "white"})
    seen = next_event(events, {"challenge"})["challenge"]
    check(seen["id"] == challenge["id"] and seen["challenger"]["id"] == "anna",
          "the bot sees the challenge")
    check(bot.json("POST", f"/api/challenge/{seen['id']}/accept") == {"ok": True}, "the bot accepts")
    start = next_event(events, {"gameStart"})["game"]
    game_id = start["id"]
    check(start["color"] == "black" and start["compat"]["bot"] is True, "gameStart for the bot")

    status, text = bot.request("POST", f"/api/board/game/{game_id}/move/e7e5")
    check(status == 403 and "bot_on_board" in text, "a BOT does not use the Board API")

    results = {}

    def human_side():
        results["human"] = play_side(human, "board", game_id, "white", random.Random(seed), resign_at=60)

    thread = threading.Thread(target=human_side, daemon=True)
    thread.start()
    full, final = play_side(bot, "bot", game_id, "black", random.Random(seed + 1))
    thread.join(timeout=60)
    check(full["black"]["title"] == "BOT" and full["white"]["name"] == "Anna", "gameFull's players")
    check(final["status"] in OVER, f"the game ended: {final['status']}")
    plies = len(final["moves"].split())
    print(f"the game: {plies} plies, {final['status']}, winner {final.get('winner')}")
    finish = next_event(events, {"gameFinish"})["game"]
    check(finish["id"] == game_id, "gameFinish on the bot's stream")
    status, pgn = human.request("GET", f"/game/export/{game_id}")
    check(status == 200 and '[BlackTitle "BOT"]' in pgn and '[Black "sakkbot"]' in pgn,
          "the export names the BOT")
    board = chess.pgn.read_game(__import__("io").StringIO(pgn))
    check(board is not None and len(list(board.mainline_moves())) == plies,
          "python-chess reads the exported game, every move")

    # A Chess960 challenge, rated: the bot sees its variant, accepts, and
    # plays it from the start drawn for it, castling king onto rook.
    challenge = human.json("POST", "/api/challenge/sakkbot",
                           {"rated": True, "clock.limit": 300, "clock.increment": 2,
                            "color": "white", "variant": "chess960"})
    seen = next_event(events, {"challenge"})["challenge"]
    check(seen["id"] == challenge["id"] and seen["variant"]["key"] == "chess960"
          and seen["perf"]["name"] == "Chess960", "the bot sees a Chess960 challenge")
    check(bot.json("POST", f"/api/challenge/{seen['id']}/accept") == {"ok": True},
          "the bot accepts the Chess960 challenge")
    start = next_event(events, {"gameStart"})["game"]
    game_id = start["id"]
    check(start["variant"]["key"] == "chess960" and start["perf"] == "chess960",
          "gameStart of a Chess960 game")

    def human_960():
        results["human960"] = play_side(human, "board", game_id, "white",
                                        random.Random(seed + 2), resign_at=40)

    thread = threading.Thread(target=human_960, daemon=True)
    thread.start()
    full, final = play_side(bot, "bot", game_id, "black", random.Random(seed + 3))
    thread.join(timeout=60)
    check(full["variant"]["key"] == "chess960" and full["initialFen"] == seen["initialFen"],
          "gameFull of the Chess960 game: its variant and the start drawn for it")
    check(final["status"] in OVER, f"the Chess960 game ended: {final['status']}")
    plies = len(final["moves"].split())
    print(f"the Chess960 game: {plies} plies, {final['status']}, winner {final.get('winner')}")
    next_event(events, {"gameFinish"})
    status, pgn = human.request("GET", f"/game/export/{game_id}")
    check(status == 200 and '[Variant "Chess960"]' in pgn, "the export says Chess960")
    game = chess.pgn.read_game(__import__("io").StringIO(pgn))
    check(game is not None and game.board().chess960
          and len(list(game.mainline_moves())) == plies,
          "python-chess reads the exported Chess960 game, every move")
    bot_now = human.json("GET", "/api/user/sakkbot")
    check(bot_now["perfs"]["chess960"]["games"] == 1 and bot_now["perfs"]["blitz"]["games"] == 0,
          "rated in Chess960's category")

    # A tournament: the organiser (no account) hands out the join link; the
    # bot and Anna enter with their own tokens; the round's game starts on
    # the bot's stream as any game.
    organiser = Lichess(base, "")
    status, text = organiser.request("POST", "/api/tournaments",
                                     {"name": "Bots welcome", "system": "swiss", "rounds": 1,
                                      "online": True, "rated": True, "time_control": "300+2"})
    check(status == 201, f"the tournament is made: {text}")
    made = json.loads(text)
    tid = made["id"]
    organiser.token = made["organiser_token"]
    links = organiser.json("GET", f"/api/tournaments/{tid}/links")
    password = links["join_url"].split("#join=", 1)[1]
    for who in [bot, human]:
        status, text = who.request("POST", f"/api/tournaments/{tid}/join",
                                   {"password": password, "account": True})
        check(status == 201, "entered with its own token" + ("" if status == 201 else f": {text}"))
    round_one = organiser.json("POST", f"/api/tournaments/{tid}/actions", {"type": "pair_round"})
    board = round_one["rounds"][0]["boards"][0]
    start = next_event(events, {"gameStart"})["game"]
    game_id = start["id"]
    check(game_id == board["game"] and start["rated"] is True,
          "gameStart of the tournament's game on the bot's stream")

    def human_tournament():
        results["tournament"] = play_side(human, "board", game_id,
                                          "black" if start["color"] == "white" else "white",
                                          random.Random(seed + 4), resign_at=40)

    thread = threading.Thread(target=human_tournament, daemon=True)
    thread.start()
    full, final = play_side(bot, "bot", game_id, start["color"], random.Random(seed + 5))
    thread.join(timeout=60)
    check(final["status"] in OVER, f"the tournament game ended: {final['status']}")
    print(f"the tournament game: {len(final['moves'].split())} plies, {final['status']}")
    next_event(events, {"gameFinish"})
    shown = None
    for _ in range(100):
        shown = organiser.json("GET", f"/api/tournaments/{tid}")
        if shown["rounds"][0]["boards"][0]["result"] is not None:
            break
        threading.Event().wait(0.1)
    check(shown["rounds"][0]["boards"][0]["result"] is not None,
          "the tournament shows the game's result")
    check(sorted(p["account"] for p in shown["players"]) == ["anna", "sakkbot"],
          "the tournament's players are the accounts")


if __name__ == "__main__":
    import chess.pgn  # noqa: F401  (read_game above)
    main()
