"""Duerror Grandis: the engine's fast uniform random playout (``Game.playout``; rules G4–G39).

It plays exactly what the protocol plays (uniform among the legal actions, chance by its
probabilities) and leaves exactly the state the protocol would leave.
"""
from __future__ import annotations

from random import Random

from ..core.state import Action, State, uniform_pick
from .common import DISTANCE, NAMES, OUT, _D6_OUTCOMES, _NUMX, _VEER_NOTES, _VEER_OUTCOMES, _act, _move, _take_names
from .base import StateBase
from .moving import _piece_actions


class PlayoutMixin(StateBase):
    """Part of :class:`~pygames.duerror_grandis.rules.DuerrorState` (see its fields)."""

    def pick_random(self, rng) -> Action:
        """:meth:`State.pick_random`, drawing the d6 (G9) and a veer's two d10 (G20) by
        :func:`~pygames.core.state.uniform_pick` (the outcome ``pick(chance_outcomes(), rng.random())``
        gives, without listing them), formactus' choices (G8, G9) from their kept tuple and a take (G11–G17)
        or the end of flictus as ``legal_actions()[k]`` building that action only: the same draws, the
        same game from a seed."""
        part = self.part
        d = self.__dict__
        if part == "d6":
            a = _D6_OUTCOMES[uniform_pick(6, rng.random())][0]
        elif part == "veer":
            a = _VEER_OUTCOMES[uniform_pick(100, rng.random())][0]
        elif "_cache_legal" in d or (part != "flictus" and part != "formactus" and part != "change"):
            return State.pick_random(self, rng)
        else:
            draw = rng._randbelow if type(rng) is Random else rng.randrange  # type: ignore[attr-defined]
            p = self.turn
            if part == "flictus":  # the takes, then the ends, as _legal_actions lists them
                tl = d["_tl"] = self._take_list()  # kept for applying one of them
                ends = self._flictus_ends(p)
                k = draw(len(tl) + len(ends))
                a = _act(tl[k][0], p, tl[k][1]) if k < len(tl) else ends[k - len(tl)]
            else:
                acts = _piece_actions(part, p, self.pieces[p][0][0], self.tokens[p] > 0, self.kinds, self.caecus)
                a = acts[draw(len(acts))]
        d["_picked"] = a
        return a

    # ----- fast playout -------------------------------------------------------------------------------
    def fast_playout(self, rng, decisions: int = 10**9) -> None:
        """Play up to ``decisions`` player decisions in place, each uniformly at random among exactly the
        legal actions :meth:`legal_actions` offers, chance sampled with ``rng`` by its probabilities (the
        search's playout, ``Game.playout``; rules G4–G41 as the protocol plays them).

        It skips the protocol's bookkeeping (no :class:`Action` lists, no look-up of the notation): the
        options of the frequent parts (flictus, flexus and fluctus, the dice) are counted on the engine's
        own fields, one is drawn, and only its notation is made. The state is left exactly as the
        protocol would leave it after the same actions: ``history`` included, so it replays to it.
        Chance outcomes do not count as decisions; it stops early once the match is over."""
        d = self.__dict__
        d["_off"] = 1  # each notation is appended before it is applied (see HiddenMixin._mark)
        try:
            self._playout(rng, decisions)
        finally:
            d.pop("_off", None)

    def _playout(self, rng, decisions: int) -> None:
        d = self.__dict__
        self.invalidate()
        for cached in ("_tl", "_mv"):
            d.pop(cached, None)
        hist = self.history
        rnd = rng.random  # int(rnd() * k) is uniform on 0..k-1 (to within 2**-53 · k)
        fac = self.factiosus
        done = 0
        while True:
            part = self.part
            p = self.turn
            if part == "veer":  # G20: two d10, 100 equally likely outcomes
                k = int(rnd() * 100)
                hist.append(_VEER_NOTES[k])
                self._veer(p, k // 10, k % 10)
            elif part == "move":  # flexus and fluctus, the options of _legal_actions in their order
                if done >= decisions:
                    break
                done += 1
                pieces = self.pieces[p]
                handled = self.handled
                numx = _NUMX[self.boards[p]]
                paid = self.tokens[p] > 0
                veer = paid and not handled
                opts: list = []  # i: veer piece i; 4 + i: move it; 8 + i: pay for it to stay; 12: stay
                stuck = True
                for i, (kind, s) in enumerate(pieces):
                    if s == OUT or i in handled:
                        continue
                    if veer and (fac or not opts):
                        opts.append(i)
                    if numx[s + 1] + DISTANCE[kind] <= 82:
                        stuck = False
                        opts.append(4 + i)
                        if paid:
                            opts.append(8 + i)
                if stuck:
                    opts.append(12)
                c = opts[int(rnd() * len(opts))]
                if c < 4:
                    hist.append("veer " + pieces[c][0] if fac else "veer")
                    self._start_veer(p, c)
                elif c < 8:
                    kind, s = pieces[c - 4]
                    a, end = _move(p, self.boards[p], kind, s, fac)
                    hist.append(a.notation)
                    self._move_piece(p, c - 4, end)
                elif c < 12 and fac:
                    hist.append("stay " + pieces[c - 8][0])
                    self._stay_piece(p, c - 8)
                else:
                    hist.append("stay")
                    self._stay(p)
            elif part == "flictus":  # the takes, then stop or spare (as _legal_actions lists them)
                if done >= decisions:
                    break
                done += 1
                found = d.pop("_tk", None) or self.takes()
                if self.took:
                    extra: list = ["stop"]
                elif self.bank > 0 or not any(self.tokens[q] for q in self.could):
                    extra = [None]
                else:
                    extra = [q for q in self.could if self.tokens[q] > 0]
                k = int(rnd() * (len(found) + len(extra)))
                if k < len(found):
                    ti, q, vi = found[k]
                    pieces = self.pieces
                    kind, s = pieces[p][ti]
                    vs = pieces[q][vi][1]
                    label = None
                    if len(found) > 1:  # another victim of this taker on the same square: name the victim
                        for t2, q2, v2 in found:
                            if t2 == ti and pieces[q2][v2][1] == vs and (q2 != q or v2 != vi):
                                label = self._label(q, vi)
                                break
                    hist.append(_take_names(fac, kind, s, vs, label)[0])
                    self._take(p, ti, q, vi)
                elif extra[0] == "stop":
                    hist.append("stop")
                    self._begin_move()
                else:
                    q = extra[k - len(found)]
                    hist.append("spare" if q is None else "spare " + self.name(q))
                    self._spare(p, q)
            elif part == "board" and self.caecus:  # G40: a board drawn face down
                free = [b for b in range(9) if b not in self.boards]
                hist.append(f"board {free[int(rnd() * len(free))] + 1}")
                self._apply_part(hist[-1])
            elif part == "d6":
                k = int(rnd() * 6)
                hist.append(_D6_OUTCOMES[k][0].notation)
                self._apply_part(hist[-1])
            elif part == "opening":
                hist.append(f"first {NAMES[int(rnd() * self.n)]}")
                self._apply_part(hist[-1])
            elif part == "over":
                break
            else:  # colour, board, piece, formactus, change: rare, through the engine's own list
                if done >= decisions:
                    break
                done += 1
                d.pop("_tk", None)
                acts = self._legal_actions()
                a = acts[int(rnd() * len(acts))]
                hist.append(a.notation)
                self._apply_part(a.notation)
            if self.part == "done":
                self._end_turn()
