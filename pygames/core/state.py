"""The State protocol every pygames game implements (after OpenSpiel's ``pyspiel.State``).

A state answers :meth:`State.current_player` (a player index ``0..n-1``, :data:`CHANCE` or
:data:`TERMINAL`), :meth:`State.legal_actions`, :meth:`State.apply` (checked), :meth:`State.is_terminal`,
:meth:`State.returns`, :meth:`State.observation`, strict JSON round trips, copy and equality.

Chance is explicit: at a chance node :meth:`State.chance_outcomes` lists ``(action, probability)`` and the
outcome is applied like any action, so tests can force exact dice or decks.

Simultaneous secret choices are played as a *secret phase*: the players commit one after the other, but
no observation shows a commitment until all are revealed together, which is equivalent and keeps every
action attributable to one player (OpenSpiel's turn-based simultaneous transformation does the same).

Games implement the underscore hooks: ``_current_player``, ``_legal_actions``, ``_apply``, ``returns``,
``observation``, ``_state_json`` / ``_load_json``; the base class does the checking, history and caching.
"""
from __future__ import annotations

import copy
import json
from bisect import bisect_right
from random import Random as _Random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Sequence

from .errors import AmbiguousAction, IllegalAction, InvalidNotation, InvalidOption, InvalidState, PygamesError

if TYPE_CHECKING:  # pragma: no cover
    from .registry import Game

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -4
"""``current_player()`` once the game is over."""


def pick(outcomes: list[tuple["Action", float]], u: float) -> "Action":
    """The outcome whose cumulative probability interval holds ``u`` (0 <= u < 1)."""
    acc = 0.0
    for a, p in outcomes:
        acc += p
        if u < acc:
            return a
    return outcomes[-1][0]


_CUMULATIVE: dict[int, list[float]] = {}


def uniform_pick(n: int, u: float) -> int:
    """The index :func:`pick` gives for ``u`` (0 <= u < 1) among ``n`` outcomes of probability ``1 / n``
    each (a card dealt from ``n``, two dice): its running sums, added up in the same order once per ``n``,
    bisected instead of walked (a game's ``pick_random`` draws so without listing the outcomes)."""
    cum = _CUMULATIVE.get(n)
    if cum is None:
        acc, pr, cum = 0.0, 1 / n, []
        for _ in range(n):
            acc += pr
            cum.append(acc)
        _CUMULATIVE[n] = cum
    k = bisect_right(cum, u)
    return k if k < n else n - 1


def _lenient(text: str) -> str:
    """A notation as compared leniently: lower case, runs of white space made one space, trimmed."""
    return " ".join(text.split()).casefold()


@dataclass(frozen=True)
class Action:
    """One legal action.

    - ``notation``: the stable, human-readable text records and tests use (unique among legal actions).
    - ``targets``: ids of SVG elements (``data-target`` values) the UI clicks to pick it; empty means the
      action is offered as a button labelled ``label`` (or its notation).
    - ``label``: the action in words (the button's text, and the move list's and the hint's wording of
      it). The move list sends it with the notation to every player who sees that notation in full
      (:func:`pygames.core.record.shown_moves`), so a label says nothing those players may not see (a
      face-down piece's kind, a card in a hand): ``tests/conformance.py`` checks that states that look
      the same to a player send that player the same labels.
    - ``select``: ``"sequence"`` (targets are clicked in order, e.g. from then to) or ``"set"`` (the
      targets are toggled in any order and confirmed).
    - ``player``: who takes it (``CHANCE`` for a chance outcome).
    - ``alike``: pairs ``(target, others)``: a click on one of ``others`` counts as a click on ``target``
      (copies a player cannot tell apart for this action, e.g. Dritzak's identical cards under D30);
      each click stands for one target only.
    """

    notation: str
    targets: tuple[str, ...] = ()
    select: str = "sequence"
    label: str = ""
    player: int = 0
    alike: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def fits(self, path: tuple) -> bool:
        """Whether the clicks ``path`` (target ids, in order) are a start of this action: a prefix of its
        targets for ``"sequence"``, distinct targets among its own for ``"set"``; a click on one of a
        target's ``alike`` others counts as that target. The browser's board (``web/board.js``) matches
        clicks the same way."""
        alike = dict(self.alike)
        used: list = []
        for i, t in enumerate(path):
            slots = self.targets[i:i + 1] if self.select != "set" else self.targets
            hit = next((s for s in slots if (s == t or t in alike.get(s, ()))
                        and (self.select != "set" or s not in used)), None)
            if hit is None:
                return False
            used.append(hit)
        return True

    def to_json(self) -> dict:
        out = {"notation": self.notation, "targets": list(self.targets), "select": self.select,
               "label": self.label or self.notation, "player": self.player}
        if self.alike:
            out["alike"] = {t: list(o) for t, o in self.alike}
        return out


@dataclass(frozen=True)
class Explanation:
    """Why a click path or a notation is refused (issue 17's "Why not?"): one sentence ``text`` for the
    player and the id of the rule it enforces on the game's rules page (``"N7"``; None only where no
    rule applies, e.g. a path that is still part of a legal action)."""

    text: str
    rule: str | None = None

    def to_json(self) -> dict:
        return {"text": self.text, "rule": self.rule}


MAX_TARGETS = 64
"""The longest click path :meth:`State.explain` reads."""


@dataclass
class State:
    """Base class of every game state. See the module docstring for the protocol.

    ``history`` holds the notations of every action applied so far (chance outcomes included).
    """

    game: "Game"
    options: dict
    history: list = field(default_factory=list)

    # ----- hooks a game implements -------------------------------------------------------------------
    def _current_player(self) -> int:
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        """The legal actions at this node (at a chance node: the outcomes, see ``_chance_outcomes``)."""
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Apply an action already known to be legal."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        """Per-player returns: +1 win, -1 loss, 0 draw or unfinished (games may refine)."""
        raise NotImplementedError

    def observation(self, player: int | None) -> dict:
        """A JSON-able dict holding exactly what ``player`` may see (None: a spectator)."""
        raise NotImplementedError

    def _state_json(self) -> dict:
        raise NotImplementedError

    explain_rules: ClassVar[dict[str, str]] = {}
    """Rule ids of the generic refusals :meth:`explain` words itself, each on the game's rules page:
    ``"turn"`` (who moves when), ``"end"`` (the game is over), ``"chance"`` (dice or a deal come next),
    ``"legal"`` (what a legal action is: the fallback when the game gives no reason) and optionally
    ``"notation"`` (how actions are written; else ``"legal"``)."""

    def _explain(self, targets: tuple[str, ...] | None, notation: str | None) -> "Explanation | None":
        """Why the player to move cannot take an action starting with the click path ``targets`` (or
        the notation ``notation``; exactly one is given, and it matches no legal action), or None to let
        :meth:`explain` give its generic reason. Must use only what the player to move sees (its
        observation): the kit checks the answer is the same after ``determinize``. May raise
        :class:`PygamesError` (e.g. a notation that does not parse); anything else is a bug."""
        return None

    def _load_json(self, data: dict) -> None:
        """Load the game-specific part; raise InvalidState naming the bad field (any other exception is
        turned into InvalidState by :meth:`from_json`, and the loaded state is then probed)."""
        raise NotImplementedError

    # ----- the protocol ------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return int(self.options.get("players", self.game.min_players))

    def current_player(self) -> int:
        """A player index, :data:`CHANCE` or :data:`TERMINAL`."""
        return self._current_player()

    def is_chance_node(self) -> bool:
        return self._current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self._current_player() == TERMINAL

    def legal_actions(self) -> list[Action]:
        """Legal actions of the player to move (outcomes at a chance node, [] when terminal).

        The list is cached until the next :meth:`apply`; do not mutate it.
        """
        cached = self.__dict__.get("_cache_legal")
        if cached is None:
            p = self._current_player()
            if p == TERMINAL:
                cached = []
            elif p == CHANCE:
                cached = self._chance_actions()
            else:
                cached = self._legal_actions()
            self.__dict__["_cache_legal"] = cached
        return cached

    def _chance_actions(self) -> list[Action]:
        """Hook: the outcomes of this chance node without their probabilities (a game may list them
        faster than :meth:`_chance_outcomes`, e.g. straight from a draw pile)."""
        return [a for a, _ in self._chance_outcomes()]

    def invalidate(self) -> None:
        """Forget what is cached about this position (the legal actions). Call it after changing a
        state's fields other than through :meth:`apply` (fast playouts, determinization, loading)."""
        self.__dict__.pop("_cache_legal", None)
        self.__dict__.pop("_picked", None)

    def pick_legal(self, index: int) -> Action:
        """``legal_actions()[index]``, remembered as drawn from this position's legal list: applying that
        very object next (:meth:`apply`) then skips looking it up among the legal actions, which costs a
        scan of the list (about 2,000 placements in ZÈRTZ). Random playouts draw this way
        (:func:`pygames.core.bots.random_action`). Raises IndexError for an index out of range."""
        a = self.legal_actions()[index]
        self.__dict__["_picked"] = a  # kept only as long as the cached list (every pop below drops both)
        return a

    def pick_outcome(self, u: float) -> Action:
        """At a chance node, the outcome of :meth:`chance_outcomes` whose cumulative probability interval
        holds ``u`` (0 <= u < 1, see :func:`pick`), remembered as :meth:`pick_legal` remembers its action.
        Raises :class:`IllegalAction` if this is not a chance node."""
        a = pick(self.chance_outcomes(), u)
        self.__dict__["_picked"] = a
        return a

    def pick_random(self, rng: _Random) -> Action:
        """A uniformly random legal action of the player to move, or at a chance node an outcome drawn by
        its probability, remembered as :meth:`pick_legal` remembers its action (so :meth:`apply` of it
        skips the look-up). The draws are those of ``pick_legal(rng.randrange(n))`` (for a
        :class:`random.Random`, the ``_randbelow(n)`` that ``randrange(n)`` calls, without its argument
        checks) and of ``pick_outcome(rng.random())``, so a seed gives the same game either way; this
        asks the game who moves only once, as it runs at every ply of a random playout. Raises
        :class:`PygamesError` when the game is over."""
        p = self._current_player()
        d = self.__dict__
        if p == CHANCE:
            a = pick(self._chance_outcomes(), rng.random())
        else:
            legal = d.get("_cache_legal")
            draw = rng._randbelow if type(rng) is _Random else rng.randrange  # type: ignore[attr-defined]
            if legal is None:
                if p != TERMINAL and self._draw_legal is not None:
                    a = self._draw_legal(draw)
                    d["_picked"] = a
                    return a
                legal = [] if p == TERMINAL else self._legal_actions()
                d["_cache_legal"] = legal
            n = len(legal)
            if not n:
                raise PygamesError("no legal action: the game is over")
            a = legal[draw(n)]
        d["_picked"] = a
        return a

    _draw_legal: ClassVar[Any] = None
    """Optional hook for random playouts (:meth:`pick_random`), a method ``_draw_legal(draw)`` of a game
    whose legal list is long and costly to build (ZÈRTZ: about 2,000 placements): it returns
    ``legal_actions()[draw(n)]`` with ``n = len(legal_actions())`` (the same action, ``draw`` called
    once, with the same ``n``) without building the list, at a decision node with legal actions."""

    def apply_unchecked(self, action: Action) -> None:
        """Apply ``action``, an element of :meth:`legal_actions` of this very position, without looking
        it up (searches and playouts that took it from that list). Anything else is undefined: use
        :meth:`apply` for actions from outside."""
        d = self.__dict__
        d.pop("_cache_legal", None)
        d.pop("_picked", None)
        self._apply(action)
        self.history.append(action.notation)
        d.pop("_cache_legal", None)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(action, probability)`` pairs at a chance node; probabilities sum to 1.

        Raises :class:`IllegalAction` if this is not a chance node."""
        if not self.is_chance_node():
            raise IllegalAction("not a chance node")
        return self._chance_outcomes()

    def find_action(self, action: "Action | str") -> Action:
        """The legal action whose notation is ``action`` (or ``action.notation``).

        Read leniently, as players type (python-chess's habit): when no notation matches exactly, case and
        runs of spaces are set aside (``" ROLL  6-5 "`` finds ``roll 6-5``). Raises
        :class:`InvalidNotation` for text that is no notation at all (not a string, empty, control
        characters, over 200 characters), :class:`AmbiguousAction` naming the candidates when the lenient
        reading matches several legal actions, and :class:`IllegalAction` quoting the action when it is
        not legal here (both are IllegalAction subclasses)."""
        legal = self.legal_actions()
        if isinstance(action, Action):
            for a in legal:  # the very object the legal list holds (bots, playouts): no text compared
                if a is action:
                    return a
            notation = action.notation
        else:
            notation = action
        if not isinstance(notation, str):
            raise InvalidNotation(f"an action must be a notation string, not {type(notation).__name__}",
                                  rule=self._rule("notation"))
        for a in legal:
            if a.notation == notation:
                return a
        key = _lenient(notation)
        if not key or len(notation) > 200 or any(ord(ch) < 32 for ch in notation):
            raise InvalidNotation(f"{notation[:60]!r} is not an action notation", rule=self._rule("notation"))
        near = [a for a in legal if _lenient(a.notation) == key]
        if len(near) == 1:
            return near[0]
        if near:
            raise AmbiguousAction(f"{notation!r} could be any of: {', '.join(a.notation for a in near[:12])}",
                                  rule=self._rule("notation"))
        why = self._why_not(notation)
        if self.is_terminal():
            raise IllegalAction(f"illegal action {notation!r}: the game is over", rule=why.rule)
        shown = ", ".join(a.notation for a in legal[:12]) + (" …" if len(legal) > 12 else "")
        reason = f": {why.text.rstrip('.')}" if why.text else ""
        raise IllegalAction(f"illegal action {notation!r}{reason}; legal here: {shown or 'none'}", rule=why.rule)

    def _why_not(self, notation: str) -> "Explanation":
        """:meth:`explain_notation` for :meth:`find_action`'s error; a game's explanation that fails
        (a bug) is not allowed to hide the IllegalAction itself, so it then falls back to the generic
        reason's rule."""
        try:
            return self.explain_notation(notation)
        except Exception:  # noqa: BLE001  (see the docstring)
            return Explanation("", self._rule("legal"))

    # ----- "Why not?" (issue 17) ---------------------------------------------------------------------
    def explain(self, targets: Sequence[str], viewer: int | None = None) -> Explanation:
        """Why the click path ``targets`` (the ``data-target`` ids clicked so far, the last one the
        refused click) starts no legal action: one sentence and the rule id on the game's rules page.

        ``viewer`` is the seat asking (None: the player to move). Generic reasons first (the game is
        over, chance plays next, it is another player's turn), then the game's own (:meth:`_explain`),
        else "no legal action starts so" with the game's ``explain_rules["legal"]``. Raises
        :class:`PygamesError` for a path that is no list of ids, or that is part of a legal action
        (nothing to explain)."""
        if isinstance(targets, str) or not isinstance(targets, (list, tuple)) or not targets \
                or len(targets) > MAX_TARGETS or not all(isinstance(t, str) and 0 < len(t) <= 64 for t in targets):
            raise PygamesError(f"explain needs a non-empty list of target ids, not {str(targets)[:80]}")
        path = tuple(targets)
        generic = self._explain_generic(viewer)
        if generic is not None:
            return generic
        for a in self.legal_actions():
            if a.fits(path):
                raise PygamesError(f"{' '.join(path)} is part of a legal action: nothing to explain")
        return self._explained(self._explain(path, None), "No legal action starts with this selection.")

    def explain_notation(self, text: str, viewer: int | None = None) -> Explanation:
        """Why the notation ``text`` is no legal action here (see :meth:`explain`); raises
        :class:`PygamesError` when it is legal."""
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise InvalidNotation(f"explain needs a notation string, not {str(text)[:60]!r}")
        generic = self._explain_generic(viewer)
        if generic is not None:
            return generic
        key = _lenient(text)
        if any(_lenient(a.notation) == key for a in self.legal_actions()):
            raise PygamesError(f"{text!r} is a legal action: nothing to explain")
        try:
            own = self._explain(None, text)
        except PygamesError as e:  # text the game cannot read: its message, the notation rule
            own = Explanation(str(e), getattr(e, "rule", None) or self._rule("notation"))
        return self._explained(own, f"{text} is not a legal action here.")

    def _rule(self, key: str) -> str | None:
        """``explain_rules[key]``, else the ``"legal"`` rule (a game need not name a notation rule)."""
        return self.explain_rules.get(key) or self.explain_rules.get("legal")

    def _explain_generic(self, viewer: int | None) -> "Explanation | None":
        rules = self.explain_rules
        p = self._current_player()
        if p == TERMINAL:
            return Explanation("The game is over: no more moves can be made.", rules.get("end"))
        if p == CHANCE:
            return Explanation("Chance plays next (a roll or a deal): no player moves now.", rules.get("chance"))
        if viewer is not None and viewer != p:
            return Explanation(f"It is {self.player_name(p)}'s turn, not yours.", rules.get("turn"))
        return None

    def _explained(self, own: "Explanation | None", fallback: str) -> Explanation:
        if own is not None and own.text:
            return own if own.rule else Explanation(own.text, self._rule("legal"))
        return Explanation(fallback, self._rule("legal"))

    def apply(self, action: "Action | str") -> None:
        """Apply a legal action (an :class:`Action` or its notation).

        Raises :class:`IllegalAction` naming it if it is not legal; the state is then unchanged.
        """
        d = self.__dict__
        if action is d.pop("_picked", 0):
            a = action  # the very object :meth:`pick_legal` drew from this position's legal list
        else:
            a = self.find_action(action)
        d.pop("_cache_legal", None)
        self._apply(a)
        self.history.append(a.notation)
        d.pop("_cache_legal", None)

    def child(self, action: "Action | str") -> "State":
        """A copy of this state with ``action`` applied."""
        s = self.clone()
        s.apply(action)
        return s

    def clone(self) -> "State":
        s = copy.copy(self)
        s.__dict__ = {k: copy.deepcopy(v) if k not in ("game",) else v
                      for k, v in self.__dict__.items() if k != "_cache_legal" and k != "_picked"}
        return s

    def determinize(self, player: int, rng) -> "State":
        """A full state consistent with what ``player`` observes, for determinized search.

        Perfect-information games return a copy; hidden-information games resample what ``player``
        cannot see (their hands, face-down cards, the deck order) using ``rng``."""
        return self.clone()

    def player_name(self, player: int) -> str:
        """How seat ``player`` is called in this state: the game's seat name (``Game.player_name``)
        unless the players choose what they are called in play (Duerror Grandis colours, G43)."""
        return self.game.player_name(player)

    def counters(self, player: int | None) -> list[str]:
        """Counts worth a line beside the board for ``player``, each already worded (Verquere's
        ``"Pips: White 167, Black 152"``); none by default. The page shows them as they are."""
        return []

    def chance_owner(self) -> int | None:
        """At a chance node, the player it belongs to (who rolls the dice), or None (a neutral deal)."""
        return None

    def public_history(self, player: int | None) -> list[str]:
        """The move list ``player`` may see (hidden-information games hide secret actions)."""
        return list(self.history)

    def history_notes(self) -> dict[int, str]:
        """What actions of the history showed every player afterwards, for the move list: ``{index: text}``
        (0-based into ``history``; e.g. the card a blind play turned face up). The move list adds a note
        to its entry's words (:func:`pygames.core.record.shown_moves`) for every viewer who sees the entry
        in full, so a note says only what every player saw; none by default."""
        return {}

    # ----- serialisation -----------------------------------------------------------------------------
    def to_json(self) -> dict:
        """The whole state as a JSON-able dict ``{game, options, history, state}``."""
        return {"game": self.game.id, "options": dict(self.options), "history": list(self.history),
                "state": self._state_json()}

    @classmethod
    def from_json(cls, data: Any, game: "Game | None" = None) -> "State":
        """Rebuild a state from :meth:`to_json` output. Strict: anything malformed raises
        :class:`InvalidState` naming what is wrong."""
        from .registry import get_game  # late import: registry imports this module
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError as e:
                raise InvalidState(f"state is not valid JSON: {e}") from None
        if not isinstance(data, dict) or set(data) != {"game", "options", "history", "state"}:
            raise InvalidState("a state must be an object with exactly the keys game, options, history, state")
        g = game or get_game(data["game"])
        if data["game"] != g.id:
            raise InvalidState(f"state is for game {data['game']!r}, not {g.id!r}")
        try:
            s = g.new_initial_state(data["options"])
        except InvalidOption as e:
            raise InvalidState(f"options: {e}") from None
        hist = data["history"]
        if not isinstance(hist, list) or not all(isinstance(h, str) for h in hist):
            raise InvalidState("history must be a list of notation strings")
        s.history = list(hist)
        if not isinstance(data["state"], dict):
            raise InvalidState("state.state must be an object")
        try:
            s._load_json(data["state"])
        except InvalidState:
            raise
        except Exception as e:  # any other failure of a game's loader is still malformed input
            raise InvalidState(f"malformed {g.id} state: {type(e).__name__}: {e}") from None
        s._probe()
        return s

    def _probe(self) -> None:
        """Ask a freshly loaded state every question the page and the bots ask; a state that cannot
        answer them is inconsistent input (zones that do not add up, a turn part that cannot be). Raises
        :class:`InvalidState` naming the question and the failure."""
        question = "current_player"
        try:
            p = self.current_player()
            question = "legal_actions"
            legal = self.legal_actions()
            if p >= 0 and not legal:
                raise InvalidState("a player is to move but has no legal action")
            if p == CHANCE:
                question = "chance_outcomes"
                self.chance_outcomes()
            for a in legal[:64]:
                question = f"apply({a.notation!r})"
                self.clone().apply(a)
            question = "returns"
            self.returns()
            for viewer in [None, *range(self.num_players)]:
                question = f"observation({viewer})"
                self.observation(viewer)
                if self.game.draw_svg is not None:
                    question = f"drawing for {viewer}"
                    self.game.draw_svg(self.observation(viewer), viewer=viewer)
        except InvalidState:
            raise
        except Exception as e:
            raise InvalidState(f"inconsistent {self.game.id} state ({question} fails: "
                               f"{type(e).__name__}: {e})") from None
        finally:
            self.__dict__.pop("_cache_legal", None)
            self.__dict__.pop("_picked", None)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (self.game.id == other.game.id and self.options == other.options
                and self.history == other.history and self._state_json() == other._state_json())

    def __hash__(self):  # states are mutable
        raise TypeError("State is unhashable")

    def __repr__(self) -> str:
        """Whose turn and the position in short, e.g. ``<verquere: White to move (roll 6-5), 4 actions>``."""
        p = self.current_player()
        if p == TERMINAL:
            r = self.returns()
            best = max(r)
            who = [self.player_name(i) for i, v in enumerate(r) if v == best]
            turn = "draw" if len(who) == len(r) else f"over, {' and '.join(who)} won"
        elif p == CHANCE:
            turn = "chance to play"
        else:
            turn = f"{self.player_name(p)} to move"
        last = f" (last: {self.history[-1]})" if self.history else ""
        return f"<{self.game.id}: {turn}, {len(self.history)} actions{last}>"

    def _repr_svg_(self) -> str:
        """The position drawn for a spectator (notebooks show states this way, as python-chess does);
        a hidden-information game draws what no player in particular sees."""
        if self.game.draw_svg is None:
            return ""
        return self.game.draw_svg(self.observation(None), viewer=None)
