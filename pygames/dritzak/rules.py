"""Dritzak: the rules engine (seed 002, "Dritzak!" 2009, with RULINGS.md "Dritzak").

Rule ids (D1, D2, …) refer to ``docs/rules/dritzak.md``.

The engine is split by concern; this module assembles the state and answers the protocol (whose move,
legal actions, chance outcomes, applying an action), and re-exports the public names:

- ``cards``: card ids and names, playability, the cached actions (D1, D6–D8, D10, D19, D26);
- ``deal``: the deal, the face-up choice and who starts (D2–D5, D9);
- ``play``: zones, plays, sets and clears, pick-ups, skips, going out, results (D6–D8, D10–D26, D28);
- ``info``: observation, move list, determinization (D3, D4, D15, D27);
- ``store``: saved states and ``from_position`` (every zone and phase).

Cards are ints (see ``cards``).

Zones (D3, D11–D13): ``deck`` (the undealt draw pile: a set, its order is decided by chance when a card
is dealt or drawn), ``hands``, ``up`` (face-up cards on the table), ``down`` (three face-down slots per
player, ``None`` once played), ``pile`` (bottom first), ``cleared`` (cards out of play). Every card is
in exactly one of them (``pending`` face-up choices stay in the hand until revealed).

Actions (notation): ``deal 7h`` / ``draw 7h`` / ``start 3`` (chance: a dealt card, a drawn card, the
player 3 starting after a tie); ``up 7h 9c Ks`` (the secret face-up choice); ``play 7h 7s`` (a set of
equal cards from one zone); ``down 2`` (flip face-down slot 2, blind); ``pick up``.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, islice, repeat
from math import comb
from random import Random

from ..core.state import CHANCE, TERMINAL, Action, State, uniform_pick
from .cards import (_DEAL, _DRAW, _IDS, _NAMES, _RANK, _START, _SUIT, RANKS, SEVEN, STALL_PER_PLAYER,  # noqa: F401
                    START_ORDER, SUITS, TEN, TWO, _group, _up_action, card_name, deegan_name, parse_card, playable,
                    rank_of)
from . import explain as why
from .deal import DealMixin
from .info import CHOICE, NOBODY, PUBLIC, InfoMixin
from .play import PlayMixin
from .store import PHASES, from_position, load_state, state_json  # noqa: F401


@dataclass(eq=False)
class DritzakState(DealMixin, PlayMixin, InfoMixin):
    """A Dritzak game. Fields (see the module docstring for cards and zones):

    - ``phase``: ``deal`` (chance, D2), ``choose`` (secret face-up choice, D4), ``start`` (chance tie
      break, D9), ``play``, ``draw`` (chance refill of ``drawer``'s hand, D14), ``over``.
    - ``turn`` the player to move in ``play`` (after a refill: the player who moves next);
      ``direction`` +1 or -1 (D21); ``first_rank`` the rank the first play must include (D9) or None.
    - ``pending[p]``: p's secret face-up choice (a tuple of cards still in the hand) or None.
    - ``known[p]``: cards publicly known to be in p's hand (picked up from the pile, D15, D27).
    - ``places``: players in the order they went out; ``deegans``: ``[player, level]`` walk-offs (D18);
      ``stall``: pick-ups and ``turns``: turns since the last clear (D24); ``called``: the game was called by D24.
    - ``recent``: the last cards played, ``[player, card, zone]`` (for walk-off Deegans);
      ``last``: what the last move did, for the table (a short text).
    """

    def __post_init__(self):
        o = self.options
        n = self.num_players
        self.decks = o["decks"]
        self.deal_hand = 5 if o["deal"] == "hand of two" else 6  # D5: hand cards dealt to each player
        self.hand_size = self.deal_hand - 3
        self.deck = list(range(52 * self.decks))
        self.hands = [[] for _ in range(n)]
        self.up = [[] for _ in range(n)]
        self.down = [[] for _ in range(n)]
        self.pile = []
        self.cleared = []
        self.known = [[] for _ in range(n)]
        self.pending = [None] * n
        self.phase = "deal"
        self.turn = 0
        self.direction = 1
        self.first_rank = None
        self.drawer = 0
        self.places = []
        self.deegans = []
        self.stall = 0
        self.turns = 0
        self.called = False
        self.recent = []
        self._last: str | tuple = ""
        self.ties = []
        self._groups = [None] * n
        self._vis: list | None = []  # who may see each action of the history (``InfoMixin._visibility``)
        self._opening = None  # (hands, first rank, players who might start) at the reveal (D9)
        self._starter = None  # the player who started
        self._flips: dict | None = {}  # history index of each face-down card turned over -> the card (public then)

    # ----- fast copy ---------------------------------------------------------------------------------
    def clone(self) -> "DritzakState":
        s = DritzakState.__new__(DritzakState)
        d = dict(self.__dict__)
        d["history"] = list(self.history)
        d["deck"] = list(self.deck)
        d["hands"] = [list(h) for h in self.hands]
        d["up"] = [list(u) for u in self.up]
        d["down"] = [list(x) for x in self.down]
        d["pile"] = list(self.pile)
        d["cleared"] = list(self.cleared)
        d["known"] = [list(k) for k in self.known]
        d["pending"] = list(self.pending)
        d["places"] = list(self.places)
        d["deegans"] = [list(x) for x in self.deegans]
        d["recent"] = list(self.recent)
        d["ties"] = list(self.ties)
        d["_groups"] = [None] * len(self.hands)
        if self._vis is not None:
            d["_vis"] = list(self._vis)
        if self._flips is not None:
            d["_flips"] = dict(self._flips)
        s.__dict__ = d
        s.invalidate()  # the copy may be changed in place (determinize)
        return s


    def _hand_groups(self, p: int) -> dict:
        """``p``'s hand grouped by rank (``_group``), kept in step by the moves (``_hand_add``,
        ``_hand_remove``); rebuilt when the hand list was replaced or changed size some other way."""
        g = self._groups[p]
        h = self.hands[p]
        if g is None or g[0] is not h or g[1] != len(h):
            g = self._groups[p] = [h, len(h), _group(h)]
        return g[2]

    def _hand_add(self, p: int, cards) -> None:
        """Add ``cards`` to ``p``'s hand (and to its rank groups when those are up to date)."""
        h = self.hands[p]
        g = self._groups[p]
        if g is not None and g[0] is h and g[1] == len(h):
            _group(cards, g[2])
            h.extend(cards)
            g[1] = len(h)
        else:
            h.extend(cards)

    def _hand_remove(self, p: int, cards) -> None:
        """Remove ``cards`` (all of one rank) from ``p``'s hand and its rank groups."""
        h = self.hands[p]
        g = self._groups[p]
        for c in cards:
            h.remove(c)
        if g is not None and g[0] is h and g[1] == len(h) + len(cards):
            groups = g[2]
            r = _RANK[cards[0]]
            e = groups[r]
            if len(e[0]) == len(cards):
                del groups[r]
            else:
                groups[r] = [[c for c in e[0] if c not in cards], None]
            g[1] = len(h)

    # ----- protocol ----------------------------------------------------------------------------------
    explain_rules = why.EXPLAIN_RULES  # "Why not?" (issue 17): pygames.dritzak.explain

    def _explain(self, targets, notation):
        return why.explain(self, targets, notation)

    def _current_player(self) -> int:
        ph = self.phase
        if ph == "play":
            return self.turn
        if ph == "deal" or ph == "draw" or ph == "start":
            return CHANCE
        if ph == "choose":
            return self.pending.index(None)
        return TERMINAL

    def current_player(self) -> int:
        return self._current_player()

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance_node(self) -> bool:
        ph = self.phase
        return ph == "deal" or ph == "draw" or ph == "start"

    def _chance_actions(self) -> list[Action]:
        """The deal's and the draw's outcomes, listed straight from the draw pile (the hook of
        ``State.legal_actions`` at a chance node)."""
        ph = self.phase
        if ph == "deal":
            return list(map(_DEAL.__getitem__, self.deck))
        if ph == "draw":
            return list(map(_DRAW.__getitem__, self.deck))
        return State._chance_actions(self)

    def pick_random(self, rng) -> Action:
        """:meth:`State.pick_random`, drawing a dealt or drawn card (D2, D14) by
        :func:`~pygames.core.state.uniform_pick` (the card ``pick(chance_outcomes(), rng.random())`` gives,
        without listing the pile), a play (D10–D16) or a face-up choice (D4) as ``legal_actions()[k]``
        without building the whole list: the same draws, the same game from a seed."""
        ph = self.phase
        d = self.__dict__
        if ph == "deal" or ph == "draw":
            deck = self.deck
            a = (_DEAL if ph == "deal" else _DRAW)[deck[uniform_pick(len(deck), rng.random())]]
        elif (ph == "play" or ph == "choose") and "_cache_legal" not in d:
            draw = rng._randbelow if type(rng) is Random else rng.randrange  # type: ignore[attr-defined]
            if ph == "play":  # legal_actions joins the parts in this order
                parts = self._play_parts()
                k = draw(sum(map(len, parts)))
                for acts in parts:
                    if k < len(acts):
                        a = acts[k]
                        break
                    k -= len(acts)
            else:
                p = self.pending.index(None)
                hand = sorted(self.hands[p])
                k = draw(comb(len(hand), 3))  # legal_actions lists combinations(hand, 3) in their order
                a = _up_action(next(islice(combinations(hand, 3), k, None)), p)
        else:
            return State.pick_random(self, rng)
        d["_picked"] = a
        return a

    def find_action(self, action: "Action | str") -> Action:
        """As ``State.find_action``, with a direct look-up of a dealt or drawn card."""
        ph = self.phase
        if ph == "deal" or ph == "draw":
            note = action.notation if isinstance(action, Action) else action
            if isinstance(note, str) and note[:5] == ("deal " if ph == "deal" else "draw "):
                c = _IDS.get(note[5:])
                if c is not None and c in self.deck:
                    return (_DEAL if ph == "deal" else _DRAW)[c]
        elif ph == "play" and isinstance(action, Action):
            note = action.notation
            for a in self.legal_actions():
                if a.notation == note:
                    return a
        return State.find_action(self, action)

    def chance_owner(self):
        if self.phase == "draw":
            return self.drawer
        return None  # the deal is the dealer's, nobody's turn (the move list leaves it unlabelled)

    def _chance_outcomes(self):
        if self.phase == "start":
            q = 1.0 / len(self.ties)
            return [(_START[p], q) for p in self.ties]
        table = _DEAL if self.phase == "deal" else _DRAW
        return list(zip(map(table.__getitem__, self.deck), repeat(1.0 / len(self.deck))))

    def _apply(self, a: Action) -> None:
        note = a.notation
        ph = self.phase
        vis = self._vis
        if ph == "play":
            if vis is not None:
                vis.append(PUBLIC)
                if note.startswith("down ") and self._flips is not None:  # the card comes up (D13)
                    self._flips[len(vis) - 1] = self.down[self.turn][int(note[5:]) - 1]
            self._apply_play(note)
            return
        if ph == "deal":
            c = _IDS[note[5:]]
            zone, p = self._deal_target()
            if vis is not None:
                vis.append(NOBODY if zone == "down" else p)
            self.deck.remove(c)
            (self.down if zone == "down" else self.hands)[p].append(c)
            if 52 * self.decks - len(self.deck) == self._deal_total():
                self.phase = "choose"
            return
        if ph == "draw":
            if vis is not None:
                vis.append(self.drawer)
            c = _IDS[note[5:]]
            self.deck.remove(c)
            self._hand_add(self.drawer, (c,))
            h = self.hands[self.drawer]
            if len(h) >= self.hand_size or not self.deck:
                self.phase = "play"
            return
        if vis is not None:
            vis.append(PUBLIC if ph == "start" else CHOICE + self.pending.index(None))
        if ph == "start":
            self._begin(int(note[6:]) - 1)
            return
        if ph == "choose":
            p = self.pending.index(None)
            self.pending[p] = tuple(_IDS[x] for x in note.split()[1:])
            if None not in self.pending:
                self._reveal()

    # ----- serialisation (see ``store``) ---------------------------------------------------------------
    def _state_json(self) -> dict:
        return state_json(self)

    def _load_json(self, d) -> None:
        load_state(self, d)


__all__ = ["DritzakState", "from_position", "load_state", "card_name", "parse_card", "rank_of", "playable",
           "deegan_name", "RANKS", "SUITS", "START_ORDER", "STALL_PER_PLAYER", "PHASES"]
