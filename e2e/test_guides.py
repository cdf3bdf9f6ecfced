"""The rules pages as players' guides (issue 17, sections 1-2), in headless Chromium: each page opens with
the guide (its win told in the first screenful), its diagrams and tutorial steps are drawn (SVG with a
size), every numbered rule and glossary term has its anchor, the published glossary and tutorial data
match the page, the Zoon page's link to the reconstruction notes leads to a page, and axe-core reports no
serious or critical violation."""
from __future__ import annotations

import json
import re

import pytest

from .conftest import ROOT
from .test_accessibility import serious

GAMES = sorted(p.stem for p in (ROOT / "docs" / "rules").glob("*.md"))


@pytest.mark.parametrize("game", GAMES)
def test_guide_page(app, site_url, game):
    md = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    app.set_viewport_size({"width": 1280, "height": 800})
    app.goto(f"{site_url}/rules/{game}.html")
    app.wait_for_selector("main h1")
    # the guide comes first: the win is told on the first screen
    win = app.locator("#how-you-win").bounding_box()
    assert win and win["y"] < 800, win
    # every diagram and tutorial step is an engine-drawn SVG with a real size
    figures = app.locator("figure.diagram")
    n_diagrams = md.count("```diagram ")
    tutorial = json.loads(app.evaluate(f"fetch('../tutorials/{game}.json').then(r => r.text())"))
    assert figures.count() == n_diagrams + len(tutorial["steps"])
    sizes = app.evaluate("""() => [...document.querySelectorAll('figure.diagram svg')]
        .map(s => { const r = s.getBoundingClientRect(); return [r.width, r.height]; })""")
    assert len(sizes) == figures.count() and all(w > 200 and h > 100 for w, h in sizes), sizes
    assert app.locator("ol.tutorial-steps > li").count() == len(tutorial["steps"])
    # every numbered rule and glossary term has its anchor
    ids = re.findall(r"^- \*\*([A-Z]{1,3}\d+[a-z]?)\*\*", md, re.M)
    missing = app.evaluate("ids => ids.filter(i => !document.getElementById(i))", ids)
    assert ids and not missing, missing
    glossary = json.loads(app.evaluate(f"fetch('../glossary/{game}.json').then(r => r.text())"))
    assert glossary["terms"]
    for term in glossary["terms"]:
        if term["rule"]:
            assert app.locator(f'[id="{term["rule"]}"]').count() == 1, term
    assert app.locator("li[id^=term-]").count() == len(glossary["terms"])
    # a link to a rule lands on it
    app.goto(f"{site_url}/rules/{game}.html#{ids[0]}")
    assert app.evaluate("document.querySelector(':target').id") == ids[0]
    found = serious(app)
    assert found == [], found


def test_zoon_links_its_reconstruction_notes(app, site_url):
    app.goto(f"{site_url}/rules/zoon.html")
    href = app.get_attribute('a[href$="zoon-reconstruction-notes.html"]', "href")
    app.goto(f"{site_url}/rules/{href}")
    assert "reconstruction" in app.inner_text("main h1").lower()
    assert serious(app) == []


def test_guides_on_a_phone(app, site_url):
    """At 360 px every guide fits the screen's width (no sideways scrolling), its win on the first screen."""
    app.set_viewport_size({"width": 360, "height": 740})
    for game in GAMES:
        app.goto(f"{site_url}/rules/{game}.html")
        app.wait_for_selector("figure.diagram svg")
        assert app.evaluate("document.documentElement.scrollWidth") <= 360, game
        # a gutter: the guide's card and the way back to the games never touch the screen's edges
        edges = app.eval_on_selector_all("body > nav a, body > main", """es => es.map((e) => {
          const r = e.getBoundingClientRect(); return [r.left, innerWidth - r.right]; })""")
        assert len(edges) == 2 and min(min(e) for e in edges) >= 4, (game, edges)
        assert app.locator("#how-you-win").bounding_box()["y"] < 740 * 1.5, game
    found = serious(app)  # the last page (Zoon) has the widest tables
    assert found == [], found
