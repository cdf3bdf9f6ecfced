"""Dritzak information: what each player may see — the observation, the move list, the last move's
text — and the determinization for search (rules D3, D4, D15, D27 of docs/rules/dritzak.md).

A mixin of :class:`~pygames.dritzak.rules.DritzakState`; it works on the state's fields.
"""
from __future__ import annotations

from ..core.errors import PygamesError
from .base import DritzakBase
from .cards import _IDS, _NAMES, _TEXTS, _RANK, RANKS, SEVEN, START_ORDER, STALL_PER_PLAYER, TURNS_PER_PLAYER, _sort_key
from .deal import who_starts

_MASK = {"dea": "deal ?", "dra": "draw ?", "up ": "up ?"}
PUBLIC, NOBODY, CHOICE = -1, -2, 100
"""Visibility codes of the history's actions (``InfoMixin._visibility``); a player index: only them."""


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
            cards, cleared, how = v[2], v[3], v[4]
            txt = f"{name} played " + " ".join(_NAMES[c] for c in cards)
            if cleared:
                txt += ", cleared the pile"
            if how == "next":  # D20 (RULINGS Dritzak 15): who plays next after the skips, not how many
                nxt = self.game.player_name(v[5])
                txt += ", plays again" if v[5] == v[1] else f", {nxt} plays next"
            elif how == "wait":  # D28 (RULINGS Dritzak 14)
                txt += f"; {self.game.player_name(v[5])} leads"
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
            "stall": self.stall, "stall_limit": STALL_PER_PLAYER * n,
            "stall_turns": self.turns, "stall_turns_limit": TURNS_PER_PLAYER * n, "last": self.last,
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

    # ----- the move list -------------------------------------------------------------------------------
    def _visibility(self) -> list:
        """Who may see each action of the history (kept by ``_apply``; rebuilt once by replaying the
        history when a state was loaded): ``PUBLIC``, ``NOBODY`` (a face-down card dealt), a player (a
        card dealt or drawn to their hand) or ``CHOICE + player`` (a face-up choice, public once every
        choice is revealed)."""
        vis = self._vis
        if vis is None or len(vis) != len(self.history) or self._flips is None:
            self._replay_info()
            vis = self._vis
            assert vis is not None
        return vis

    def _replay_info(self) -> None:
        """Rebuild ``_vis``, ``_opening`` and ``_starter`` by replaying the history from the start."""
        s = self.game.new_initial_state(self.options)
        try:
            for a in self.history:
                s.apply(a)
        except PygamesError:  # a loaded state whose history does not replay: hide every secret action
            self._vis = [NOBODY if a.startswith(("deal ", "draw ", "up ")) else PUBLIC for a in self.history]
            self._opening = self._starter = None
            self._flips = {}
            return
        self._vis, self._opening, self._starter, self._flips = s._vis, s._opening, s._starter, s._flips

    def history_notes(self) -> dict[int, str]:
        """What the history's actions showed everyone afterwards, for the move list: ``{index: text}``
        (0-based into ``history``), the card each ``down k`` turned over (``7♠``; D13: it comes up face
        up on the pile, public from then on). Never what an action's label says: the card is hidden
        when the action is chosen."""
        self._visibility()  # rebuilds the notes with the visibility of a loaded state
        return {i: _TEXTS[c] for i, c in (self._flips or {}).items()}

    def public_history(self, player):
        """The move list ``player`` (None: a spectator) may see (D27): dealt and drawn cards only to their
        owner (face-down deals to nobody: ``deal ?``, ``draw ?``), and face-up choices only once everyone's
        are revealed (``up ?``). Read from the visibility kept with the history, not by replaying it."""
        vis = self._visibility()
        revealed = self.phase != "choose"
        out = []
        for a, v in zip(self.history, vis):
            if v == PUBLIC or v == player:
                out.append(a)
            elif v >= CHOICE:
                out.append(a if revealed or v - CHOICE == player else "up ?")
            else:
                out.append(_MASK[a[:3]])
        return out

    # ----- determinization ---------------------------------------------------------------------------
    def determinize(self, player, rng):
        """A full state consistent with what ``player`` has seen (D27): every card ``player`` cannot see —
        the draw pile, every face-down card (their own too), the other hands except the cards known there
        (D15), the others' secret face-up choices — is dealt afresh among those places, and the history's
        hidden actions (deals and draws to others, face-down deals, others' choices) are rewritten to
        match, so the move list, observation, legal actions and drawing for ``player`` stay the same. Who
        started stays explained: the fresh opening hands give the same starting rank and starter (D9)
        (cards of a lower rank never go into an opening hand; a few tries for the starting rank's count)."""
        s = self.clone()
        n = s.num_players
        p = player if isinstance(player, int) and 0 <= player < n else None
        hidden = list(s.deck)  # the places ``player`` cannot see, by the card now there
        for q in range(n):
            hidden.extend(c for c in s.down[q] if c is not None)
            if q != p:
                kn = s.known[q]
                hidden.extend(c for c in s.hands[q] if c not in kn)
        if not hidden:
            return s
        if s._vis is None or len(s._vis) != len(s.history):
            s._replay_info()
        opening = s._opening
        perm = None
        if opening is not None:
            perm = self._opening_perm(hidden, p, rng)
        if perm is None:
            shuffled = sorted(hidden)  # sorted: the draw depends on what player sees, not on the true cards
            rng.shuffle(shuffled)
            perm = dict(zip(hidden, shuffled))
        get = perm.get
        s.deck = sorted(perm[c] for c in s.deck)
        for q in range(n):
            s.down[q] = [perm[c] if c is not None else None for c in s.down[q]]
            if q != p:
                s.hands[q] = [get(c, c) for c in s.hands[q]]
                if s.pending[q] is not None:
                    s.pending[q] = tuple(sorted(perm[c] for c in s.pending[q]))
        if opening is not None:
            hands, first, best = opening
            s._opening = (tuple(tuple(get(c, c) for c in h) for h in hands), first, best)
            if s.phase == "start":
                s.ties = list(who_starts([list(h) for h in s._opening[0]])[1])
        names = _NAMES
        hist = s.history
        revealed = s.phase != "choose"
        for i, v in enumerate(s._vis):
            if v == PUBLIC or v == p or (v >= CHOICE and (revealed or v - CHOICE == p)):
                continue
            a = hist[i]
            if v >= CHOICE:
                cards = sorted(get(_IDS[x], _IDS[x]) for x in a.split()[1:])
                hist[i] = "up " + " ".join(names[c] for c in cards)
            else:
                c = _IDS[a[5:]]
                hist[i] = a[:5] + names[get(c, c)]
        s.invalidate()
        return s

    def _opening_perm(self, hidden: list, p, rng) -> dict | None:
        """A fresh dealing of the ``hidden`` cards (``{card now there: card to put there}``) that keeps who
        starts (D9) as it was: cards of ranks asked before the starting rank go only to places outside the
        opening hands; the starting rank's copies are placed at random and the result kept if the same
        player (or the same tie, for a chance node still to come or already played) comes out. None if no
        opening hand card is hidden (any dealing will do)."""
        hands, first, best = self._opening
        in_opening = set()
        for q, h in enumerate(hands):
            if q != p:
                in_opening.update(h)
        spots_open = [c for c in hidden if c in in_opening]
        if not spots_open:
            return None
        order = START_ORDER.index(first)
        low = sorted(c for c in hidden if START_ORDER.index(_RANK[c]) < order)  # sorted: as above
        rest = sorted(c for c in hidden if START_ORDER.index(_RANK[c]) >= order)
        spots_other = [c for c in hidden if c not in in_opening]
        if len(low) > len(spots_other):
            return None  # not a position a real game reaches
        starter = self._starter
        perm: dict = {}
        for _ in range(200):
            rng.shuffle(spots_other)
            rng.shuffle(rest)
            perm = dict(zip(spots_other, low))
            perm.update(zip(spots_other[len(low):] + spots_open, rest))
            first2, best2 = who_starts([[perm.get(c, c) for c in h] for h in hands])
            if first2 != first:
                continue
            if self.phase == "start":
                if len(best2) > 1:
                    return perm
            elif (len(best2) > 1) == (len(best) > 1) and starter in best2:
                return perm
        # rare: no fresh dealing found that keeps who starts; keep the hidden opening-hand cards in place
        keep = [c for c in spots_open]
        others = [c for c in hidden if c not in in_opening]
        shuffled = sorted(others)
        rng.shuffle(shuffled)
        perm = dict(zip(others, shuffled))
        perm.update(zip(keep, keep))
        return perm
