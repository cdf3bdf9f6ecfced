"""Dritzak: the rules engine (seed 002, "Dritzak!" 2009, with RULINGS.md "Dritzak").

Rule ids (D1, D2, …) refer to ``docs/rules/dritzak.md``.

Cards are ints ``0 .. 52 * decks - 1``: ``card = copy * 52 + suit * 13 + rank`` where ``rank`` 0..12 is
2, 3, … 9, T (10), J, Q, K, A and ``suit`` 0..3 is clubs, diamonds, hearts, spades. A card's name is
rank and suit letters (``7h``, ``Ts``) with the copy number appended for the second and third decks
(``7h2``, ``7h3``). Comparison uses the rank index: 3 < 4 < … < 9 < J < Q < K < A (D6); the 2 (rank 0)
and the 10 (rank 8) are special (D7, D8).

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
from itertools import combinations, repeat

from ..core.errors import InvalidState
from ..core.state import CHANCE, TERMINAL, Action, State

RANKS = "23456789TJQKA"
SUITS = "cdhs"
TWO, SEVEN, TEN = 0, 5, 8
START_ORDER = (1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 0, 8)
"""Ranks asked for to decide who starts: 3 … 9, J, Q, K, A, then 2, then 10 (D9)."""
STALL_PER_PLAYER = 10
"""D24: the game is called after ``STALL_PER_PLAYER * players`` pick-ups in a row without a clear."""


def card_name(c: int) -> str:
    """``7h``, ``Ts``, ``7h2`` (second deck): rank, suit, and the copy number from the second deck on."""
    copy, r = divmod(c, 52)
    return RANKS[r % 13] + SUITS[r // 13] + (str(copy + 1) if copy else "")


_NAMES = [card_name(c) for c in range(156)]
_IDS = {n: c for c, n in enumerate(_NAMES)}
_RANK = [c % 13 for c in range(156)]
_SUIT = [(c % 52) // 13 for c in range(156)]


def parse_card(name: str, decks: int) -> int:
    """The card id of ``name`` in a game of ``decks`` decks; raises InvalidState if there is none."""
    c = _IDS.get(name) if isinstance(name, str) else None
    if c is None or c >= 52 * decks:
        raise InvalidState(f"no card {name!r} in a game of {decks} deck(s)")
    return c


def rank_of(name_or_card) -> int:
    """Rank index 0..12 (2 … A) of a card id or name."""
    if isinstance(name_or_card, str):
        return RANKS.index(name_or_card[0])
    return _RANK[name_or_card]


def playable(rank: int, top: int | None, sevens: bool) -> bool:
    """Whether cards of ``rank`` may be played on a pile whose top card has rank ``top`` (None: empty).

    D6 match or beat, aces high; D7 the 2 goes on anything and anything on a 2; D8 the 10 goes on
    anything; D19 rule of 7s: on a 7 only 7 or lower (2 and 10 still allowed)."""
    if top is None or rank == TWO or rank == TEN or top == TWO:
        return True
    if sevens and top == SEVEN:
        return rank <= SEVEN
    return rank >= top


# Action objects are pure functions of their notation and player: build each once.
_ACTIONS: dict = {}


def _act(notation: str, player: int, targets: tuple = (), select: str = "sequence", label: str = "") -> Action:
    key = (notation, player)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(notation, targets=targets, select=select, label=label, player=player)
    return a


_PICK_UP = [_act("pick up", p, label="Pick up the pile") for p in range(6)]
_DOWN = [[_act(f"down {i + 1}", p, (f"down-{i + 1}",)) for i in range(3)] for p in range(6)]
_DEAL = [Action("deal " + n, player=CHANCE) for n in _NAMES]
_DRAW = [Action("draw " + n, player=CHANCE) for n in _NAMES]
_START = [Action(f"start {p + 1}", player=CHANCE) for p in range(6)]


_PLAY_CARDS: dict = {}
"""The cards of each play notation made by ``_play_action`` (``"play 7h 7s"`` → ``(5, 31)``)."""


def _play_action(cards: tuple, player: int) -> Action:
    key = (cards, player)
    a = _ACTIONS.get(key)
    if a is None:
        names = [_NAMES[c] for c in cards]
        a = _ACTIONS[key] = Action("play " + " ".join(names), targets=tuple("card-" + n for n in names),
                                   select="set", player=player)
        _PLAY_CARDS[a.notation] = cards
    return a


_TARGET = ["card-" + n for n in _NAMES]


def _up_action(cards: tuple, player: int) -> Action:
    """The face-up choice of ``cards`` (D4); not cached: three cards of a hand rarely come back."""
    a, b, c = cards
    return Action(f"up {_NAMES[a]} {_NAMES[b]} {_NAMES[c]}", targets=(_TARGET[a], _TARGET[b], _TARGET[c]),
                  select="set", label="Lay these face up", player=player)


def _sets(cards: list, rank: int) -> list:
    """The distinct sets (tuples, sorted) of cards of ``rank`` among ``cards`` (D10). Copies of the
    same rank and suit from different decks are interchangeable: only the first copies are used."""
    group = sorted(c for c in cards if _RANK[c] == rank)
    if len(group) == 1:
        return [(group[0],)]
    by_suit: list = [[], [], [], []]
    for c in group:
        by_suit[_SUIT[c]].append(c)
    out = [()]
    for lst in by_suit:
        if lst:
            out = [t + tuple(lst[:k]) for t in out for k in range(len(lst) + 1)]
    return [tuple(sorted(t)) for t in out if t]


_GROUP_ACTIONS: dict = {}
_PLAYABLE = {(top, sevens): tuple(r for r in range(13) if playable(r, top, sevens))
             for top in (None, *range(13)) for sevens in (False, True)}
"""The ranks playable on each top rank (None: an empty pile), with and without the rule of 7s, ascending."""


def _group(cards, groups: dict | None = None) -> dict:
    """``cards`` added by rank to ``groups`` (a new dict by default): ``{rank: [cards, actions or None]}``
    (see ``_entry_actions``); a group that grows forgets its actions."""
    if groups is None:
        groups = {}
    for c in cards:
        r = _RANK[c]
        e = groups.get(r)
        if e is None:
            groups[r] = [[c], None]
        else:
            e[0].append(c)
            e[1] = None
    return groups


def _entry_actions(entry: list, player: int) -> list:
    """The play actions of a ``_group`` entry, remembered in the entry until its cards change."""
    acts = entry[1] = _group_actions(entry[0], player)
    return acts


def _group_actions(group: list, player: int) -> list:
    """The play actions of ``player`` for ``group`` (their cards of one rank, any order), cached: the
    distinct sets of ``_sets``, each a cached Action. Do not mutate the list returned."""
    key = (tuple(sorted(group)) if len(group) > 1 else (group[0],), player)
    acts = _GROUP_ACTIONS.get(key)
    if acts is None:
        if len(_GROUP_ACTIONS) > 100_000:  # bound the memory of a long session
            _GROUP_ACTIONS.clear()
        if len(group) == 1:
            acts = [_play_action((group[0],), player)]
        else:
            acts = [_play_action(t, player) for t in _sets(group, _RANK[group[0]])]
        _GROUP_ACTIONS[key] = acts
    return acts


PHASES = ("deal", "choose", "start", "play", "draw", "over")


@dataclass(eq=False)
class DritzakState(State):
    """A Dritzak game. Fields (see the module docstring for cards and zones):

    - ``phase``: ``deal`` (chance, D2), ``choose`` (secret face-up choice, D4), ``start`` (chance tie
      break, D9), ``play``, ``draw`` (chance refill of ``drawer``'s hand, D14), ``over``.
    - ``turn`` the player to move in ``play`` (after a refill: the player who moves next);
      ``direction`` +1 or -1 (D21); ``first_rank`` the rank the first play must include (D9) or None.
    - ``pending[p]``: p's secret face-up choice (a tuple of cards still in the hand) or None.
    - ``known[p]``: cards publicly known to be in p's hand (picked up from the pile, D15, D27).
    - ``places``: players in the order they went out; ``deegans``: ``[player, level]`` walk-offs (D18);
      ``stall``: pick-ups since the last clear (D24); ``called``: the game was called by D24.
    - ``recent``: the last cards played, ``[player, card, zone]`` (for walk-off Deegans);
      ``last``: what the last move did, for the table (a short text).
    """

    def __post_init__(self):
        o = self.options
        n = self.num_players
        self.decks = o["decks"]
        self.six = n == 6
        self.hand_size = 2 if self.six else 3
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
        self.called = False
        self.recent = []
        self._last: str | tuple = ""
        self.ties = []
        self._groups = [None] * n

    # ----- fast copy ---------------------------------------------------------------------------------
    def clone(self) -> "DritzakState":
        s = DritzakState.__new__(DritzakState)
        d = dict(self.__dict__)
        d.pop("_cache_legal", None)
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
        s.__dict__ = d
        return s

    @property
    def last(self) -> str:
        """What the last move did, for the table (a short text). The moves store it as a tuple, worded
        only when it is read."""
        v = self._last
        if isinstance(v, str):
            return v
        name = self.game.player_name(v[1])
        if v[0] == "pick":
            txt = f"{name} picked up the pile"
        else:
            _, _, cards, cleared, skips = v
            txt = f"{name} played " + " ".join(_NAMES[c] for c in cards)
            if cleared:
                txt += ", cleared the pile"
            elif skips:
                txt += f", skipping {skips}"
        self._last = txt
        return txt

    @last.setter
    def last(self, text: str) -> None:
        self._last = text

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

    # ----- the deal ----------------------------------------------------------------------------------
    def _deal_target(self):
        """(zone, player) of the next dealt card (D2): three face-down rounds, then the hand rounds."""
        n = self.num_players
        k = 52 * self.decks - len(self.deck)  # cards dealt so far: during the deal no card is elsewhere
        if k < 3 * n:
            return "down", k % n
        return "hand", (k - 3 * n) % n

    def _deal_total(self) -> int:
        return (3 + (5 if self.six else 6)) * self.num_players

    # ----- protocol ----------------------------------------------------------------------------------
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

    def legal_actions(self) -> list[Action]:
        """As ``State.legal_actions`` (cached until the next apply; do not mutate the list), with the
        deal's and the draw's outcomes listed straight from the draw pile."""
        d = self.__dict__
        cached = d.get("_cache_legal")
        if cached is None:
            ph = self.phase
            if ph == "deal":
                cached = d["_cache_legal"] = list(map(_DEAL.__getitem__, self.deck))
            elif ph == "draw":
                cached = d["_cache_legal"] = list(map(_DRAW.__getitem__, self.deck))
            elif ph == "play" or ph == "choose":
                cached = d["_cache_legal"] = self._legal_actions()
            else:
                cached = State.legal_actions(self)
        return cached

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

    def zone(self, p: int) -> str:
        """The zone ``p`` plays from this turn (D11–D13): ``hand``, ``up`` or ``down`` (or ``none``)."""
        if self.hands[p]:
            return "hand"
        if self.deck:
            return "none"
        if self.up[p]:
            return "up"
        if any(c is not None for c in self.down[p]):
            return "down"
        return "none"

    def _legal_actions(self):
        ph = self.phase
        if ph == "choose":
            p = self.pending.index(None)
            return [_up_action(t, p) for t in combinations(sorted(self.hands[p]), 3)]
        p = self.turn
        pile = self.pile
        out: list = []
        z = "hand" if self.hands[p] else self.zone(p)
        if z == "down":
            for i, c in enumerate(self.down[p]):
                if c is not None:
                    out.append(_DOWN[p][i])
        elif z != "none":
            top = _RANK[pile[-1]] if pile else None
            first = self.first_rank
            if z == "up":
                groups = _group(self.up[p])
            else:
                h = self.hands[p]
                g = self._groups[p]
                groups = g[2] if g is not None and g[0] is h and g[1] == len(h) else self._hand_groups(p)
            if first is not None:
                e = groups.get(first)
                if e is not None:
                    out.extend(e[1] or _entry_actions(e, p))
            else:
                for r in _PLAYABLE[top, self.options["sevens"]]:
                    e = groups.get(r)
                    if e is not None:
                        out.extend(e[1] or _entry_actions(e, p))
        if pile:
            out.append(_PICK_UP[p])
        return out

    def _apply(self, a: Action) -> None:
        note = a.notation
        ph = self.phase
        if ph == "play":
            self._apply_play(note)
            return
        if ph == "deal":
            c = _IDS[note[5:]]
            zone, p = self._deal_target()
            self.deck.remove(c)
            (self.down if zone == "down" else self.hands)[p].append(c)
            if 52 * self.decks - len(self.deck) == self._deal_total():
                self.phase = "choose"
            return
        if ph == "draw":
            c = _IDS[note[5:]]
            self.deck.remove(c)
            self._hand_add(self.drawer, (c,))
            h = self.hands[self.drawer]
            if len(h) >= self.hand_size or not self.deck:
                self.phase = "play"
            return
        if ph == "start":
            self._begin(int(note[6:]) - 1)
            return
        if ph == "choose":
            p = self.pending.index(None)
            self.pending[p] = tuple(_IDS[x] for x in note.split()[1:])
            if None not in self.pending:
                self._reveal()

    def _apply_play(self, note: str) -> None:
        """A move of the player to move: a set, a face-down card or a pick-up (D10–D16)."""
        p = self.turn
        if note == "pick up":
            self._pick_up(p)
            self._last = ("pick", p)
            return
        if note[0] == "d":  # down k: a blind face-down card (D13)
            i = int(note[5:]) - 1
            c = self.down[p][i]
            self.down[p][i] = None
            top = _RANK[self.pile[-1]] if self.pile else None
            if playable(_RANK[c], top, self.options["sevens"]):
                self._play(p, [c], "down")
            else:
                self.pile.append(c)
                self._pick_up(p)
                self.last = f"{self.game.player_name(p)} turned up {_NAMES[c]} and picked up the pile"
            return
        cards = _PLAY_CARDS.get(note) or tuple(_IDS[x] for x in note.split()[1:])
        zone = "hand" if self.hands[p] else "up"
        self._play(p, cards, zone)

    # ----- the moves ---------------------------------------------------------------------------------
    def _reveal(self) -> None:
        """D4: every face-up choice is revealed together; then who starts is decided (D9)."""
        for q, t in enumerate(self.pending):
            h = self.hands[q]
            for c in t:
                h.remove(c)
            self.up[q] = sorted(t)
        n = self.num_players
        self.pending = [None] * n
        for r in START_ORDER:
            holders = [any(_RANK[c] == r for c in self.hands[q]) for q in range(n)]
            if any(holders):
                break
        self.first_rank = r
        if all(holders):
            best = list(range(n))
        else:
            runs = []
            for q in range(n):
                if holders[q] and not holders[(q - 1) % n]:  # q begins a run of holders
                    k = 0
                    while holders[(q + k) % n]:
                        k += 1
                    runs.append((k, q))
            top = max(k for k, _ in runs)
            best = [q for k, q in runs if k == top]
        if len(best) == 1:
            self._begin(best[0])
        else:
            self.ties = best
            self.phase = "start"

    def _begin(self, p: int) -> None:
        self.turn = p
        self.phase = "play"
        self.ties = []
        self.last = f"{self.game.player_name(p)} starts"

    def _active(self, q: int) -> bool:
        return q not in self.places

    def _next(self, p: int, steps: int) -> int:
        """The player ``steps`` places after ``p`` in the direction of play, counting only players still
        in (D20, D25)."""
        n = len(self.hands)
        if not self.places:
            return (p + self.direction * steps) % n
        q = p
        d = self.direction
        while steps:
            q = (q + d) % n
            if q not in self.places:
                steps -= 1
        return q

    def _pick_up(self, p: int) -> None:
        """D15: the pile goes into ``p``'s hand, publicly known there; the next player leads (D16)."""
        self._hand_add(p, self.pile)
        self.known[p].extend(self.pile)
        self.pile = []
        self.recent = []
        self.stall += 1
        self.turn = self._next(p, 1)
        if self.stall >= STALL_PER_PLAYER * self.num_players:
            self._call_game()

    def _complete(self, rank: int) -> bool:
        """D10, D23: the run of ``rank`` on top of the pile completes a set that clears it."""
        pile = self.pile
        rule = self.options["set_rule"]
        if rule != "suits":  # four (or, with "all", every copy) in a row on top
            need = 4 * self.decks if rule == "all" else 4
            if len(pile) < need:
                return False
            for c in pile[-need:]:
                if _RANK[c] != rank:
                    return False
            return True
        suits = set()
        for c in reversed(pile):
            if _RANK[c] != rank:
                break
            suits.add(_SUIT[c])
        return len(suits) == 4

    def _play(self, p: int, cards, zone: str) -> None:
        """Play ``cards`` (equal rank, already legal) from ``zone``: D7–D10, D14, D17–D22."""
        o = self.options
        rank = _RANK[cards[0]]
        if zone == "hand":
            self._hand_remove(p, cards)
            kn = self.known[p]
            if kn:
                for c in cards:
                    if c in kn:
                        kn.remove(c)
        elif zone == "up":
            u = self.up[p]
            for c in cards:
                u.remove(c)
        pile = self.pile
        matched = bool(pile) and _RANK[pile[-1]] == rank
        pile.extend(cards)
        self.first_rank = None
        rec = self.recent
        for c in cards:
            rec.append((p, c, zone))
        if len(rec) > 6:
            del rec[:-6]
        cleared = rank == TEN or self._complete(rank)
        if o["reversal"] and matched:
            self.direction = -self.direction
        out = not self.hands[p] and not self.deck and not self.up[p] and all(c is None for c in self.down[p])
        skips = 0
        if cleared:
            self.cleared.extend(pile)
            self.pile = []
            self.stall = 0
        elif o["skip"] and matched:
            skips = len(cards)
        self._last = ("play", p, cards, cleared, skips)
        if out:
            self._go_out(p, zone)
            if self.phase == "over":
                return
            self.turn = self._next(p, 1 + skips)  # p is out now: counting passes over them
            return
        self.turn = p if cleared else self._next(p, 1 + skips)
        if self.deck and len(self.hands[p]) < self.hand_size:
            self.drawer = p
            self.phase = "draw"

    def _go_out(self, p: int, zone: str) -> None:
        """D17, D18, D25: ``p`` has played their last card."""
        self.places.append(p)
        rec = self.recent
        if zone == "down" and len(rec) >= 2 and rec[-2][0] == p and rec[-2][2] == "down" and _RANK[rec[-2][1]] == TEN:
            level = 0
            for q, c, _z in reversed(rec[:-1]):
                if q != p or _RANK[c] != TEN:
                    break
                level += 1
            self.deegans.append([p, min(level, 4)])
        n = self.num_players
        if not self.options["play_on"] or len(self.places) == n - 1:
            if self.options["play_on"]:
                self.places.extend(q for q in range(n) if q not in self.places)
            self.phase = "over"

    def _call_game(self) -> None:
        """D24: a called game ranks the players still in by the cards they hold, fewest first."""
        self.called = True
        rest = [q for q in range(self.num_players) if q not in self.places]
        rest.sort(key=lambda q: self.cards_left(q))
        self.places.extend(rest)
        self.phase = "over"

    def cards_left(self, p: int) -> int:
        """Cards ``p`` still holds: hand, face-up and face-down."""
        return len(self.hands[p]) + len(self.up[p]) + sum(c is not None for c in self.down[p])

    # ----- results -----------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """D17: first out +1, everyone else -1. D25 (play on): ranked, from +1 for the first out down to
        -1 for the last. D24 (called game): those still in are ranked by the cards they hold; equal counts
        share (the mean of their places' values; without play on, every player with the fewest wins)."""
        n = self.num_players
        if self.phase != "over":
            return [0.0] * n
        left = [self.cards_left(q) for q in range(n)]
        if not self.options["play_on"]:
            if not self.called:
                return [1.0 if q == self.places[0] else -1.0 for q in range(n)]
            m = min(left)
            if all(x == m for x in left):
                return [0.0] * n  # everyone holds as many cards: a draw
            return [1.0 if left[q] == m else -1.0 for q in range(n)]
        value = [1.0 - 2.0 * i / (n - 1) for i in range(n)]
        pl = self.places
        ret = [0.0] * n
        i = 0
        while i < n:
            j = i + 1
            if self.called and left[pl[i]] > 0:
                while j < n and left[pl[j]] == left[pl[i]]:
                    j += 1
            share = sum(value[i:j]) / (j - i)
            for k in range(i, j):
                ret[pl[k]] = share
            i = j
        return ret

    def result_text(self) -> str:
        """The result in words, with every walk-off Deegan (D18) and whether the game was called (D24)."""
        if self.phase != "over":
            return ""
        r = self.returns()
        best = max(r)
        win = [q for q in range(self.num_players) if r[q] == best]
        name = self.game.player_name
        if len(win) == len(r):
            txt = "A draw"
        else:
            txt = " and ".join(name(q) for q in win) + " won"
        if self.called:
            txt += " (called after too many pick-ups: fewest cards)"
        for q, lv in self.deegans:
            txt += f"; {deegan_name(lv)} by {name(q)}!"
        return txt

    # ----- information -------------------------------------------------------------------------------
    def observation(self, player):
        """What ``player`` (None: a spectator) may see (D27): their own hand, every face-up card, the
        counts of every hidden zone, the pile, the cleared cards, and cards publicly known to be in a
        hand; never another hand, a face-down card (not even one's own) or the draw pile's order."""
        n = self.num_players
        names = _NAMES
        me = player if isinstance(player, int) and 0 <= player < n else None
        obs = {
            "viewer": me, "players": n, "phase": self.phase, "turn": self.turn if self.phase == "play" else None,
            "to_move": self._current_player(),
            "direction": self.direction, "hand_size": self.hand_size, "decks": self.decks,
            "hand": sorted((names[c] for c in self.hands[me]), key=_sort_key) if me is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "up": [[names[c] for c in u] for u in self.up],
            "down": [[c is not None for c in d] for d in self.down],
            "known": [sorted((names[c] for c in k), key=_sort_key) for k in self.known],
            "deck_count": len(self.deck), "pile": [names[c] for c in self.pile],
            "cleared": sorted((names[c] for c in self.cleared), key=_sort_key),
            "cleared_count": len(self.cleared),
            "committed": [t is not None for t in self.pending],
            "my_choice": ([names[c] for c in self.pending[me]] if me is not None and self.pending[me] else None),
            "first_rank": RANKS[self.first_rank] if self.first_rank is not None else None,
            "places": list(self.places), "deegans": [list(x) for x in self.deegans], "called": self.called,
            "stall": self.stall, "stall_limit": STALL_PER_PLAYER * n, "last": self.last,
            **self._last_move(),
            "options": {k: self.options[k] for k in ("skip", "sevens", "reversal", "play_on", "set_rule")},
            "sevens_active": bool(self.options["sevens"] and self.pile and _RANK[self.pile[-1]] == SEVEN),
            "result": self.result_text(),
            "returns": self.returns() if self.phase == "over" else None,
        }
        return obs

    def _last_move(self) -> dict:
        """Who made the last play or pick-up and the cards they played (for the table to mark them):
        ``{"last_by": player or None, "last_cards": [names], "last_pick": bool}``, read from ``last``
        (the text a saved game keeps)."""
        txt = self.last
        by = None
        for q in range(self.num_players):
            name = self.game.player_name(q) + " "
            if txt.startswith(name) and (by is None or len(name) > len(self.game.player_name(by)) + 1):
                by = q
        if by is None:
            return {"last_by": None, "last_cards": [], "last_pick": False}
        rest = txt[len(self.game.player_name(by)) + 1:]
        cards: list = []
        if rest.startswith("played "):
            cards = [w for w in rest[7:].split(",")[0].split() if w in _IDS]
        elif not rest.endswith("picked up the pile"):
            by = None  # "… starts": nobody has played yet
        return {"last_by": by, "last_cards": cards, "last_pick": rest.endswith("picked up the pile")}

    def public_history(self, player):
        """The move list ``player`` may see: dealt and drawn cards only to their owner (face-down deals
        to nobody), and face-up choices only once everyone's are revealed."""
        s = self.game.new_initial_state(self.options)
        out = []
        hist = self.history
        for i, a in enumerate(hist):
            ph = s.phase
            if ph == "deal":
                zone, q = s._deal_target()
                out.append(a if zone == "hand" and q == player else "deal ?")
            elif ph == "draw":
                out.append(a if s.drawer == player else "draw ?")
            elif ph == "choose":
                q = s.pending.index(None)
                out.append(a if q == player or self.phase != "choose" else "up ?")
            else:
                out.append(a)
            s.apply(a)
        return out

    def determinize(self, player, rng):
        """A full state consistent with ``player``'s observation: the unseen cards (the draw pile, every
        face-down card, other players' hands except cards known there, and their secret choices) are
        shuffled back into those places."""
        s = self.clone()
        n = s.num_players
        unseen = list(s.deck)
        for q in range(n):
            unseen.extend(c for c in s.down[q] if c is not None)
            if q != player:
                kn = s.known[q]
                unseen.extend(c for c in s.hands[q] if c not in kn)
        rng.shuffle(unseen)
        for q in range(n):
            s.down[q] = [unseen.pop() if c is not None else None for c in s.down[q]]
            if q != player:
                kn = s.known[q]
                k = len(s.hands[q]) - sum(1 for c in s.hands[q] if c in kn)
                s.hands[q] = [c for c in s.hands[q] if c in kn] + [unseen.pop() for _ in range(k)]
                if s.pending[q] is not None:
                    s.pending[q] = tuple(rng.sample(s.hands[q], 3))
        s.deck = sorted(unseen)
        return s

    # ----- serialisation -----------------------------------------------------------------------------
    def _state_json(self) -> dict:
        names = _NAMES

        def L(cs):
            return [names[c] for c in cs]
        return {
            "deck": L(sorted(self.deck)), "hands": [L(h) for h in self.hands],
            "up": [L(u) for u in self.up], "down": [[names[c] if c is not None else None for c in d] for d in self.down],
            "pile": L(self.pile), "cleared": L(self.cleared), "known": [L(k) for k in self.known],
            "pending": [L(t) if t is not None else None for t in self.pending],
            "phase": self.phase, "turn": self.turn, "direction": self.direction,
            "first_rank": RANKS[self.first_rank] if self.first_rank is not None else None,
            "drawer": self.drawer, "places": list(self.places), "deegans": [list(x) for x in self.deegans],
            "stall": self.stall, "called": self.called,
            "recent": [[q, names[c], z] for q, c, z in self.recent], "last": self.last, "ties": list(self.ties),
        }

    def _load_json(self, d) -> None:
        load_state(self, d)


def from_position(game, spec: dict, options: dict | None = None) -> DritzakState:
    """A play-phase state from a readable position, for tests and diagrams.

    ``spec``: ``hands``, ``up``, ``down`` (lists per player of card names; ``down`` entries may be None),
    ``pile`` (bottom first), ``deck`` (the draw pile; default empty), ``turn`` (default 0), ``direction``,
    ``known``, ``first_rank``, ``places``, ``stall``. Cards not placed anywhere are cleared.
    Raises InvalidState if the position is inconsistent."""
    s = game.new_initial_state(options)
    n = s.num_players
    names = set(_NAMES[: 52 * s.decks])
    placed = list(spec.get("deck", [])) + list(spec.get("pile", []))
    hands = [list(h) for h in spec.get("hands", [[]] * n)]
    up = [list(u) for u in spec.get("up", [[]] * n)]
    down = [list(x) for x in spec.get("down", [[None] * 3] * n)]
    down = [x + [None] * (3 - len(x)) for x in down]
    for q in range(n):
        placed += hands[q] + up[q] + [c for c in down[q] if c is not None]
    cleared = sorted(names - set(placed), key=lambda x: _IDS[x])
    load_state(s, {
        "deck": list(spec.get("deck", [])), "hands": hands, "up": up, "down": down,
        "pile": list(spec.get("pile", [])), "cleared": cleared,
        "known": [list(k) for k in spec.get("known", [[]] * n)], "pending": [None] * n,
        "phase": "play", "turn": spec.get("turn", 0), "direction": spec.get("direction", 1),
        "first_rank": spec.get("first_rank"), "drawer": 0, "places": list(spec.get("places", [])),
        "deegans": [], "stall": spec.get("stall", 0), "called": False, "recent": [], "last": "", "ties": []})
    return s


def deegan_name(level: int) -> str:
    """``walk-off Deegan``, ``double walk-off Deegan`` … for levels 1..4 (D18)."""
    return ("", "walk-off Deegan", "double walk-off Deegan", "triple walk-off Deegan",
            "quadruple walk-off Deegan")[level]


def _sort_key(name: str):
    """Sort cards by play order (3 … A, then 2 and 10), then suit."""
    r = RANKS.index(name[0])
    return (START_ORDER.index(r), name[1], name[2:])


_KEYS = ("deck", "hands", "up", "down", "pile", "cleared", "known", "pending", "phase", "turn", "direction",
         "first_rank", "drawer", "places", "deegans", "stall", "called", "recent", "last", "ties")


def _int(v, lo, hi, what):
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise InvalidState(f"dritzak: {what} must be an integer from {lo} to {hi}, not {v!r}")
    return v


def _list(v, what, length=None):
    if not isinstance(v, list) or (length is not None and len(v) != length):
        raise InvalidState(f"dritzak: {what} must be a list" + (f" of {length}" if length is not None else ""))
    return v


def load_state(s: DritzakState, d) -> None:
    """Strictly load ``d`` (``_state_json`` output) into ``s``; raises InvalidState naming what is wrong.
    Checks that every card of the decks is in exactly one zone and that the phase can be."""
    if not isinstance(d, dict) or set(d) != set(_KEYS):
        raise InvalidState(f"dritzak: a state needs exactly the keys {', '.join(_KEYS)}")
    n = s.num_players
    decks = s.decks

    def cards(v, what):
        return [parse_card(x, decks) for x in _list(v, what)]

    deck = sorted(cards(d["deck"], "deck"))
    hands = [cards(h, "a hand") for h in _list(d["hands"], "hands", n)]
    up = [cards(u, "face-up cards") for u in _list(d["up"], "up", n)]
    down = []
    for x in _list(d["down"], "down", n):
        if len(_list(x, "face-down slots")) not in (0, 1, 2, 3):
            raise InvalidState("dritzak: at most three face-down slots per player")
        down.append([None if c is None else parse_card(c, decks) for c in x])
    pile = cards(d["pile"], "pile")
    cleared = cards(d["cleared"], "cleared")
    known = [cards(k, "known cards") for k in _list(d["known"], "known", n)]
    pending: list = []
    for t in _list(d["pending"], "pending", n):
        if t is None:
            pending.append(None)
        else:
            t = cards(t, "a face-up choice")
            if len(t) != 3:
                raise InvalidState("dritzak: a face-up choice is three cards")
            pending.append(tuple(t))
    allc = deck + pile + cleared + [c for h in hands for c in h] + [c for u in up for c in u] + \
        [c for x in down for c in x if c is not None]
    if sorted(allc) != list(range(52 * decks)):
        raise InvalidState("dritzak: every card of the decks must be in exactly one zone")
    for q in range(n):
        if len(set(known[q])) != len(known[q]) or not set(known[q]) <= set(hands[q]):
            raise InvalidState(f"dritzak: known cards of player {q + 1} must be in their hand")
        if pending[q] is not None and (len(set(pending[q])) != 3 or not set(pending[q]) <= set(hands[q])):
            raise InvalidState(f"dritzak: the face-up choice of player {q + 1} must be three cards of their hand")
    phase = d["phase"]
    if phase not in PHASES:
        raise InvalidState(f"dritzak: unknown phase {phase!r}")
    turn = _int(d["turn"], 0, n - 1, "turn")
    if d["direction"] not in (1, -1) or isinstance(d["direction"], bool):
        raise InvalidState("dritzak: direction must be 1 or -1")
    fr = d["first_rank"]
    if fr is not None and (not isinstance(fr, str) or len(fr) != 1 or fr not in RANKS):
        raise InvalidState(f"dritzak: bad first_rank {fr!r}")
    drawer = _int(d["drawer"], 0, n - 1, "drawer")
    places = [_int(q, 0, n - 1, "a place") for q in _list(d["places"], "places")]
    if len(set(places)) != len(places):
        raise InvalidState("dritzak: a player is placed twice")
    deegans = []
    for x in _list(d["deegans"], "deegans"):
        _list(x, "a deegan", 2)
        deegans.append([_int(x[0], 0, n - 1, "a Deegan's player"), _int(x[1], 1, 4, "a Deegan's level")])
    stall = _int(d["stall"], 0, STALL_PER_PLAYER * n, "stall")
    if not isinstance(d["called"], bool):
        raise InvalidState("dritzak: called must be true or false")
    recent = []
    for x in _list(d["recent"], "recent"):
        _list(x, "a recent play", 3)
        if x[2] not in ("hand", "up", "down"):
            raise InvalidState("dritzak: a recent play's zone must be hand, up or down")
        recent.append((_int(x[0], 0, n - 1, "a recent player"), parse_card(x[1], decks), x[2]))
    if not isinstance(d["last"], str):
        raise InvalidState("dritzak: last must be a string")
    ties = [_int(q, 0, n - 1, "a tied player") for q in _list(d["ties"], "ties")]
    # phase consistency
    dealt = sum(len(h) for h in hands) + sum(len(x) for x in down)
    total = (3 + (5 if s.six else 6)) * n
    if phase == "deal":
        if up != [[]] * n or pile or cleared or any(p is not None for p in pending) or dealt >= total:
            raise InvalidState("dritzak: during the deal only hands and face-down cards hold cards")
        k = sum(len(x) for x in down)
        if any(len(x) != k // n + (q < k % n) for q, x in enumerate(down)) or any(None in x for x in down):
            raise InvalidState("dritzak: the face-down cards do not follow the deal order")
        if k < 3 * n and any(hands):
            raise InvalidState("dritzak: hand cards are dealt after the face-down cards")
        m = sum(len(h) for h in hands)
        if any(len(h) != m // n + (q < m % n) for q, h in enumerate(hands)):
            raise InvalidState("dritzak: the hands do not follow the deal order")
    elif phase == "choose":
        if any(len(x) != 3 or None in x for x in down) or any(up) or pile or cleared:
            raise InvalidState("dritzak: the face-up choice comes right after the deal")
        if any(len(h) != total // n - 3 for h in hands) or None not in pending:
            raise InvalidState("dritzak: bad hands or choices for the face-up choice")
        if any(p is not None for p in pending[pending.index(None):]):
            raise InvalidState("dritzak: players choose their face-up cards in turn order")
    else:
        if any(p is not None for p in pending) or any(len(x) != 3 for x in down):
            raise InvalidState("dritzak: no face-up choice pending once play has begun")
        if phase == "start" and (len(ties) < 2 or len(set(ties)) != len(ties)):
            raise InvalidState("dritzak: a tie break needs two or more tied players")
        if phase == "draw" and (not deck or len(hands[drawer]) >= s.hand_size):
            raise InvalidState("dritzak: nothing to draw")
        if phase == "play":
            if turn in places:
                raise InvalidState("dritzak: the player to move is already out")
        if phase in ("play", "draw", "start") and len(places) >= (n - 1 if s.options["play_on"] else 1):
            raise InvalidState("dritzak: the game should be over")
        if phase == "over" and not places:
            raise InvalidState("dritzak: a finished game needs a winner")
        if pile and _RANK[pile[-1]] == TEN:
            raise InvalidState("dritzak: a 10 never stays on the pile")
    s.deck, s.hands, s.up, s.down, s.pile, s.cleared = deck, hands, up, down, pile, cleared
    s.known, s.pending, s.phase, s.turn, s.direction = known, pending, phase, turn, d["direction"]
    s.first_rank = RANKS.index(fr) if fr is not None else None
    s.drawer, s.places, s.deegans, s.stall, s.called = drawer, places, deegans, stall, d["called"]
    s.recent, s.last, s.ties = recent, d["last"], ties
    if phase == "play" and not s.legal_actions():
        s.__dict__.pop("_cache_legal", None)
        raise InvalidState("dritzak: the player to move has nothing to do")
    s.__dict__.pop("_cache_legal", None)
