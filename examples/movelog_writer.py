#!/usr/bin/env python3
"""An example writer of mgn's plain move log (docs/import.md): what a program that plays Dakon
adds to write its games so that `mgn check --from movelog` referees them.

The program below plays random legal Dakon turns on its own board (a small Dakon of its own,
standard rules: counter-clockwise, relay laps, capture of the opposite hole, a lap in the own
store sows again) and logs each turn as one JSON object. Run it and check what it wrote:

    python3 examples/movelog_writer.py > game.jsonl
    mgn check --from movelog game.jsonl

Only `MoveLog` is the part to copy: a header line, one line per turn, an end line.
"""

import json
import random
import sys


class MoveLog:
    """Writes one game as JSON Lines: the header, then a line per turn, then the end."""

    def __init__(self, out, game, board=None, preset=None, options=(), players=None, first=None):
        self.out = out
        header = {"game": game}
        if board:
            header["board"] = board
        if preset:
            header["preset"] = preset
        if options:
            header["options"] = list(options)  # "code=value", as `mgn rules GAME` lists them
        if players:
            header["players"] = players  # {"A": "...", "B": "..."}
        if first:
            header["first"] = first
        self._line(header)

    def turn(self, player, move, captures=None, score=None, position=None):
        """One whole turn: `move` in MGN move syntax (B4, B4-B2) or "pass"; optionally the
        points captured and the holes they came from, the stores [A, B] and the position after
        the turn in MGN's position form."""
        line = {"player": player, "move": move}
        if captures:
            line["captures"] = {"points": captures[0], "holes": captures[1]}
        if score is not None:
            line["score"] = score
        if position is not None:
            line["position"] = position
        self._line(line)

    def round(self, number, position=None):
        line = {"round": number}
        if position is not None:
            line["position"] = position
        self._line(line)

    def end(self, winner=None, how="normal"):
        """winner: "A", "B", "draw", or None when the game has none."""
        line = {"end": how}
        if winner:
            line["winner"] = winner
        self._line(line)

    def _line(self, obj):
        self.out.write(json.dumps(obj) + "\n")


# --- a small Dakon of the example's own, 2xN, one round ----------------------------------

N = 5
# The circuit counter-clockwise from B's view: B1..BN, B's store, A1..AN, A's store.
CIRCUIT = [("B", i) for i in range(1, N + 1)] + [("B", "store")] + \
          [("A", i) for i in range(1, N + 1)] + [("A", "store")]


def sow(board, stores, player, hole):
    """One sowing with its relays; returns (the turn goes on, captured points, holes)."""
    where = CIRCUIT.index((player, hole))
    seeds, board[(player, hole)] = board[(player, hole)], 0
    while True:
        while seeds:
            where = (where + 1) % len(CIRCUIT)
            side, spot = CIRCUIT[where]
            if spot == "store":
                if side != player:
                    continue  # the opponent's store is skipped
                stores[side] += 1
            else:
                board[(side, spot)] += 1
            seeds -= 1
        side, spot = CIRCUIT[where]
        if spot == "store":
            return True, 0, []
        if board[(side, spot)] > 1:  # relay
            seeds, board[(side, spot)] = board[(side, spot)], 0
            continue
        opposite = ("B" if side == "A" else "A", N + 1 - spot)
        if side == player and board[opposite] > 0:
            points = board[opposite] + 1
            stores[player] += points
            holes = sorted([f"{opposite[0]}{opposite[1]}", f"{side}{spot}"])
            board[opposite] = board[(side, spot)] = 0
            return False, points, holes
        return False, 0, []


def position(board, stores, to_move):
    rows = "/".join(",".join(str(board[(s, i)]) for i in range(1, N + 1)) for s in "AB")
    return f"{rows} {stores['A']}/{stores['B']} {to_move} 1"


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    board = {(s, i): N for s in "AB" for i in range(1, N + 1)}
    stores = {"A": 0, "B": 0}
    log = MoveLog(sys.stdout, "dakon", board=f"2x{N}", preset="catalan",
                  players={"A": "random", "B": "random"}, first="B")
    player = "B"
    while sum(board.values()) > 0:
        holes = [i for i in range(1, N + 1) if board[(player, i)] > 0]
        other = "A" if player == "B" else "B"
        if not holes:
            log.turn(player, "pass", position=position(board, stores, other))
            player = other
            continue
        sowings, points, taken = [], 0, []
        while holes:
            hole = rng.choice(holes)
            sowings.append(f"{player}{hole}")
            again, points, taken = sow(board, stores, player, hole)
            holes = [i for i in range(1, N + 1) if board[(player, i)] > 0] if again else []
        to_move = other
        if sum(board.values()) == 0:
            # The round is over; the next starts with its winner (after a draw, the last
            # mover): dakon.next-round.first, whose default the position must follow.
            to_move = "A" if stores["A"] > stores["B"] else "B" if stores["B"] > stores["A"] else player
        log.turn(player, "-".join(sowings),
                 captures=(points, taken) if points else None,
                 score=[stores["A"], stores["B"]],
                 position=position(board, stores, to_move))
        player = other
    # The round is over: every seed is in a store. This example stops after one round, so
    # the game has no winner yet.
    log.end(None, "unfinished")


if __name__ == "__main__":
    main()
