"""The tutorials (``docs/tutorials/<game>.json``, issue 17 section 2) and the guides' glossaries: every
step's position replays from its record, the step's viewer is to move there, every accepted move is legal
there and at least one legal move is not accepted (the task is a real choice); every glossary term is
explained and names a rule of its page."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import pygames.games  # noqa: F401  (registers the shipped games)
from pygames.core.record import Record

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
        assert set(step) == build.TUTORIAL_STEP_KEYS
        assert set(step["record"]) == {"options", "actions"} and set(step["task"]) == {"accept", "hint"}


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
