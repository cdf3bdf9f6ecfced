"""Caecus information sets (G40, G41): what a player receives does not change when everything they cannot
see is drawn anew by ``determinize``, and the drawn state is one the game could really have reached."""
import random

import pytest

from pygames.core.bots import random_action
from pygames.duerror_grandis.hidden import mask

from .helpers import GAME, replayed

CONFIGS = [{"players": 2, "caecus": True}, {"players": 3, "caecus": True},
           {"players": 3, "caecus": True, "factiosus": True}, {"players": 2, "caecus": True, "merus": True},
           {"players": 4, "caecus": True, "factiosus": True, "merus": True, "parcus": 2}]
IDS = ["-".join(f"{k}{v}" for k, v in o.items()) for o in CONFIGS]


def received(s, p):
    """Everything player ``p`` receives: observation, legal actions (when to move), move list, drawing."""
    obs = s.observation(p)
    legal = [a.to_json() for a in s.legal_actions()] if s.current_player() == p else None
    return obs, legal, s.public_history(p), GAME.draw_svg(obs, viewer=p)


@pytest.mark.parametrize("options", CONFIGS, ids=IDS)
def test_G41_determinize_changes_nothing_a_player_receives_and_replays(options):
    """G41: at random positions of random Caecus games, for every player p, ``determinize(p)`` leaves what
    p receives identical, and replaying the determinized history reaches exactly the determinized state
    (its boards, kinds and hidden history entries are a real game's)."""
    for seed in range(2):
        rng = random.Random(seed)
        s = GAME.new_initial_state(options)
        ply = 0
        while not s.is_terminal():
            if ply % 53 == 3 + 20 * seed:
                for p in range(s.n):
                    d = s.determinize(p, rng)
                    assert received(d, p) == received(s, p)
                    assert replayed(d).to_json() == d.to_json()
            s.apply(random_action(s, rng))
            ply += 1


@pytest.mark.parametrize("options,plies", [({"players": 3, "caecus": True}, 40),
                                           ({"players": 2, "caecus": True, "factiosus": True}, 11)],
                         ids=["basic", "factiosus"])
def test_G41_determinize_really_redraws_the_hidden_boards_and_kinds(options, plies):
    """G41: the other players' boards and kinds are drawn anew (they vary over determinizations), the
    viewer's own never change, and the true boards are always among those judged consistent."""
    rng = random.Random(7 if options.get("factiosus") is None else 4)  # seeds whose positions leave both open
    s = GAME.new_initial_state(options)
    for _ in range(plies):
        s.apply(random_action(s, rng))
    boards, kinds = set(), set()
    for _ in range(60):
        d = s.determinize(0, rng)
        assert d.boards[0] == s.boards[0] and d.pieces[0] == s.pieces[0]
        boards.add(tuple(d.boards[1:]))
        kinds.add(tuple(tuple(pc[0] for pc in d.pieces[q]) for q in range(1, s.n)) if not s.factiosus
                  else tuple(tuple(pc[1] for pc in d.pieces[q]) for q in range(1, s.n)))
        assert len(set(d.boards)) == s.n  # separate boards (G40)
    assert len(boards) > 1 and len(kinds) > 1
    for q in range(s.n):
        assert s.boards[q] in s.consistent_boards(q)


def test_G41_without_caecus_determinize_is_a_copy():
    """G41: outside Caecus nothing is hidden: the determinization is the state itself."""
    rng = random.Random(1)
    s = GAME.new_initial_state({"players": 3})
    for _ in range(30):
        s.apply(random_action(s, rng))
    d = s.determinize(1, rng)
    assert d == s and d.public_history(0) == s.history


def test_G41_mask_reads_hidden_actions_without_kinds():
    """G41: the masked move-list texts."""
    assert [mask(n) for n in ("board 3", "start thete", "pay ephebe", "change melliran", "melliran take E5 Blue",
                              "veer thete", "stay ephebe")] == [
        "board ?", "start ?", "pay: changed piece", "changed piece", "take E5 Blue", "veer", "stay"]


@pytest.mark.parametrize("options", [CONFIGS[0], CONFIGS[1], CONFIGS[3]], ids=[IDS[0], IDS[1], IDS[3]])
def test_G41_the_move_lists_words_name_no_hidden_kind(options):
    """G41: the move list a player is sent says its entries in words (labels); in states that look the same
    to the player those words are the same (a ``keep`` once said "keep the thete" to every player)."""
    from ..conformance import _replayed, _shown

    rng = random.Random(3)
    s = GAME.new_initial_state(options)
    keeps = 0
    while not s.is_terminal():
        if s.history[-1:] == ["keep"] and keeps < 12:
            keeps += 1
            true: list = []
            _replayed(s, true)
            for p in range(s.n):
                mine: list = []
                d = s.determinize(p, rng)
                _replayed(d, mine)
                assert _shown(d, p, mine) == _shown(s, p, true)
        s.apply(random_action(s, rng))
    assert keeps, "no keep was played: the test saw nothing"
