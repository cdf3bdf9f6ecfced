"""Dritzak set-up: the deal, the secret face-up choice and who starts (rules D2–D5, D9 of
docs/rules/dritzak.md).

A mixin of :class:`~pygames.dritzak.rules.DritzakState`; it works on the state's fields.
"""
from __future__ import annotations

from .base import DritzakBase
from .cards import _RANK, START_ORDER


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
        return (3 + (5 if self.six else 6)) * self.num_players

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

