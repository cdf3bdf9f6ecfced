"""The tutorials (``docs/tutorials/<game>.json``, issue 17 section 2) and the guides' glossaries: every
step's position replays from its record, the step's viewer is to move there, every accepted move is legal
there and at least one legal move is not accepted (the task is a real choice); each step goes on from
whichever accepted move the player made in the step before, or says that the board is set up for it;
every glossary term is explained and names a rule of its page."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import pygames.games  # noqa: F401  (registers the shipped games)
from pygames.core.record import Record, Session
from pygames.core.state import CHANCE

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools import rules_pages as build  # noqa: E402

GAMES = sorted(p.stem for p in (ROOT / "docs" / "rules").glob("*.md"))


def test_every_game_has_a_tutorial():
    assert GAMES and all((ROOT / "docs" / "tutorials" / f"{g}.json").exists() for g in GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_tutorial_steps_replay_and_their_tasks_are_legal_choices(game):
    tut = build.load_tutorial(game)
    assert tut["game"] == game and tut["title"]
    assert 4 <= len(tut["steps"]) <= 8
    for n, step in enumerate(tut["steps"], 1):
        rec = Record.from_json({"game": game, "options": step["record"]["options"], "seed": 0,
                                "actions": step["record"]["actions"]})
        state = rec.replay()
        assert not state.is_terminal() and not state.is_chance_node(), (game, n)
        assert state.current_player() == step["viewer"], (game, n)
        legal = [a.notation for a in state.legal_actions()]
        assert set(step["task"]["accept"]) <= set(legal), (game, n, step["task"]["accept"], legal)
        assert set(legal) - set(step["task"]["accept"]), (game, n, "every legal move is accepted")
        assert step["text"].strip() and step["task"]["hint"].strip() and step["done"].strip()


@pytest.mark.parametrize("game", GAMES)
def test_tutorial_shape_is_the_one_the_page_reads(game):
    tut = build.load_tutorial(game)
    assert set(tut) == {"game", "title", "steps"}
    for step in tut["steps"]:
        assert build.TUTORIAL_STEP_KEYS <= set(step) <= build.TUTORIAL_STEP_KEYS | build.TUTORIAL_OPTIONAL_KEYS
        assert {"options", "actions"} <= set(step["record"]) <= {"options", "seed", "actions"}
        assert set(step["task"]) == {"accept", "hint"}


PAGE_SEED = 1
"""The seed web/tutorial.js loads a step's record with when the record names none."""


def _follows(prev: dict, step: dict) -> bool:
    """web/tutorial.js's ``follows``: the step's record is the previous step's, one move it accepts, more."""
    before, own = prev["record"]["actions"], step["record"]["actions"]
    return (len(own) > len(before) and own[:len(before)] == before
            and own[len(before)] in prev["task"]["accept"])


def _state(game: str, step: dict, actions: list):
    return Record.from_json({"game": game, "options": step["record"]["options"], "seed": 0,
                             "actions": actions}).replay()


@pytest.mark.parametrize("game", GAMES)
def test_each_step_goes_on_from_the_players_move_or_says_the_board_is_set_up(game):
    """The page's rule (web/tutorial.js): a step that follows the previous one starts from the move the
    player made there, whichever accepted move it was, with the chance outcomes the player saw (the page
    plays them with the step's seed) and then the step's recorded replies; from every such position the
    step's viewer is to move, its accepted moves are legal and not the only legal ones. A step that does
    not follow, or that plays moves of the player's own for them, has a ``setup`` sentence (shown as "The
    board is set up for this step: ..."). Fails for a step that would silently replace the player's move,
    or show other dice or cards than the ones the player saw."""
    steps = build.load_tutorial(game)["steps"]
    starts = [[list(steps[0]["record"]["actions"])]]  # every position each step may start from
    for n in range(1, len(steps)):
        prev, step = steps[n - 1], steps[n]
        own = step["record"]["actions"]
        if not _follows(prev, step):
            assert step.get("setup", "").strip(), (game, n + 1, "a new position, not said to be set up")
            starts.append([list(own)])
            continue
        cut = len(prev["record"]["actions"]) + 1
        state = _state(game, step, own[:cut])
        for a in own[cut:]:
            assert state.current_player() != step["viewer"] or step.get("setup", "").strip(), (
                game, n + 1, f"plays {a} for the player without saying the board is set up")
            state.apply(a)
        reached = []
        for start in starts[-1]:
            for move in prev["task"]["accept"]:
                session = Session(Record.from_json({
                    "game": game, "options": prev["record"]["options"], "arranged": True,
                    "seed": prev["record"].get("seed", PAGE_SEED), "actions": list(start)}))
                k = len(session.record.actions)
                session.act(move)
                seen = session.record.actions[k + 1:]
                assert own[cut:cut + len(seen)] == seen, (game, n + 1, move, seen, "not the outcomes the player saw")
                reached.append(list(start) + [move] + own[cut:])
        starts.append(reached)
    for n, (step, positions) in enumerate(zip(steps, starts), 1):
        for actions in positions:
            state = _state(game, step, actions)
            assert not state.is_terminal() and state.current_player() == step["viewer"], (game, n, actions[-3:])
            legal = {a.notation for a in state.legal_actions()}
            assert set(step["task"]["accept"]) <= legal, (game, n, actions[-3:], set(step["task"]["accept"]) - legal)
            assert legal - set(step["task"]["accept"]), (game, n, "every legal move is accepted")


@pytest.mark.parametrize("game", GAMES)
def test_glossary_terms_explained_and_linked_to_rules(game):
    md = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"^- \*\*([A-Z]{1,3}\d+[a-z]?)\*\*", md, re.M))
    terms = build.glossary(md)
    assert len(terms) >= 6, game
    names = [t["term"].lower() for t in terms]
    assert len(names) == len(set(names)), "a term is explained twice"
    for t in terms:
        assert len(t["text"]) > 20 and "`" not in t["text"] and "**" not in t["text"], t
        assert t["rule"] is None or t["rule"] in ids, t
    html = build.markdown_to_html(md)
    assert all(f'id="term-{build.slug(t["term"])}"' in html for t in terms)


@pytest.mark.parametrize("game", GAMES)
def test_every_glossary_term_is_explained_where_it_first_appears(game):
    """Each term is linked once from the page's text before the glossary (its first use in bold, where the
    guide introduces it, else its first use), the explanation as the link's title."""
    md = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    html = build.markdown_to_html(md)
    front = html[:html.index('id="glossary"')]
    for t in build.glossary(md):
        links = re.findall(rf'<a href="#term-{re.escape(build.slug(t["term"]))}" class="term" title="([^"]*)"', front)
        assert len(links) == 1, (t["term"], len(links))
