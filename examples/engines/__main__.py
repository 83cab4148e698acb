#!/usr/bin/env python3
"""Small engines for the mgn engine protocol (docs/protocol.md), one module a game, written in
Python (standard library only) from mgn's documents (docs/rules/<game>.md, docs/notation.md,
docs/protocol.md, docs/perft.md), served by examples/mgn_protocol.py:

    mgn referee --game nchuwa --preset ludii -- python3 examples/engines

The game is the one the `game` request names: the module examples/engines/<game>.py (a dash
written as an underscore) and its class `Engine`, made with the board, the preset and the
options of the request; it raises mgn_protocol.Unsupported for what it does not play.
`--no-perft` leaves perft out (the referee then walks the tree with moves and play).
"""

import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import mgn_protocol  # noqa: E402  (examples/, on the path just above)

GAMES = ("dakon", "mraw-imrujen", "nchuwa", "dong-wo")


class ByGame:
    """The engine of the game the last `game` request named."""

    name = "examples/engines 1"

    def __init__(self, counts=True):
        self.game = None
        if counts:
            self.copy = self.copy_game

    def new_game(self, game, board, preset, options):
        if game not in GAMES:
            raise mgn_protocol.Unsupported("game %s (the games are %s)" % (game, ", ".join(GAMES)))
        # Every game of GAMES has its module: an ImportError here is a fault of that module (an
        # import it lacks) and is reported as one, with its traceback, not as a game not played.
        module = importlib.import_module(game.replace("-", "_"))
        self.game = module.Engine(board, preset, options)

    def copy_game(self):
        twin = ByGame.__new__(ByGame)
        twin.game = self.game.copy()
        twin.copy = twin.copy_game
        return twin

    def between_rounds(self):
        # Optional, as for mgn_protocol.serve: an engine whose positions are never between
        # rounds (Dong Wo's round ends at a decision) need not say so.
        ask = getattr(self.game, "between_rounds", None)
        return bool(ask()) if ask else False

    def start(self, side):
        self.game.start(side)

    def set_position(self, text):
        self.game.set_position(text)

    def position(self):
        return self.game.position()

    def moves(self):
        return self.game.moves()

    def play(self, decision):
        return self.game.play(decision)

    def next_round(self):
        self.game.next_round()


if __name__ == "__main__":
    mgn_protocol.serve(ByGame(counts="--no-perft" not in sys.argv[1:]))
