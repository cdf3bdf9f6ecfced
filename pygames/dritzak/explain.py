"""Dritzak's "Why not?" (issue 17): why a selection of cards (or a play's notation) is no legal play, in
one sentence with the rule id of ``docs/rules/dritzak.md`` it enforces.

Choosing the face-up cards: three hand cards, never a face-down one (D4, D3). Playing: cards of several
ranks (D10), from two zones (D12), face-up cards while the hand holds cards (D11) or the draw pile lasts
(D12), a face-down card before hand and face-up cards are gone (D13), the opening rank (D9), a rank that
does not match or beat the pile's top card (D6) or breaks the rule of 7s (D19), four of a rank that may
not be played (D10). The reasons use only what the player to move sees: their own hand, the face-up
cards, the pile and how many cards the draw pile holds (D27).
"""
from __future__ import annotations

from ..core.state import Explanation
from .cards import _IDS, _NAMES, _RANK, RANKS, SEVEN, hides_known_copy, playable

EXPLAIN_RULES = {"turn": "D2", "end": "D17", "chance": "D2", "legal": "D6", "notation": "D1"}
"""The generic refusals (:attr:`pygames.core.state.State.explain_rules`)."""

_RANK_WORD = {"2": "2", "T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def _rank(r: int) -> str:
    ch = RANKS[r]
    return _RANK_WORD.get(ch, ch)


def _card(c: int) -> str:
    """``the 8 of spades`` (a second deck's copy is the same card to the eye)."""
    suit = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}[_NAMES[c][1]]
    return f"the {_rank(_RANK[c])} of {suit}"


def _plural(r: int) -> str:
    w = _rank(r)
    return w + ("es" if w.endswith("x") else "s")


def _why_choose(s, p: int, path: tuple[str, ...]) -> Explanation | None:
    if any(t.startswith("down-") for t in path):
        return Explanation("Face-down cards stay face down: lay three of your hand cards face up.", "D3")
    if len(set(path)) > 3:
        return Explanation("Lay exactly three of your hand cards face up.", "D4")
    return None


def _why_play(s, p: int, path: tuple[str, ...]) -> Explanation | None:
    hand, up = s.hands[p], s.up[p]
    zone = s.zone(p)
    downs = [t for t in path if t.startswith("down-")]
    if downs:
        if len(path) > 1:
            return Explanation("A face-down card is turned over on its own.", "D13")
        if zone != "down":
            return Explanation("Face-down cards are played only once your hand and face-up cards are gone.",
                               "D13")
        return None
    if not all(t.startswith("card-") and t[5:] in _IDS for t in path):
        return None
    cards = [_IDS[t[5:]] for t in path]
    in_hand = [c for c in cards if c in hand]
    in_up = [c for c in cards if c in up]
    if len(in_hand) + len(in_up) != len(cards):
        return None
    if in_hand and in_up:
        return Explanation("A set comes from one zone: hand cards and face-up cards are never played together.",
                           "D12")
    if in_up and hand:
        return Explanation("You play from your hand while you hold hand cards; face-up cards come after.",
                           "D11")
    if in_up and s.deck:
        return Explanation("Face-up cards are played only once the draw pile is empty and your hand too.", "D12")
    if in_up and zone != "up":
        return Explanation("Face-up cards wait a turn after you empty your hand with a clear.", "D28")
    ranks = {_RANK[c] for c in cards}
    if len(ranks) > 1:
        return Explanation("Cards played together must all be of the same rank.", "D10")
    r = ranks.pop()
    if s.first_rank is not None and r != s.first_rank:
        return Explanation(f"The game opens with the starting rank, {_plural(s.first_rank)}: play those "
                           f"first.", "D9")
    top = _RANK[s.pile[-1]] if s.pile else None
    if top is not None and not playable(r, top, s.options["sevens"]):
        if s.options["sevens"] and top == SEVEN:
            return Explanation(f"A 7 is on top: the next play must be a 7 or lower (or a 2 or a 10), not "
                               f"{'an' if _rank(r)[0] in 'a8' else 'a'} {_rank(r)}.", "D19")
        return Explanation(f"{'An' if _rank(r)[0] in 'a8' else 'A'} {_rank(r)} does not match or beat "
                           f"{_card(s.pile[-1])} on top of the pile (aces high).", "D6")
    hidden = hides_known_copy(in_hand, hand, s.known[p]) if in_hand and s.decks > 1 else None
    if hidden is not None:
        name = _NAMES[hidden % 52]
        return Explanation(f"Everyone saw you pick up a {name}: play that one first (copies of a card are "
                           f"alike, so the one the table knows of is the one that goes).", "D30")
    return Explanation(f"These {_plural(r)} cannot be played together here: a set of the same rank, and "
                       f"all four of a rank only when the rank may be played.", "D10")


def _path(s, p: int, text: str) -> tuple[str, ...] | None:
    words = text.split()
    if not words:
        return None
    if words[0] in ("play", "up") and len(words) > 1:
        return tuple("card-" + w for w in words[1:])
    if words[0] == "down" and len(words) == 2:
        return ("down-" + words[1],)
    return None


def explain(s, targets: tuple[str, ...] | None, notation: str | None) -> Explanation | None:
    """The :meth:`~pygames.core.state.State._explain` hook of :class:`~pygames.dritzak.rules.DritzakState`."""
    p = s.current_player()
    path = targets if notation is None else _path(s, p, notation.strip())
    if notation is not None:
        if notation.strip() == "pick up" and not s.pile:
            return Explanation("There is no pile to pick up: lead a card.", "D15")
        if path is None:
            return Explanation(f"{notation!r} is no Dritzak play (write play 7h 7s, up 3c 9d Kh, down 2 or "
                               f"pick up).", "D1")
        if s.phase == "choose" and notation.split()[0] != "up":
            return Explanation("First lay three of your hand cards face up.", "D4")
        if s.phase == "play" and notation.split()[0] == "up":
            return Explanation("The face-up cards are chosen once, before play.", "D4")
        unknown = [t for t in path if t.startswith("card-") and t[5:] not in _IDS]
        if unknown:
            return Explanation(f"{unknown[0][5:]} is no card (rank then suit, e.g. 7h, Ts, 7h2).", "D1")
        held = set(s.hands[p]) | set(s.up[p])
        missing = [t[5:] for t in path if t.startswith("card-") and _IDS[t[5:]] not in held]
        if missing:
            return Explanation(f"You hold no {missing[0]} that you may play.", "D11")
    if not path:
        return None
    if s.phase == "choose":
        return _why_choose(s, p, path)
    if s.phase == "play":
        return _why_play(s, p, path)
    return None

