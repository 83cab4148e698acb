#!/usr/bin/env python3
"""A helper for the mgn engine protocol (docs/protocol.md), standard library only: wrap your
own engine in a few functions and `serve` speaks the protocol for it.

    import mgn_protocol

    class MyEngine:
        name = "my-engine 0.1"                       # the handshake's name (optional)

        def new_game(self, game, board, preset, options):
            # game: "dakon", ...; board: "2x5" or None (then the game's default board, see
            # docs/protocol.md); preset: a name or None; options: [(code, value), ...].
            # Raise mgn_protocol.Unsupported("why") for rules you do not implement.
            ...

        def start(self, side):          # the start position, side ("A" or "B") to move
        def set_position(self, text):   # a position as MGN writes it; raise ValueError if bad
        def position(self):             # -> the position as MGN writes it
        def moves(self):                # -> the decisions open, [] when the game is over
        def play(self, decision):       # -> (status, points, holes); status is "continue",
                                        #    "turn-over", "round-over" or "game-over 1-0"
        def next_round(self):           # after "round-over": refill, share out, ...
        def copy(self):                 # optional: an independent copy at the same point,
                                        #    which gives perft and divide for free

    mgn_protocol.serve(MyEngine())

`serve` reads the requests, answers each with one line, flushed, and handles what every engine
must get right and need not write itself: the handshake, `error` lines of the right kind
(`request`, `unsupported`, `state`, `position`, `illegal`), the 1 MiB line limit, blank lines
and CRs, `play` of a decision not in `moves()` (refused before your `play` is called),
`moves`/`play`/`perft`/`divide` between rounds (`error state`), the captures written as a
capture claim (`x0`, never `x0()`; `x7(A2,B4)`, holes once each), `divide 0` (`divide 0`),
and perft by walking `moves`/`play` on copies when your engine has `copy`; without it, `perft`
and `divide` answer `error unsupported perft` and `mgn referee` walks the tree with `moves` and
`play` instead.

The helper takes the position your engine answers at its word: whether the round is over after
a `position` is asked of your engine's `between_rounds()` when it has one (a Dakon position with
every seed in a store is between rounds, unless a store cannot fill a hole: the game ended
there), else taken to be no.

Run as a program, it serves examples/engine.py's Dakon through the helper, a worked example of
the wrapping (`--no-perft` leaves `copy` out):

    mgn referee --game dakon -- python3 examples/mgn_protocol.py

examples/engines/ holds engines served through this helper, one module a game (Dakon, Mraw
imrujen, Nchuwa), behind one entry point that takes the game from the `game` request:

    mgn referee --game nchuwa --preset ludii --depth 3 -- python3 examples/engines

`Client` is the other side, for a Python program that wants mgn's rules (or another engine's):

    with mgn_protocol.Client(["mgn", "engine"]) as rules:
        rules.ask("game dakon board 2x5")          # -> "ok"
        rules.ask("moves")                         # -> "moves B1 B2 B3 B4 B5"
"""

import subprocess
import sys

VERSION = 1
LINE_LIMIT = 1024 * 1024  # bytes before the LF (docs/protocol.md, Lines)
MAX_DEPTH = 64


class ProtocolError(Exception):
    """An `error KIND TEXT` answer: raise one of the subclasses from your engine."""

    kind = "request"


class Unsupported(ProtocolError):
    kind = "unsupported"


class BadPosition(ProtocolError):
    kind = "position"


class Illegal(ProtocolError):
    kind = "illegal"


class State(ProtocolError):
    kind = "state"


class Undecided(ProtocolError):
    kind = "undecided"


STATUSES = ("continue", "turn-over", "round-over")
RESULTS = ("1-0", "0-1", "1/2-1/2")


def captures(points, holes):
    """A capture claim: x0, x7(A2,B4) (holes once each, sorted)."""
    holes = sorted(set(holes))
    return "x%d" % points + ("(%s)" % ",".join(holes) if holes else "")


def check_status(status):
    words = status.split()
    if words[:1] == ["game-over"] and len(words) == 2 and words[1] in RESULTS:
        return status
    if len(words) == 1 and words[0] in STATUSES:
        return status
    raise ValueError("the engine's play returned the status %r, which is none of the protocol's" % status)


def parse_game(words):
    """`game GAME [board SIZE] [preset P] [option CODE=VALUE]...` -> (game, board, preset, options)."""
    if not words:
        raise ProtocolError("`game GAME` names the game")
    game, board, preset, options = words[0], None, None, []
    rest = words[1:]
    if len(rest) % 2:
        raise ProtocolError("`%s` wants a value after it" % rest[-1])
    for key, value in zip(rest[0::2], rest[1::2]):
        if key == "board":
            board = value
        elif key == "preset":
            preset = value
        elif key == "option" and "=" in value:
            options.append(tuple(value.split("=", 1)))
        else:
            raise ProtocolError("`%s %s`: after the game come board, preset and option" % (key, value))
    return game, board, preset, options


def depth_of(words):
    if len(words) != 1 or not words[0].isdigit():
        raise ProtocolError("the request takes one number, the depth")
    depth = int(words[0])
    if depth > MAX_DEPTH:
        raise ProtocolError("the depth is at most %d" % MAX_DEPTH)
    return depth


class Session:
    """One engine served: what `serve` keeps between requests."""

    def __init__(self, engine):
        self.engine = engine
        self.has_game = False
        self.round_over = False

    def between_rounds(self):
        return self.round_over

    def after_setup(self):
        ask = getattr(self.engine, "between_rounds", None)
        self.round_over = bool(ask()) if ask else False

    def answer(self, words):
        """The answer line to one request (a list of words), or None for quit."""
        request, rest = words[0], words[1:]
        if request == "quit":
            return None
        if request == "mgn":
            name = getattr(self.engine, "name", "")
            return ("ready mgn-protocol %d %s" % (VERSION, name)).rstrip()
        if request == "game":
            game, board, preset, options = parse_game(rest)
            self.engine.new_game(game, board, preset, options)
            self.engine.start("B")
            self.has_game = True
            self.round_over = False
            return "ok"
        if request == "actions":
            # Optional (docs/protocol.md, "actions"): an engine without the steps perft does
            # not count says so, and `mgn referee --no-free-steps` plays none of them to it.
            raise Unsupported("actions")
        if request not in ("position", "moves", "play", "next-round", "perft", "divide"):
            raise ProtocolError("`%s` is not a request of protocol %d" % (request, VERSION))
        if not self.has_game:
            raise State("no game yet: send game GAME first")
        if request == "position":
            if rest and rest[0] == "startpos":
                if rest[1:] not in ([], ["A"], ["B"]):
                    raise ProtocolError("`position startpos` takes A or B, the side to move")
                self.engine.start(rest[1] if rest[1:] else "B")
            elif rest:
                try:
                    self.engine.set_position(" ".join(rest))
                except (ValueError, IndexError, KeyError) as why:
                    raise BadPosition(str(why) or "the position does not fit these rules")
            else:
                raise ProtocolError("`position` takes a position or startpos")
            self.after_setup()
            return "position " + self.engine.position()
        if request == "next-round":
            if rest:
                raise ProtocolError("`next-round` takes no words after it")
            if not self.round_over:
                raise State("the round is not over")
            self.engine.next_round()
            self.round_over = False
            return "position " + self.engine.position()
        if self.round_over:
            raise State("the round is over: next-round starts the next one")
        if request == "moves":
            if rest:
                raise ProtocolError("`moves` takes no words after it")
            return " ".join(["moves"] + list(self.engine.moves()))
        if request == "play":
            if len(rest) != 1:
                raise ProtocolError("`play DECISION` takes one decision, written without spaces")
            open_now = list(self.engine.moves())
            if rest[0] not in open_now:
                raise Illegal("%s is not open here; open: %s" % (rest[0], " ".join(open_now)))
            status, points, holes = self.engine.play(rest[0])
            status = check_status(status)
            self.round_over = status == "round-over"
            return "played %s %s %s" % (status, captures(points, holes), self.engine.position())
        depth = depth_of(rest)
        if not hasattr(self.engine, "copy"):
            raise Unsupported("perft")
        if request == "perft":
            return "perft %d" % perft(self.engine, depth)
        parts = divide(self.engine, depth)
        return " ".join(["divide", str(sum(n for _, n in parts))] + ["%s %d" % p for p in parts])


def perft(engine, depth):
    """Decision sequences of `depth` plies (docs/perft.md): a turn of several decisions is one
    ply; a round's start is no ply; a game that ends early counts nothing."""
    if depth == 0:
        return 1
    return sum(n for _, n in divide(engine, depth))


def divide(engine, depth):
    """[(decision, count)] for each decision open; [] at depth 0 (`divide 0`)."""
    if depth == 0:
        return []
    parts = []
    for decision in engine.moves():
        twin = engine.copy()
        status = check_status(twin.play(decision)[0])
        if status == "continue":
            parts.append((decision, perft(twin, depth)))
            continue
        if status == "round-over" and depth > 1:
            twin.next_round()
        parts.append((decision, perft(twin, depth - 1)))
    return parts


def read_lines(stream):
    """The request lines of a byte stream, each decoded, or a ProtocolError for one that is too
    long or not UTF-8 (its bytes past the limit are read and dropped, never held)."""
    while True:
        line = stream.readline(LINE_LIMIT + 1)
        if not line:
            return
        if len(line) > LINE_LIMIT and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = stream.readline(LINE_LIMIT + 1)
            yield ProtocolError("the line is longer than %d bytes, the protocol's limit" % LINE_LIMIT)
            continue
        try:
            yield line.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            yield ProtocolError("the line is not UTF-8")


def serve(engine, stdin=None, stdout=None):
    """Answer requests from stdin on stdout until `quit` or the end of the input."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout
    session = Session(engine)
    for line in read_lines(stdin):
        try:
            if isinstance(line, ProtocolError):
                raise line
            words = line.split()
            if not words:
                continue  # a blank line is no request
            reply = session.answer(words)
            if reply is None:
                return
        except ProtocolError as error:
            reply = "error %s %s" % (error.kind, " ".join(str(error).split()) or error.kind)
        stdout.write(reply + "\n")
        stdout.flush()  # a client waits for each answer


class Client:
    """An engine spoken to from Python: one request, one answer line."""

    def __init__(self, command):
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        ready = self.ask("mgn")
        if not ready.startswith("ready mgn-protocol %d" % VERSION):
            raise RuntimeError("not an engine of protocol %d: %r" % (VERSION, ready))

    def ask(self, request):
        self.process.stdin.write(request + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError("the engine exited before answering %r" % request)
        return answer.rstrip("\n")

    def close(self):
        try:
            self.process.stdin.write("quit\n")
            self.process.stdin.close()
        except OSError:
            pass
        self.process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()


# --- the worked example: examples/engine.py's Dakon, wrapped --------------------------------


class WrappedDakon:
    """examples/engine.py's Dakon in the helper's few functions."""

    name = "examples/mgn_protocol.py (examples/engine.py's Dakon)"

    def __init__(self, dakon=None, counts=True):
        self.dakon = dakon
        if counts:
            self.copy = lambda: WrappedDakon(self.dakon.copy())

    def new_game(self, game, board, preset, options):
        import engine  # examples/engine.py, beside this file

        if game != "dakon":
            raise Unsupported("this engine plays dakon only")
        boards = ["2x%d" % n for n in range(5, 11)]
        if board is not None and board not in boards:
            raise Unsupported("board %s (this engine plays %s)" % (board, ", ".join(boards)))
        if preset not in (None, "catalan"):
            raise Unsupported("preset %s (this engine plays the default rules)" % preset)
        for code, value in options:
            if not engine.is_default(code, value):
                raise Unsupported("option %s=%s (this engine plays the default rules)" % (code, value))
        self.dakon = engine.Dakon(int((board or "2x5")[2:]))

    def start(self, side):
        self.dakon.start(side)

    def set_position(self, text):
        self.dakon.set_position(text)

    def between_rounds(self):
        # A position with every seed in a store is between rounds, unless the game ended there.
        return self.dakon.round_over

    def position(self):
        return self.dakon.position()

    def moves(self):
        return self.dakon.moves()

    def play(self, decision):
        return self.dakon.play(decision)

    def next_round(self):
        self.dakon.next_round()


def main():
    sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
    serve(WrappedDakon(counts="--no-perft" not in sys.argv[1:]))


if __name__ == "__main__":
    main()
