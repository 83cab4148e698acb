#!/usr/bin/env python3
"""A Dakon engine for the mgn engine protocol (docs/protocol.md), written from
docs/rules/dakon.md alone: a starting point for your own implementation.

    mgn referee --game dakon -- python3 examples/engine.py

It plays Dakon on 2x5 to 2x10 under the default rules (the `catalan` preset) and refuses
every other option value with `error unsupported`, as an engine should. It answers every
request of protocol 1, perft and divide included, one line each, and writes nothing else
on standard output (print debugging to standard error: the referee shows it when the
engine fails).

examples/mgn_protocol.py wraps this engine's Dakon class with the protocol helper instead of
the hand-written loop below: the shorter way to serve your own engine. examples/engines/ goes
further, with every Dakon option and the other games, served the same way.

The board is one list of 2N+2 cells in counter-clockwise order: B1..BN, B's store,
A1..AN, A's store. Out-of-play holes hold None.
"""

import sys

GAME = "dakon"
PLAYERS = "AB"


class Dakon:
    def __init__(self, n):
        self.n = n
        self.start("B")

    # --- the board -------------------------------------------------------------------

    def store(self, side):
        return self.n if side == "B" else 2 * self.n + 1

    def row(self, side):
        """The cells of a side's holes, in his numbering order 1..N."""
        first = 0 if side == "B" else self.n + 1
        return list(range(first, first + self.n))

    def cell(self, hole):
        side, k = hole[0], int(hole[1:])
        if side not in PLAYERS or not 1 <= k <= self.n:
            raise ValueError(hole)
        return self.row(side)[k - 1]

    def name(self, cell):
        side = "B" if cell <= self.n else "A"
        return side + str(self.row(side).index(cell) + 1)

    def owner(self, cell):
        return "B" if cell <= self.n else "A"

    def opposite(self, cell):
        # Bk faces A(N+1-k): on the circle, the cell at the same distance from the other end.
        return 2 * self.n - cell

    def seeds_in_row(self, side):
        return sum(self.board[c] or 0 for c in self.row(side))

    # --- positions -------------------------------------------------------------------

    def start(self, side):
        self.board = ([self.n] * self.n + [0]) * 2
        self.set_common(side, 1)

    def set_common(self, side, round_):
        self.to_move = side
        self.round = round_
        self.open_turn = False  # the mover's lap ended in his store: he sows again
        self.round_over = False
        self.result = None  # "1-0", "0-1" or "1/2-1/2" once the game is over
        self.won = {"A": 0, "B": 0}  # rounds won, counted from the position set
        self.last_mover = None

    def set_position(self, text):
        holes, stores, side, round_ = text.split()[:4]
        a, b = holes.split("/")
        a, b = a.split(","), b.split(",")
        sa, sb = (int(s) for s in stores.split("/"))
        if len(a) != self.n or len(b) != self.n or side not in PLAYERS:
            raise ValueError("the position does not fit the board")
        cell = lambda h: None if h == "x" else int(h)
        # Checked whole before it is set: a refused position leaves the engine's as it was.
        board = [cell(h) for h in b] + [sb] + [cell(h) for h in a] + [sa]
        if sum(c or 0 for c in board) != 2 * self.n * self.n:
            raise ValueError("a Dakon position holds 2N^2 seeds")
        round_ = int(round_)
        if round_ < 1:
            raise ValueError("rounds are counted from 1")
        if round_ == 1 and None in board:
            # dakon.round.out-of-play: holes go out of play at a later round's refill.
            raise ValueError("no hole is out of play in round 1")
        self.board = board
        self.set_common(side, round_)
        if self.seeds_in_row("A") == 0 and self.seeds_in_row("B") == 0:
            # Every seed in a store: between rounds, or the game's end when a store cannot fill
            # a hole (dakon.game.end), with no round won as far as the position says.
            if min(sa, sb) < self.n:
                self.result = "1/2-1/2"
            else:
                self.round_over = True

    def position(self):
        hole = lambda c: "x" if self.board[c] is None else str(self.board[c])
        rows = ["," .join(hole(c) for c in self.row(s)) for s in PLAYERS]
        stores = "%d/%d" % (self.board[self.store("A")], self.board[self.store("B")])
        return "%s/%s %s %s %d" % (rows[0], rows[1], stores, self.to_move, self.round)

    # --- decisions -------------------------------------------------------------------

    def moves(self):
        if self.result or self.round_over:
            return []
        holes = [self.name(c) for c in self.row(self.to_move) if self.board[c]]
        return holes if holes or self.open_turn else ["pass"]

    def play(self, decision):
        """Play one decision; returns (status, captured points, captured holes)."""
        if decision not in self.moves():
            raise KeyError(decision)
        me = self.to_move
        if decision == "pass":
            self.to_move = other(me)
            return "turn-over", 0, []
        self.last_mover = me
        captured, holes = 0, []
        cell = self.cell(decision)
        seeds, self.board[cell] = self.board[cell], 0
        while True:  # one lap a round of this loop (dakon.lap.relay)
            while seeds:
                cell = (cell + 1) % len(self.board)
                if cell == self.store(other(me)) or self.board[cell] is None:
                    continue  # dakon.sow.skip-opponent-store, dakon.sow.skip-out-of-play
                self.board[cell] += 1
                seeds -= 1
            if cell == self.store(me):  # dakon.lap.store
                self.open_turn = self.seeds_in_row(me) > 0
                break
            if self.board[cell] > 1:  # dakon.lap.relay: take them up, sow on
                seeds, self.board[cell] = self.board[cell], 0
                continue
            facing = self.opposite(cell)
            if self.owner(cell) == me and self.board[facing]:  # dakon.capture.opposite
                captured = self.board[facing] + 1
                holes = [self.name(facing), self.name(cell)]
                self.board[self.store(me)] += captured
                self.board[facing] = self.board[cell] = 0
            self.open_turn = False
            break
        if self.open_turn:
            return "continue", captured, holes
        self.to_move = other(me)
        if self.seeds_in_row("A") == 0 and self.seeds_in_row("B") == 0:
            return self.end_round(), captured, holes
        return "turn-over", captured, holes

    def end_round(self):
        stores = {s: self.board[self.store(s)] for s in PLAYERS}
        winner = None if stores["A"] == stores["B"] else max(PLAYERS, key=stores.get)
        if winner:  # dakon.round.winner
            self.won[winner] += 1
        if min(stores.values()) < self.n:  # dakon.game.end; dakon.game.winner=most-rounds
            a, b = self.won["A"], self.won["B"]
            self.result = "1-0" if a > b else "0-1" if b > a else "1/2-1/2"
            self.to_move = other(self.last_mover)
            return "game-over " + self.result
        # dakon.next-round.first=round-winner; a drawn round: the last mover.
        self.to_move = winner or self.last_mover
        self.round_over = True
        return "round-over"

    def next_round(self):
        """dakon.round.refill and dakon.round.out-of-play: from the store outwards."""
        for side in PLAYERS:
            store = self.store(side)
            for c in reversed(self.row(side)):
                if self.board[c] is None:
                    continue  # dakon.out-of-play.return=never
                if self.board[store] >= self.n:
                    self.board[store] -= self.n
                    self.board[c] = self.n
                else:
                    self.board[c] = None
        self.round += 1
        self.round_over = False
        self.last_mover = None

    # --- counting --------------------------------------------------------------------

    def copy(self):
        twin = Dakon.__new__(Dakon)
        twin.__dict__ = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
                         for k, v in self.__dict__.items()}
        return twin

    def perft(self, depth):
        if depth == 0:
            return 1
        if self.round_over:  # a round's start is not a ply
            twin = self.copy()
            twin.next_round()
            return twin.perft(depth)
        return sum(n for _, n in self.divide(depth))

    def divide(self, depth):
        parts = []
        for decision in self.moves():
            twin = self.copy()
            status = twin.play(decision)[0]
            parts.append((decision, twin.perft(depth if status == "continue" else depth - 1)))
        return parts


def other(side):
    return "A" if side == "B" else "B"


def answer(engine, words):
    """The answer line to one request, or None for quit."""
    request, rest = words[0], words[1:]
    if request == "mgn":
        return "ready mgn-protocol 1 examples/engine.py"
    if request == "quit":
        return None
    if request == "game":
        if not rest or rest[0] != GAME:
            return "error unsupported this engine plays dakon only", engine
        n = 5
        pairs = list(zip(rest[1::2], rest[2::2]))
        for key, value in pairs:
            if key == "board" and value in ["2x%d" % k for k in range(5, 11)]:
                n = int(value[2:])
            elif key == "preset" and value == "catalan":
                pass
            elif key == "option" and value.split("=")[1:] and is_default(*value.split("=", 1)):
                pass
            else:
                return "error unsupported %s %s (this engine plays the default rules)" % (key, value), engine
        return "ok", Dakon(n)
    if engine is None:
        return "error state no game yet: send game dakon first", engine
    if request == "position":
        try:
            if rest[:1] == ["startpos"]:
                engine.start(rest[1] if len(rest) > 1 else "B")
            else:
                engine.set_position(" ".join(rest))
        except (ValueError, IndexError) as e:
            return "error position %s" % e, engine
        return "position " + engine.position(), engine
    if engine.round_over and request in ("moves", "play", "perft", "divide"):
        return "error state the round is over: send next-round", engine
    if request == "moves":
        return " ".join(["moves"] + engine.moves()), engine
    if request == "play" and len(rest) == 1:
        try:
            status, points, holes = engine.play(rest[0])
        except (KeyError, ValueError):
            return "error illegal %s is not open here; open: %s" % (rest[0], " ".join(engine.moves())), engine
        captures = "x%d" % points + ("(%s)" % ",".join(sorted(holes)) if holes else "")
        return "played %s %s %s" % (status, captures, engine.position()), engine
    if request == "next-round":
        if not engine.round_over:
            return "error state the round is not over", engine
        engine.next_round()
        return "position " + engine.position(), engine
    if request in ("perft", "divide") and len(rest) == 1 and rest[0].isdigit():
        depth = int(rest[0])
        if request == "perft":
            return "perft %d" % engine.perft(depth), engine
        parts = engine.divide(depth) if depth > 0 else []
        total = sum(n for _, n in parts)
        return " ".join(["divide", str(total)] + ["%s %d" % p for p in parts]), engine
    return "error request `%s` is not understood" % " ".join(words), engine


DEFAULTS = {
    "dakon.sow.direction": "counter-clockwise",
    "dakon.capture.opponent-side": "none",
    "dakon.sow.origin": "sow",
    "dakon.round.end": "all-in-stores",
    "dakon.next-round.first": "round-winner",
    "dakon.out-of-play.return": "never",
    "dakon.refill.start": "store-side",
    "dakon.game.winner": "most-rounds",
}


def is_default(code, value):
    return DEFAULTS.get(code) == value


def main():
    engine = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        reply = answer(engine, words)
        if reply is None:
            break
        text, engine = reply if isinstance(reply, tuple) else (reply, engine)
        sys.stdout.write(text + "\n")
        sys.stdout.flush()  # the referee waits for each answer


if __name__ == "__main__":
    main()
