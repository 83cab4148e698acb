"""Dakon, written from docs/rules/dakon.md: every option of `mgn rules dakon`, boards 2x5 to
2x10, whole games with rounds.

The board is one list in the order the seeds are sown: counter-clockwise B1..BN, B's store,
A1..AN, A's store; clockwise BN..B1, B's store, AN..A1, A's store. A hole out of play holds
None."""

from common import PLAYERS, board_size, choose_rules, copy_state, count, other, split_position

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
PRESETS = {
    "catalan": {},
    "catalan-clockwise": {"dakon.sow.direction": "clockwise"},
    "catalan-neighbours": {"dakon.capture.opponent-side": "neighbours"},
}
IMPLEMENTED = {
    "dakon.sow.direction": {"counter-clockwise", "clockwise"},
    "dakon.capture.opponent-side": {"none", "neighbours"},
    "dakon.sow.origin": {"sow", "skip"},
    "dakon.round.end": {"all-in-stores", "cannot-move"},
    "dakon.next-round.first": {"round-winner", "last-mover"},
    "dakon.out-of-play.return": {"never", "refill"},
    "dakon.refill.start": {"store-side", "right-end"},
    "dakon.game.winner": {"most-rounds", "survivor"},
}
BOARDS = ["2x%d" % n for n in range(5, 11)]


class Dakon:
    def __init__(self, board, preset, options):
        self.rules = choose_rules("dakon", preset, options, DEFAULTS, PRESETS, IMPLEMENTED)
        self.n = int(board_size("dakon", board, "2x5", BOARDS)[2:])
        n = self.n
        clockwise = self.rules["dakon.sow.direction"] == "clockwise"
        numbers = list(range(n, 0, -1)) if clockwise else list(range(1, n + 1))
        # Each cell's name, in sowing order; a store is hole N+1 of its owner.
        self.names = ["B%d" % k for k in numbers] + ["B%d" % (n + 1)]
        self.names += ["A%d" % k for k in numbers] + ["A%d" % (n + 1)]
        self.cell_of = {name: cell for cell, name in enumerate(self.names)}
        self.stores = {"B": n, "A": 2 * n + 1}
        self.start("B")

    # --- the board --------------------------------------------------------------------

    def hole(self, side, k):
        return self.cell_of["%s%d" % (side, k)]

    def row(self, side):
        """A side's cells, holes 1..N."""
        return [self.hole(side, k) for k in range(1, self.n + 1)]

    def owner(self, cell):
        return self.names[cell][0]

    def number(self, cell):
        return int(self.names[cell][1:])

    def opposite(self, cell):
        # Bk faces A(N+1-k), whichever way the seeds go.
        return self.hole(other(self.owner(cell)), self.n + 1 - self.number(cell))

    def seeds_in_row(self, side):
        return sum(self.board[c] or 0 for c in self.row(side))

    # --- positions --------------------------------------------------------------------

    def start(self, side):
        self.board = [self.n] * len(self.names)
        for store in self.stores.values():
            self.board[store] = 0
        self.reset(side, 1)

    def reset(self, side, round_):
        self.to_move = side
        self.round = round_
        self.open_turn = False  # the mover's lap ended in his store: he sows again
        self.round_over = False
        self.result = None
        self.won = {"A": 0, "B": 0}  # rounds won, counted from the position set
        self.last_mover = None

    def set_position(self, text):
        a, b, stores, side, round_ = split_position(text, self.n)
        board = [0] * len(self.names)
        for letter, words in (("A", a), ("B", b)):
            for k, word in enumerate(words, 1):
                board[self.hole(letter, k)] = None if word == "x" else count(word)
        board[self.stores["A"]], board[self.stores["B"]] = stores
        if sum(c or 0 for c in board) != 2 * self.n * self.n:
            raise ValueError("a Dakon position holds %d seeds" % (2 * self.n * self.n))
        if round_ == 1 and None in board:
            # dakon.round.out-of-play: holes go out of play at a later round's refill.
            raise ValueError("no hole is out of play in round 1")
        self.board = board
        self.reset(side, round_)
        if not (self.seeds_in_row("A") or self.seeds_in_row("B")):
            # Every seed in a store: between rounds, or the game's end when a store cannot fill
            # a hole (dakon.game.end), decided with no round won since the position
            # (docs/protocol.md, "What a position does not say").
            stores = {p: self.board[self.stores[p]] for p in PLAYERS}
            if min(stores.values()) < self.n:
                if self.rules["dakon.game.winner"] == "most-rounds":
                    a = b = 0
                else:
                    a, b = stores["A"] >= self.n, stores["B"] >= self.n
                self.result = "1-0" if a > b else "0-1" if b > a else "1/2-1/2"
            else:
                self.round_over = True

    def between_rounds(self):
        return self.round_over

    def position(self):
        def word(cell):
            return "x" if self.board[cell] is None else str(self.board[cell])

        rows = [",".join(word(c) for c in self.row(side)) for side in PLAYERS]
        return "%s/%s %d/%d %s %d" % (rows[0], rows[1], self.board[self.stores["A"]],
                                      self.board[self.stores["B"]], self.to_move, self.round)

    # --- decisions --------------------------------------------------------------------

    def moves(self):
        if self.result or self.round_over:
            return []
        holes = [self.names[c] for c in self.row(self.to_move) if self.board[c]]
        return holes if holes or self.open_turn else ["pass"]

    def play(self, decision):
        me = self.to_move
        if decision == "pass":
            self.to_move = other(me)
            return self.after_turn(), 0, []
        self.last_mover = me
        captured, holes = self.sow(me, self.cell_of[decision])
        if self.open_turn:
            return "continue", captured, holes
        self.to_move = other(me)
        return self.after_turn(), captured, holes

    def sow(self, me, cell):
        """One sowing and its relays; sets open_turn; returns the capture (points, holes)."""
        board, size = self.board, len(self.board)
        skip_origin = self.rules["dakon.sow.origin"] == "skip"
        their_store, my_store = self.stores[other(me)], self.stores[me]
        self.open_turn = False
        while True:  # one lap a round of this loop (dakon.lap.relay)
            seeds, board[cell], origin = board[cell], 0, cell
            while seeds:
                cell = (cell + 1) % size
                if cell == their_store or board[cell] is None or (skip_origin and cell == origin):
                    continue
                board[cell] += 1
                seeds -= 1
            if cell == my_store:  # dakon.lap.store: again, if he has seeds to sow
                self.open_turn = self.seeds_in_row(me) > 0
                return 0, []
            if board[cell] > 1:
                continue
            if self.owner(cell) == me:  # dakon.capture.opposite
                facing = self.opposite(cell)
                if not board[facing]:
                    return 0, []
                points = board[facing] + 1
                board[my_store] += points
                board[facing] = board[cell] = 0
                return points, [self.names[facing], self.names[cell]]
            if self.rules["dakon.capture.opponent-side"] == "neighbours":
                points, holes = 0, []
                side, k = self.owner(cell), self.number(cell)
                for j in (k - 1, k + 1):
                    if 1 <= j <= self.n:
                        beside = self.hole(side, j)
                        if board[beside]:
                            points += board[beside]
                            holes.append(self.names[beside])
                            board[beside] = 0
                board[my_store] += points
                return points, holes
            return 0, []

    def after_turn(self):
        """The status once a turn (or pass) is over and the side to move is the next player."""
        if self.rules["dakon.round.end"] == "cannot-move":
            if self.seeds_in_row(self.to_move):
                return "turn-over"
            for side in PLAYERS:  # each row's seeds go to its owner
                for c in self.row(side):
                    if self.board[c]:
                        self.board[self.stores[side]] += self.board[c]
                        self.board[c] = 0
            return self.end_round()
        if self.seeds_in_row("A") or self.seeds_in_row("B"):
            return "turn-over"
        return self.end_round()

    def end_round(self):
        stores = {side: self.board[self.stores[side]] for side in PLAYERS}
        winner = None if stores["A"] == stores["B"] else max(PLAYERS, key=stores.get)
        if winner:
            self.won[winner] += 1
        if min(stores.values()) < self.n:  # dakon.game.end
            if self.rules["dakon.game.winner"] == "most-rounds":
                a, b = self.won["A"], self.won["B"]
            else:
                a, b = stores["A"] >= self.n, stores["B"] >= self.n
            self.result = "1-0" if a > b else "0-1" if b > a else "1/2-1/2"
            self.to_move = other(self.last_mover) if self.last_mover else self.to_move
            return "game-over " + self.result
        if self.rules["dakon.next-round.first"] == "round-winner" and winner:
            self.to_move = winner
        elif self.last_mover:
            self.to_move = self.last_mover
        self.round_over = True
        return "round-over"

    def next_round(self):
        """dakon.round.refill, dakon.round.out-of-play: N seeds a hole from the store."""
        n = self.n
        from_hole_one = (self.rules["dakon.sow.direction"] == "clockwise"
                         and self.rules["dakon.refill.start"] == "store-side")
        order = list(range(1, n + 1)) if from_hole_one else list(range(n, 0, -1))
        returns = self.rules["dakon.out-of-play.return"] == "refill"
        for side in PLAYERS:
            store = self.stores[side]
            for k in order:
                cell = self.hole(side, k)
                if self.board[cell] is None and not returns:
                    continue
                if self.board[store] >= n:
                    self.board[store] -= n
                    self.board[cell] = n
                else:
                    self.board[cell] = None
        self.round += 1
        self.round_over = False
        self.last_mover = None

    def copy(self):
        return copy_state(self, ("board", "won"))

Engine = Dakon  # the class examples/engines/__main__.py serves
