"""Duerror Grandis: constants, reaches and the cached actions shared by the engine's modules (G1–G3, G11–G13,
G20, G27).

Rule ids (G1, G2, …) refer to ``docs/rules/duerror_grandis.md``.
"""
from __future__ import annotations

import math

from ..core.state import CHANCE, Action
from .boards import NUMBER, PATHS, SQUARE_NAMES

OFF, OUT = -1, 81
KINDS = ("thete", "ephebe", "melliran")
DISTANCE = {"thete": 9, "ephebe": 5, "melliran": 1}
ARTICLE = {"thete": "a", "ephebe": "an", "melliran": "a"}
NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")
"""The seats, before anyone has chosen a colour (the opening roll names them: ``first Player 2``)."""
COLOURS = ("Red", "Blue", "Green", "Gold")
"""G43: the colours of the pieces, chosen in turn order with the boards; a player is then called by it."""
MAX_ROUNDS = 300
"""G26: a game still undecided after this many rounds ends (ranked by pieces out, then progress)."""

PARTS = ("opening", "colour", "board", "piece", "formactus", "d6", "change", "flictus", "move", "veer", "over")
CHANCE_PARTS = ("opening", "d6", "veer")
ENDINGS = (None, "exit", "stuck", "rounds")
"""How the last game ended: not yet, a piece (Factiosus: the last piece) out on square 82 (G25, G31), a
whole round in which no one could do anything but stay, or the round limit (G26)."""


def _reach(kind: str) -> tuple[frozenset, ...]:
    """Squares a piece of ``kind`` on each square could take on (G12, G13), the square itself included."""
    out = []
    for s in range(81):
        c, r = s % 9, s // 9
        zone = set()
        for t in range(81):
            dc, dr = abs(t % 9 - c), abs(t // 9 - r)
            if kind == "ephebe" and dc <= 2 and dr <= 2:
                zone.add(t)
            elif kind == "melliran" and (dc == 0 or dr == 0 or dc == dr):
                zone.add(t)
        out.append(frozenset(zone))
    return tuple(out)


REACH = {"thete": tuple(frozenset() for _ in range(81)), "ephebe": _reach("ephebe"),
         "melliran": _reach("melliran")}
"""``REACH[kind][s]``: the squares a ``kind`` standing on ``s`` may take on."""

_ACTIONS: dict = {}


def _act(notation: str, player: int, targets: tuple = (), label: str = "") -> Action:
    """A cached Action (the same notation, player and targets always give the same object)."""
    key = (notation, player, targets, label)
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) > 100_000:  # bound the memory of a long session
            _ACTIONS.clear()
            _MOVES.clear()
            _TAKES.clear()
        a = _ACTIONS[key] = Action(notation, targets=targets, label=label, player=player)
    return a


_MOVES: dict = {}
_TAKES: dict = {}
_VEER_ACTS = tuple({"": Action("veer", label="veer (1 token)", player=p),
                    **{k: Action(f"veer {k}", label=f"veer the {k} (1 token)", player=p) for k in KINDS}}
                   for p in range(4))
"""Per player: the paid veer (G19) as an action, of the piece (Factiosus: by kind, else key "")."""
_STAY_ACTS = tuple({"": Action("stay", label="stay (1 token)", player=p),
                    None: Action("stay", label="stay (no move is possible)", player=p),
                    **{k: Action(f"stay {k}", label=f"the {k} stays (1 token)", player=p) for k in KINDS}}
                   for p in range(4))
"""Per player: the paid stay (G23; Factiosus by kind, else key ""), and the free one when no move is
possible (key None, G24)."""


def _move(player: int, board: int, kind: str, square: int, factiosus: bool) -> tuple[Action, int]:
    """The move action of ``player``'s ``kind`` on ``square`` (its whole distance along ``board``'s path,
    G18, G19) and the square it ends on (:data:`OUT` one beyond the end), cached. The piece must be able
    to move (path number plus distance at most 82)."""
    key = (player, board, kind, square, factiosus)
    r = _MOVES.get(key)
    if r is None:
        to = _NUMX[board][square + 1] + DISTANCE[kind]
        end = OUT if to == 82 else PATHS[board][to - 1]
        dest = "out" if to == 82 else SQUARE_NAMES[end]
        dt = "exit" if to == 82 else _TGT[end]
        if square == OFF:
            n = f"enter {dest}"
            tg: tuple = (f"off-{kind}", dt) if factiosus else (dt,)
        else:
            n = f"{SQUARE_NAMES[square]}-{dest}"
            tg = (_TGT[square], dt) if factiosus else (dt,)
        r = _MOVES[key] = (_act(n, player, tg), end)
    return r


def _take_names(factiosus: bool, kind: str, square: int, victim_square: int, label: str | None) -> tuple:
    """``(notation, targets)`` of a take (G27), cached: ``take E5`` (``take E5 Blue``: ``label`` names
    the victim when two could be taken there); Factiosus: the taker's kind first and both squares (none:
    a button, when the victim shares the taker's square)."""
    key = (factiosus, kind, square, victim_square, label)
    r = _TAKES.get(key)
    if r is None:
        n = f"take {SQUARE_NAMES[victim_square]}"
        if label is not None:
            n += " " + label
        if factiosus:  # a victim on the taker's own square is a button (a square cannot be clicked twice)
            r = (f"{kind} {n}", (_TGT[square], _TGT[victim_square]) if square != victim_square else ())
        else:
            r = (n, (_TGT[victim_square],))
        _TAKES[key] = r
    return r


_D10 = "ABCDEFGHIJ"
_VEER_OUTCOMES = tuple((Action(f"veer {_D10[a]}{b + 1}", label=f"Veer roll {_D10[a]} and {b + 1}", player=CHANCE),
                        0.01) for a in range(10) for b in range(10))
_D6_OUTCOMES = tuple((Action(f"d6 {k}", label=f"Roll {k}", player=CHANCE), 1 / 6) for k in range(1, 7))
"""The chance outcomes of a veer (two d10, G20) and of formactus (a d6), labelled for the move list
("Veer roll G and 10", "Roll 5"; presentation only, the notation is unchanged)."""
_VEER_NOTES = tuple(a.notation for a, _ in _VEER_OUTCOMES)


_TGT = tuple(f"sq-{n}" for n in SQUARE_NAMES)


def _tgt(s: int) -> str:
    return _TGT[s]


_OTHERS = {n: tuple(tuple(q for q in range(n) if q != p) for p in range(n)) for n in range(2, 5)}
"""``_OTHERS[n][p]``: the players other than ``p`` among ``n``, in seat order."""

_NUMX = tuple((0,) + row + (82,) for row in NUMBER)
"""``_NUMX[b][s + 1]``: the path number of square ``s`` on board ``b``, off (-1) and out (81) included."""


def max_game_length(options: dict) -> int:
    """G42: the most actions (chance outcomes included) a match's ``history`` can hold with these
    (validated) options, derived from the rules:

    - a match: per player one choice of colour (G43), then its games;
    - a game: the opening roll, then per player a board (and in the basic game a starting piece), then at
      most :data:`MAX_ROUNDS` rounds of one turn per player (G26);
    - a turn: formactus at most 3 actions (``roll``, the die, ``change``/``keep``; Factiosus none); flictus
      at most T takes and a ``stop``/``spare``, where T is the number of arrangements of the ``m`` pieces on
      the board over the squares they stand on (takes only swap squares, and G37 forbids a chain to reach
      one arrangement twice), T <= m!, m = players × pieces each; flexus at most K veers of 2 actions
      (each costs a token; a turn can spend no more than the K tokens there are); fluctus one action per
      piece;
    - K, the tokens in a game, are conserved within it (G5, G16, G19, G23); by G39 each new game of a
      Parcus match adds at most the starting fill per player and the bank's fill, so K <= games × (players
      + 1) (Merus: games × players).
    """
    n = int(options.get("players", 3))
    games = int(options.get("parcus", 1))
    fac, merus = bool(options.get("factiosus")), bool(options.get("merus"))
    k = 2 if merus else 3
    tokens = games * (n if merus else n + 1)
    if fac:
        turn = (math.factorial(n * k) + 1) + 2 * tokens + k
        setup = 1 + n
    else:
        turn = 3 + (math.factorial(n) + 1) + 2 * tokens + 1
        setup = 1 + 2 * n
    return n + games * (setup + MAX_ROUNDS * n * turn)
