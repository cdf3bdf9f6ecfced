"""Zoon: what a player cannot see, resampled for a determinized search (ZN7, ZN44).

:func:`determinize` gives a full state that ``player`` cannot tell from the real one: their observation,
legal actions, move list (:meth:`~pygames.zoon.views.ViewsMixin.public_history`) and drawing are the same.
Resampled are everything the other side ``q`` keeps hidden:

- the identities of ``q``'s face-down Zoons, shuffled among their cells, each card keeping to the
  identities its seen moves allow (its ``could`` mask, ZN44: a face-down card that walked sideways is not an
  Emblem without a grid);
- ``q``'s deployment block in the history (the deal, picks, swaps, cancels and new arrangements, ZN44):
  rewritten as a canonical block that deals the resampled arrangement; a block still in progress is
  replaced by a fresh random arrangement (or by a deal not yet begun, if ``q`` is being dealt);
- a pending classic choice of ``q`` (ZN42), redrawn.

The result depends only on what ``player`` sees and on ``rng``, never on which card really is where.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .board import CORNERS, HOME

if TYPE_CHECKING:  # pragma: no cover
    from .rules import ZoonState


def _assign(cells: list[int], masks: dict[int, int], pool: list[int], rng) -> dict[int, int]:
    """A random identity for each cell (``{cell: roster index}``), each from ``pool``, all different, and
    each allowed by its cell's mask (bit ``j`` of ``masks[cell]``). The real assignment satisfies every
    mask, so one always exists; the most constrained cells are filled first, with backtracking."""
    order = sorted(cells, key=lambda c: (bin(masks[c] & sum(1 << j for j in pool)).count("1"), c))
    out: dict[int, int] = {}
    used: set[int] = set()

    def fill(k: int) -> bool:
        if k == len(order):
            return True
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


def _random_arrangement(s: "ZoonState", q: int, rng) -> tuple:
    """A random arrangement of ``q``'s twelve Zoons on their home cells, the Emblem in the back row (as a
    deal gives): the cell of each roster index."""
    e = s.emblem_index(q)
    back = list(HOME[q][:6])
    ce = rng.choice(back)
    rest = [c for c in HOME[q] if c != ce]
    rng.shuffle(rest)
    others = [i for i in range(12) if i != e]
    arr = [0] * 12
    arr[e] = ce
    for i, c in zip(others, rest):
        arr[i] = c
    return tuple(arr)


def _rewrite_block(s: "ZoonState", q: int, block: list[str], edits: int) -> None:
    """Replace ``q``'s deployment block in the history (from its start to its *ready*, or to the end) by
    ``block``, shifting every later history index the state keeps."""
    start = s.block_start(q)
    end = s.ready_at[q] if s.ready_at[q] >= 0 else len(s.history)
    delta = len(block) - (end - start)
    s.history = s.history[:start] + block + s.history[end:]
    s.edits[q] = edits
    if s.ready_at[q] >= 0:
        s.ready_at[q] += delta
        if q == 0 and s.ready_at[1] >= 0:
            s.ready_at[1] += delta
        if s.secret_start:
            s.secret_start += delta


def determinize(state: "ZoonState", player: int, rng) -> "ZoonState":
    """A copy of ``state`` with everything ``player`` cannot see resampled (see the module docstring)."""
    s = state.clone()
    s.deployed = list(s.deployed)
    s.could = [list(x) for x in s.could]
    s.ready_at = list(s.ready_at)
    q = 1 - player
    start = s.block_start(q)
    hidden_cells: tuple = ()
    if start >= 0 and not s.ready[q]:
        # q is deploying: nothing of it was seen; deal it afresh (or not yet, mid-deal)
        s.picked = -1
        if s.phase == "deal":
            _rewrite_block(s, q, [], 0)
            s._start_deal(q)
            s.arranger = 0  # as a deal not yet begun has it (South arranges first)
        else:
            arr = _random_arrangement(s, q, rng)
            block, _n = s._canonical_block(q, arr)
            _rewrite_block(s, q, block, 0)
            for c in HOME[q]:
                s.board[c] = -1
            for i, c in enumerate(arr):
                s.pos[q][i] = c
                s.board[c] = q * 12 + i
    elif s.ready[q]:
        hidden = [i for i in range(12) if s.pos[q][i] >= 0 and not s.up[q][i]]
        cells = sorted(s.pos[q][i] for i in hidden)
        hidden_cells = tuple(cells)
        if len(hidden) > 1:
            masks = {s.pos[q][i]: s.could[q][i] for i in hidden}
            new = _assign(cells, masks, sorted(hidden), rng)
            _relabel_identities(s, q, {s.board[c] % 12: j for c, j in new.items()})
        if start >= 0 and s.ready_at[q] >= 0:
            block, edits = s._canonical_block(q, s.deployed[q])
            _rewrite_block(s, q, block, edits)
    if s.phase == "secret":
        a, _d = s._combat_owners()
        k = 0 if q == a else 1
        if s.secret[k] is not None:
            o, t = rng.randrange(2), rng.randrange(4)
            s.secret[k] = (o, t)
            s.history[s.secret_start + k] = f"secret {('up', 'down')[o]} {CORNERS[t]}"
    from .ai import note_root  # late: ai imports the rules
    note_root(s, player, hidden_cells)
    return s

