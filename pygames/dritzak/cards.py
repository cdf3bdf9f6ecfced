"""Dritzak cards and the actions built from them (rules D1, D6–D8, D10, D19, D26 of docs/rules/dritzak.md).

Cards are ints ``0 .. 52 * decks - 1``: ``card = copy * 52 + suit * 13 + rank`` where ``rank`` 0..12 is
2, 3, … 9, T (10), J, Q, K, A and ``suit`` 0..3 is clubs, diamonds, hearts, spades. A card's name is
rank and suit letters (``7h``, ``Ts``) with the copy number appended for the second and third decks
(``7h2``, ``7h3``). Comparison uses the rank index: 3 < 4 < … < 9 < J < Q < K < A (D6); the 2 (rank 0)
and the 10 (rank 8) are special (D7, D8).

Action objects are pure functions of their notation and player and are built once and cached here.
"""
from __future__ import annotations

from ..core.errors import InvalidState
from ..core.state import CHANCE, Action

RANKS = "23456789TJQKA"
SUITS = "cdhs"
TWO, SEVEN, TEN = 0, 5, 8
START_ORDER = (1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 0, 8)
"""Ranks asked for to decide who starts: 3 … 9, J, Q, K, A, then 2, then 10 (D9)."""
MAX_PLAYERS = 17
"""D29: three decks seat 17 players."""
SUITS_RULE = ("four cards of one rank played directly after each other (by one or several players) clear the "
              "pile only if their four suits are all different (the cards of one play are laid in any order); "
              "with any other rule the suits do not matter")
"""D26, RULINGS Dritzak 16: the words of the suits set rule, the same in the option's help, on the rules page
and in the engine (``PlayMixin._complete``)."""


def max_players(decks: int, deal: str) -> int:
    """D29 (RULINGS Dritzak 12): the most players ``decks`` decks seat with ``deal`` (``standard`` or
    ``hand of two``): each player needs 9 cards and at least one card is left to draw, so one deck seats 5,
    two 11, three 17; the hand of two seats 6 at one deck (the text's six-player game)."""
    cap = (52 * decks - 1) // 9
    if decks == 1 and deal == "hand of two":
        cap = 6
    return cap


STALL_PER_PLAYER = 10
"""D24: the game is called after ``STALL_PER_PLAYER * players`` pick-ups in a row without a clear."""
TURNS_PER_PLAYER = 50
"""D24: … or after ``TURNS_PER_PLAYER * players`` turns in a row without a clear (which bounds the game, D31)."""


def max_game_length(options: dict) -> int:
    """D31: the most actions (chance included) a game with these (validated) options can take: the deal,
    the face-up choices, a tie break, every undealt card drawn, and at most ``TURNS_PER_PLAYER * players``
    turns before each clear and after the last (D24), with at most ``4 * decks`` clears by a 10 and
    ``48 * decks // s`` by a set of ``s`` cards (``s`` is 4, or ``4 * decks`` with the ``all`` rule)."""
    n, decks = options["players"], options["decks"]
    cards = 52 * decks
    set_size = 4 * decks if options["set_rule"] == "all" else 4
    clears = 4 * decks + (48 * decks) // set_size
    return cards + n + 1 + (clears + 1) * TURNS_PER_PLAYER * n


def card_name(c: int) -> str:
    """``7h``, ``Ts``, ``7h2`` (second deck): rank, suit, and the copy number from the second deck on."""
    copy, r = divmod(c, 52)
    return RANKS[r % 13] + SUITS[r // 13] + (str(copy + 1) if copy else "")


_NAMES = [card_name(c) for c in range(156)]


def card_text(c: int) -> str:
    """The card ``c`` as a player reads it: ``10♥``, ``Q♠``, ``7♦`` (the copies of other decks alike, D30).
    Presentation only: records and rules use :func:`card_name`."""
    r = RANKS[c % 13]
    return ("10" if r == "T" else r) + "\u2663\u2666\u2665\u2660"[(c % 52) // 13]


_TEXTS = [card_text(c) for c in range(156)]
"""``card_text`` of every card id: the actions' labels and the last move's text."""
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


_ORD = ("1st", "2nd", "3rd")
"""D30: face-down cards are told apart by place, never by what they are."""
_PICK_UP = [_act("pick up", p, label="Pick up the pile") for p in range(MAX_PLAYERS)]
_DOWN = [[_act(f"down {i + 1}", p, (f"down-{i + 1}",), label=f"Turn over the {_ORD[i]} face-down card")
          for i in range(3)] for p in range(MAX_PLAYERS)]
# chance outcomes carry a label too (presentation only): the move list says "Draw J♥" where the viewer
# sees the card, the notation ("draw ?") where not
_DEAL = [Action("deal " + n, label="Deal " + t, player=CHANCE) for n, t in zip(_NAMES, _TEXTS)]
_DRAW = [Action("draw " + n, label="Draw " + t, player=CHANCE) for n, t in zip(_NAMES, _TEXTS)]
_START = [Action(f"start {p + 1}", label=f"Player {p + 1} goes first", player=CHANCE) for p in range(MAX_PLAYERS)]


_PLAY_CARDS: dict = {}
"""The cards of each play notation made by ``_play_action`` (``"play 7h 7s"`` → ``(5, 31)``)."""


def _play_action(cards: tuple, player: int) -> Action:
    key = (cards, player)
    a = _ACTIONS.get(key)
    if a is None:
        names = [_NAMES[c] for c in cards]
        a = _ACTIONS[key] = Action("play " + " ".join(names), targets=tuple("card-" + n for n in names),
                                   select="set", label="Play " + " ".join(_TEXTS[c] for c in cards),
                                   player=player)
        _PLAY_CARDS[a.notation] = cards
    return a


_TARGET = ["card-" + n for n in _NAMES]


def _up_action(cards: tuple, player: int) -> Action:
    """The face-up choice of ``cards`` (D4); not cached: three cards of a hand rarely come back."""
    a, b, c = cards
    return Action(f"up {_NAMES[a]} {_NAMES[b]} {_NAMES[c]}", targets=(_TARGET[a], _TARGET[b], _TARGET[c]),
                  select="set", label=f"Lay {_TEXTS[a]} {_TEXTS[b]} {_TEXTS[c]} face up", player=player)


def _sets(cards: list, rank: int) -> list:
    """Every set (tuples, sorted by id) of cards of ``rank`` among ``cards`` (D10): each nonempty subset.
    Identical copies from different decks are offered one by one as well as together (D30): a list that
    merged them would name a copy by a rule (say, the lowest id) and so tell the table which other copies
    the hand holds, and a determinized hand could not replay the copy actually played."""
    group = sorted(c for c in cards if _RANK[c] == rank)
    if len(group) == 1:
        return [(group[0],)]
    out: list = [()]
    for c in group:
        out = [t + x for t in out for x in ((), (c,))]
    return [tuple(sorted(t)) for t in out if t]


def unseen_copies(hand: list, known: list) -> dict:
    """D30: for each card of ``known`` in ``hand``, the identical copies ``hand`` holds that the table has
    not seen (card ids, ascending): ``{7h2: (7h,)}``. What :func:`with_alike` reads, worked out once per
    hand instead of once per action; ``hand`` may be just the cards of one rank (copies share a rank)."""
    seen = set(known)
    out = {}
    for c in seen.intersection(hand):
        face = c % 52
        out[c] = tuple(sorted(u for u in hand if u % 52 == face and u not in seen))
    return out


def with_alike(action: Action, hand: list, known: list, copies: dict | None = None) -> Action:
    """``action`` (a play from ``hand``) with D30's clicks: where it plays a copy the table knows the hand
    holds (``known``) and leaves an unseen identical copy behind, a click on that unseen copy counts as a
    click on the known one (the player cannot tell them apart, and the known copy is the one that goes),
    so choosing either 7h alone plays the 7h the table saw. ``action`` itself when no such copy is left.
    ``copies``: :func:`unseen_copies` of ``hand`` and ``known``, if the caller has it."""
    cards = _PLAY_CARDS[action.notation]
    if copies is None:
        copies = unseen_copies(hand, known)
    pairs = []
    for c in cards:
        twins = copies.get(c)
        if twins:
            others = tuple(_TARGET[u] for u in twins if u not in cards)
            if others:
                pairs.append((_TARGET[c], others))
    if not pairs:
        return action
    key = (action.notation, action.player, tuple(pairs))
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(action.notation, targets=action.targets, select=action.select,
                                   label=action.label, player=action.player, alike=tuple(pairs))
    return a


def hides_known_copy(cards, hand, known) -> int | None:
    """D30 (RULINGS Dritzak 11, 17): a card of ``cards`` played from ``hand`` while a copy of it that the
    table knows the hand holds (``known``: picked up from the pile, D15) stays behind, or None. Copies are
    alike: a player who plays one 7h while holding the 7h everyone saw them pick up plays, for the
    table, that one; naming another copy would tell the table of a second 7h it cannot have seen."""
    if not known:
        return None
    played = set(cards)
    for c in cards:
        if c in known:
            continue
        same = c % 52
        for k in known:
            if k % 52 == same and k not in played and k in hand:
                return c
    return None


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



def deegan_name(level: int) -> str:
    """``walk-off Deegan``, ``double walk-off Deegan`` … for levels 1..4 (D18)."""
    return ("", "walk-off Deegan", "double walk-off Deegan", "triple walk-off Deegan",
            "quadruple walk-off Deegan")[level]


def _sort_key(name: str):
    """Sort cards by play order (3 … A, then 2 and 10), then suit."""
    r = RANKS.index(name[0])
    return (START_ORDER.index(r), name[1], name[2:])

