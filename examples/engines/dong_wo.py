#!/usr/bin/env python3
"""A Dong Wo engine for the mgn engine protocol, standard library only, written from mgn's
documents (docs/rules/dong-wo.md, docs/notation.md, docs/protocol.md, docs/perft.md), served
through examples/mgn_protocol.py:

    mgn referee --game dong-wo --preset catalan --no-free-steps -- python3 examples/engines/dong_wo.py

It plays the whole game, rounds and the transactions between them, under the two presets
(`mancala-world`, the default rules, and `catalan`), and answers `error unsupported` for any
other option value. Owner actions (`^A4`, `+A4`, `^^A4`) and the voluntary transactions perft
does not count (docs/protocol.md, "actions") it does not play: it answers `actions` `error
unsupported`, and the referee is told `--no-free-steps`.

The ten holes make one ring, counter-clockwise B1..B5 A1..A5: index 0..4 is B1..B5, 5..9 is
A1..A5, and `>` steps +1 round it, `<` steps -1.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import mgn_protocol  # noqa: E402  (examples/mgn_protocol.py, found through the path above)

GAME = "dong-wo"
NAMES = ["B%d" % k for k in range(1, 6)] + ["A%d" % k for k in range(1, 6)]
INDEX = {name: i for i, name in enumerate(NAMES)}
# dong-wo.start.muzi-end=left (both presets): each player's muzi starts in his row's end hole.
END_HOLE = {"A": 9, "B": 0}
MUZI_POINTS = 5
# A plain run of laps is followed this far before the engine gives up on deciding the move
# (mgn's own budget is 10,000,000 laps; a Python engine answers within the referee's timeout).
LAP_BUDGET = 2_000_000

# The options each preset sets, with the values this engine implements: any other value of
# any code is refused, as the protocol asks of an engine that cannot compare it.
COMMON = {
    "dong-wo.start.muzi-end": "left",
    "dong-wo.round-end.muzi": "one",
    "dong-wo.endless": "illegal",
    "dong-wo.tianzi.count": "regular",
    "dong-wo.tianzi.holes": "regular",
    "dong-wo.round-end.holes": "regular",
    "dong-wo.owned.top-up": "as-they-are",
    "dong-wo.swap.fill": "with-the-fill",
    "dong-wo.buy.when": "before-fill",
    "dong-wo.round.muzi-left": "home",
    "dong-wo.round.owned-holes": "keep",
    "dong-wo.rebuy.order": "hole-first",
    "dong-wo.game.length": "whole",
}
PRESETS = {
    "mancala-world": dict(
        COMMON,
        **{
            "dong-wo.muzi.meeting": "resident",
            "dong-wo.round-end": "mancala-world",
            "dong-wo.owned.sown": "winnings",
            "dong-wo.buy.funds": "winnings",
            "dong-wo.swap": "refused",
        }
    ),
    "catalan": dict(
        COMMON,
        **{
            "dong-wo.muzi.meeting": "mover-chooses",
            "dong-wo.round-end": "catalan",
            "dong-wo.owned.sown": "stays",
            "dong-wo.buy.funds": "after-debts",
            "dong-wo.swap": "by-agreement",
        }
    ),
}


def other(player):
    return "B" if player == "A" else "A"


def row_of(i):
    return "B" if i < 5 else "A"


class Undecidable(Exception):
    """A run of laps longer than the lap budget."""


class Board:
    """What the rules act on: the holes, the winnings and the debts."""

    __slots__ = ("stones", "muzi", "owner", "won", "won_muzi", "debt")

    def __init__(self):
        self.stones = [0] * 10
        self.muzi = [None] * 10  # "A" or "B": whose muzi the hole holds
        self.owner = [None] * 10  # the player who won or bought the hole, else None
        self.won = {"A": 0, "B": 0}  # small stones in each player's winnings
        self.won_muzi = {"A": set(), "B": set()}  # the muzi in each player's winnings
        self.debt = {"A": 0, "B": 0}

    def copy(self):
        twin = Board.__new__(Board)
        twin.stones = self.stones[:]
        twin.muzi = self.muzi[:]
        twin.owner = self.owner[:]
        twin.won = dict(self.won)
        twin.won_muzi = {p: set(m) for p, m in self.won_muzi.items()}
        twin.debt = dict(self.debt)
        return twin

    def empty(self, i):
        return self.stones[i] == 0 and self.muzi[i] is None

    def key(self, next_hole):
        """An in-move state: the holes and the hole the next lap takes (the winnings only
        grow within a move, so equal holes mean equal winnings)."""
        return (tuple(self.stones), tuple(self.muzi), next_hole)

    def regular(self, player):
        """The holes of his row the opponent does not own."""
        first = 0 if player == "B" else 5
        return [i for i in range(first, first + 5) if self.owner[i] is None]

    def sector(self, player):
        return self.regular(player) + [i for i in range(10) if self.owner[i] == player]

    def pieces(self, holes):
        return sum(self.stones[i] + (self.muzi[i] is not None) for i in holes)

    def points(self, holes):
        return sum(self.stones[i] + MUZI_POINTS * (self.muzi[i] is not None) for i in holes)

    def lend(self, borrower, count):
        """`count` stones go from the opponent's winnings to the borrower's: what the
        opponent owed him is cancelled first, the rest is the borrower's debt."""
        lender = other(borrower)
        self.won[lender] -= count
        self.won[borrower] += count
        cancelled = min(self.debt[lender], count)
        self.debt[lender] -= cancelled
        self.debt[borrower] += count - cancelled


def hole_text(board, i):
    text = "" if board.stones[i] == 0 and board.muzi[i] else str(board.stones[i])
    if board.muzi[i]:
        text += "m" + board.muzi[i]
    if board.owner[i]:
        text += "@" + board.owner[i]
    return text


def winnings_text(board, player):
    muzi = "".join("m" + m for m in sorted(board.won_muzi[player]))
    return ("" if muzi and board.won[player] == 0 else str(board.won[player])) + muzi


def parse_piece_field(text):
    """'12mAmB' -> (12, {'A', 'B'}); 'mA' -> (0, {'A'})."""
    muzi = set()
    while len(text) >= 2 and text[-2] == "m" and text[-1] in "AB":
        if text[-1] in muzi:
            raise ValueError("a muzi written twice")
        muzi.add(text[-1])
        text = text[:-2]
    if text == "":
        if not muzi:
            raise ValueError("an empty field")
        return 0, muzi
    if not text.isdigit():
        raise ValueError("`%s` is not a count" % text)
    return int(text), muzi


class Rules:
    def __init__(self, options):
        self.meeting = options["dong-wo.muzi.meeting"]
        self.owned_sown = options["dong-wo.owned.sown"]
        self.buy_funds = options["dong-wo.buy.funds"]
        self.swap = options["dong-wo.swap"]
        self.round_end = options["dong-wo.round-end"]


class Move:
    """A turn under way: its direction, the hole its next lap takes, the muzi-lap states it
    has been in, and what its latest decision captured."""

    def __init__(self, mover, start, step):
        self.mover = mover
        self.step = step
        self.next_hole = start
        self.lap = 1
        self.visited = set()
        self.points = 0
        self.holes = set()

    def copy(self):
        twin = Move(self.mover, self.next_hole, self.step)
        twin.lap = self.lap
        twin.visited = set(self.visited)
        twin.points = self.points
        twin.holes = set(self.holes)
        return twin


# --- sowing ----------------------------------------------------------------------------


def lap_holes(start, step, count):
    return [(start + step * k) % 10 for k in range(1, count + 1)]


def sow_lap(rules, board, mover, start, step, drop=None, takes=None):
    """Sow the lap that takes hole `start`. A lap that carries a muzi drops it at slot `drop`
    (1 for the lap's first piece); at a meeting, `takes` names the muzi the mover captures.
    Returns (last hole, points captured by a meeting, hole of the meeting or None)."""
    count = board.stones[start]
    muzi = board.muzi[start]
    board.stones[start] = 0
    board.muzi[start] = None
    pieces = count + (muzi is not None)
    points, met = 0, None
    hole = start
    for slot in range(1, pieces + 1):
        hole = (start + step * slot) % 10
        owner = board.owner[hole]
        if muzi is not None and slot == drop:
            if owner is not None:
                board.won_muzi[owner].add(muzi)
            elif board.muzi[hole] is not None:
                resident = board.muzi[hole]
                taken = takes or resident
                board.won_muzi[mover].add(taken)
                board.muzi[hole] = muzi if taken == resident else resident
                points, met = MUZI_POINTS, hole
            else:
                board.muzi[hole] = muzi
        elif owner is not None and rules.owned_sown == "winnings":
            board.won[owner] += 1
        else:
            board.stones[hole] += 1
    return hole, points, met


def drops(rules, board, mover, start, step, lap):
    """The legal drops of the muzi lap that takes `start`, before the endless test:
    [(label, slot, takes)]."""
    count = board.stones[start]
    muzi = board.muzi[start]
    pieces = count + 1
    holes = lap_holes(start, step, pieces)
    seen = {}
    plain, own = [], []
    for slot, hole in enumerate(holes, 1):
        label = "@" + NAMES[hole] + "'" * seen.get(hole, 0)
        seen[hole] = seen.get(hole, 0) + 1
        resident = board.muzi[hole] if hole != start else None
        if resident is not None:
            # dong-wo.muzi.other-hole: only a singleton, in a later lap, meets the other muzi.
            if pieces == 1 and lap >= 2 and board.owner[hole] is None:
                if rules.meeting == "mover-chooses":
                    plain.append((label + "xm" + muzi, slot, muzi))
                    plain.append((label + "xm" + resident, slot, resident))
                else:
                    plain.append((label, slot, None))
            continue
        if board.owner[hole] == mover:
            own.append((label, slot, None))
        else:
            plain.append((label, slot, None))
    if plain:
        return plain
    # dong-wo.owned.muzi: into his own owned hole only when unavoidable, in a later lap.
    return own if lap >= 2 else []


def run_plain(rules, board, mover, start, step, budget):
    """Plain laps from the lap that takes `start` (which holds no muzi) until the move ends,
    reaches a lap that carries a muzi, or comes back to a state it was in. Returns
    ("end", last hole, laps), ("muzi", hole to take, laps) or ("cycle", None, laps)."""
    seen = {}
    laps = 0
    hole = start
    while True:
        if board.muzi[hole] is not None:
            return "muzi", hole, laps
        state = (tuple(board.stones), hole)
        if state in seen:
            return "cycle", None, laps
        seen[state] = laps
        last, _, _ = sow_lap(rules, board, mover, hole, step)
        laps += 1
        if laps > budget:
            raise Undecidable()
        nxt = (last + step) % 10
        if board.empty(nxt):
            return "end", last, laps
        hole = nxt


class Light:
    """The holes alone, for the look-ahead: whether a move can still end depends on them, the
    owners and the mover, never on the winnings, so its banked stones and taken muzi go to
    winnings shared by every copy and read by nobody."""

    __slots__ = ("stones", "muzi", "owner", "won", "won_muzi")

    def __init__(self, stones, muzi, owner, won, won_muzi):
        self.stones, self.muzi, self.owner, self.won, self.won_muzi = stones, muzi, owner, won, won_muzi

    @staticmethod
    def of(board):
        unread = ({"A": 0, "B": 0}, {"A": set(), "B": set()})
        return Light(board.stones[:], board.muzi[:], tuple(board.owner), *unread)

    def copy(self):
        return Light(self.stones[:], self.muzi[:], self.owner, self.won, self.won_muzi)

    def empty(self, i):
        return self.stones[i] == 0 and self.muzi[i] is None

    def key(self, next_hole):
        return (tuple(self.stones), tuple(self.muzi), next_hole)


def successors(rules, light, mover, hole, step, lap):
    """Where each legal drop of the muzi lap that takes `hole` leads: (drop, None) when the
    move ends after it, else (drop, (state, light, hole to take, laps)), a run of plain laps
    that comes back to a state it was in being left out."""
    out = []
    for drop in drops(rules, light, mover, hole, step, lap):
        twin = light.copy()
        last, _, _ = sow_lap(rules, twin, mover, hole, step, drop[1], drop[2])
        nxt = (last + step) % 10
        if twin.empty(nxt):
            out.append((drop, None))
            continue
        kind, where, laps = run_plain(rules, twin, mover, nxt, step, LAP_BUDGET)
        if kind == "end":
            out.append((drop, None))
        elif kind == "muzi":
            out.append((drop, (twin.key(where), twin, where, laps)))
    return out


class LookAhead:
    """Whether a move can still end, from a muzi-lap state: the states reachable after the
    first lap form a graph that depends only on the state, the owners, the mover and the
    direction, so which of them can reach an end is worked out once and kept."""

    def __init__(self, rules):
        self.rules = rules
        self.alive = {}

    def can_reach_end(self, light, mover, hole, step):
        """In the whole graph, revisits allowed (a state from a lap after the first)."""
        tag = (mover, step, light.owner)
        root = light.key(hole)
        if (tag, root) in self.alive:
            return self.alive[(tag, root)]
        if len(self.alive) > 400000:
            self.alive.clear()
        edges, ending = {}, set()
        stack = [(root, light, hole)]
        edges[root] = None
        while stack:
            state, here, where = stack.pop()
            nexts = []
            for _, after in successors(self.rules, here, mover, where, step, 2):
                if after is None:
                    ending.add(state)
                    break
                known = self.alive.get((tag, after[0]))
                if known:
                    ending.add(state)
                    break
                if known is None:
                    nexts.append(after[0])
                    if after[0] not in edges:
                        edges[after[0]] = None
                        stack.append((after[0], after[1], after[2]))
            edges[state] = nexts
        back = {}
        for state, nexts in edges.items():
            for nxt in nexts or ():
                back.setdefault(nxt, []).append(state)
        alive = set(ending)
        queue = list(ending)
        while queue:
            for before in back.get(queue.pop(), ()):
                if before not in alive:
                    alive.add(before)
                    queue.append(before)
        for state in edges:
            self.alive[(tag, state)] = state in alive
        return root in alive

    def can_end(self, light, mover, hole, step, lap, explored):
        """Whether some choice of drops from the muzi lap that takes `hole` ends the move
        without coming back to a state in `explored` (which this search extends)."""
        stack = [(light, hole, lap)]
        while stack:
            here, where, lap_now = stack.pop()
            for _, after in successors(self.rules, here, mover, where, step, lap_now):
                if after is None:
                    return True
                state, there, next_hole, _ = after
                if state in explored:
                    continue
                explored.add(state)
                if self.can_reach_end(there, mover, next_hole, step):
                    stack.append((there, next_hole, 2))
        return False


def capture(board, mover, last, step):
    """dong-wo.capture and .chain, after the move's last lap ended at `last`."""
    points, holes = 0, []
    hole = (last + 2 * step) % 10
    while not board.empty(hole):
        points += board.stones[hole]
        board.won[mover] += board.stones[hole]
        board.stones[hole] = 0
        if board.muzi[hole] is not None:
            points += MUZI_POINTS
            board.won_muzi[mover].add(board.muzi[hole])
            board.muzi[hole] = None
        holes.append(NAMES[hole])
        if not board.empty((hole + step) % 10):
            break
        hole = (hole + 2 * step) % 10
    return points, holes


def can_capture(rules, board, player):
    """dong-wo.round-end.capture-test: whether a legal move of `player` captures anything,
    over every choice of drops (a meeting is a capture)."""
    for hole in board.sector(player):
        if board.empty(hole):
            continue
        for step in (1, -1):
            if board.muzi[hole] is not None:
                if search_capture(rules, board.copy(), player, hole, step, 1, set()):
                    return True
                continue
            twin = board.copy()
            kind, where, laps = run_plain(rules, twin, player, hole, step, LAP_BUDGET)
            if kind == "end":
                if not twin.empty((where + 2 * step) % 10):
                    return True
            elif kind == "muzi":
                if search_capture(rules, twin, player, where, step, 1 + laps, set()):
                    return True
    return False


def search_capture(rules, board, mover, hole, step, lap, explored):
    """Whether some choice of drops from the muzi lap that takes `hole` meets the other muzi
    or ends in a capture."""
    for _, slot, takes in drops(rules, board, mover, hole, step, lap):
        twin = board.copy()
        last, met_points, _ = sow_lap(rules, twin, mover, hole, step, slot, takes)
        if met_points:
            return True
        nxt = (last + step) % 10
        if twin.empty(nxt):
            if not twin.empty((last + 2 * step) % 10):
                return True
            continue
        kind, where, laps = run_plain(rules, twin, mover, nxt, step, LAP_BUDGET)
        if kind == "end":
            if not twin.empty((where + 2 * step) % 10):
                return True
        elif kind == "muzi":
            state = twin.key(where)
            if state not in explored:
                explored.add(state)
                if search_capture(rules, twin, mover, where, step, lap + 1 + laps, explored):
                    return True
    return False


# --- the engine ------------------------------------------------------------------------


class DongWo:
    name = "examples/engines/dong_wo.py (Dong Wo, both presets)"

    def __init__(self):
        self.rules = None
        self.cache = None

    # the helper's functions ---------------------------------------------------------------

    def new_game(self, game, board, preset, options):
        if game != GAME:
            raise mgn_protocol.Unsupported("this engine plays dong-wo only")
        if board not in (None, "2x5"):
            raise mgn_protocol.Unsupported("board %s (dong-wo is played on 2x5)" % board)
        chosen = PRESETS.get(preset or "mancala-world")
        if chosen is None:
            raise mgn_protocol.Unsupported("preset %s (this engine plays mancala-world and catalan)" % preset)
        values = dict(chosen)
        for code, value in options:
            if values.get(code) != value:
                raise mgn_protocol.Unsupported(
                    "option %s=%s (this engine plays the presets' values only)" % (code, value)
                )
        self.rules = Rules(values)
        self.look_ahead = LookAhead(self.rules)

    def start(self, side):
        board = Board()
        for i in range(10):
            board.stones[i] = 5
        for player, hole in END_HOLE.items():
            board.stones[hole] = 0
            board.muzi[hole] = player
        self.reset(board, side, 1)

    def set_position(self, text):
        fields = text.split()
        if len(fields) not in (4, 5):
            raise ValueError("a position has 4 or 5 fields")
        rows = fields[0].split("/")
        if len(rows) != 2:
            raise ValueError("the holes are A's row / B's row")
        board = Board()
        for player, row in zip("AB", rows):
            holes = row.split(",")
            if len(holes) != 5:
                raise ValueError("dong-wo has 5 holes a row")
            for k, token in enumerate(holes):
                i = (5 if player == "A" else 0) + k
                owner = None
                if "@" in token:
                    token, owner = token.split("@", 1)
                    if owner != other(player):
                        raise ValueError("a hole is owned by the other row's player")
                    if i == END_HOLE[player]:
                        raise ValueError("the muzi's end hole is never won or bought")
                count, muzi = parse_piece_field(token)
                if len(muzi) > 1:
                    raise ValueError("one hole holds both muzi")
                board.stones[i] = count
                board.muzi[i] = muzi.pop() if muzi else None
                board.owner[i] = owner
        stores = fields[1].split("/")
        if len(stores) != 2:
            raise ValueError("the winnings are A's / B's")
        for player, store in zip("AB", stores):
            board.won[player], board.won_muzi[player] = parse_piece_field(store)
        if fields[2] not in ("A", "B"):
            raise ValueError("the side to move is A or B")
        if not fields[3].isdigit() or not 1 <= int(fields[3]) <= 1000000:
            raise ValueError("the round is 1 to 1000000")
        if len(fields) == 5:
            debts = fields[4].split("/")
            if len(debts) != 2 or not all(d.isdigit() for d in debts):
                raise ValueError("the debts are A's / B's")
            board.debt = {"A": int(debts[0]), "B": int(debts[1])}
        placed = [m for m in board.muzi if m] + [m for p in "AB" for m in board.won_muzi[p]]
        if sorted(placed) != ["A", "B"]:
            raise ValueError("each muzi is in one place")
        total = sum(board.stones) + board.won["A"] + board.won["B"]
        if total != 40:
            raise ValueError("dong-wo has 40 small stones, not %d" % total)
        self.reset(board, fields[2], int(fields[3]))

    def reset(self, board, side, round_):
        self.board = board
        self.side = side
        self.round = round_
        self.round_first = side
        self.phase = "play"  # "play", "round-over", "between", "game-over"
        self.move = None
        self.winner = None  # the last round's winner, until his hole is taken
        self.just_won = None  # the hole just won, while its buy-back may come first
        self.muzi_settled = True
        self.changed()

    def position(self):
        b = self.board
        holes = "%s/%s" % (
            ",".join(hole_text(b, i) for i in range(5, 10)),
            ",".join(hole_text(b, i) for i in range(0, 5)),
        )
        text = "%s %s/%s %s %d" % (holes, winnings_text(b, "A"), winnings_text(b, "B"), self.side, self.round)
        if b.debt["A"] or b.debt["B"]:
            text += " %d/%d" % (b.debt["A"], b.debt["B"])
        return text

    def copy(self):
        twin = DongWo.__new__(DongWo)
        twin.__dict__.update(self.__dict__)
        twin.board = self.board.copy()
        twin.move = self.move.copy() if self.move else None
        twin.cache = None  # its plays are bound to this engine, not the twin
        return twin

    def changed(self):
        self.cache = None

    def moves(self):
        return list(self.open_decisions())

    def play(self, decision):
        choice = self.open_decisions()[decision]
        self.changed()
        try:
            return choice()
        except Undecidable:
            raise mgn_protocol.Undecided("a run of laps past %d laps, this engine's budget" % LAP_BUDGET)

    def open_decisions(self):
        # The helper asks moves() before each play(): the list is made once per point.
        if self.cache is None:
            try:
                self.cache = self.moves_with_plays()
            except Undecidable:
                raise mgn_protocol.Undecided("a run of laps past %d laps, this engine's budget" % LAP_BUDGET)
        return self.cache

    def next_round(self):
        self.round += 1
        self.phase = "between"
        self.muzi_settled = not any(
            muzi != owner for owner in "AB" for muzi in self.board.won_muzi[owner]
        )
        loser = other(self.winner) if self.winner else None
        if loser is None or not self.holes_to_win(loser):
            self.winner = None
        self.changed()

    # the decisions ------------------------------------------------------------------------

    def moves_with_plays(self):
        """Each open decision with the function that plays it."""
        if self.phase == "game-over":
            return {}
        if self.phase == "between":
            return self.between_decisions()
        if self.move is not None:
            return self.drop_decisions()
        return self.turn_decisions(self.board)

    def turn_decisions(self, board, settle=None):
        player = self.side
        open_ = {}
        for hole in board.sector(player):
            if board.empty(hole):
                continue
            for step, arrow in ((1, ">"), (-1, "<")):
                if self.move_can_start(board, player, hole, step):
                    open_[NAMES[hole] + arrow] = self.starter(hole, step, settle)
        if not open_:
            open_["pass"] = self.passer(settle)
        return open_

    def move_can_start(self, board, player, hole, step):
        rules = self.rules
        if board.muzi[hole] is not None:
            state = board.key(hole)
            return self.look_ahead.can_end(Light.of(board), player, hole, step, 1, {state})
        twin = Light.of(board)
        kind, where, laps = run_plain(rules, twin, player, hole, step, LAP_BUDGET)
        if kind == "end":
            return True
        if kind == "cycle":
            return False
        return self.look_ahead.can_end(twin, player, where, step, 1 + laps, {twin.key(where)})

    def starter(self, hole, step, settle):
        def play():
            if settle:
                settle()
            self.move = Move(self.side, hole, step)
            return self.go_on()

        return play

    def passer(self, settle):
        def play():
            if settle:
                settle()
            self.side = other(self.side)
            return "turn-over", 0, []

        return play

    def drop_decisions(self):
        move, board = self.move, self.board
        open_ = {}
        here = board.key(move.next_hole)
        for label, slot, takes in drops(self.rules, board, move.mover, move.next_hole, move.step, move.lap):
            twin = board.copy()
            last, _, _ = sow_lap(self.rules, twin, move.mover, move.next_hole, move.step, slot, takes)
            nxt = (last + move.step) % 10
            if not twin.empty(nxt):
                kind, where, laps = run_plain(self.rules, twin, move.mover, nxt, move.step, LAP_BUDGET)
                if kind == "cycle":
                    continue
                if kind == "muzi":
                    state = twin.key(where)
                    explored = move.visited | {here, state}
                    if state in move.visited or state == here:
                        continue
                    light = Light.of(twin)
                    if not self.look_ahead.can_reach_end(light, move.mover, where, move.step):
                        continue
                    if not self.look_ahead.can_end(light, move.mover, where, move.step, 2, explored):
                        continue
            open_[label] = self.dropper(slot, takes)
        return open_

    def dropper(self, slot, takes):
        def play():
            move, board = self.move, self.board
            # A play answer's claim is what this decision captured, not the turn so far.
            move.points, move.holes = 0, set()
            move.visited.add(board.key(move.next_hole))
            last, points, met = sow_lap(self.rules, board, move.mover, move.next_hole, move.step, slot, takes)
            move.points += points
            if met is not None:
                move.holes.add(NAMES[met])
            move.lap += 1
            nxt = (last + move.step) % 10
            if board.empty(nxt):
                return self.finish(last)
            move.next_hole = nxt
            return self.go_on()

        return play

    def go_on(self):
        """Plain laps from the move's next hole, until it ends or a muzi lap asks a drop."""
        move, board = self.move, self.board
        if board.muzi[move.next_hole] is not None:
            return "continue", move.points, sorted(move.holes)
        kind, where, laps = run_plain(self.rules, board, move.mover, move.next_hole, move.step, LAP_BUDGET)
        move.lap += laps
        if kind == "end":
            return self.finish(where)
        if kind == "cycle":
            raise mgn_protocol.Undecided("the move never ends")
        move.next_hole = where
        return "continue", move.points, sorted(move.holes)

    def finish(self, last):
        """The end of a move: the capture chain, tianzi, the round-end test."""
        move, board = self.move, self.board
        self.move = None
        points, holes = capture(board, move.mover, last, move.step)
        points += move.points
        holes = sorted(set(holes) | move.holes)
        self.tianzi()
        self.side = other(move.mover)
        if not self.round_ends():
            return "turn-over", points, holes
        if self.winner is not None:
            holes_left = self.holes_to_win(other(self.winner))
            if len(holes_left) == 1:
                # The one hole the winner can take leaves the loser his end hole alone: the
                # win has no choice, and the game ends with it.
                status, _, _ = self.winning(holes_left[0])()
                return status, points, holes
        return "round-over", points, holes

    def tianzi(self):
        """dong-wo.tianzi: a player whose regular holes are all empty, while the opponent has
        2 points or more in his, puts a stone into each of them."""
        board = self.board
        for player in "AB":
            mine = board.regular(player)
            if board.pieces(mine) or board.points(board.regular(other(player))) < 2:
                continue
            for hole in mine:
                if board.won[player] == 0:
                    if board.won[other(player)] == 0:
                        break
                    board.lend(player, 1)
                board.won[player] -= 1
                board.stones[hole] += 1

    def round_ends(self):
        board = self.board
        counts = {p: board.pieces(board.regular(p)) for p in "AB"}
        if counts["A"] >= 2 or counts["B"] >= 2:
            return False
        # The Catalan wording's cases 1 and 2 (nothing left, or one stone against none) end
        # the round with no capture test; only its case 3 (a stone each) asks one. They give
        # 003's verdict while no hole is owned: a move from an owned hole can capture.
        tested = self.rules.round_end == "mancala-world" or counts["A"] == counts["B"] == 1
        if tested and (can_capture(self.rules, board, "A") or can_capture(self.rules, board, "B")):
            return False
        if counts["A"] != counts["B"]:
            self.winner = "A" if counts["A"] else "B"
        else:
            self.winner = None
        # dong-wo.round.gather: regular holes' pieces go to their row's player, a muzi home.
        for player in "AB":
            for hole in board.regular(player):
                board.won[player] += board.stones[hole]
                board.stones[hole] = 0
        for hole in range(10):
            if board.muzi[hole] is not None and board.owner[hole] is None:
                board.won_muzi[board.muzi[hole]].add(board.muzi[hole])
                board.muzi[hole] = None
        self.phase = "round-over"
        self.side = other(self.round_first)
        self.round_first = self.side
        return True

    # between rounds -------------------------------------------------------------------------

    def holes_to_win(self, loser):
        return [h for h in self.board.regular(loser) if h != END_HOLE[loser]]

    def between_decisions(self):
        if self.winner is not None:
            loser = other(self.winner)
            return {"win:" + NAMES[h]: self.winning(h) for h in self.holes_to_win(loser)}
        open_ = {}
        settled = self.board.copy()
        if not self.muzi_settled:
            settle_muzi(settled)
        for player in "AB":
            opponent = other(player)
            funds = settled.won[player]
            if self.rules.buy_funds == "after-debts":
                funds -= settled.debt[player]
            mine_held = [h for h in range(10) if row_of(h) == player and settled.owner[h] == opponent]
            for hole in mine_held:
                if hole == self.just_won and not self.muzi_settled:
                    # dong-wo.rebuy.order=hole-first: at once, before the muzi are bought back.
                    now = self.board.won[player]
                    if self.rules.buy_funds == "after-debts":
                        now -= self.board.debt[player]
                    if now >= 15:
                        open_["rebuy:" + NAMES[hole]] = self.rebuying(hole, settle_first=False)
                elif funds >= 15:
                    open_["rebuy:" + NAMES[hole]] = self.rebuying(hole, settle_first=True)
            if not mine_held and funds >= 11:
                for hole in self.holes_to_win(opponent):
                    open_["buy:" + NAMES[hole]] = self.buying(hole)
            # A repayment comes before the muzi are bought back, out of what he has now.
            repay = min(self.board.debt[player], self.board.won[player])
            if repay > 0:
                open_["repay:%s:%d" % (player, repay)] = self.repaying(player, repay)
        if self.rules.swap == "by-agreement":
            for a_hole in range(5, 10):
                if self.board.owner[a_hole] != "B":
                    continue
                for b_hole in range(5):
                    if self.board.owner[b_hole] == "A":
                        open_["swap:%s:%s" % (NAMES[a_hole], NAMES[b_hole])] = self.swapping(a_hole, b_hole)
        filled = settled
        fill(filled)
        starters = self.turn_decisions(filled, settle=self.settle_all)
        open_.update(starters)
        return open_

    def settle_muzi_now(self):
        if not self.muzi_settled:
            settle_muzi(self.board)
            self.muzi_settled = True
        self.just_won = None

    def settle_all(self):
        self.settle_muzi_now()
        fill(self.board)
        self.phase = "play"
        self.winner = None

    def transaction_over(self):
        """A transaction is no ply: the side to move is the next round's first player still;
        the game ends when a player is reduced to a single regular hole."""
        for player in "AB":
            if len(self.board.regular(player)) <= 1:
                self.phase = "game-over"
                return "game-over " + ("1-0" if player == "B" else "0-1"), 0, []
        return "turn-over", 0, []

    def winning(self, hole):
        def play():
            board, winner = self.board, self.winner
            if board.won[winner] == 0:
                board.lend(winner, 1)
            board.won[winner] -= 1
            board.stones[hole] += 1
            board.owner[hole] = winner
            self.winner = None
            self.just_won = hole
            return self.transaction_over()

        return play

    def rebuying(self, hole, settle_first):
        def play():
            if settle_first:
                self.settle_muzi_now()
            else:
                self.just_won = None
            board = self.board
            player, seller = row_of(hole), board.owner[hole]
            board.won[player] -= 15
            board.won[seller] += 10 + board.stones[hole]
            board.stones[hole] = 5
            board.owner[hole] = None
            return self.transaction_over()

        return play

    def buying(self, hole):
        def play():
            self.settle_muzi_now()
            board = self.board
            seller = row_of(hole)
            buyer = other(seller)
            board.won[buyer] -= 11
            board.won[seller] += 10 + board.stones[hole]
            board.stones[hole] = 1
            board.owner[hole] = buyer
            return self.transaction_over()

        return play

    def repaying(self, player, count):
        def play():
            board = self.board
            board.won[player] -= count
            board.won[other(player)] += count
            board.debt[player] -= count
            return self.transaction_over()

        return play

    def swapping(self, a_hole, b_hole):
        def play():
            self.settle_muzi_now()
            board = self.board
            for hole in (a_hole, b_hole):
                board.won[board.owner[hole]] += board.stones[hole]
                board.stones[hole] = 0
                board.owner[hole] = None
            return self.transaction_over()

        return play


def settle_muzi(board):
    """dong-wo.muzi.buy-back: a muzi in the opponent's winnings is bought back for 5; what its
    owner cannot pay he owes the seller."""
    for owner in "AB":
        seller = other(owner)
        if owner not in board.won_muzi[seller]:
            continue
        board.won_muzi[seller].discard(owner)
        board.won_muzi[owner].add(owner)
        paid = min(board.won[owner], MUZI_POINTS)
        board.won[owner] -= paid
        board.won[seller] += paid
        if paid < MUZI_POINTS:
            short = MUZI_POINTS - paid
            cancelled = min(board.debt[seller], short)
            board.debt[seller] -= cancelled
            board.debt[owner] += short - cancelled


def fill(board):
    """dong-wo.fill: each player's empty regular holes get 5 stones, his end hole his muzi;
    a player short borrows from the opponent's surplus, and what is still lacking leaves the
    last holes short."""
    needs = {}
    for player in "AB":
        needs[player] = [h for h in board.regular(player) if h != END_HOLE[player] and board.empty(h)]
    for player in "AB":
        opponent = other(player)
        lacking = 5 * len(needs[player]) - board.won[player]
        if lacking > 0:
            surplus = board.won[opponent] - 5 * len(needs[opponent])
            if surplus > 0:
                board.lend(player, min(lacking, surplus))
        for hole in needs[player]:
            put = min(5, board.won[player])
            board.stones[hole] += put
            board.won[player] -= put
        needs[player] = []
        board.won_muzi[player].discard(player)
        board.muzi[END_HOLE[player]] = player


class Engine(DongWo):
    """The engine as examples/engines' entry point makes it, from the `game` request."""

    def __init__(self, board, preset, options):
        DongWo.__init__(self)
        self.new_game(GAME, board, preset, options)


def main():
    mgn_protocol.serve(DongWo())


if __name__ == "__main__":
    main()
