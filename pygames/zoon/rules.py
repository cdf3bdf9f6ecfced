"""Zoon with Steffan O'Sullivan's alternate rules: the rules engine (seed 004, RECONSTRUCTION.md section 4,
RULINGS.md "Zoon"). Rule ids (ZN1, ZN2, …) refer to ``docs/rules/zoon.md``.

Cells are ``a1`` … ``f6``: columns a–f from South's left, rows 1–6 from South's back row (ZN3); cell index
``row * 6 + column``. Player 0 is South (home rows 1–2), player 1 North (home rows 5–6). A Zoon is coded
``player * 12 + i`` where ``i`` is its index in its tribe's roster (:func:`pygames.zoon.tribes.roster`).

Notation: ``deal S <Emblem> a1`` then ``deal S <card>`` (chance: South's Emblem goes to a back-row cell, then
each next home cell gets a card), ``pick a1``, ``swap a1 b2``, ``keep a1``, ``random``, ``ready`` (deployment,
ZN5); ``b2-b4`` a move, ``b2xb4`` an attack (ZN8–ZN12); ``dice 3-5``
(chance: the attacker's or shooter's d6, then the defender's, ZN18); ``wall c3``, ``bertha c2``,
``cocoboum b2>c3``, ``tortoise`` … trumps (ZN23–ZN29); ``done`` ends a trump's moves; ``reveal a1`` (ZN22);
``leaf c4``, ``bongo d1``, ``push b3``, ``hop b2`` tribe effects (ZN31–ZN37); ``secret up TL`` a classic
combat choice (ZN42); ``south starts`` / ``north starts`` (chance, ZN4).

The engine is split by phase: :mod:`.board` (battlefield, movement tables), :mod:`.base` (fields, shared
helpers), :mod:`.deploy` (ZN4–ZN6, ZN44, ZN45), :mod:`.turn` (ZN8–ZN12, ZN23–ZN28, ZN40), :mod:`.combat`
(ZN13–ZN21, ZN29, ZN41–ZN43), :mod:`.effects` (ZN22, ZN30–ZN38, ZN46–ZN49), :mod:`.views` (ZN7,
ZN44) and :mod:`.hidden` (determinization, ZN44); the game's bound is :func:`max_game_length` (ZN50–ZN52). This module assembles :class:`ZoonState` (the protocol: who acts, legal actions, applying one) and
re-exports the public names.
"""
from __future__ import annotations

from dataclasses import dataclass
from random import Random

from ..core.errors import IllegalAction, InvalidState
from ..core.state import CHANCE, TERMINAL, Action, State, uniform_pick
from .board import (BACK, CELL, CELL_INDEX, COLS, CORNERS, EMPTY, FRONT, HEADS, HOME, MAX_EDITS, NAMES, NORTH,
                    OBST, PROGRESS_EVENTS, QUIET_LIMIT, SOUTH, TAILS, TURN_ACTIONS, TURN_LIMIT, _DICE, _FIRST, _KEY_INDEX, _ROSTERS, _TRUMP_ORDER, _act,
                    abs_trajectories, row, step)
from . import explain as why
from .combat import CombatMixin, combat_value, outcome, pair_of
from .deploy import DEPLOY_MAX, FULL, DeployMixin, _arrange_actions, _deal_actions
from .effects import EffectsMixin
from .hidden import determinize
from .turn import TurnMixin
from .views import ViewsMixin
from .tribes import STAR, X


__all__ = ["ZoonState", "NAMES", "SOUTH", "NORTH", "HEADS", "TAILS", "COLS", "CELL", "CELL_INDEX", "HOME", "BACK",
           "FRONT", "MAX_EDITS", "QUIET_LIMIT", "CORNERS", "EMPTY", "OBST", "STAR", "X", "row", "step",
           "abs_trajectories", "pair_of", "combat_value", "outcome", "max_game_length", "DEPLOY_MAX", "TURN_LIMIT",
           "TURN_ACTIONS", "PROGRESS_EVENTS"]


def max_game_length(options: dict) -> int:
    """The most actions a game with ``options`` can take, chance included (ZN51): the chance action that
    draws the first player (with ``first = random``), each side's deployment (at most :data:`DEPLOY_MAX`
    = 300 actions, ZN45), the turns times :data:`TURN_ACTIONS` (22), and the minimum-six reveals (at most
    the 12 back-row Zoons, alternate combat only, ZN22). The turns: with anti-stalling (ZN40) at most
    (:data:`PROGRESS_EVENTS` + 1) × (:data:`QUIET_LIMIT` + 1) = 53 × 61 = 3,233 (a turn that makes progress
    after at most 60 that do not, 52 times, then at most 60 more and the last turn); without it,
    :data:`TURN_LIMIT` = 1,000 (ZN50).

    >>> max_game_length({"combat": "alternate", "first": "random", "anti_stalling": True})
    71739
    >>> max_game_length({"combat": "classic", "first": "south", "anti_stalling": False})
    22600
    """
    first = 1 if options.get("first", "random") == "random" else 0
    turns = (PROGRESS_EVENTS + 1) * (QUIET_LIMIT + 1) if options.get("anti_stalling", True) else TURN_LIMIT
    reveals = 12 if options.get("combat", "alternate") == "alternate" else 0
    return first + 2 * DEPLOY_MAX + turns * TURN_ACTIONS + reveals


_WORDS = {"TL": "top left", "TR": "top right", "BR": "bottom right", "BL": "bottom left"}
_SECRET_ACTS = tuple(tuple(_act(f"secret {o} {c}", (), p, f"{'Upright' if o == 'up' else 'Turned'}, touch {_WORDS[c]}")
                           for o in ("up", "down") for c in CORNERS) for p in (0, 1))
"""The secret combat choices of each player (ZN42, classic combat): upright or turned, then the corner of the
enemy card touched (notation ``secret up TL``; label ``Upright, touch top left``)."""


@dataclass(eq=False)
class ZoonState(DeployMixin, TurnMixin, CombatMixin, EffectsMixin, ViewsMixin, State):
    """A Zoon game: the battlefield, both tribes' cards and what is pending.

    Fields: ``board`` (36 ints: -1 empty, a Zoon code, or ``100 + k`` for obstacle ``k`` of ``obst``),
    ``pos``/``up``/``coin`` per player and roster index (cell, -2 not yet deployed, -1 lost; face up;
    HEADS/TAILS), ``tzone``/``tcoin`` per player and trump code (``hand``, ``side``, ``discard``,
    ``board``), ``obst`` (``[cell, owner, trump code, caged roster index or -1]``), ``elim`` (lost Zoons in
    order), ``phase``, ``turn`` (whose turn), ``todo`` (a stack of tasks still to run this turn),
    ``decide`` (the task awaiting a player's choice), ``combat`` (the combat being fought), ``last``
    (the last combat, for the combat panel), ``winner``/``result``.
    """

    def __post_init__(self) -> None:
        o = self.options
        self.mode = o["combat"]
        self.tribes = [o["south"], o["north"]]
        self.board = [EMPTY] * 36
        self.pos = [[-2] * 12, [-2] * 12]
        self.up = [[False] * 12, [False] * 12]
        self.coin = [[HEADS] * 12, [HEADS] * 12]
        self.tzone = [{c: "hand" for c in _TRUMP_ORDER[t]} for t in self.tribes]
        self.tcoin = [{c: HEADS for c in _TRUMP_ORDER[t]} for t in self.tribes]
        self.obst: list = []
        self.elim: list = [[], []]
        self.turn = SOUTH
        self.dealing: tuple = ()
        self.arranger = SOUTH
        self.picked = -1
        self.edits = [0, 0]
        self.ready = [False, False]
        self.ready_at = [-1, -1]
        self.deployed: list = [None, None]
        self.could = [[FULL] * 12, [FULL] * 12]
        self.todo: list = []
        self.decide: tuple | None = None
        self.combat: dict | None = None
        self.secret: list = [None, None]
        self.secret_start = 0
        self.mods: dict = {}
        self.fired: list = []
        self.last: dict | None = None
        self.trail: tuple = ()
        self.winner: int | None = None
        self.result = ""
        self.quiet = 0
        self.seen: list = []
        self.progress = False
        self.turns = 0
        first = o["first"]
        if first == "random":
            self.phase = "first"
        else:
            self.turn = SOUTH if first == "south" else NORTH
            self._start_deal(SOUTH)

    # ----- the protocol ------------------------------------------------------------------------------
    explain_rules = why.EXPLAIN_RULES  # "Why not?" (issue 17): pygames.zoon.explain

    def _explain(self, targets, notation):
        return why.explain(self, targets, notation)

    def _current_player(self) -> int:
        ph = self.phase
        if ph == "turn":
            return self.turn
        if ph in ("dice", "deal", "first"):
            return CHANCE
        if ph == "decide":
            assert self.decide is not None
            return self.decide[1]
        if ph == "arrange":
            return self.arranger
        if ph == "secret":
            a, d = self._combat_owners()
            return a if self.secret[0] is None else d
        return TERMINAL

    def _combat_owners(self) -> tuple[int, int]:
        c = self.combat
        assert c is not None
        return c["a"][0], c["d"][0]

    def chance_owner(self) -> int | None:
        if self.phase == "deal":
            return self.dealing[0]
        if self.phase == "dice":
            return self.turn
        return None

    def _chance_outcomes(self):
        if self.phase == "dice":
            return list(_DICE)
        if self.phase == "first":
            return list(_FIRST)
        p, left, _cells, emblem = self.dealing
        emblem_deals, card_deals = _deal_actions(self.tribes[p], p)
        if emblem:
            return [(a, 1 / 6) for a in emblem_deals]
        pr = 1 / len(left)
        return [(card_deals[i], pr) for i in left]

    def pick_random(self, rng) -> Action:
        """:meth:`State.pick_random`, drawing a deal's card (ZN5) and the dice (ZN18) by
        :func:`~pygames.core.state.uniform_pick`: the outcome ``pick(chance_outcomes(), rng.random())``
        gives, without listing the outcomes."""
        ph = self.phase
        if ph == "dice":
            a = _DICE[uniform_pick(36, rng.random())][0]
        elif ph == "deal":
            p, left, _cells, emblem = self.dealing
            emblem_deals, card_deals = _deal_actions(self.tribes[p], p)
            u = rng.random()
            a = emblem_deals[uniform_pick(6, u)] if emblem else card_deals[left[uniform_pick(len(left), u)]]
        else:
            d = self.__dict__
            if "_cache_legal" in d or (ph != "turn" and ph != "arrange"):
                return State.pick_random(self, rng)
            # as State.pick_random draws legal_actions()[k], without building the list
            draw = rng._randbelow if type(rng) is Random else rng.randrange  # type: ignore[attr-defined]
            if ph == "arrange":
                acts = _arrange_actions(self.arranger, self.picked, self.edits[self.arranger] < MAX_EDITS)
                a = acts[draw(len(acts))]
            else:
                moves, movable = self._kept_moves()
                trumps = self._trump_actions(self.turn, movable)
                k = draw(len(moves) + len(trumps))
                a = moves[k] if k < len(moves) else trumps[k - len(moves)]
        self.__dict__["_picked"] = a
        return a

    def _kept_moves(self) -> tuple[list[Action], list[int]]:
        """The moves of the player whose turn it is and the Zoons that have one (ZN9–ZN12, see
        :meth:`_move_actions`), as worked out when the turn began (``_begin_turn``) if still kept."""
        kept = self.__dict__.get("_turn_moves")
        if kept is None:
            movable: list[int] = []
            kept = self._move_actions(self.turn, range(12), movable), movable
        return kept

    def _legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph == "turn":
            moves, movable = self._kept_moves()
            return moves + self._trump_actions(self.turn, movable)
        if ph == "arrange":
            return list(_arrange_actions(self.arranger, self.picked, self.edits[self.arranger] < MAX_EDITS))
        if ph == "secret":
            return list(_SECRET_ACTS[self._current_player()])
        if ph == "decide":
            return self._decision_actions()
        return []


    # ----- applying ----------------------------------------------------------------------------------
    def invalidate(self) -> None:
        """As :meth:`State.invalidate`, and forget the moves kept for the turn (see ``_begin_turn``)."""
        State.invalidate(self)
        self.__dict__.pop("_turn_moves", None)

    def is_terminal(self) -> bool:
        """What :meth:`_current_player` answers TERMINAL for, without the call (random playouts ask every ply)."""
        return self.phase == "over"

    def _apply(self, action: Action) -> None:
        self.__dict__.pop("_turn_moves", None)
        n = action.notation
        ph = self.phase
        if ph == "first":
            self.turn = SOUTH if n.startswith("south") else NORTH
            self._start_deal(SOUTH)
            return
        if ph == "deal":
            self._deal(n)
            return
        if ph == "arrange":
            self._arrange(n)
            return
        if ph == "dice":
            da, dd = int(n[5]), int(n[7])
            self._resolve_alternate(da, dd)
            self._run()
            return
        if ph == "secret":
            _, o, c = n.split()
            k = 0 if self.secret[0] is None else 1
            self.secret[k] = (0 if o == "up" else 1, CORNERS.index(c))
            if self.secret[1] is not None:
                self._resolve_classic()
                self._run()
            return
        if ph == "turn":
            self.todo = [("endturn",)]
            self.trail = ()
            p = self.turn
            if action.targets and action.targets[0].startswith("trump-"):
                self._play_trump(p, n)
            else:
                self._move(p, action)
            self._run()
            return
        if ph == "decide":
            self._decided(action)
            self._run()
            return
        raise IllegalAction(f"no action is possible in phase {ph}", rule="ZN8")


    # ----- results and views -------------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.phase != "over" or self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == SOUTH else [-1.0, 1.0]


    # ----- search support ----------------------------------------------------------------------------
    def clone(self) -> "ZoonState":
        s = object.__new__(type(self))
        d = dict(self.__dict__)
        d["history"] = list(self.history)
        d["board"] = list(self.board)
        d["pos"] = [list(x) for x in self.pos]
        d["up"] = [list(x) for x in self.up]
        d["coin"] = [list(x) for x in self.coin]
        d["tzone"] = [dict(x) for x in self.tzone]
        d["tcoin"] = [dict(x) for x in self.tcoin]
        d["obst"] = [list(x) for x in self.obst]
        d["elim"] = [list(x) for x in self.elim]
        d["todo"] = list(self.todo)
        d["secret"] = list(self.secret)
        d["mods"] = dict(self.mods)
        d["fired"] = list(self.fired)
        d["seen"] = list(self.seen)
        d["edits"] = list(self.edits)
        d["ready"] = list(self.ready)
        d["ready_at"] = list(self.ready_at)
        d["deployed"] = list(self.deployed)
        d["could"] = [list(x) for x in self.could]
        d["tribes"] = list(self.tribes)
        s.__dict__ = d
        s.invalidate()  # the copy may be changed in place (determinize)
        return s

    def determinize(self, player: int, rng) -> "ZoonState":
        """A copy in which everything ``player`` cannot see is resampled with ``rng`` (ZN44): the
        identities of the other side's face-down Zoons (each within what its seen moves allow), that
        side's deployment actions in the history, and its pending classic choice. ``player``'s
        observation, legal actions, move list and drawing are unchanged. The copy also keeps the cells
        ``player`` could not see, for the search's root hook (:func:`pygames.zoon.ai.note_root`, named in
        ``Game.extra["search_root"]``): the rules never call the bot. See :mod:`pygames.zoon.hidden`."""
        return determinize(self, player, rng)

    def _relabel(self, q: int, ident: dict) -> None:
        """Rename ``q``'s Zoons in the pending combat, the turn's modifiers, the pending tasks and the
        decision at hand (``ident``: old roster index → new), for :meth:`determinize`. References to a
        card (a combatant, a card still to move with Conque de charge or Poudre d'escampette) follow it;
        lists defined by identity (the Soldiers of Tortue or Furie, the Elites and Monsters of Binôme de
        choc, the Grognards of Cloboulon's effect, King and Kong) stay as they are: the renamed cards keep
        the same set of identities."""
        def m(i):
            return ident.get(i, i) if isinstance(i, int) else i

        if self.combat is not None:
            c = dict(self.combat)
            for key in ("a", "d"):
                if c[key][0] == q:
                    c[key] = (q, m(c[key][1]))
            self.combat = c
        self.mods = {(q * 12 + m(k - q * 12) if k // 12 == q else k): v for k, v in self.mods.items()}

        def task(t):
            kind = t[0]
            if kind == "kingswap":
                return (kind,) + tuple((p, m(i)) if p == q else (p, i) for p, i in t[1:])
            if len(t) < 3 or t[1] != q:
                return t
            if kind == "scarper" or kind == "tactic" and t[5] == "conch":
                return (kind, q, tuple(sorted(m(i) for i in t[2]))) + t[3:]
            if kind in ("tactic", "extra"):
                return t
            if kind == "bongo" and len(t) > 3:
                return (kind, q, m(t[2]), t[3])
            if kind in ("leaf", "push", "hop", "bongo"):
                return (kind, q, m(t[2])) + t[3:]
            return t

        self.todo = [task(t) for t in self.todo]
        if self.decide is not None:
            self.decide = task(self.decide)

    # ----- positions for tests and diagrams ----------------------------------------------------------
    @classmethod
    def from_position(cls, game, position: dict, options: dict | None = None) -> "ZoonState":
        """A battle position from readable placements, for tests and diagrams (not a saved game).

        ``position``: ``{"south": {"b2": "Kassin A1", ...}, "north": {...}, "turn": "south",
        "down": ["a1", ...] (face-down cells), "tails": ["b2", ...], "hands": {"south": [...]}}``; Zoons not
        placed are lost (in the elimination pile). Raises InvalidState on an unknown card or cell.
        """
        s = game.new_initial_state(dict(options or {}, first="south"))
        s.board = [EMPTY] * 36
        s.pos = [[-1] * 12, [-1] * 12]
        s.elim = [[], []]
        s.up = [[True] * 12, [True] * 12]
        s.coin = [[HEADS] * 12, [HEADS] * 12]
        for p, side in ((0, "south"), (1, "north")):
            keys = {z.key: i for i, z in enumerate(_ROSTERS[s.tribes[p]])}
            for cell, key in (position.get(side) or {}).items():
                if cell not in CELL_INDEX or key not in keys:
                    raise InvalidState(f"bad placement {cell}: {key}")
                c, i = CELL_INDEX[cell], keys[key]
                s.pos[p][i] = c
                s.board[c] = p * 12 + i
            s.elim[p] = [i for i in range(12) if s.pos[p][i] < 0]
            hands = (position.get("hands") or {}).get(side)
            if hands is not None:
                for code in s.tzone[p]:
                    s.tzone[p][code] = "hand" if code in hands else "discard"
        for cell in position.get("down", []):
            v = s.board[CELL_INDEX[cell]]
            s.up[v // 12][v % 12] = False
        for cell in position.get("tails", []):
            v = s.board[CELL_INDEX[cell]]
            s.coin[v // 12][v % 12] = TAILS
        s.ready = [True, True]
        s.dealing = ()
        s._begin_turn(SOUTH if position.get("turn", "south") == "south" else NORTH)
        return s

