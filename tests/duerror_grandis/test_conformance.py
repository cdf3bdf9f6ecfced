"""The conformance kit with Duerror Grandis' invariants, and Caecus privacy at every ply."""
import json
import random

import pytest

from pygames.core.bots import random_action
from pygames.duerror_grandis.rules import KINDS, OFF, OUT, PARTS

from ..conformance import check_game
from .helpers import GAME


def invariants():
    """A check for every ply: zones add up, tokens are conserved within a game (G5, G16, G19, G23)."""
    seen = {}

    def check(s):
        assert s.part in PARTS
        assert all(t >= 0 for t in s.tokens) and s.bank >= 0
        if not s.history:  # a new random game
            seen.clear()
        total = sum(s.tokens) + s.bank
        if s.part != "over":
            assert seen.setdefault(s.game_no, total) == total, "tokens are conserved within a game"
        chosen = [b for b in s.boards if b is not None]
        assert len(set(chosen)) == len(chosen), "G6, G40: no two players on the same board"
        for q, row in enumerate(s.pieces):
            if row:
                assert s.boards[q] is not None
                assert len(row) == (len(s.kinds) if s.factiosus else 1)
                assert all(k in KINDS and OFF <= sq <= OUT for k, sq in row)
                if s.merus:
                    assert all(k != "ephebe" for k, _ in row), "G34"
                if not s.factiosus and s.part != "over":
                    assert row[0][1] != OUT
        if s.part == "over":
            assert s.game_no == s.games and sum(s.wins) >= s.games
        if s.is_terminal():
            r = s.returns()
            assert max(r) == 1.0
    return check


CONFIGS = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 3, "factiosus": True},
           {"players": 2, "merus": True}, {"players": 3, "caecus": True, "parcus": 2},
           {"players": 2, "factiosus": True, "merus": True}]


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items()))
def test_conformance(options):
    """Random games end (G26) and pass the kit: round trips, replays, unique notations, no corruption."""
    finals = check_game("duerror_grandis", options, range(3), invariants(), every=7)
    assert all(f.is_terminal() for f in finals)


def _swap_hidden(s, viewer, rng):
    """The same state with every board the viewer cannot see replaced by another."""
    t = s.clone()
    for q in range(t.n):
        if q != viewer and t.boards[q] is not None:
            t.boards[q] = rng.choice([b for b in range(9) if b != t.boards[q]])
    return t


@pytest.mark.parametrize("players,factiosus", [(2, False), (3, False), (4, True)])
def test_G29_caecus_observation_never_shows_another_path(players, factiosus):
    """G29: at every ply of random Caecus games, each viewer's observation is the same whatever boards
    the others follow: no board, path or path number of another player reaches it."""
    for seed in range(4):
        rng = random.Random(seed)
        s = GAME.new_initial_state({"players": players, "caecus": True, "factiosus": factiosus})
        while not s.is_terminal():
            for viewer in [None, *range(players)]:
                obs = s.observation(viewer)
                other = _swap_hidden(s, viewer, rng)
                assert json.dumps(other.observation(viewer), sort_keys=True) == json.dumps(obs, sort_keys=True)
                for q in range(players):
                    if q != viewer:
                        assert obs["boards"][q] is None and obs["paths"][q] is None
                        assert all(pc["number"] is None for pc in obs["pieces"][q])
                hist = s.public_history(viewer)
                assert not any(h.startswith("board ") and h != "board ?" for h, who in
                               zip(hist, _choosers(s)) if who != viewer)
            s.apply(random_action(s, rng))


def _choosers(s):
    """Who made each action of the history (board choices only; others None)."""
    out, first, k = [], 0, 0
    for a in s.history:
        if a.startswith("first "):
            first, k = int(a.split()[-1]) - 1, 0  # "first Player 2"
            out.append(None)
        elif a.startswith("board "):
            out.append((first + k) % s.n)
            k += 1
        else:
            out.append(None)
    return out


def test_G29_determinize_keeps_observed_moves_consistent():
    """G29: the bot's guesses of hidden boards agree with every move it saw."""
    rng = random.Random(3)
    s = GAME.new_initial_state({"players": 3, "caecus": True})
    while not s.is_terminal() and len(s.history) < 300:
        s.apply(random_action(s, rng))
    for q in range(3):
        assert s.boards[q] in s.consistent_boards(q)
        d = s.determinize(0, rng)
        assert d.boards[0] == s.boards[0]
        assert d.observation(0) == s.observation(0)
