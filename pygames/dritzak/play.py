"""Dritzak play: zones, legal plays, sets and clears, pick-ups, skips and reversal, going out, the called
game and the results (rules D6–D8, D10–D26, D28 of docs/rules/dritzak.md).

A mixin of :class:`~pygames.dritzak.rules.DritzakState`; it works on the state's fields.
"""
from __future__ import annotations

from itertools import combinations

from .base import DritzakBase
from .cards import (_DOWN, _IDS, _NAMES, _PICK_UP, _PLAY_CARDS, _PLAYABLE, _RANK, _SUIT, STALL_PER_PLAYER,
                    TEN, TURNS_PER_PLAYER, _entry_actions, _group, _up_action, deegan_name, hides_known_copy,
                    playable, unseen_copies, with_alike)


def _known_twin(group: list, known: list) -> bool:
    """Whether ``group`` (hand cards of one rank) holds two copies of one card, one of them known (D30):
    only then may a play name a copy that hides the known one."""
    if len({c % 52 for c in group}) == len(group):  # no two copies of one card
        return False
    ids = [c % 52 for c in group]
    return any(k in group and ids.count(k % 52) > 1 for k in known)


_D30_ACTIONS: dict = {}
"""The plays :func:`_known_copy_actions` leaves, by (group, known cards in it, player)."""


def _known_copy_actions(acts: list, group: list, known: list, player: int) -> list:
    """D30 (RULINGS Dritzak 11, 17): the plays ``acts`` of ``group`` (hand cards of one rank) that hide
    no known copy, each with its alike clicks (``cards.with_alike``). They depend only on the group, the
    known cards in it (a copy of a card has its rank) and the player, so they are kept by those (a
    hand keeps its groups for turns on end); do not mutate the list returned."""
    mine = [k for k in known if k in group]
    key = (tuple(sorted(group)), tuple(sorted(mine)), player)
    out = _D30_ACTIONS.get(key)
    if out is None:
        if len(_D30_ACTIONS) > 100_000:  # bound the memory of a long session
            _D30_ACTIONS.clear()
        copies = unseen_copies(group, mine)
        out = _D30_ACTIONS[key] = [with_alike(a, group, mine, copies) for a in acts
                                   if hides_known_copy(_PLAY_CARDS[a.notation], group, mine) is None]
    return out


_PICK_UPS = [[a] for a in _PICK_UP]
"""Each player's pick-up as a list of one action (the last part of ``_play_parts``)."""


class PlayMixin(DritzakBase):
    """The play phase: legal actions, moves and results."""

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
        out: list = []
        for acts in self._play_parts():
            out.extend(acts)
        return out

    def _play_parts(self) -> list:
        """The legal actions of the play phase (D10–D16) as consecutive lists, joined in this order by
        ``_legal_actions``: each playable rank group's plays in rank order (or the face-down slots), then
        the pick-up; a random draw (``rules.DritzakState.pick_random``) counts them instead of joining
        them. Do not mutate the lists."""
        p = self.turn
        pile = self.pile
        out: list = []
        z = "hand" if self.hands[p] else self.zone(p)
        if z == "down":
            out.append([_DOWN[p][i] for i, c in enumerate(self.down[p]) if c is not None])
        elif z != "none":
            top = _RANK[pile[-1]] if pile else None
            first = self.first_rank
            if z == "up":
                groups = _group(self.up[p])
            else:
                h = self.hands[p]
                g = self._groups[p]
                groups = g[2] if g is not None and g[0] is h and g[1] == len(h) else self._hand_groups(p)
            kn = self.known[p] if z == "hand" and self.decks > 1 else None
            for r in ((first,) if first is not None else _PLAYABLE[top, self.options["sevens"]]):
                e = groups.get(r)
                if e is not None:
                    acts = e[1]
                    if acts is None:
                        acts = _entry_actions(e, p)
                        if kn and len(e[0]) > 1 and _known_twin(e[0], kn):  # D30: a known copy goes first
                            # kept in the entry: the known cards of a rank change only with its cards
                            # (a pick-up adds both, a play takes both away), which renews the entry
                            acts = e[1] = _known_copy_actions(acts, e[0], kn, p)
                    out.append(acts)
        if pile:
            out.append(_PICK_UPS[p])
        return out

    def _apply_play(self, note: str) -> None:
        """A move of the player to move: a set, a face-down card or a pick-up (D10–D16); then D24."""
        p = self.turn
        self.turns += 1
        if note == "pick up":
            self._pick_up(p)
            self._last = ("pick", p)
        elif note[0] == "d":  # down k: a blind face-down card (D13)
            i = int(note[5:]) - 1
            c = self.down[p][i]
            assert c is not None  # only slots still holding a card are offered
            self.down[p][i] = None
            top = _RANK[self.pile[-1]] if self.pile else None
            if playable(_RANK[c], top, self.options["sevens"]):
                self._play(p, [c], "down")
            else:
                self.pile.append(c)
                self._pick_up(p)
                self.last = f"{self.game.player_name(p)} turned up {_NAMES[c]} and picked up the pile"
        else:
            cards = _PLAY_CARDS.get(note) or tuple(_IDS[x] for x in note.split()[1:])
            self._play(p, cards, "hand" if self.hands[p] else "up")
        n = len(self.hands)  # one hand per player
        if self.phase != "over" and (self.stall >= STALL_PER_PLAYER * n or self.turns >= TURNS_PER_PLAYER * n):
            self._call_game()  # D24

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

    def _complete(self, rank: int, k: int) -> bool:
        """D23, D26: the run of ``rank`` on top of the pile, whose last ``k`` cards were just played,
        completes a set that clears it. ``four``: any four equal cards in a row; ``all``: every copy of the
        rank in a row. ``suits`` (RULINGS Dritzak 16): four cards of one rank played directly after each
        other (by one or several players) clear the pile only if their four suits are all different (the
        cards of one play are laid in any order); with any other rule the suits do not matter."""
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
        new = {_SUIT[c] for c in pile[-k:]}
        if len(new) == 4:
            return True
        before: list[int] = []  # suits of this rank directly under the cards just played, nearest first
        for c in reversed(pile[:-k]):
            if _RANK[c] != rank or len(before) == 3:
                break
            before.append(_SUIT[c])
        for j in range(1, len(before) + 1):  # j of them, then 4 - j of the new cards
            old = set(before[:j])
            if len(old) == j and len(new - old) >= 4 - j:
                return True
        return False

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
        cleared = rank == TEN or self._complete(rank, len(cards))
        if o["reversal"] and matched:
            self.direction = -self.direction
        out = not self.hands[p] and not self.deck and not self.up[p] and all(c is None for c in self.down[p])
        skips = 0
        if cleared:
            self.cleared.extend(pile)
            self.pile = []
            self.stall = 0
            self.turns = 0
        elif o["skip"] and matched:
            skips = len(cards)
        if out:
            self._last = ("play", p, cards, cleared, "")
            self._go_out(p, zone)
            if self.phase == "over":
                return
            self.turn = self._next(p, 1 + skips)  # p is out now: counting passes over them
            if skips:
                self._last = ("play", p, cards, cleared, "next", self.turn)
            return
        if not cleared:
            self.turn = self._next(p, 1 + skips)  # D20: skips count around the table, wrapping
            self._last = ("play", p, cards, False, "next", self.turn) if skips else ("play", p, cards, False, "")
        elif zone == "hand" and not self.hands[p] and not self.deck and self.up[p]:
            # D28 (RULINGS Dritzak 14): face-up cards wait for the turn after the hand was emptied
            self.turn = self._next(p, 1)
            self._last = ("play", p, cards, True, "wait", self.turn)
        else:
            self.turn = p
            self._last = ("play", p, cards, True, "")
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
            txt += " (called: no clear for too long, fewest cards)"
        for q, lv in self.deegans:
            txt += f"; {deegan_name(lv)} by {name(q)}!"
        return txt
