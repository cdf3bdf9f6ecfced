"""Dritzak set-up: the deal, the secret face-up choice and who starts (rules D2–D5, D9, D29 of
docs/rules/dritzak.md).

A mixin of :class:`~pygames.dritzak.rules.DritzakState`; it works on the state's fields.
"""
from __future__ import annotations

from .base import DritzakBase
from .cards import _RANK, START_ORDER


def who_starts(hands: list) -> tuple:
    """D9 (RULINGS Dritzak 4 and 13): ``(first_rank, best)`` for the hands at the reveal: the first rank of
    ``START_ORDER`` someone holds, and the players who may start. For each holder, count the copies of that
    rank the run of consecutive holders beginning with them, in turn order, would play (each plays all the
    copies they hold); the largest count starts (A two 3s, C one, B and D none: A, 2 cards against 1). Equal
    counts all stay in ``best`` (a chance node picks); when everyone holds the rank, everyone does."""
    n = len(hands)
    for r in START_ORDER:
        counts = [sum(1 for c in h if _RANK[c] == r) for h in hands]
        if any(counts):
            break
    if all(counts):
        return r, list(range(n))
    score = {}
    for q in range(n):
        if counts[q]:
            k = total = 0
            while counts[(q + k) % n]:
                total += counts[(q + k) % n]
                k += 1
            score[q] = total
    top = max(score.values())
    return r, [q for q in range(n) if score.get(q) == top]


class DealMixin(DritzakBase):
    """The deal (D2, D5), the face-up choice's reveal (D4) and who starts (D9)."""

    # ----- the deal ----------------------------------------------------------------------------------
    def _deal_target(self):
        """(zone, player) of the next dealt card (D2): three face-down rounds, then the hand rounds."""
        n = self.num_players
        k = 52 * self.decks - len(self.deck)  # cards dealt so far: during the deal no card is elsewhere
        if k < 3 * n:
            return "down", k % n
        return "hand", (k - 3 * n) % n

    def _deal_total(self) -> int:
        return (3 + self.deal_hand) * self.num_players

    # ----- the moves ---------------------------------------------------------------------------------
    def _reveal(self) -> None:
        """D4: every face-up choice is revealed together; then who starts is decided (D9): one player, or
        a chance node among the tied (``start`` phase)."""
        for q, t in enumerate(self.pending):
            h = self.hands[q]
            for c in t:
                h.remove(c)
            self.up[q] = sorted(t)
        n = self.num_players
        self.pending = [None] * n
        self.first_rank, best = who_starts(self.hands)
        self._opening = (tuple(tuple(h) for h in self.hands), self.first_rank, tuple(best))
        if len(best) == 1:
            self._begin(best[0])
        else:
            self.ties = best
            self.phase = "start"

    def _begin(self, p: int) -> None:
        self.turn = p
        self._starter = p
        self.phase = "play"
        self.ties = []
        self.last = f"{self.game.player_name(p)} starts"

