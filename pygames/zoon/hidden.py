"""Zoon: what a player cannot see, resampled for a determinized search (ZN7, ZN44).

:func:`determinize` gives a full state that ``player`` cannot tell from the real one: their observation,
legal actions, move list (:meth:`~pygames.zoon.views.ViewsMixin.public_history`) and drawing are the same.
Resampled are everything the other side ``q`` keeps hidden:

- the identities of ``q``'s face-down Zoons, shuffled among their cells, each card keeping to the
  identities its seen moves allow (its ``could`` mask, ZN44: a face-down card that walked sideways is not an
  Emblem without a grid);
- ``q``'s deployment block in the history (the deal, picks, swaps, cancels and new arrangements, ZN44):
  rewritten with the same shape (the same kinds of action in the same order, so the history keeps its
  length) and new content that ends with the resampled arrangement; a block still in progress gets any
  arrangement and is replayed;
- a pending classic choice of ``q`` (ZN42), redrawn.

A choice of moves offered to ``q`` (a tactic trump's or an effect's, pending or ended with ``done``) tells
that one of the Zoons it allows had a move: resampled identities must keep that true (ZN44), tested on
each candidate assignment (:func:`_pending_offer`, :func:`_done_seen`).

The result depends only on what ``player`` sees and on ``rng``, never on which card really is where.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .board import CELL, CORNERS, HOME, _ROSTERS

if TYPE_CHECKING:  # pragma: no cover
    from .rules import ZoonState


def _assign(cells: list[int], masks: dict[int, int], pool: list[int], rng, accept=None) -> dict[int, int]:
    """A random identity for each cell (``{cell: roster index}``), each from ``pool``, all different, and
    each allowed by its cell's mask (bit ``j`` of ``masks[cell]``) and, if given, by ``accept`` (a test of
    the whole assignment). The real assignment passes, so one always exists; the most constrained cells
    are filled first, with backtracking."""
    order = sorted(cells, key=lambda c: (bin(masks[c] & sum(1 << j for j in pool)).count("1"), c))
    out: dict[int, int] = {}
    used: set[int] = set()

    def fill(k: int) -> bool:
        if k == len(order):
            return accept is None or accept(dict(out))
        c = order[k]
        opts = [j for j in pool if j not in used and masks[c] >> j & 1]
        rng.shuffle(opts)
        for j in opts:
            used.add(j)
            out[c] = j
            if fill(k + 1):
                return True
            used.discard(j)
        return False

    if not fill(0):  # pragma: no cover - the real identities always fit
        raise AssertionError("no identities fit what was seen")
    return out


RESTARTS = 64
"""Random assignments tried before :func:`_assign` searches them all with its ``accept`` test."""


def _pending_offer(s: "ZoonState", q: int) -> bool:
    """Whether ``q`` is being offered the moves of a trump or an effect (ZN23–ZN28, ZN31): the other
    side sees the choice, so at least one of the Zoons it allows has a move (ZN44), which the ``could``
    masks alone do not ensure when only face-down Zoons may move."""
    t = s.decide
    return t is not None and t[0] in ("tactic", "extra") and t[1] == q


def _done_seen(s: "ZoonState", q: int) -> bool:
    """Whether ``q`` ended such a choice with ``done`` after its deployment: then, too, one of its Zoons
    had a move at the time (a choice answered with a move is met by the moved Zoon, turned face up or
    keeping only identities that make the move); checked by replaying the history."""
    return "done" in s.history[max(s.ready_at[q], 0):]


def _replays_to_itself(s: "ZoonState") -> bool:
    """Whether ``s``'s history, replayed from the start, reaches ``s`` (each action legal on the way)."""
    r = s.game.new_initial_state(s.options)
    try:
        for a in s.history:
            r.apply(a)
    except Exception:  # an action the resampled identities make illegal (a trump's move or done)
        return False
    return r._state_json() == s._state_json()


def _relabel_identities(s: "ZoonState", q: int, ident: dict[int, int]) -> None:
    """Give ``q``'s card labelled ``i`` the identity ``ident[i]`` everywhere it is referred to: cells,
    the repetition record, the deployed arrangement, the ``could`` masks, the pending combat, the turn's
    modifiers, tasks and decision."""
    if all(i == j for i, j in ident.items()):
        return
    old_pos, old_could = list(s.pos[q]), list(s.could[q])
    dep = s.deployed[q]
    new_dep = list(dep) if dep is not None else None
    for i, j in ident.items():
        s.pos[q][j] = old_pos[i]
        s.board[old_pos[i]] = q * 12 + j
        s.could[q][j] = old_could[i]
        if dep is not None and new_dep is not None:
            new_dep[j] = dep[i]
    if new_dep is not None:
        s.deployed[q] = tuple(new_dep)
    code = {q * 12 + i: q * 12 + j for i, j in ident.items()}
    s.seen = [(tuple(code.get(v, v) for v in k[0]),) + k[1:] for k in s.seen]
    s._relabel(q, ident)


def _random_arrangement(s: "ZoonState", q: int, rng) -> list[int]:
    """A random arrangement of ``q``'s twelve Zoons on their home cells, the Emblem in the back row (as a
    deal gives): the cell of each roster index."""
    e = s.emblem_index(q)
    ce = rng.choice(HOME[q][:6])
    rest = [c for c in HOME[q] if c != ce]
    rng.shuffle(rest)
    arr = [0] * 12
    arr[e] = ce
    for i, c in zip((i for i in range(12) if i != e), rest):
        arr[i] = c
    return arr


def _deal_notations(s: "ZoonState", q: int, arr: list[int]) -> list[str]:
    """The eleven chance actions of a deal giving the arrangement ``arr`` (the Emblem in the back row):
    the Emblem's cell, then the cards of the other home cells in order (the last takes the last cell)."""
    ros = _ROSTERS[s.tribes[q]]
    side = "SN"[q]
    e = s.emblem_index(q)
    at = {c: i for i, c in enumerate(arr)}
    rest = [c for c in HOME[q] if c != arr[e]]
    return [f"deal {side} {ros[e].key} {CELL[arr[e]]}"] + [f"deal {side} {ros[at[c]].key}" for c in rest[:-1]]


def _kinds(block: list[str]) -> list[str]:
    """The shape of a deployment block: ``D`` a deal step, ``P`` pick, ``S`` swap, ``K`` keep, ``R``
    random."""
    return ["D" if a.startswith("deal ") else "P" if a.startswith("pick ") else "S" if a.startswith("swap ")
            else "K" if a.startswith("keep ") else "R" for a in block]


def _last_deal(kinds: list[str]) -> tuple[int, int]:
    """Where the last deal of a block starts and ends (end exclusive); (0, 0) for a block not yet dealt."""
    if "D" not in kinds:
        return 0, 0
    start = max(i for i, k in enumerate(kinds) if k == "D" and (i == 0 or kinds[i - 1] != "D"))
    end = start
    while end < len(kinds) and kinds[end] == "D":
        end += 1
    return start, end


def swaps_after_last_deal(block: list[str]) -> int:
    """How many swaps the block makes after its last deal: with none, the arrangement it ends with is that
    deal's, so its Emblem is in the back row."""
    kinds = _kinds(block)
    return kinds[_last_deal(kinds)[1]:].count("S")


def _resample_block(s: "ZoonState", q: int, block: list[str], target: list[int] | None, rng) -> list[str]:
    """A block of ``q``'s deployment with the same shape as ``block`` (the same kinds of action in the same
    order, so the same length and the same changes used) and new content: random deals, cells and
    cancels, ending with the arrangement ``target`` (the cell of each roster index; None: any). Where the
    block ends inside a deal, that deal is cut at the same step. Raises AssertionError if ``target`` puts
    the Emblem in the front row and the block makes no swap after its last deal."""
    kinds = _kinds(block)
    first, last_end = _last_deal(kinds)
    out: list[str] = []
    home = HOME[q]
    e = s.emblem_index(q)
    # the swaps after the last deal, chosen backwards from the target so that the deal has its Emblem in
    # the back row
    n_swaps = kinds[last_end:].count("S")
    final = list(target) if target is not None else None
    swaps: list[tuple[int, int]] = []
    if final is not None:
        cur = list(final)
        where = {c: i for i, c in enumerate(cur)}
        for k in range(n_swaps):
            if k == 0 and cur[e] not in home[:6]:
                a, b = cur[e], rng.choice(home[:6])
            else:
                a, b = rng.sample([c for c in home if c != cur[e]], 2)
            swaps.append((a, b))
            ia, ib = where[a], where[b]
            cur[ia], cur[ib] = b, a
            where[a], where[b] = ib, ia
        assert cur[e] in home[:6], "no swap after the last deal can have moved the Emblem forward"
        swaps.reverse()
        last_arr = cur
    else:
        last_arr = _random_arrangement(s, q, rng)
        for _ in range(n_swaps):
            a, b = rng.sample(list(home), 2)
            swaps.append((a, b))
    k = 0
    while k < len(kinds):
        kind = kinds[k]
        if kind == "D":
            end = k
            while end < len(kinds) and kinds[end] == "D":
                end += 1
            arr = last_arr if k == first else _random_arrangement(s, q, rng)
            out += _deal_notations(s, q, arr)[:end - k]
            k = end
            continue
        if kind == "R":
            out.append("random")
        elif kind == "P":
            if k + 1 < len(kinds) and kinds[k + 1] == "S":
                a, b = swaps.pop(0) if k > first else tuple(rng.sample(list(home), 2))
                out += [f"pick {CELL[a]}", f"swap {CELL[a]} {CELL[b]}"]
                k += 2
                continue
            c = rng.choice(home)
            out.append(f"pick {CELL[c]}")
            if k + 1 < len(kinds) and kinds[k + 1] == "K":
                out.append(f"keep {CELL[c]}")
                k += 2
                continue
        k += 1
    return out


def _rewrite_block(s: "ZoonState", q: int, block: list[str]) -> None:
    """Put ``block`` (as long as the one it replaces) in place of ``q``'s deployment block in the history."""
    start = s.block_start(q)
    s.history[start:start + len(block)] = block


def determinize(state: "ZoonState", player: int, rng) -> "ZoonState":
    """A copy of ``state`` with everything ``player`` cannot see resampled (see the module docstring)."""
    s = state.clone()
    s.deployed = list(s.deployed)
    s.could = [list(x) for x in s.could]
    q = 1 - player
    start = s.block_start(q)
    hidden_cells: tuple = ()
    if start >= 0 and not s.ready[q]:
        # q is deploying: nothing of it was seen; deploy it afresh with the same shape and replay
        block = s.history[start:]
        s.history[start:] = _resample_block(s, q, block, None, rng)
        fresh = s.game.new_initial_state(s.options)
        for a in s.history:
            fresh.apply(a)
        fresh.history = s.history
        s = fresh
    elif s.ready[q]:
        hidden = [i for i in range(12) if s.pos[q][i] >= 0 and not s.up[q][i]]
        cells = sorted(s.pos[q][i] for i in hidden)
        hidden_cells = tuple(cells)
        has_block = start >= 0 and s.ready_at[q] >= 0
        block = s.history[start:s.ready_at[q]] if has_block else []
        masks = {s.pos[q][i]: s.could[q][i] for i in hidden}
        dep = s.deployed[q]
        if has_block and dep is not None and not swaps_after_last_deal(block):
            # the arrangement is its last deal's: the Emblem was dealt into the back row
            e = s.emblem_index(q)
            for i in hidden:
                if dep[i] not in HOME[q][:6]:
                    masks[s.pos[q][i]] &= ~(1 << e)
        base = s
        pending, replay = _pending_offer(s, q), has_block and _done_seen(s, q)
        check = len(hidden) > 1 and (pending or replay)

        def build(new: dict[int, int]) -> "ZoonState":
            t = base.clone()
            t.deployed = list(t.deployed)
            t.could = [list(x) for x in t.could]
            if len(hidden) > 1:
                _relabel_identities(t, q, {t.board[c] % 12: j for c, j in new.items()})
            if has_block:
                _rewrite_block(t, q, _resample_block(t, q, block, list(t.deployed[q]), rng))
            return t

        def accept(new: dict[int, int]) -> bool:
            t = build(new)
            if pending and t.decide is not None and not any(t.moves_of(q, i) for i in t.decide[2]):
                return False
            return not replay or _replays_to_itself(t)

        new: dict[int, int] = {}
        if len(hidden) > 1:
            for _ in range(RESTARTS if check else 1):
                new = _assign(cells, masks, sorted(hidden), rng)
                if not check or accept(new):
                    break
            else:  # rare: search every assignment (the real one is among them)
                new = _assign(cells, masks, sorted(hidden), rng, accept)
        s = build(new)
    if s.phase == "secret":
        a, _d = s._combat_owners()
        k = 0 if q == a else 1
        if s.secret[k] is not None:
            o, t = rng.randrange(2), rng.randrange(4)
            s.secret[k] = (o, t)
            s.history[s.secret_start + k] = f"secret {('up', 'down')[o]} {CORNERS[t]}"
    s.__dict__["_unseen_cells"] = (player, hidden_cells)  # for the search's root hook (ai.note_root)
    return s

