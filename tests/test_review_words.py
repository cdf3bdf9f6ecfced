"""What the review shows a player (issue 19, review28, :mod:`pygames.web_review`): marks only on moves the
viewer saw, a mark's loss in whole points never 20 or less, and where a player's chance slid with no move
marked. The bridge's calls and the games are ``tests/test_bots_hint.py``'s."""
from __future__ import annotations

import pytest

from pygames import web_review
from pygames.core.record import Record

from .test_bots_hint import HANDED_OVER, _random_finish, call


@pytest.mark.parametrize("game_id,options,seed", [("zoon", {"first": "south"}, 2),
                                                  ("duerror_grandis", {"players": 2, "caecus": True}, 2)])
def test_review_marks_only_moves_the_viewer_saw(game_id, options, seed, monkeypatch):
    """review28 (issue 19): a player's review uses only what that player could see. A mark was seen on the
    computer's hidden Zoon deployment (the move list: ``arrange N ?``), suggesting "Random arrangement": it
    was judged from the mover's view, as marks are, but shown to a player who never saw the move, so the
    suggestion taught nothing and said what the move was. Marks now go only on the viewer's own decisions
    and on the others' moves the viewer's move list shows in full. Before, these random games' reviews
    marked such moves (Zoon seed 2: ply 72, "Random arrangement"; Duerror Grandis Caecus seed 2: plies 8
    and 62); the same game reviewed from the other seat marks that seat's own secret moves."""
    import random
    monkeypatch.setattr(web_review, "REVIEW_SECONDS", 1e9)
    rec = Record.new(game_id, options, seed=seed)
    rec.actions = _random_finish(rec.replay(0), random.Random(seed))
    own_secret_marked = set()
    for viewer, seats in ((0, ["human", "random"]), (1, ["random", "human"])):
        v = call("load", {"record": rec.to_json(), "seats": seats})
        assert v["viewer"] == viewer
        unseen = {m["ply"] for m in v["moves"] if m["hidden"] and m["player"] == 1 - viewer}
        assert unseen  # the other seat's secret moves are in this game
        marks = call("review")["marks"]
        assert marks and not [m for m in marks if m["ply"] in unseen], marks
        own_secret_marked |= {(m["player"], m["ply"]) for m in marks if m["player"] == viewer}
    if game_id == "zoon":  # ply 72, unseen by South, is North's own: marked in North's review
        assert (1, 72) in own_secret_marked


def test_a_marks_points_never_read_20_or_less(monkeypatch):
    """review28: a mark is a move that lost more than 20 points (MARK), but a loss of 0.203 was labelled
    "−20" and "About 20 points", as if the rule were not met. The bridge words each mark's loss in whole
    points (``points``, which the page shows as it is): rounded, but never 20 or less, so at most one point
    above the loss. Here every mark is shown with a loss just over the bar."""
    assert [web_review.points(x) for x in (0.2001, 0.203, 0.205, 0.2099, 0.215, 0.35, 1.0)] == \
        [21, 21, 21, 21, 22, 35, 100]

    def confirmed(marks, found, seed, turns, clock):  # every mark confirmed with a loss of 0.203
        return [dict(m, label=m["better"], loss=0.203) for m in marks]
        yield
    monkeypatch.setattr(web_review, "_confirmed", confirmed)
    monkeypatch.setattr(web_review, "REVIEW_SECONDS", 1e9)
    rec = Record.new("zertz", {}, seed=10)
    rec.actions = list(HANDED_OVER)
    call("load", {"record": rec.to_json(), "seats": ["human", "easy"]})
    marks = call("review")["marks"]
    assert marks and all(m["loss"] == 0.203 and m["points"] == 21 for m in marks), marks


def _plies(*points, turns=None) -> list[dict]:
    """Chart entries with player 0's chance ``points`` after plies 1, 2, … (player 1's the rest), one turn
    a ply unless ``turns`` says."""
    return [{"ply": i + 1, "turn": (turns or range(1, len(points) + 1))[i], "win": [w, round(1 - w, 3)]}
            for i, w in enumerate(points)]


def test_review_says_where_a_chance_slid():
    """review28: a chart that slid to 5% with no move losing more than 20 points said only "No move lost
    more than 20 points". The review now says, per player, where that player's chance fell most within
    SLIDE_TURNS turns: from its highest point to its lowest after it, how far, and whether a move of the
    player's there was marked; nothing where it never fell by more than 20 points so."""
    plies = _plies(0.5, 0.55, 0.45, 0.35, 0.3, 0.2, 0.12, 0.1, 0.06, 0.3, 0.25)
    s = web_review.slides(plies, [])
    assert s[0] == {"from": 2, "to": 9, "fall": 0.49, "text": "Your chance fell most between turns 2 and 9, from 55% "
                    "to 6%, yet no move of yours there lost more than 20 points: step through it."}
    assert s[1]["from"] == 9 and s[1]["to"] == 10 and s[1]["fall"] == 0.24  # the other's rose 0.06 -> 0.3, fell back
    # a mark of the player's inside the stretch: no "yet…"; another player's mark does not count
    mark = {"ply": 5, "player": 0}
    assert web_review.slides(plies, [mark])[0]["text"] == "Your chance fell most between turns 2 and 9, from 55% to 6%."
    assert web_review.slides(plies, [dict(mark, player=1)])[0]["text"] == s[0]["text"]
    # the stretch is SLIDE_TURNS turns at most: the same fall spread over more turns is measured in parts
    slow = _plies(*[round(0.95 - 0.03 * k, 3) for k in range(31)])
    assert web_review.slides(slow, [])[0]["fall"] == pytest.approx(0.03 * web_review.SLIDE_TURNS)
    assert web_review.slides(_plies(0.6, 0.5, 0.45, 0.41), []) == [None, None]  # 19 points: nothing said
    # several actions in one turn (a deployment): said as one turn
    assert web_review.slides(_plies(0.5, 0.2, 0.25, turns=[1, 1, 2]), [])[0]["text"].startswith(
        "Your chance fell most in turn 1, from 50% to 20%")
    # and the bridge sends them with the marks, of the chart as the marks left it
    rec = Record.new("zertz", {}, seed=10)
    rec.actions = list(HANDED_OVER)
    call("load", {"record": rec.to_json(), "seats": ["human", "easy"]})
    r = call("review")
    assert r["slides"] == web_review.slides(r["plies"], r["marks"]) and r["slides"][0] is not None
