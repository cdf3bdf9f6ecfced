"""The engine's own fast playout (``Game.playout`` = ``DuerrorState.fast_playout``): a true uniform random
playout that leaves exactly the state the State protocol reaches with the same actions."""
import random
from collections import Counter

import pytest

from pygames.core.state import State

from ..conformance import check_ply, random_prefix
from .helpers import GAME, replayed
from .test_conformance import invariants

CONFIGS = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 3, "factiosus": True},
           {"players": 2, "factiosus": True}, {"players": 4, "factiosus": True}, {"players": 2, "merus": True},
           {"players": 3, "caecus": True}, {"players": 2, "parcus": 3}, {"players": 3, "caecus": True, "parcus": 2},
           {"players": 2, "factiosus": True, "merus": True}, {"players": 4, "merus": True, "parcus": 2},
           {"players": 4, "factiosus": True, "merus": True, "caecus": True, "parcus": 2}]
IDS = ["-".join(f"{k}{v}" for k, v in o.items()) for o in CONFIGS]


def decisions_in(history, caecus: bool = False) -> int:
    """Player decisions among notations (chance outcomes: the opening roll, the d6, the two d10, and in
    Caecus the boards drawn face down, G40)."""
    return sum(1 for n in history if not (n.startswith(("first ", "d6 "))
                                          or (n.startswith("veer ") and n[5] in "ABCDEFGHIJ" and n[6:].isdigit())
                                          or (caecus and n.startswith("board "))))


def test_registered_as_the_games_playout():
    s = GAME.new_initial_state({"players": 3})
    GAME.playout(s, random.Random(0), 10 ** 9)
    assert s.is_terminal()


@pytest.mark.parametrize("options", CONFIGS, ids=IDS)
def test_whole_playouts_end_and_equal_the_protocols_state(options):
    """G26: every playout ends; its state (history, trail, evidence, tokens, …) is exactly the state
    the protocol reaches by applying the same actions, and it round-trips through JSON."""
    for seed in range(12):
        s = GAME.new_initial_state(options)
        s.fast_playout(random.Random(seed))
        assert s.is_terminal()
        r = replayed(s)
        assert r == s and r.to_json() == s.to_json()
        assert State.from_json(s.to_json()) == s


@pytest.mark.parametrize("options", CONFIGS, ids=IDS)
def test_short_playouts_from_random_positions_keep_the_invariants(options):
    """From seeded random positions, playouts of 1–5 decisions play exactly that many (fewer only at the
    end), keep the game's invariants and the kit's per-ply checks, and equal the protocol's state; a
    protocol step after the playout (which uses what the playout left cached) still agrees."""
    for seed in range(4):
        check = invariants()  # it remembers each game's token total
        rng = random.Random(seed)
        s = random_prefix("duerror_grandis", options, seed, rng.randrange(0, 400))
        step = 0
        while not s.is_terminal():
            before = len(s.history)
            want = rng.randrange(1, 6)
            s.fast_playout(rng, want)
            got = decisions_in(s.history[before:], s.caecus)
            assert got == want or (s.is_terminal() and got < want)
            check(s)
            if step % 5 == 0 or s.is_terminal():
                check_ply(s)
                assert replayed(s) == s
            step += 1
            if not s.is_terminal() and not s.is_chance_node():
                legal = s.legal_actions()
                s.apply(legal[rng.randrange(len(legal))])


def _first_choices(s, runs: int) -> Counter:
    """How often each notation is the first decision of a one-decision playout from ``s``."""
    seen: Counter = Counter()
    for k in range(runs):
        c = s.clone()
        c.fast_playout(random.Random(k), 1)
        new = c.history[len(s.history):]
        seen[next(n for n in new if decisions_in([n], s.caecus))] += 1
    return seen


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 3, "factiosus": True},
                                     {"players": 2, "merus": True, "caecus": True}],
                         ids=["default", "factiosus", "merus-caecus"])
def test_choices_are_uniform_among_exactly_the_legal_actions(options):
    """At player decisions of random games (every part of the turn: board, piece, formactus, change,
    flictus, flexus and fluctus), the playout's first choice ranges over exactly the legal actions, each
    about equally often."""
    parts = set()
    for seed in range(40):
        s = random_prefix("duerror_grandis", options, seed, 3 + 7 * seed)
        if s.is_terminal() or s.is_chance_node():
            continue
        legal = {a.notation for a in s.legal_actions()}
        runs = 300 * len(legal)
        seen = _first_choices(s, runs)
        assert set(seen) == legal
        for n in legal:  # 300 expected; 5 standard deviations is about 85
            assert abs(seen[n] - 300) < 100, (s.part, seen)
        parts.add(s.part)
    assert {"flictus", "move"} <= parts


def test_dice_are_sampled_with_their_probabilities():
    """G9, G20: the d6 and the two d10 of a veer are drawn uniformly (chance nodes of the protocol)."""
    counts: Counter = Counter()
    for seed in range(3000):
        s = GAME.new_initial_state({"players": 2})
        s.fast_playout(random.Random(seed), 0)  # only the opening roll
        counts[s.history[0]] += 1
    assert set(counts) == {"first Player 1", "first Player 2"} and min(counts.values()) > 1350
