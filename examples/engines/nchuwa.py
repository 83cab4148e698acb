"""Nchuwa, written from docs/rules/nchuwa.md: its presets catalan, sanderson and ludii and every
option value of `mgn rules nchuwa` they name, the others where they are small; boards 4x6, 4x9,
4x12 and 4x15; the opening included.

Each player's holes are one list in his numbering order, which is also his sowing order: his
outer row, holes 1..N (cells 0..N-1), then his inner row, holes N+1..2N. His inner hole N+k
faces the opponent's inner hole 2N+1-k, with the opponent's outer hole k behind it.

A move whose relay never ends comes back to a state (the mover's holes and the hole the next
lap starts from) it was in before: the engine remembers the states of a move, so it finds the
repetition at its first return, and gives up on a move that has neither ended nor repeated
within LAP_BUDGET laps (listed, as mgn lists a move it cannot decide, and refused with
`error undecided` when played)."""

import mgn_protocol

from common import PLAYERS, board_size, choose_rules, copy_state, count, other, split_position

DEFAULTS = {
    "nchuwa.capture.extra-decline": "allowed",
    "nchuwa.capture.extra-when": "every-capture",
    "nchuwa.opening.capture": "occupied",
    "nchuwa.opening.removals": "one",
    "nchuwa.opening.order": "by-player",
    "nchuwa.sow.singleton": "empty-only",
    "nchuwa.sow.origin": "sow",
    "nchuwa.endless": "illegal",
    "nchuwa.no-move": "pass",
}
PRESETS = {
    "catalan": {},
    "sanderson": {"nchuwa.capture.extra-when": "back-empty"},
    "ludii": {
        "nchuwa.opening.capture": "none",
        "nchuwa.opening.removals": "two",
        "nchuwa.opening.order": "interleaved",
        "nchuwa.capture.extra-when": "never",
        "nchuwa.sow.singleton": "free",
        "nchuwa.endless": "draw",
    },
}
IMPLEMENTED = {
    "nchuwa.capture.extra-decline": {"allowed", "forbidden"},
    "nchuwa.capture.extra-when": {"every-capture", "back-empty", "never"},
    "nchuwa.opening.capture": {"occupied", "front-first", "none"},
    "nchuwa.opening.removals": {"one", "two"},
    "nchuwa.opening.order": {"by-player", "interleaved"},
    "nchuwa.sow.singleton": {"empty-only", "free"},
    "nchuwa.sow.origin": {"sow", "skip"},
    # draw: Ludii's reading, which another branch adds to mgn (and to the ludii preset) as
    # docs/rules/nchuwa.md words it there: played whole, back at the board of lap μ+λ, drawn.
    "nchuwa.endless": {"illegal", "stop", "stop-any-lap", "draw"},
    "nchuwa.no-move": {"pass", "loses"},
}
BOARDS = ["4x6", "4x9", "4x12", "4x15"]
LAP_BUDGET = 200000


class PastLapBudget:
    """A move neither ended nor repeated within LAP_BUDGET laps."""


class Nchuwa:
    def __init__(self, board, preset, options):
        self.rules = choose_rules("nchuwa", preset, options, DEFAULTS, PRESETS, IMPLEMENTED)
        self.n = int(board_size("nchuwa", board, "4x6", BOARDS)[2:])
        # After both gambits (nchuwa.opening.gambit) holes 1, 4, 7, ... are empty, the others
        # hold 3: the start position of a record.
        self.gambit = [0 if k % 3 == 0 else 3 for k in range(2 * self.n)]
        self.outcomes = (None, {})
        self.start("B")

    # --- positions --------------------------------------------------------------------

    def start(self, side):
        self.holes = {"A": list(self.gambit), "B": list(self.gambit)}
        self.won = {"A": 0, "B": 0}
        self.to_move = side
        self.result = None
        self.opening = self.opening_steps(side)

    def opening_steps(self, first):
        """The opening's steps still due, each (what, who): a whole transfer with its
        removals ("transfer+"), or under interleaved a bare transfer or one removal."""
        second = other(first)
        if self.rules["nchuwa.opening.order"] == "by-player":
            return [("transfer+", first), ("transfer+", second)]
        removals = 2 if self.rules["nchuwa.opening.removals"] == "two" else 1
        return [("transfer", first), ("transfer", second)] + [("remove", first), ("remove", second)] * removals

    def set_position(self, text):
        a, b, stores, side, round_ = split_position(text, 2 * self.n)
        holes = {"A": [count(w) for w in a], "B": [count(w) for w in b]}
        if sum(holes["A"]) + sum(holes["B"]) + sum(stores) != 8 * self.n:
            raise ValueError("a %s Nchuwa position holds %d seeds" % (self.n, 8 * self.n))
        if round_ != 1:
            raise ValueError("Nchuwa is played in one round")
        self.holes = holes
        self.won = {"A": stores[0], "B": stores[1]}
        self.to_move = side
        # nchuwa.game.end: a position in which a player has no seeds is over, nobody moves.
        emptied = [side for side in PLAYERS if not any(holes[side])]
        self.result = ("1-0" if emptied[0] == "B" else "0-1") if emptied else None
        at_start = holes["A"] == self.gambit and holes["B"] == self.gambit and stores == (0, 0)
        # Only the position after the gambits is the opening's start; any other is in play.
        self.opening = self.opening_steps(side) if at_start else []

    def between_rounds(self):
        return False

    def position(self):
        def row(side):
            return ",".join(str(s) for s in self.holes[side])

        return "%s/%s %d/%d %s 1" % (row("A"), row("B"), self.won["A"], self.won["B"], self.to_move)

    def name(self, side, cell):
        return "%s%d" % (side, cell + 1)

    def cell(self, hole):
        return int(hole[1:]) - 1

    def facing(self, cell):
        """The opponent's cells opposite an inner cell: (his inner hole, his outer hole behind)."""
        k = cell + 1 - self.n
        return 2 * self.n - k, k - 1

    # --- the opening ------------------------------------------------------------------

    def opening_moves(self, what, me):
        mine, theirs = self.holes[me], self.holes[other(me)]
        n = self.n
        if what == "remove":
            return ["*" + self.name(other(me), c) for c in range(2 * n) if theirs[c]]
        transfers = ["%s:%s" % (self.name(me, f), self.name(me, t))
                     for f in range(n, 2 * n) if mine[f] >= 2 for t in range(n) if not mine[t]]
        if what == "transfer":
            return transfers
        removals = 2 if self.rules["nchuwa.opening.removals"] == "two" else 1
        listed = []
        for transfer in transfers:
            after = list(theirs)
            for c in self.transfer_captures(self.cell(transfer.split(":")[0]), after):
                after[c] = 0
            occupied = [c for c in range(2 * n) if after[c]]
            if len(occupied) <= removals:
                picks = [occupied]
            elif removals == 1:
                picks = [[c] for c in occupied]
            else:
                picks = [[c, d] for i, c in enumerate(occupied) for d in occupied[i + 1:]]
            for pick in picks:
                listed.append(transfer + "".join("*" + self.name(other(me), c) for c in pick))
        return listed

    def transfer_captures(self, source, theirs):
        """The opponent's cells the transfer from `source` takes facing it (nchuwa.opening.capture)."""
        rule = self.rules["nchuwa.opening.capture"]
        if rule == "none":
            return []
        front, back = self.facing(source)
        taken = [front] if theirs[front] else []
        if theirs[back] and (rule == "occupied" or taken):
            taken.append(back)
        return taken

    def play_opening(self, decision):
        what, me = self.opening.pop(0)
        mine, theirs = self.holes[me], self.holes[other(me)]
        parts = decision.split("*")
        taken = []
        if parts[0]:
            source, target = (self.cell(h) for h in parts[0].split(":"))
            mine[source] -= 2
            mine[target] += 2
            taken = self.transfer_captures(source, theirs)
        taken += [self.cell(h) for h in parts[1:]]
        return self.capture(me, taken)

    def capture(self, me, cells):
        """The opponent's cells taken, in order: (points, hole names)."""
        theirs = self.holes[other(me)]
        points = sum(theirs[c] for c in cells)
        for c in cells:
            theirs[c] = 0
        self.won[me] += points
        return points, [self.name(other(me), c) for c in cells]

    # --- moves in play ----------------------------------------------------------------

    def starts(self, me):
        """The cells a move may start from (nchuwa.sow.start, nchuwa.sow.singleton)."""
        mine = self.holes[me]
        if self.rules["nchuwa.sow.singleton"] == "free":
            return [c for c in range(2 * self.n) if mine[c]]
        big = [c for c in range(2 * self.n) if mine[c] >= 2]
        if big:
            return big
        return [c for c in range(2 * self.n) if mine[c] == 1 and not mine[(c + 1) % (2 * self.n)]]

    def sow(self, me, cell, stop_after=None):
        """The mover's holes after a move from `cell`: (holes, the inner cell its last lap
        ended in empty, or None) for a move that ends or is stopped after lap `stop_after`;
        ("endless", μ, λ) for a move whose state after lap μ+λ is the state after lap μ;
        PastLapBudget past the lap budget."""
        holes = list(self.holes[me])
        size = 2 * self.n
        skip = self.rules["nchuwa.sow.origin"] == "skip"
        seen = {} if stop_after is None else None
        lap = 0
        while True:
            if seen is not None:
                state = (tuple(holes), cell)
                if state in seen:
                    return "endless", seen[state], lap - seen[state]
                seen[state] = lap
                if lap >= LAP_BUDGET:
                    return PastLapBudget
            lap += 1
            seeds, holes[cell], origin = holes[cell], 0, cell
            while seeds:
                cell = (cell + 1) % size
                if skip and cell == origin:
                    continue
                holes[cell] += 1
                seeds -= 1
            if holes[cell] == 1:  # the last seed fell into an empty hole: the move ends
                return holes, (cell if cell >= self.n else None)
            if lap == stop_after:
                return holes, None

    def play_moves(self, me):
        """{decision: (holes after, the lap it is stopped after or None)} for the moves open
        in play, and the undecided ones as {decision: PastLapBudget}."""
        key = (me, tuple(self.holes["A"]), tuple(self.holes["B"]))
        if self.outcomes[0] == key:
            return self.outcomes[1]
        theirs = self.holes[other(me)]
        endless = self.rules["nchuwa.endless"]
        found = {}
        for c in self.starts(me):
            hole = self.name(me, c)
            outcome = self.sow(me, c)
            if outcome is PastLapBudget:
                found[hole] = PastLapBudget
                continue
            if outcome[0] == "endless":
                mu, lam = outcome[1], outcome[2]
                if endless == "draw":
                    found[hole] = ("draw", c, mu + lam)
                    continue
                first = mu + lam if endless == "stop" else 1
                if endless != "illegal":
                    for lap in range(first, mu + 2 * lam):
                        found["%s/%d" % (hole, lap)] = ("stop", c, lap)
                continue
            holes, inner = outcome
            front = back = None
            if inner is not None:
                front, back = self.facing(inner)
                if not theirs[front]:
                    front = back = None
                elif not theirs[back]:
                    back = None
            found[hole] = ("move", c, front, back)
            if front is None or not self.extra_given(back):
                continue
            left = [x for x in range(2 * self.n) if theirs[x] and x not in (front, back)]
            if left and self.rules["nchuwa.capture.extra-decline"] == "forbidden":
                del found[hole]
            for x in left:
                found["%s*%s" % (hole, self.name(other(me), x))] = ("move", c, front, back, x)
        self.outcomes = (key, found)
        return found

    def extra_given(self, back):
        when = self.rules["nchuwa.capture.extra-when"]
        return when == "every-capture" or (when == "back-empty" and back is None)

    # --- decisions --------------------------------------------------------------------

    def moves(self):
        if self.result:
            return []
        if self.opening:
            what, me = self.opening[0]
            return self.opening_moves(what, me)
        found = self.play_moves(self.to_move)
        if found:
            return list(found)
        # nchuwa.no-move: a player with seeds and no move passes, or has lost (the game is
        # over at such a position: nobody moves).
        return ["pass"] if self.rules["nchuwa.no-move"] == "pass" else []

    def play(self, decision):
        me = self.to_move
        if self.opening:
            points, holes = self.play_opening(decision)
        elif decision == "pass":
            points, holes = 0, []
        else:
            how = self.play_moves(me)[decision]
            if how is PastLapBudget:
                raise mgn_protocol.Undecided("%s is not decided within %d laps" % (decision, LAP_BUDGET))
            if how[0] == "move":
                self.holes[me] = self.sow(me, how[1])[0]
                taken = [c for c in how[2:] if c is not None]
                points, holes = self.capture(me, taken)
            else:  # a relay that never ends, stopped or played through its cycle
                self.holes[me] = self.sow(me, how[1], stop_after=how[2])[0]
                points, holes = 0, []
                if how[0] == "draw":
                    self.to_move = other(me)
                    self.result = "1/2-1/2"
                    return "game-over " + self.result, points, holes
        self.to_move = other(me)
        if not any(self.holes[self.to_move]):  # nchuwa.game.end
            self.result = "1-0" if me == "A" else "0-1"
            return "game-over " + self.result, points, holes
        if not self.opening and not self.play_moves(self.to_move):  # nchuwa.no-move
            if self.rules["nchuwa.no-move"] == "loses":
                self.result = "1-0" if me == "A" else "0-1"
                return "game-over " + self.result, points, holes
            if decision == "pass":
                self.result = "1/2-1/2"
                return "game-over " + self.result, points, holes
        return "turn-over", points, holes

    def copy(self):
        twin = copy_state(self, ("holes", "won", "opening"))
        twin.holes = {side: list(self.holes[side]) for side in PLAYERS}
        return twin


Engine = Nchuwa  # the class examples/engines/__main__.py serves
