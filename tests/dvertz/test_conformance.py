"""Dvertz passes the conformance kit, with its own invariants checked at every ply (X1, X2, X15, X17)."""
import random

from pygames.core import InvalidState, State, get_game
from pygames.dvertz.rules import RESERVE, winning_captures
from pygames.dvonn.board import N_CELLS, linked_cells, player_moves, scores

from ..conformance import check_game, random_prefix


def dvertz_invariants(s) -> None:
    """X1: the 49 DVONN pieces on the board or out of the game; X2: the 24 marbles in the reserve, on
    stacks or captured; X7: marbles only on stacks; X15: every stack linked; X16–X18: the result."""
    joined = "".join(s.board)
    if s.placed == N_CELLS:
        assert joined.count("D") == 3
        assert joined.count("W") + s.removed[0] == 23 and joined.count("B") + s.removed[1] == 23
        assert len(joined) + sum(s.removed) == 49, "49 pieces accounted for"
        linked = linked_cells(s.board)
        assert all(s.board[i] == "" or i in linked for i in range(N_CELLS))
    else:
        assert len(joined) == s.placed and s.removed == [0, 0] and not any(s.marbles)
    for c in range(3):
        assert s.reserve[c] + s.captures[0][c] + s.captures[1][c] + s.marbles.count(c + 1) == RESERVE[c]
    assert sum(s.reserve) + sum(map(sum, s.captures)) + sum(1 for m in s.marbles if m) == 24, "24 marbles"
    assert all(s.board[i] for i in range(N_CELLS) if s.marbles[i]), "a marble lies on a stack"
    if s.is_terminal():
        won = [winning_captures(c) for c in s.captures]
        if any(won):
            assert s.returns() == ([1.0, -1.0] if won[0] else [-1.0, 1.0])
        else:
            assert not player_moves(s.board, 0) and not player_moves(s.board, 1)
            w, b = scores(s.board)
            assert s.returns() == ([0.0, 0.0] if w == b else [1.0, -1.0] if w > b else [-1.0, 1.0])


def test_dvertz_conformance():
    finals = check_game("dvertz", {}, range(8), dvertz_invariants)
    assert all(f.is_terminal() for f in finals)


def test_both_ends_happen_in_random_play():
    """X16, X17: random games end both by a winning set of marbles and by DVONN's end."""
    ends = set()
    for seed in range(40):
        s = random_prefix("dvertz", {}, seed, 10_000)
        assert s.is_terminal()
        ends.add(s.observation(None)["win_by"])
    assert ends == {"marbles", "dvonn"}


def test_clone_is_independent():
    s = random_prefix("dvertz", {}, 3, 70)
    c = s.clone()
    assert c == s and c.to_json() == s.to_json()
    c.apply(c.legal_actions()[0])
    assert c != s and len(s.history) == 70


def test_kept_free_stacks_agree_with_the_board():
    """X12 (N11): the unsurrounded stacks a state keeps part by part (``_free``, as DVONN keeps them) are at
    every position of random games, after clones and after a round trip through JSON, exactly
    ``free_cells`` of its board, and the moves and ends found from them are the full scan's (X17)."""
    from pygames.dvonn.board import free_cells, has_move
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        s = get_game("dvertz").new_initial_state()
        while not s.is_terminal():
            if s.placed == N_CELLS:
                kept = s.__dict__["_free"]
                assert kept == free_cells(s.board)
                for p in (0, 1):
                    assert player_moves(s.board, p, kept) == player_moves(s.board, p)
                    assert has_move(s.board, p, kept) == bool(player_moves(s.board, p))
                checked += 1
                if checked % 5 == 0:
                    c = s.clone()
                    assert c.__dict__["_free"] == kept and c.__dict__["_free"] is not kept
                    c.apply(c.pick_random(random.Random(seed)))
                    assert s.__dict__["_free"] is kept and kept == free_cells(s.board)
                    r = State.from_json(s.to_json())
                    assert "_free" not in r.__dict__ or r.__dict__["_free"] == kept
                    assert [a.notation for a in r.legal_actions()] == [a.notation for a in s.legal_actions()]
            s.apply(s.pick_random(rng))
    assert checked > 1000


def test_inconsistent_states_are_refused():
    """Damaged saved states raise InvalidState naming the problem (X1, X2, X5, X7)."""
    s = random_prefix("dvertz", {}, 5, 80)
    good = s.to_json()
    State.from_json(good)
    rng = random.Random(1)
    bad = []
    for change in ({"marbles": "W" * 49}, {"reserve": [6, 8, 11]}, {"captures": [[0, 0, 0]]},
                   {"part": "both"}, {"turn": 2}, {"placed": 12}, {"removed": [5, 0]},
                   {"last": [{"player": 0}]}, {"board": ["W"] * 49}):
        d = {**good, "state": {**good["state"], **change}}
        bad.append(d)
    empty = [i for i in range(N_CELLS) if not s.board[i]]
    if empty:
        m = list(good["state"]["marbles"])
        i = rng.choice(empty)
        m[i] = "B"
        bad.append({**good, "state": {**good["state"], "marbles": "".join(m)}})
    for d in bad:
        try:
            State.from_json(d)
        except InvalidState:
            continue
        raise AssertionError(f"accepted a damaged state: {d['state']}")


def test_mid_turn_state_round_trips():
    """X5: a state between the two parts of a turn saves and loads with its part."""
    g = get_game("dvertz")
    rng = random.Random(7)
    s = g.new_initial_state()
    seen = 0
    while not s.is_terminal() and seen < 5:
        s.apply(rng.choice(s.legal_actions()))
        if s.part:
            t = State.from_json(s.to_json())
            assert t == s and t.part == s.part and t.status == s.status
            seen += 1
    assert seen == 5
