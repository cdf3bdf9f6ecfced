"""Zoon passes the conformance kit in both combat modes, with its invariants checked at every ply
(every card in exactly one place; observations never hold what the viewer may not see)."""
import json

import pytest

from pygames.zoon.rules import CELL, HOME, OBST
from pygames.zoon.tribes import TRUMPS

from ..conformance import check_game


def places(s):
    """Where every card is: ``{(player, card): place}`` with place board, hand, side, discard or
    eliminated (a caged Zoon is eliminated; its cage is a trump on the board)."""
    out = {}
    for p in (0, 1):
        for i in range(12):
            c = s.pos[p][i]
            out[(p, f"zoon{i}")] = "board" if c >= 0 else "eliminated" if c == -1 else "undeployed"
        for code, z in s.tzone[p].items():
            out[(p, code)] = z
        out[(p, "tribe card")] = "hand"
    return out


def zoon_invariants(s):
    # every card in exactly one place (board, hand, side, discard, eliminated)
    pl = places(s)
    assert len(pl) == 2 * 16
    deployed = s.phase not in ("first", "deal") and not (s.phase == "arrange" and s.arranger == 0 and
                                                          not s.ready[0] and all(c == -2 for c in s.pos[1]))
    for (p, card), where in pl.items():
        assert where in ("board", "hand", "side", "discard", "eliminated", "undeployed"), (card, where)
        if where == "undeployed":
            assert s.phase in ("first", "deal", "arrange"), "only a deployment leaves cards off the table"
    for p in (0, 1):
        assert sorted(s.elim[p]) == sorted(i for i in range(12) if s.pos[p][i] == -1)
        assert len(set(s.elim[p])) == len(s.elim[p])
        for i in range(12):
            c = s.pos[p][i]
            if c >= 0:
                assert s.board[c] == p * 12 + i, "a Zoon and its cell agree"
                if s.mode == "alternate" and not s.up[p][i] and s.phase not in ("deal", "arrange", "first"):
                    assert c // 6 == (0, 5)[p], "ZN13: a face-down Zoon is always in its back row"
        assert len(s.tzone[p]) == 3 and set(s.tzone[p]) == {t.code for t in TRUMPS[s.tribes[p]]}
        # ZN22: at least six face up (or all) once a Zoon is lost, outside a pending choice
        if s.mode == "alternate" and s.elim[p] and s.phase in ("turn", "over") and s.winner is None:
            alive = [i for i in range(12) if s.pos[p][i] >= 0]
            assert sum(s.up[p][i] for i in alive) >= min(6, len(alive))
    for c, v in enumerate(s.board):
        if v >= OBST:
            assert s.obst[v - OBST][0] == c
        elif v >= 0:
            assert s.pos[v // 12][v % 12] == c
    assert sum(1 for v in s.board if v >= 0 and v < OBST) == sum(1 for p in (0, 1) for c in s.pos[p] if c >= 0)
    check_privacy(s)
    if s.is_terminal():
        assert s.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def check_privacy(s):
    """ZN7: no observation holds the opponent's face-down Zoons, their hand or their pending secret."""
    for viewer in (0, 1, None):
        obs = s.observation(viewer)
        text = json.dumps(obs)
        for p in (0, 1):
            for i in range(12):
                c = s.pos[p][i]
                if c < 0:
                    continue
                cell = obs["cells"][c]
                if viewer != p and not s.up[p][i]:
                    assert cell == {"owner": p, "hidden": True}, (CELL[c], cell)
                else:
                    assert cell["key"] == s.zoon(p, i).key
            if viewer != p:
                assert obs["trumps"][p]["hand"] == []
        if s.phase == "secret":
            a = s.combat["a"][0]
            for k, owner in ((0, a), (1, 1 - a)):
                if owner != viewer and s.secret[k] is not None:
                    assert obs["secret"]["mine"] is None or viewer in (0, 1) and viewer != owner
        # ZN44: the move list shows nothing of the other side's deployment but "arrange S ?" and "ready"
        hist = s.public_history(viewer)
        assert len(hist) == len(s.history)
        for p in (0, 1):
            start = s.block_start(p)
            if p != viewer and start >= 0:
                end = s.ready_at[p] if s.ready_at[p] >= 0 else len(s.history)
                assert set(hist[start:end]) <= {f"arrange {'SN'[p]} ?"}
        # a viewer's own home rows during deployment are theirs; the other side's are backs
        if s.phase == "arrange" and viewer is not None:
            for c in HOME[1 - viewer]:
                if obs["cells"][c] is not None:
                    assert obs["cells"][c].get("hidden")


TRIBES = ["boarix", "monkus", "rhinogoths", "warus"]


@pytest.mark.parametrize("mode", ["alternate", "classic"])
def test_zoon_conformance(mode):
    """Random games of each combat mode pass the kit; the armies rotate through all 16 (south, north)
    pairs of tribes seed by seed (the tribes are the players' choice of army, not a variant: a long run
    ``PYGAMES_KIT_GAMES=1000`` plays every pair about 60 times)."""
    def options(seed):
        return {"combat": mode, "south": TRIBES[seed % 4], "north": TRIBES[(seed * 3 + seed // 4) % 4]}
    finals = check_game("zoon", options, range(8), zoon_invariants, every=7)
    assert all(f.is_terminal() for f in finals)
    assert len({(f.options["south"], f.options["north"]) for f in finals}) == min(16, len(finals))


@pytest.mark.parametrize("mode", ["alternate", "classic"])
def test_privacy_and_invariants_every_ply_many_games(mode):
    """ZN7: the observation never leaks, at every ply of many random games (both combat modes)."""
    import random

    from pygames.core import get_game
    from pygames.core.bots import random_action
    g = get_game("zoon")
    tribes = ["boarix", "monkus", "rhinogoths", "warus"]
    for seed in range(40):
        rng = random.Random(seed)
        s = g.new_initial_state({"combat": mode, "south": tribes[seed % 4], "north": tribes[(seed // 4) % 4]})
        while not s.is_terminal():
            zoon_invariants(s)
            s.apply(random_action(s, rng))
        zoon_invariants(s)
