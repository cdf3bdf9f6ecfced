"""Zoon: combat, alternate (O'Sullivan's pennies and dice) and classic (secret corners) (ZN13–ZN21, ZN29,
ZN41–ZN43).

Pure functions for the combat value and the outcome, and a mixin of :class:`pygames.zoon.rules.ZoonState`
that starts, resolves and finishes a combat (an attack or a shot).
"""
from __future__ import annotations

from .base import ZoonBase
from .board import CELL, CORNERS, HEADS, TAILS, _EFFECT
from .tribes import STAR, X, trump

def pair_of(corners, coin: int) -> tuple:
    """The raw pair of a card: heads the two top corners (TL, TR), tails the two bottom ones (BR, BL)
    (ZN14)."""
    return (corners[0], corners[1]) if coin == HEADS else (corners[2], corners[3])


def combat_value(mine: tuple, theirs: tuple) -> tuple[int, list[str]]:
    """Combat value of ``mine`` against ``theirs`` with Star and X substitution (ZN15, ZN16): a ★ when only
    ``mine`` has one becomes the higher printed number of ``theirs``; an X when only ``mine`` has one the
    lower printed number; ★ or X on both sides count 0; no printed number opposite counts 0.
    Returns ``(value, notes)``.

    >>> combat_value((STAR, 2), (3, 1))
    (5, ['★→3'])
    >>> combat_value((X, 0), (4, 2))
    (2, ['X→2'])
    """
    nums = [v for v in theirs if v >= 0]
    total, notes = 0, []
    for v in mine:
        if v >= 0:
            total += v
        elif v == STAR:
            s = 0 if STAR in theirs else (max(nums) if nums else 0)
            notes.append(f"★→{s}")
            total += s
        else:
            s = 0 if X in theirs else (min(nums) if nums else 0)
            notes.append(f"X→{s}")
            total += s
    return total, notes


def outcome(cv_a: int, cv_d: int, die_a: int, die_d: int) -> str:
    """``"attacker"``, ``"defender"`` or ``"draw"``: the higher total wins, equal totals go to the lower combat
    value (the underdog rule), equal values and equal dice are a draw (ZN18).

    >>> outcome(9, 5, 2, 6), outcome(9, 5, 1, 5), outcome(4, 4, 3, 3)
    ('defender', 'defender', 'draw')
    """
    ta, td = cv_a + die_a, cv_d + die_d
    if ta != td:
        return "attacker" if ta > td else "defender"
    if cv_a != cv_d:
        return "attacker" if cv_a < cv_d else "defender"
    return "draw"


def _cv_text(v) -> str:
    return "★" if v == STAR else "X" if v == X else str(v)



class CombatMixin(ZoonBase):
    """Combat of a Zoon state (see the module docstring)."""

    def _start_combat(self) -> None:
        c = self.combat
        assert c is not None
        if self.mode == "alternate":  # ZN13: face-down participants are turned face up first
            if c["shot"] is None:
                self._reveal(*c["a"])
            self._reveal(*c["d"])
            self.phase = "dice"
        else:
            self.secret = [None, None]
            self.secret_start = len(self.history) + 1
            self.phase = "secret"

    def _side_card(self, side) -> tuple:
        """(corners, coin, name, code or None) of a combat side: a Zoon ``(p, i)`` or a trump ``(p, code)``."""
        p, x = side
        if isinstance(x, str):
            tr = trump(self.tribes[p], x)
            coin = self.tcoin[p][x] if tr.uses == "unlimited" and self.tzone[p][x] == "side" else HEADS
            return tr.corners, coin, tr.name, None
        z = self.zoon(p, x)
        return z.corners, self.coin[p][x], z.name, p * 12 + x

    def combat_values(self) -> tuple:
        """The pending alternate combat: ``(cva, cvd, pa, pd, notes_a, notes_d, coin_a, coin_d, names)``
        with Star and X substitution and the turn's modifiers applied (ZN14–ZN17)."""
        c = self.combat
        assert c is not None
        ca, coin_a, name_a, code_a = self._side_card(c["a"])
        cd, coin_d, name_d, code_d = self._side_card(c["d"])
        pa, pd = pair_of(ca, coin_a), pair_of(cd, coin_d)
        cva, notes_a = combat_value(pa, pd)
        cvd, notes_d = combat_value(pd, pa)
        ma = self.mods.get(code_a) if code_a is not None else None
        md = self.mods.get(code_d)
        cva = cva * 2 if ma == "x2" else cva + 1 if ma == "+1" else cva
        cvd = cvd * 2 if md == "x2" else cvd + 1 if md == "+1" else cvd
        return cva, cvd, pa, pd, notes_a, notes_d, coin_a, coin_d, (name_a, name_d, code_a, code_d)

    def _before(self) -> dict | None:
        """The combat before the one being resolved, for the panel (text only): :attr:`last` without its
        own ``before``, or None."""
        return {k: v for k, v in self.last.items() if k != "before"} if self.last else None

    def _resolve_alternate(self, da: int, dd: int) -> None:
        c = self.combat
        assert c is not None
        cva, cvd, pa, pd, notes_a, notes_d, coin_a, coin_d, (name_a, name_d, code_a, code_d) = self.combat_values()
        res = outcome(cva, cvd, da, dd)
        effect_side = None
        if res == "draw" and c["shot"] is None and ((STAR in pa) != (STAR in pd)):
            effect_side = "a" if STAR in pa else "d"
        self.last = {
            "kind": "shot" if c["shot"] else "attack", "mode": "alternate",
            "a": {"owner": c["a"][0], "name": name_a, "coin": "HT"[coin_a], "pair": [_cv_text(v) for v in pa],
                  "notes": notes_a, "mod": self.mods.get(code_a) if code_a is not None else None,
                  "value": cva, "die": da, "total": cva + da},
            "d": {"owner": c["d"][0], "name": name_d, "coin": "HT"[coin_d], "pair": [_cv_text(v) for v in pd],
                  "notes": notes_d, "mod": self.mods.get(code_d), "value": cvd, "die": dd, "total": cvd + dd},
            "from": CELL[c["from"]] if c["from"] >= 0 else None, "to": CELL[c["to"]],
            "outcome": res, "effect": None, "before": self._before()}
        self._finish_combat(res, effect_side, trump_has_x=X in pa)

    def classic_result(self, secret) -> tuple:
        """The pending classic combat decided by ``secret`` (``[(orientation, corner), ...]`` of the attacker
        and the defender, as :attr:`secret`): ``(result, effect side or None, va, vd)``, ``result`` one of
        ``"attacker"``, ``"defender"``, ``"draw"`` and ``va``/``vd`` the touched values (ZN42, ZN43)."""
        c = self.combat
        assert c is not None
        (oa, ta), (od, td) = secret
        ca, _ca, _na, code_a = self._side_card(c["a"])
        cd, _cd, _nd, code_d = self._side_card(c["d"])
        va = ca[(td + 2 * oa) % 4]  # the corner of the attacker's card the defender touched
        vd = cd[(ta + 2 * od) % 4]
        for code, which in ((code_a, "a"), (code_d, "d")):
            m = self.mods.get(code) if code is not None else None
            v = va if which == "a" else vd
            if m and v >= 0:
                v = v * 2 if m == "x2" else v + 1
                if which == "a":
                    va = v
                else:
                    vd = v
        effect_side = None
        if va == vd:
            res = "draw"
        elif va == X:
            res = "defender"
        elif vd == STAR:
            res = "draw"
            effect_side = None if c["shot"] else "d"
        elif va == STAR:
            res, effect_side = "draw", "a"
        else:
            res = "attacker" if va > vd else "defender"
        return res, effect_side, va, vd

    def _resolve_classic(self) -> None:
        c = self.combat
        assert c is not None
        (oa, ta), (od, td) = self.secret
        name_a, name_d = self._side_card(c["a"])[2], self._side_card(c["d"])[2]
        res, effect_side, va, vd = self.classic_result(self.secret)
        self.last = {
            "kind": "shot" if c["shot"] else "attack", "mode": "classic",
            "a": {"owner": c["a"][0], "name": name_a, "turned": bool(oa), "touched": CORNERS[td],
                  "value": _cv_text(va)},
            "d": {"owner": c["d"][0], "name": name_d, "turned": bool(od), "touched": CORNERS[ta],
                  "value": _cv_text(vd)},
            "from": CELL[c["from"]] if c["from"] >= 0 else None, "to": CELL[c["to"]],
            "outcome": res, "effect": None, "before": self._before()}
        # classic: both cards were shown, their identities stay known (ZN43)
        if c["shot"] is None:
            self.up[c["a"][0]][c["a"][1]] = True
        self.up[c["d"][0]][c["d"][1]] = True
        self._finish_combat(res, effect_side, trump_has_x=(va == X))

    def _finish_combat(self, res: str, effect_side: str | None, trump_has_x: bool) -> None:
        c = self.combat
        assert c is not None and self.last is not None
        self.combat = None
        self.phase = "run"
        alt = self.mode == "alternate"
        (pd, idd) = c["d"]
        if c["shot"]:
            pa, code = c["a"]
            destroyed = res != "attacker" and trump_has_x
            tr = trump(self.tribes[pa], code)
            self._mark_result(c["to"], "hit" if res == "attacker" else "miss")
            if res == "attacker":
                self.last["text"] = f"{tr.name} hits: {self.zoon(pd, idd).name} is lost"
            else:
                self.last["text"] = f"{tr.name} misses" + (f"; its X destroys it" if destroyed else "")
            if tr.uses == "once" or destroyed:
                self.tzone[pa][code] = "discard"
                self.progress = True
            elif alt:
                if self.tzone[pa][code] == "side":
                    self.tcoin[pa][code] ^= 1
                else:
                    self.tzone[pa][code] = "side"
                    self.tcoin[pa][code] = TAILS  # first use on heads, then flipped (ZN21, ZN23)
            if res == "attacker":
                self._eliminate(pd, idd)
            elif alt:
                self.coin[pd][idd] ^= 1
            return
        pa, ia = c["a"]
        za, zd = self.zoon(pa, ia), self.zoon(pd, idd)
        effect = None
        if res == "draw" and effect_side is not None:
            ep, ei = (pa, ia) if effect_side == "a" else (pd, idd)
            name = self.zoon(ep, ei).name
            effect = _EFFECT.get(name)
            key = f"{'SN'[ep]} {name}"
            if effect is not None and key in self.fired:
                effect = None  # ZN47: each side's tribe-card effects fire at most once per turn each
            elif effect is not None:
                self.fired.append(key)
            if effect == "berserk":
                res = "attacker" if effect_side == "a" else "defender"
        self.last["effect"] = self.zoon(*((pa, ia) if effect_side == "a" else (pd, idd))).name if effect else None
        self._mark_result(c["to"], res)
        if res == "attacker":
            self.last["text"] = f"{za.name} wins: {zd.name} is lost"
            self._eliminate(pd, idd)
            if self.phase == "over":
                return
            self._place(pa, ia, c["to"])
            if alt:
                self.coin[pa][ia] ^= 1
            return
        if res == "defender":
            self.last["text"] = f"{zd.name} wins: {za.name} is lost"
            self._eliminate(pa, ia)
            if alt and self.phase != "over":
                self.coin[pd][idd] ^= 1
            return
        # a draw: the defender stays, the attacker recoils (ZN20)
        self.last["text"] = "Draw" + (f": {self.last['effect']}'s tribe-card effect" if effect else "")
        if c["prev"] != c["from"]:
            self._place(pa, ia, c["prev"])
        if alt:
            self.coin[pa][ia] ^= 1
            self.coin[pd][idd] ^= 1
        if effect is None:
            return
        assert effect_side is not None
        self._queue_effect(effect, effect_side, (pa, ia), (pd, idd))
