"""Every registered game (and the toy games) passes the conformance kit."""
import pytest

from pygames.verquere.rules import PIECES

from .conformance import check_game


def verquere_invariants(s):
    for pl in (0, 1):
        assert sum(s.board[pl]) + s.bar[pl] + s.off[pl] == PIECES  # pieces are conserved
        assert all(n >= 0 for n in s.board[pl])
        for p in range(2, 13):
            assert s.board[pl][p] <= 1, "V10: at most one own piece on points 2-12"
    for p in range(1, 25):
        assert not (s.board[0][p] and s.board[1][(p + 11) % 24 + 1])
    if s.winner is not None:
        assert s.off[s.winner] == PIECES and s.legal_actions() == []


@pytest.mark.parametrize("ruleset", ["text", "ludii"])
def test_verquere_conformance(ruleset):
    finals = check_game("verquere", {"ruleset": ruleset}, range(4), verquere_invariants, every=3)
    assert all(f.is_terminal() and sorted(f.returns()) == [-1.0, 1.0] for f in finals)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_toy_pairs_conformance(players):
    def no_leak(s):
        for p in range(s.num_players):
            obs = s.observation(p)
            others = [c for q, h in enumerate(s.hands) if q != p for c in h]
            assert not set(obs["hand"]) & set(others)
            if s.part != "over":  # face-down cards stay unseen by everyone until the end
                assert all(isinstance(d, bool) for d in obs["down"])
            assert "deck" not in obs and "hands" not in obs
            if s.part == "secret":
                assert obs["my_choice"] == s.pending[p]
                assert all(isinstance(c, bool) for c in obs["committed"])
    check_game("toy_pairs", {"players": players}, range(5), no_leak)


def test_toy_match_conformance():
    finals = check_game("toy_match", {"games": 3}, range(5))
    assert all(sum(f.wins) == 3 for f in finals)
