"""Dritzak information: what each player may see — the observation, the move list, the last move's
text — and the determinization for search (rules D3, D4, D15, D27 of docs/rules/dritzak.md).

A mixin of :class:`~pygames.dritzak.rules.DritzakState`; it works on the state's fields.
"""
from __future__ import annotations

from .base import DritzakBase
from .cards import _IDS, _NAMES, _RANK, RANKS, SEVEN, STALL_PER_PLAYER, _sort_key


class InfoMixin(DritzakBase):
    """Observation, move list and determinization."""

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
