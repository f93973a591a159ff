#!/usr/bin/env python3
"""berserk, the Python lichess client from PyPI, against sakk, unchanged
but for the server's address.

It starts `sakk serve` on a fresh database, makes two accounts and a
personal token for each on the command line (`sakk user add`, `sakk token
add`), and then uses only berserk: both accounts' event streams, a rated
challenge from one to the other accepted through the event stream
(`challenge`, then `gameStart` on both), both players streaming the game
(lichess's `gameFull` and `gameState`), moves, a draw offered and declined,
a takeback asked and granted, a resignation, `gameFinish` on the stream,
and `games.export` (PGN and JSON) with both names and the ratings, the PGN
imported back by `games.import_game`. A second challenge is declined with a reason and a third canceled.

Usage: berserk_client.py SAKK_BINARY
Exits non-zero on the first thing that is not as lichess would have it.
"""

import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading

import berserk


def check(cond, what):
    if not cond:
        sys.exit(f"FAILED: {what}")
    print(f"ok: {what}")


def start(binary, data_dir):
    server = subprocess.Popen(
        [binary, "serve", "--port", "0", "--data-dir", data_dir],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    line = server.stdout.readline()
    if "http://" not in line:
        server.kill()
        sys.exit(f"unexpected first line from sakk serve: {line!r}")
    return server, "http://" + line.strip().rsplit("http://", 1)[1].rstrip("/")


def account(binary, data_dir, name, password):
    made = subprocess.run(
        [binary, "user", "add", name, "--data-dir", data_dir],
        input=password + "\n", capture_output=True, text=True, check=False,
    )
    check(made.returncode == 0, f"sakk user add {name}: {made.stderr.strip()}")
    token = subprocess.run(
        [binary, "token", "add", name, "--data-dir", data_dir,
         "--scope", "board:play,challenge:read,challenge:write"],
        capture_output=True, text=True, check=False,
    )
    check(token.returncode == 0, f"sakk token add {name}")
    return token.stdout.strip()


class Events:
    """A berserk stream read on a thread of its own, into a queue."""

    def __init__(self, iterator):
        self.queue = queue.Queue()
        thread = threading.Thread(target=self._pump, args=(iterator,), daemon=True)
        thread.start()

    def _pump(self, iterator):
        try:
            for event in iterator:
                self.queue.put(event)
        except Exception as e:  # the stream ended (the server stopped)
            self.queue.put({"type": "stream-error", "error": repr(e)})

    def next(self, kind, timeout=20):
        """The next event of `kind` (others are skipped)."""
        while True:
            try:
                event = self.queue.get(timeout=timeout)
            except queue.Empty:
                sys.exit(f"FAILED: no {kind} event within {timeout} s")
            if event.get("type") == kind:
                return event


def main():
    binary = os.path.abspath(sys.argv[1])
    data_dir = tempfile.mkdtemp(prefix="sakk-berserk-")
    anna_token = account(binary, data_dir, "Anna", "correct horse battery")
    bela_token = account(binary, data_dir, "Bela", "tr0ub4dor&3 again")
    server, base = start(binary, data_dir)
    try:
        play(base, anna_token, bela_token)
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(data_dir, ignore_errors=True)
    print("berserk: every call answered as lichess answers it")


def play(base, anna_token, bela_token):
    anna = berserk.Client(berserk.TokenSession(anna_token), base_url=base)
    bela = berserk.Client(berserk.TokenSession(bela_token), base_url=base)

    me = anna.account.get()
    check(me["id"] == "anna" and me["username"] == "Anna", "account.get names the token's owner")
    check(hasattr(me["createdAt"], "year"), "createdAt is a time berserk converts")

    anna_events = Events(anna.board.stream_incoming_events())
    bela_events = Events(bela.board.stream_incoming_events())

    # A rated 5+3 challenge, Anna White.
    made = anna.challenges.create("Bela", rated=True, clock_limit=300,
                                  clock_increment=3, color="white")
    check(made["status"] == "created" and made["rated"] is True, "challenges.create")
    check(made["speed"] == "blitz" and made["timeControl"]["show"] == "5+3",
          "the challenge's speed and time control")
    incoming = bela_events.next("challenge")["challenge"]
    check(incoming["id"] == made["id"], "the challenge on Bela's stream")
    check(incoming["challenger"]["id"] == "anna" and incoming["destUser"]["id"] == "bela",
          "challenger and destUser")
    check(incoming["challenger"]["rating"] == 1500, "a new account's rating is 1500")
    mine = bela.challenges.get_mine()
    check([c["id"] for c in mine["in"]] == [made["id"]], "challenges.get_mine lists it")

    bela.challenges.accept(incoming["id"])
    start_b = bela_events.next("gameStart")["game"]
    start_a = anna_events.next("gameStart")["game"]
    game_id = start_a["gameId"]
    check(start_b["gameId"] == game_id and start_a["id"] == game_id, "gameStart on both streams")
    check(start_a["color"] == "white" and start_b["color"] == "black", "the colours asked for")
    check(start_a["isMyTurn"] is True and start_b["isMyTurn"] is False, "isMyTurn")

    anna_game = Events(anna.board.stream_game_state(game_id))
    bela_game = Events(bela.board.stream_game_state(game_id))
    full = anna_game.next("gameFull")
    check(full["white"]["name"] == "Anna" and full["black"]["name"] == "Bela",
          "gameFull names both players")
    check(full["rated"] is True and full["speed"] == "blitz", "gameFull: rated, blitz")
    check(full["variant"]["key"] == "standard", "gameFull: variant")
    check(full["state"]["status"] == "started", "status started from the first line")
    check(full["clock"] == {"initial": 300000, "increment": 3000}, "gameFull: the clock in ms")
    check(full["state"]["wtime"] == 300000, "gameFull's state: wtime in ms")
    bela_game.next("gameFull")

    def moves_seen(events, count):
        while True:
            state = events.next("gameState")
            if len(state["moves"].split()) == count:
                return state

    anna.board.make_move(game_id, "e2e4")
    first = moves_seen(bela_game, 1)
    check(hasattr(first["wtime"], "total_seconds"), "gameState's wtime read by berserk as a time")
    bela.board.make_move(game_id, "e7e5")
    moves_seen(anna_game, 2)
    anna.board.make_move(game_id, "g1f3")
    # A draw offered with the move just made, seen by Bela, and declined.
    anna.board.offer_draw(game_id)
    offered = bela_game.next("gameState")
    while not offered["wdraw"]:
        offered = bela_game.next("gameState")
    check(offered["wdraw"] is True and offered["bdraw"] is False, "the draw offer: wdraw")
    bela.board.decline_draw(game_id)
    declined = anna_game.next("gameState")
    while declined["wdraw"]:
        declined = anna_game.next("gameState")
    check(declined["wdraw"] is False, "the offer declined")

    # A takeback asked by Bela after his move, and granted by Anna.
    bela.board.make_move(game_id, "b8c6")
    moves_seen(anna_game, 4)
    bela.board.offer_takeback(game_id)
    asked = anna_game.next("gameState")
    while not asked["btakeback"]:
        asked = anna_game.next("gameState")
    check(asked["btakeback"] is True, "the takeback request: btakeback")
    anna.board.accept_takeback(game_id)
    back = moves_seen(bela_game, 3)
    check(back["moves"] == "e2e4 e7e5 g1f3", "the takeback took Nc6 back")

    bela.board.resign_game(game_id)
    over = moves_seen(anna_game, 3)
    while over["status"] == "started":
        over = anna_game.next("gameState")
    check(over["status"] == "resign" and over["winner"] == "white", "resign: white wins")
    finish = anna_events.next("gameFinish")["game"]
    check(finish["gameId"] == game_id and finish["winner"] == "white", "gameFinish on the stream")

    pgn = anna.games.export(game_id, as_pgn=True)
    check('[White "Anna"]' in pgn and '[Black "Bela"]' in pgn, "the PGN names both players")
    check('[WhiteElo "1500"]' in pgn and '[BlackElo "1500"]' in pgn, "the PGN's ratings")
    # lichess's own figures for two new players: 1500 -> 1741 and 1258.
    check('[WhiteRatingDiff "+241"]' in pgn and '[BlackRatingDiff "-242"]' in pgn,
          "the PGN's rating changes, as lichess's for two new players")
    check('[Result "1-0"]' in pgn and "1. e4" in pgn and "2. Nf3" in pgn and "Nc6" not in pgn,
          f"the PGN's moves and result:\n{pgn}")
    exported = anna.games.export(game_id)
    check(exported["players"]["white"]["user"]["name"] == "Anna", "the JSON export's players")
    check(exported["players"]["white"]["ratingDiff"] > 0, "the JSON export's rating change")
    check(exported["status"] == "resign" and exported["winner"] == "white", "the JSON export's end")
    check(hasattr(exported["createdAt"], "year"), "the export's createdAt converted by berserk")
    rated = anna.account.get()
    check(rated["perfs"]["blitz"]["rating"] == 1741 and rated["perfs"]["blitz"]["games"] == 1,
          "the account's blitz rating after the game")
    mine = list(bela.games.export_by_player("Anna", max=10))
    check([g["id"] for g in mine] == [game_id], "games.export_by_player lists the game")
    check(mine[0]["players"]["black"]["ratingDiff"] == -242, "the listed game's rating change")
    as_pgn = "".join(bela.games.export_by_player("anna", as_pgn=True))
    check('[White "Anna"]' in as_pgn and '[Black "Bela"]' in as_pgn, "the account's games as PGN")

    # The game's PGN imported back (lichess's /api/import, its form field).
    imported = bela.games.import_game(pgn)
    check(len(imported["id"]) == 8 and imported["url"].endswith("/analysis?import=" + imported["id"]),
          f"games.import_game answers lichess's id and url: {imported}")

    # Correspondence: three days a move, Anna White; each one's list of
    # games in play says whose turn it is.
    corr = anna.challenges.create("Bela", rated=False, days=3, color="white")
    check(corr["speed"] == "correspondence"
          and corr["timeControl"] == {"type": "correspondence", "daysPerTurn": 3},
          f"a challenge of days a move: {corr['timeControl']}")
    bela_events.next("challenge")
    bela.challenges.accept(corr["id"])
    anna_events.next("gameStart")
    corr_game = corr["id"]
    full = next(iter(bela.board.stream_game_state(corr_game)))
    check(full["type"] == "gameFull" and full.get("daysPerTurn") == 3 and full["clock"] is None,
          "the correspondence game's gameFull: daysPerTurn, no clock")
    anna.board.make_move(corr_game, "g1f3")
    ongoing = {g["gameId"]: g for g in bela.games.get_ongoing(count=50)}
    check(corr_game in ongoing and ongoing[corr_game]["isMyTurn"] is True
          and ongoing[corr_game]["speed"] == "correspondence"
          and 3 * 86400 - 120 <= ongoing[corr_game]["secondsLeft"] <= 3 * 86400,
          f"games.get_ongoing: Bela's turn, three days left: {ongoing.get(corr_game)}")
    theirs = {g["gameId"]: g for g in anna.games.get_ongoing()}
    check(theirs[corr_game]["isMyTurn"] is False, "games.get_ongoing: Anna waits")
    anna.board.abort_game(corr_game)

    # Declined with a reason, and canceled.
    second = anna.challenges.create("Bela", rated=False, clock_limit=600, clock_increment=0)
    bela_events.next("challenge")
    bela.challenges.decline(second["id"], reason="tooFast")
    declined = anna_events.next("challengeDeclined")["challenge"]
    check(declined["id"] == second["id"] and declined["declineReasonKey"] == "tooFast",
          "challengeDeclined with lichess's reason")
    third = anna.challenges.create("Bela", rated=False)
    bela_events.next("challenge")
    anna.challenges.cancel(third["id"])
    canceled = bela_events.next("challengeCanceled")["challenge"]
    check(canceled["id"] == third["id"], "challengeCanceled")
    try:
        bela.challenges.accept(third["id"])
        sys.exit("FAILED: a canceled challenge was accepted")
    except berserk.exceptions.ResponseError as e:
        check(e.status_code == 404, "a canceled challenge cannot be accepted (404)")


if __name__ == "__main__":
    main()
