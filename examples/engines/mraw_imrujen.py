"""Mraw imrujen, written from docs/rules/mraw-imrujen.md: every option of
`mgn rules mraw-imrujen` (its presets catalan, catalan-always-feed and one-round among them),
whole games with rounds.

The board is one ring of ten cells, counter-clockwise: B1..B5 (cells 0-4), A1..A5 (cells 5-9).
A player sows one way round it all round (+1 counter-clockwise, -1 clockwise)."""

from common import PLAYERS, board_size, choose_rules, copy_state, count, other, split_position

DEFAULTS = {
    "mraw-imrujen.sow.direction": "b-counter-clockwise",
    "mraw-imrujen.feed.reach": "opponent-cannot-play",
    "mraw-imrujen.feed.impossible": "round-ends",
    "mraw-imrujen.capture.reach": "cross-once",
    "mraw-imrujen.capture.no-empty": "illegal",
    "mraw-imrujen.round.keep": "round-captures",
    "mraw-imrujen.round.tie": "nobody-keeps",
    "mraw-imrujen.round.leftover": "fewer",
    "mraw-imrujen.round.tie-leftover": "tie-break",
    "mraw-imrujen.next-round.first": "alternate",
    "mraw-imrujen.game.end": "cannot-share",
    "mraw-imrujen.repetition": "ends-round",
}
PRESETS = {
    "catalan": {},
    "catalan-always-feed": {"mraw-imrujen.feed.reach": "always"},
    "one-round": {"mraw-imrujen.game.end": "after-round-1"},
}
IMPLEMENTED = {
    "mraw-imrujen.sow.direction": {"b-counter-clockwise", "a-counter-clockwise", "first-player-clockwise"},
    "mraw-imrujen.feed.reach": {"opponent-cannot-play", "always"},
    "mraw-imrujen.feed.impossible": {"round-ends", "any-move", "any-move-if-none-reaches"},
    "mraw-imrujen.capture.reach": {"cross-once", "own-row"},
    "mraw-imrujen.capture.no-empty": {"illegal", "no-capture", "chain-stops"},
    "mraw-imrujen.round.keep": {"round-captures", "all-winnings"},
    "mraw-imrujen.round.tie": {"nobody-keeps", "both-keep"},
    "mraw-imrujen.round.leftover": {"fewer", "more", "out-of-game"},
    "mraw-imrujen.round.tie-leftover": {"tie-break", "out-of-game"},
    "mraw-imrujen.next-round.first": {"alternate", "round-winner", "round-loser"},
    "mraw-imrujen.game.end": {"cannot-share", "after-round-1", "after-round-2", "after-round-3"},
    "mraw-imrujen.repetition": {"ends-round", "allowed"},
}
SEEDS = 40
NAMES = ["B%d" % k for k in range(1, 6)] + ["A%d" % k for k in range(1, 6)]
CELL = {name: cell for cell, name in enumerate(NAMES)}
ROW = {"B": range(0, 5), "A": range(5, 10)}


def owner(cell):
    return "B" if cell < 5 else "A"


class MrawImrujen:
    def __init__(self, board, preset, options):
        self.rules = choose_rules("mraw-imrujen", preset, options, DEFAULTS, PRESETS, IMPLEMENTED)
        board_size("mraw-imrujen", board, "2x5", ["2x5"])
        self.start("B")

    # --- positions --------------------------------------------------------------------

    def start(self, side):
        self.board = [4] * 10
        self.won = {"A": 0, "B": 0}
        self.reset(side, 1)

    def reset(self, side, round_):
        self.to_move = side
        self.round = round_
        self.first = side  # who moved first in the round: the position's side to move
        # Winnings kept from earlier rounds: none in round 1; a later round's position is
        # taken at its start, its winnings all kept.
        self.kept = dict(self.won) if round_ > 1 else {"A": 0, "B": 0}
        self.last_mover = None
        self.round_over = False
        self.result = None
        self.seen = [self.key()]  # positions since the round's last capture

    def set_position(self, text):
        a, b, stores, side, round_ = split_position(text, 5)
        board = [count(w) for w in b] + [count(w) for w in a]
        total = sum(board) + sum(stores)
        seeds_leave = "out-of-game" in (self.rules["mraw-imrujen.round.leftover"],
                                        self.rules["mraw-imrujen.round.tie-leftover"])
        if total != SEEDS and not (seeds_leave and round_ > 1 and total < SEEDS):
            raise ValueError("a Mraw imrujen position holds %d seeds" % SEEDS)
        self.board = board
        self.won = {"A": stores[0], "B": stores[1]}
        self.reset(side, round_)
        if not self.legal_moves(side):
            raise ValueError("%s to move cannot play: the round would be over" % side)

    def between_rounds(self):
        return False

    def position(self):
        def row(side):
            return ",".join(str(self.board[c]) for c in ROW[side])

        return "%s/%s %d/%d %s %d" % (row("A"), row("B"), self.won["A"], self.won["B"],
                                      self.to_move, self.round)

    def key(self):
        return (tuple(self.board), self.won["A"], self.won["B"], self.to_move)

    # --- a move -----------------------------------------------------------------------

    def direction(self, side):
        way = self.rules["mraw-imrujen.sow.direction"]
        if way == "b-counter-clockwise":
            ccw = "B"
        elif way == "a-counter-clockwise":
            ccw = "A"
        else:  # first-player-clockwise
            ccw = other(self.first)
        return 1 if side == ccw else -1

    def outcome(self, side, cell):
        """What sowing `cell` would do, without doing it: (board after the sowing, whether a
        seed reached the opponent's row, the holes the capture would take, whether the
        capture is refused because it would leave the opponent's row empty)."""
        step = self.direction(side)
        board = list(self.board)
        seeds, board[cell] = board[cell], 0
        reached, last = False, cell
        for i in range(seeds):  # the first seed back into its own hole
            last = (cell + i * step) % 10
            board[last] += 1
            reached = reached or owner(last) != side
        taken = []
        if owner(last) == side and board[last] in (2, 4):
            crossed = False
            hole = last
            while board[hole] in (2, 4):
                taken.append(hole)
                before = (hole - step) % 10
                if owner(before) != owner(hole):
                    if crossed or self.rules["mraw-imrujen.capture.reach"] == "own-row":
                        break
                    crossed = True
                hole = before
                if hole in taken:
                    break
        theirs = [c for c in ROW[other(side)]]
        left = sum(board[c] for c in theirs)
        empties = left > 0 and left == sum(board[c] for c in taken if owner(c) != side)
        if empties and self.rules["mraw-imrujen.capture.no-empty"] == "chain-stops":
            kept_back = []
            for hole in taken:
                if owner(hole) != side and left - board[hole] == 0:
                    break
                if owner(hole) != side:
                    left -= board[hole]
                kept_back.append(hole)
            taken, empties = kept_back, False
        elif empties and self.rules["mraw-imrujen.capture.no-empty"] == "no-capture":
            taken, empties = [], False
        return board, reached, taken, empties

    def legal_moves(self, side):
        """The cells `side` may sow from now (mraw-imrujen.feed, .capture.no-empty)."""
        holes = [c for c in ROW[side] if self.board[c] >= 2]
        outcomes = {c: self.outcome(side, c) for c in holes}
        allowed = [c for c in holes if not outcomes[c][3]]
        opponent_stuck = not any(self.board[c] >= 2 for c in ROW[other(side)])
        if not (self.rules["mraw-imrujen.feed.reach"] == "always" or opponent_stuck):
            return allowed
        reaching = [c for c in holes if outcomes[c][1]]
        feeding = [c for c in allowed if outcomes[c][1]]
        if feeding:
            return feeding
        lapse = self.rules["mraw-imrujen.feed.impossible"]
        if lapse == "any-move" or (lapse == "any-move-if-none-reaches" and not reaching):
            return allowed
        return []

    # --- decisions --------------------------------------------------------------------

    def moves(self):
        if self.result or self.round_over:
            return []
        return [NAMES[c] for c in self.legal_moves(self.to_move)]

    def play(self, decision):
        me = self.to_move
        board, _, taken, _ = self.outcome(me, CELL[decision])
        points = sum(board[c] for c in taken)
        for c in taken:
            board[c] = 0
        self.board = board
        self.won[me] += points
        self.last_mover = me
        self.to_move = other(me)
        if points:
            self.seen = []
        self.seen.append(self.key())
        repeated = (self.rules["mraw-imrujen.repetition"] == "ends-round"
                    and self.seen.count(self.key()) >= 3)
        if repeated or not self.legal_moves(self.to_move):
            return self.end_round(), points, [NAMES[c] for c in taken]
        return "turn-over", points, [NAMES[c] for c in taken]

    def end_round(self):
        """mraw-imrujen.round.share, decided at the round's end and done at next-round."""
        stuck = self.to_move  # the player who could not play
        everything = self.rules["mraw-imrujen.round.keep"] == "all-winnings"
        compared = {p: self.won[p] - (0 if everything else self.kept[p]) for p in PLAYERS}
        on_board = sum(self.board)
        kept = dict(self.kept)
        won = dict(self.won)
        winner = None
        if compared["A"] != compared["B"]:
            winner = max(PLAYERS, key=compared.get)
            loser = other(winner)
            kept[winner] = won[winner]
            rest = compared[loser] + on_board
            won[loser] -= compared[loser]
            kept[loser] = won[loser]
        elif self.rules["mraw-imrujen.round.tie"] == "both-keep":
            kept = dict(won)
            rest = on_board
        else:
            rest = on_board + compared["A"] + compared["B"]
            for p in PLAYERS:
                won[p] -= compared[p]
            kept = dict(won)
        each = 2 * (rest // 20)
        leftover = rest - 10 * each
        end = self.rules["mraw-imrujen.game.end"]
        last_round = int(end[-1]) if end.startswith("after-round-") else None
        if each < 2 or (last_round is not None and self.round >= last_round):
            a, b = self.won["A"], self.won["B"]
            self.result = "1-0" if a > b else "0-1" if b > a else "1/2-1/2"
            return "game-over " + self.result
        goes_to = self.rules["mraw-imrujen.round.leftover"]
        if winner is None:
            if self.rules["mraw-imrujen.round.tie-leftover"] == "out-of-game":
                goes_to = "out-of-game"
            receiver = {"fewer": stuck, "more": self.last_mover}.get(goes_to)
        else:
            receiver = {"fewer": other(winner), "more": winner}.get(goes_to)
        if receiver:
            won[receiver] += leftover
            kept[receiver] += leftover
        first = self.rules["mraw-imrujen.next-round.first"]
        if winner and first == "round-winner":
            self.to_move = winner
        elif winner and first == "round-loser":
            self.to_move = other(winner)
        else:
            self.to_move = other(self.first)
        self.shared = (each, won, kept)
        self.round_over = True
        return "round-over"

    def next_round(self):
        each, won, kept = self.shared
        self.board = [each] * 10
        self.won = won
        side = self.to_move
        self.reset(side, self.round + 1)
        self.kept = kept

    def copy(self):
        return copy_state(self, ("board", "won", "kept", "seen"))


Engine = MrawImrujen  # the class examples/engines/__main__.py serves
