""""Why not?" (issue 17) checks shared by the games' ``test_explain.py``: every rejection a game's engine
can raise names a rule id that exists on its rules page.

:func:`check_rule_ids_in_source` reads a game's modules: every ``raise IllegalAction(…)`` (and its
subclasses) passes ``rule=`` a rule id of the page (or a name), and every rule-id-like string in the
game's ``explain.py`` and its ``explain_rules`` is on the page. :func:`assert_refused` plays an
illegal notation and checks the IllegalAction's rule.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from pygames.core import IllegalAction, State

from .conformance import rule_ids

PACKAGE = Path(__file__).resolve().parent.parent / "pygames"
_RAISED = {"IllegalAction", "InvalidNotation", "AmbiguousAction"}
_RULE_ID = re.compile(r"[A-Z]{1,3}\d+[a-z]?")


def check_rule_ids_in_source(game_id: str, state: State) -> None:
    """See the module docstring."""
    ids = rule_ids(game_id)
    assert ids, f"no rule ids on docs/rules/{game_id}.md"
    assert set(type(state).explain_rules.values()) <= ids, type(state).explain_rules
    assert {"turn", "end", "legal"} <= set(type(state).explain_rules)
    for path in sorted((PACKAGE / game_id).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                f = node.exc.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                if name in _RAISED:
                    rule = [k.value for k in node.exc.keywords if k.arg == "rule"]
                    assert rule, f"{path.name}:{node.lineno}: {name} raised without rule="
                    if isinstance(rule[0], ast.Constant):
                        assert rule[0].value in ids, f"{path.name}:{node.lineno}: {rule[0].value} not on the page"
        if path.name == "explain.py":
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                        and _RULE_ID.fullmatch(node.value):
                    assert node.value in ids, f"explain.py names {node.value}, which is not on the page"


def assert_refused(state: State, notation: str, rule: str) -> IllegalAction:
    """``state.apply(notation)`` raises IllegalAction naming ``rule`` and leaves the state unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as e:
        state.apply(notation)
    assert e.value.rule == rule, f"{notation!r}: {e.value.rule} ({e.value})"
    assert state.to_json() == before
    return e.value
