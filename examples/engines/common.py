"""What the game modules of examples/engines/ share: the rules chosen by `game` (a preset and
options over it, checked against what each module implements) and copying a game's state."""

import mgn_protocol

PLAYERS = "AB"


def other(side):
    return "A" if side == "B" else "B"


def choose_rules(game, preset, options, defaults, presets, implemented):
    """The option values in force: the game's defaults, the preset's over them, then each
    option. Raises Unsupported for a preset, code or value this engine does not play.

    defaults: {code: default value}; presets: {name: {code: value}}; implemented: {code: set of
    values the module plays}."""
    if preset is not None and preset not in presets:
        raise mgn_protocol.Unsupported(
            "preset %s (%s has %s)" % (preset, game, ", ".join(sorted(presets))))
    rules = dict(defaults)
    rules.update(presets.get(preset or next(iter(presets)), {}))
    for code, value in options:
        if code not in defaults:
            raise mgn_protocol.Unsupported("option %s: not an option of %s" % (code, game))
        rules[code] = value
    for code, value in rules.items():
        if value not in implemented.get(code, {defaults[code]}):
            raise mgn_protocol.Unsupported("option %s=%s (this engine does not play it)" % (code, value))
    return rules


def board_size(game, board, default, boards):
    """The board named by `game`, one of `boards`, or the default board when none is named."""
    board = board or default
    if board not in boards:
        raise mgn_protocol.Unsupported("board %s (%s is played on %s)" % (board, game, ", ".join(boards)))
    return board


def copy_state(engine, changing):
    """An independent copy of an engine: the attributes named in `changing` (lists, dicts) are
    copied, the others (the rules, the board's shape) shared, as play never changes them."""
    twin = engine.__class__.__new__(engine.__class__)
    twin.__dict__.update(engine.__dict__)
    for key in changing:
        twin.__dict__[key] = engine.__dict__[key].copy()
    return twin


def split_position(text, rows):
    """A position string's fields: (A's holes, B's holes, (A's store, B's store), side, round).
    Holes are the written words ("x", "3"); `rows` is the number of holes a side has."""
    fields = text.split()
    if len(fields) != 4:
        raise ValueError("a position has four fields: holes, stores, side to move, round")
    holes, stores, side, round_ = fields
    sides = holes.split("/")
    if len(sides) != 2:
        raise ValueError("the holes are A's / B's")
    a, b = sides[0].split(","), sides[1].split(",")
    if len(a) != rows or len(b) != rows:
        raise ValueError("each side has %d holes on this board" % rows)
    store_words = stores.split("/")
    if len(store_words) != 2 or not all(w.isdigit() for w in store_words):
        raise ValueError("the stores are two numbers, A/B")
    if side not in PLAYERS:
        raise ValueError("the side to move is A or B")
    if not round_.isdigit() or not 1 <= int(round_) <= 1000000:
        raise ValueError("the round is a number from 1 to 1000000")
    return a, b, (int(store_words[0]), int(store_words[1])), side, int(round_)


def count(word):
    """A hole's seeds as written: a number (no sign, no muzi)."""
    if not word.isdigit():
        raise ValueError("a hole holds a number of seeds, not %r" % word)
    return int(word)
