"""The bridge command ``explain`` (issue 17's "Why not?"): why a click or a notation is refused.

``explain {"targets": [ids…]}`` (the ``data-target`` ids clicked so far, the last one refused) or
``explain {"notation": "…"}`` answers ``{"text", "rule", "href"}``: one sentence from the engine
(:meth:`pygames.core.state.State.explain`), the id of the rule it enforces and the link to that rule on
the game's rules page (``rules/<game>.html#<rule>``; None when no rule applies). The reason is asked for
the human seat to move (else the seat the board is shown to: "it is Black's turn"), so it says only what
that seat sees. Raises PygamesError for bad
arguments, with no game in progress, or when the path is part of a legal action (nothing to explain).
"""
from __future__ import annotations

from .core.errors import PygamesError


def cmd_explain(args: dict) -> dict:
    """See the module docstring."""
    from . import web  # late: web registers this command

    s = web._require()
    state = s.state
    p = state.current_player()
    viewer = p if p >= 0 and s.seats[p] == "human" else web._viewer(s)  # hot seat: whoever is to move
    if "targets" in args and "notation" not in args:
        why = state.explain(args["targets"], viewer=viewer)
    elif "notation" in args and "targets" not in args:
        why = state.explain_notation(args["notation"], viewer=viewer)
    else:
        raise PygamesError("explain needs either targets (a list of ids) or notation (a string)")
    page = s.game.rules_page or f"rules/{s.game.id}.html"
    return {"text": why.text, "rule": why.rule, "href": f"{page}#{why.rule}" if why.rule else None}
