"""Dritzak saved states: writing and strictly reading a state, and building a position from a readable
description for tests and diagrams (the zones of D1–D3, D11–D13 and the phases of D2–D28 of
docs/rules/dritzak.md).
"""
from __future__ import annotations

from ..core.errors import InvalidState
from .cards import _IDS, _NAMES, _RANK, RANKS, STALL_PER_PLAYER, TEN, TURNS_PER_PLAYER, parse_card

PHASES = ("deal", "choose", "start", "play", "draw", "over")


def state_json(self) -> dict:
    """The state's game-specific part as JSON (card names; ``load_state`` reads it back)."""
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
        "stall": self.stall, "turns": self.turns, "called": self.called,
        "recent": [[q, names[c], z] for q, c, z in self.recent], "last": self.last, "ties": list(self.ties),
    }


def from_position(game, spec: dict, options: dict | None = None):
    """A play-phase state from a readable position, for tests and diagrams.

    ``spec``: ``hands``, ``up``, ``down`` (lists per player of card names; ``down`` entries may be None),
    ``pile`` (bottom first), ``deck`` (the draw pile; default empty), ``turn`` (default 0), ``direction``,
    ``known``, ``first_rank``, ``places``, ``stall``, ``turns``. Cards not placed anywhere are cleared.
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
        "deegans": [], "stall": spec.get("stall", 0), "turns": spec.get("turns", 0), "called": False, "recent": [],
        "last": "", "ties": []})
    return s


_KEYS = ("deck", "hands", "up", "down", "pile", "cleared", "known", "pending", "phase", "turn", "direction",
         "first_rank", "drawer", "places", "deegans", "stall", "turns", "called", "recent", "last",
         "ties")


def _int(v, lo, hi, what):
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise InvalidState(f"dritzak: {what} must be an integer from {lo} to {hi}, not {v!r}")
    return v


def _list(v, what, length=None):
    if not isinstance(v, list) or (length is not None and len(v) != length):
        raise InvalidState(f"dritzak: {what} must be a list" + (f" of {length}" if length is not None else ""))
    return v


def load_state(s, d) -> None:
    """Strictly load ``d`` (``_state_json`` output) into ``s``; raises InvalidState naming what is wrong.
    Checks that every card of the decks is in exactly one zone and that the phase can be."""
    if isinstance(d, dict) and "turns" not in d:
        d = dict(d, turns=0)  # saved before D24 counted turns
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
    turns = _int(d["turns"], 0, TURNS_PER_PLAYER * n, "turns")
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
    total = (3 + s.deal_hand) * n
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
    s.turns = turns
    s._vis, s._opening, s._starter, s._flips = None, None, None, None  # rebuilt from the history when asked
    s.recent, s.last, s.ties = recent, d["last"], ties
    if phase == "play" and not s.legal_actions():
        s.invalidate()
        raise InvalidState("dritzak: the player to move has nothing to do")
    s.invalidate()

