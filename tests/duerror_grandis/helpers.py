from pygames.core import get_game
from pygames.duerror_grandis.boards import SQUARE_NAMES
from pygames.duerror_grandis.rules import from_position
from ..helpers import legal, play  # noqa: F401  (shared by every game's tests)

GAME = get_game("duerror_grandis")


def pos(pieces, boards=None, tokens=None, bank=None, turn=0, rnd=0, colours=None, **options):
    """A position at the start of ``turn``'s turn: ``pieces`` per player as ``[(kind, square), ...]``
    (square names, ``off`` or ``out``); boards are board numbers 1..9 (Serpent, Spiral, … by default)."""
    n = len(pieces)
    options.setdefault("players", n)
    position = {"boards": boards or list(range(1, n + 1)), "pieces": [[list(pc) for pc in row] for row in pieces],
                "turn": turn, "round": rnd}
    if tokens is not None:
        position["tokens"] = tokens
    if bank is not None:
        position["bank"] = bank
    if colours is not None:
        position["colours"] = colours
    return from_position(GAME, position, options)


def where(state, player, index=0):
    """The square name (or off/out) of a player's piece."""
    s = state.pieces[player][index][1]
    return "off" if s == -1 else "out" if s == 81 else SQUARE_NAMES[s]


def start(players=3, **options):
    return GAME.new_initial_state(dict(options, players=players))


def replayed(s):
    """The state the protocol reaches by applying ``s``'s history from the start."""
    r = GAME.new_initial_state(s.options)
    for n in s.history:
        r.apply(n)
    return r


def answers_legally(bot, variants, plies: int = 300) -> None:
    """``bot`` (a level or player with ``step``) plays seat 0 against random players for up to ``plies``
    plies in each of ``variants`` (option dicts), and every answer is a legal action."""
    import random
    from pygames.core.bots import random_action
    for opts in variants:
        rng = random.Random(5)
        s = GAME.new_initial_state(opts)
        for _ in range(plies):
            if s.is_terminal():
                break
            if s.is_chance_node() or s.current_player() != 0:
                s.apply(random_action(s, rng))
                continue
            a = bot.step(s)
            assert a.notation in {x.notation for x in s.legal_actions()}
            s.apply(a)
