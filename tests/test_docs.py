"""The examples in the README and in module docstrings still run as written."""
import doctest
import importlib
import pkgutil
import sys
from pathlib import Path

import pygames

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def test_readme_examples():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_docstring_examples():
    """Every module of the package: its docstring examples run (a game's module gets them for free)."""
    attempted = 0
    for info in pkgutil.walk_packages(pygames.__path__, "pygames."):
        if info.name == "pygames.__main__":
            continue
        mod = importlib.import_module(info.name)
        result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, mod.__name__
        attempted += result.attempted
    assert attempted >= 3


# ----- the rules pages open as players' guides (issue 17, section 1) ------------------------------------
import re  # noqa: E402

GUIDE = ["How you win", "The set-up", "One turn in pictures", "Tips for a first game", "Learn by playing",
         "Rules", "Glossary", "About these rules"]
"""The h2 sections every rules page has, in this order: the guide, the numbered rules, the glossary, the
note on sources."""
BEHIND_THE_SCENES = re.compile(r"tests/|\.py\b|research|RECONSTRUCTION|RULINGS|seed \d{3}|source repo")


def _pages():
    return sorted((ROOT / "docs" / "rules").glob("*.md"))


def test_rules_pages_open_as_guides():
    """Each page: its h2 sections in the guide's order, the win told within its first 25 lines, the set-up
    and at least one more position drawn by the engine before the rules, and the tutorial shown."""
    for page in _pages():
        md = page.read_text(encoding="utf-8")
        heads = re.findall(r"^## (.+?)\s*$", md, re.M)
        assert [h for h in heads if h in GUIDE] == GUIDE, (page.name, heads)
        assert md.count("\n", 0, md.index("## How you win")) < 25, page.name
        guide = md[:md.index("## Rules")]
        assert guide.count("```diagram ") >= 2 and f"```tutorial {page.stem}" in guide, page.name
        assert not re.search(r"^- \*\*[A-Z]{1,3}\d+", guide, re.M), f"{page.name}: a numbered rule in the guide"


def test_player_facing_parts_name_no_source_file_test_or_note():
    """Everything before 'About these rules' speaks to players: no source files, tests or research notes."""
    for page in _pages():
        md = page.read_text(encoding="utf-8")
        front = md[:md.index("## About these rules")]
        found = BEHIND_THE_SCENES.findall(front)
        assert not found, (page.name, found)


def test_every_rule_id_is_named_by_a_test():
    """Coverage: every numbered rule of every page is named (word-bounded) by a test of its game's folder."""
    for page in sorted((ROOT / "docs" / "rules").glob("*.md")):
        ids = re.findall(r"^- \*\*([A-Z]{1,3}\d+[a-z]?)\*\*", page.read_text(encoding="utf-8"), re.M)
        tests = " ".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests" / page.stem).glob("*.py"))
        missing = [i for i in ids if not re.search(rf"\b{i}\b", tests)]
        assert ids and not missing, (page.name, missing)


def test_reconstruction_notes_published_and_linked():
    """The Zoon page links its reconstruction notes, and the build publishes them beside it."""
    from tools import rules_pages as build
    html = build.markdown_to_html((ROOT / "docs" / "rules" / "zoon.md").read_text(encoding="utf-8"))
    assert 'href="zoon-reconstruction-notes.html"' in html
    assert any(p.stem == "zoon-reconstruction-notes" for p in build.EXTRA_PAGES)
