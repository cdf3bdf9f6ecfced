"""Verquere's "Why not?" (issue 17): why a click path or a die move's notation starts no legal action, in
one sentence with the rule id of ``docs/rules/verquere.md`` it enforces.

A piece that is not there or not the mover's (V1), a move while a piece waits on the bar (V13), a piece
whose every die lands on a blocked point (V8), on one of the first twelve points already holding the
mover's own piece (V10) or, in Ludii's rules, on a non-empty one (V31, V33), a bear-off before every
piece is home (V16) or without the exact number (V17), a move backwards (V7), a distance no die shows
(V5), a move that would waste a die (V19) or play the smaller die when only one can be used (V18).
Everything in Verquere is public.
"""
from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.state import Explanation
from .rules import NAMES, VerquereState, _target, opp_point, point_of

EXPLAIN_RULES = VerquereState.explain_rules
"""The generic refusals (:attr:`pygames.core.state.State.explain_rules`)."""


def _point(pl: int, target: str) -> int | None:
    """``pl``'s point number of a click target: 0 for their bar, 25 for bearing off, 1..24 on the ring."""
    if target == f"bar-{pl}":
        return 0
    if target == f"off-{pl}":
        return 25
    if target.startswith("r") and target[1:].isdigit() and 0 <= int(target[1:]) < 24:
        return point_of(pl, int(target[1:]))
    return None


def _landing(s: VerquereState, pl: int, frm: int, d: int) -> Explanation | None:
    """Why a piece of ``pl`` on ``frm`` cannot move ``d`` points (None when it can, die rules aside)."""
    to, other = frm + d, NAMES[1 - pl]
    if to > 25 or (to == 25 and not s.can_bear_off(pl)):
        if not s.can_bear_off(pl):
            return Explanation(f"A {d} from point {frm} would bear off, and you bear off only once all your "
                               f"pieces are on points 19–24 and none waits on the bar.", "V16")
        return Explanation(f"A {d} from point {frm} overshoots: bearing off needs the exact number.", "V17")
    if to == 25:
        return None
    opp = s.board[1 - pl][opp_point(to)]
    if opp >= 2:
        return Explanation(f"Your point {to} holds {opp} {other} pieces: it is blocked.", "V8")
    if s.ludii and to <= 12 and (opp or s.board[pl][to]):
        return Explanation(f"On your first twelve points a piece may land only on an empty point, and your "
                           f"point {to} is not empty.", "V33" if frm == 0 else "V31")
    if not s.ludii and 2 <= to <= 12 and s.board[pl][to]:
        return Explanation(f"You already have a piece on your point {to}: on points 2–12 you may never have "
                           f"two.", "V10")
    return None


def _why_piece(s: VerquereState, pl: int, frm: int) -> Explanation:
    if frm == 25:
        return Explanation("Pieces borne off are out of the game.", "V21")
    have = s.bar[pl] if frm == 0 else s.board[pl][frm]
    if not have:
        where = "on the bar" if frm == 0 else f"on your point {frm}"
        return Explanation(f"You have no piece {where} to move.", "V1")
    if s.bar[pl] and frm and not s.ludii:
        return Explanation("A piece of yours waits on the bar: re-enter it before any other move.", "V13")
    dice = sorted(set(s.dice), reverse=True)
    landing = {d: _landing(s, pl, frm, d) for d in dice}
    reasons = [r for r in landing.values() if r is not None]
    if len(reasons) == len(dice):
        if len(dice) == 1:
            return reasons[0]
        return Explanation(f"The piece on {'the bar' if frm == 0 else f'point {frm}'} cannot use any die: "
                           f"{reasons[0].text[0].lower()}{reasons[0].text[1:]}", reasons[0].rule)
    return _dice_rule(s, [d for d, r in landing.items() if r is None])


def _dice_rule(s: VerquereState, dice: list[int]) -> Explanation:
    """The dice-use rule a step with one of ``dice`` (it lands legally) breaks: V18 when only one of two
    different dice can be used and these are smaller, else V19 (a die would be wasted)."""
    pl = s.turn
    assert pl is not None
    if len(s.dice) == 2 and s.dice[0] != s.dice[1] and max(s.dice) not in dice \
            and not s._can_play(pl, list(s.dice), 2):
        return Explanation(f"Only one of your dice can be used, so it must be the larger, the {max(s.dice)}.",
                           "V18")
    return Explanation("That move would leave a die unused: you must use as many of your dice as you can.",
                       "V19")


def _why(s: VerquereState, path: tuple[str, ...]) -> Explanation | None:
    pl = s.turn
    if pl is None:
        return None
    foreign = next((t for t in path if t in (f"bar-{1 - pl}", f"off-{1 - pl}")), None)
    if foreign is not None:
        what = "bar" if foreign.startswith("bar") else "borne-off pieces"
        return Explanation(f"That is {NAMES[1 - pl]}'s {what}: you play only your own pieces, along your own "
                           f"path.", "V1")
    frm = _point(pl, path[0])
    if frm is None:
        return None
    starts = {f for f, _ in s.legal_steps()}
    if frm not in starts or len(path) == 1:
        return _why_piece(s, pl, frm)
    to = _point(pl, path[1])
    if to is None or len(path) > 2:
        return None
    d = to - frm
    if d <= 0:
        return Explanation("Pieces only move forward, from lower to higher point numbers.", "V7")
    if d not in s.dice:
        if to == 25 and any(d < e for e in s.dice) and s.can_bear_off(pl):
            return Explanation(f"Bearing off from point {frm} needs a {d}: a higher die does not bear off from "
                               f"a lower point.", "V17")
        shown = " and ".join(str(e) for e in sorted(set(s.dice), reverse=True))
        where = f"Bearing off from point {frm} takes {d}" if to == 25 else \
            f"Point {to} is {d} point{'s' if d > 1 else ''} on"
        return Explanation(f"{where}, and you have {shown} to play: each die moves one piece exactly its "
                           f"number.", "V5")
    return _landing(s, pl, frm, d) or _dice_rule(s, [d])


def _notation_path(s: VerquereState, text: str) -> tuple[str, ...]:
    frm_s, slash, to_s = text.strip().rstrip("*").partition("/")
    try:
        frm = 0 if frm_s == "bar" else int(frm_s)
        to = 25 if to_s == "off" else int(to_s)
    except ValueError:
        frm = to = -1
    if not slash or not 0 <= frm <= 24 or not 1 <= to <= 25:
        raise IllegalAction(f"{text!r} is not a Verquere die move (write from/to: 1/7, bar/4, 21/off)",
                            rule="V20")
    assert s.turn is not None
    return (_target(s.turn, frm), _target(s.turn, to))


def explain(s: VerquereState, targets: tuple[str, ...] | None, notation: str | None) -> Explanation | None:
    """The :meth:`~pygames.core.state.State._explain` hook of
    :class:`~pygames.verquere.rules.VerquereState`."""
    if notation is None:
        return _why(s, targets or ())
    if " " in notation.strip():
        return Explanation("Each die is its own action: play one die move (from/to) at a time.", "V5")
    path = _notation_path(s, notation)
    if any(a.targets == path for a in s.legal_actions()):
        return Explanation("A hit is written with a trailing * exactly when the move hits.", "V20")
    return _why(s, path)
