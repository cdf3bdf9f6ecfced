"""Zoon: the combat panel of the drawing (:mod:`pygames.zoon.svg`), in words.

While a classic combat's secret choices are made (ZN41–ZN43) a side in the combat reads what the choice
means: turning its card half round moves its values to other corner positions, the enemy touches one
position of its card and it touches one of the enemy card's, and where each of its own card's values would
sit upright and turned (only the viewer's own card: the enemy card's values and the enemy's choice are
never shown before both sides have chosen). After a combat it reads who touched whose corner, and the
combat before it stays listed, so a player's own result is still there after the computer's next combat.
"""
from __future__ import annotations

import textwrap

from ..core.svg import el, text
from .board import CELL_INDEX, CORNERS

WORDS = {"TL": "top left", "TR": "top right", "BR": "bottom right", "BL": "bottom left"}
"""The corner positions of a card in words (ZN42: positions of the card as it lies, turned or not)."""
CHARS = 64
"""Characters a line of the panel holds (12 px text in the side panel's width)."""
LINE = 16


def own_card(obs: dict) -> dict | None:
    """The viewer's own card in the pending combat (a Zoon's cell view, or a trump's entry), or None when
    the viewer takes no part in it. ``obs``: a Zoon observation with a ``combat``."""
    c, me = obs.get("combat"), obs.get("viewer")
    if not c or me is None:
        return None
    if c["attacker"] == me:
        if c["shot"]:
            zones = obs["trumps"][me]
            return next((t for z in ("hand", "side", "discard", "board") for t in zones.get(z, ())
                         if t["code"] == c["shot"]), None)
        return obs["cells"][CELL_INDEX[c["from"]]] if c["from"] else None
    card = obs["cells"][CELL_INDEX[c["to"]]]
    return card if card and card.get("owner") == me else None


def choice_help(obs: dict) -> list[str]:
    """Lines that explain the secret choice to a side in the combat (ZN41–ZN43), with its own card's values
    at each corner position upright and turned half round; for anyone else, only the general rule."""
    lines = ["Turn your card upright or half round: that sets which",
             "of your values sits at each corner. The enemy touches",
             "one corner of your card; you touch one of the enemy's",
             "(TL top left, TR top right, BR bottom right, BL bottom left)."]
    card = own_card(obs)
    if card and card.get("corners"):
        cs = card["corners"]
        lines.append(f"Your {card['name']}, value at each corner position:")
        for word, turn in (("upright", 0), ("turned", 2)):
            vals = " · ".join(f"{CORNERS[t]} {cs[(t + turn) % 4]}" for t in range(4))
            lines.append(f"  {word}: {vals}")
    return lines


def deploy_help(obs: dict) -> list[str]:
    """What a newcomer needs to know while the armies are set up (ZN5, ZN6)."""
    seer = obs.get("viewer")
    emblem = next((c["name"] for c in obs["cells"] if c and not c.get("hidden") and c.get("owner") == seer
                   and c.get("type") == "Emblem"), None)
    lines = ["Both armies are set up in secret.",
             "When both are ready, each front row is turned",
             "face up; the back rows stay face down."]
    if emblem and obs.get("arranging") == seer:
        lines += [f"Keep your Emblem ({emblem}) in the back row:",
                  "if it is lost, you lose the game.",
                  "Click a card, then another, to swap them."]
    return lines


def _whose(owner: int, names, viewer) -> str:
    return "Your" if owner == viewer else f"{names[owner]}'s"


def fighter_lines(f: dict, other: dict, mode: str, names, viewer) -> list[str]:
    """One side of a finished combat in words: for classic, whose card, how it was turned, who touched
    which of its corners and the value there (ZN42); for alternate, its pair, substitutions, die and total."""
    if mode == "classic":
        who = "you" if other["owner"] == viewer else names[other["owner"]]
        return [f"{_whose(f['owner'], names, viewer)} {f['name']} ({'turned' if f['turned'] else 'upright'}): "
                f"{who} touched its {WORDS.get(f['touched'], f['touched'])} = {f['value']}"]
    pair = " + ".join(f["pair"])
    subs = f" ({', '.join(f['notes'])})" if f["notes"] else ""
    mod = {"x2": " ×2", "+1": " +1"}.get(f.get("mod") or "", "")
    return [f"{_whose(f['owner'], names, viewer)} {f['name']} ({'heads' if f['coin'] == 'H' else 'tails'}): "
            f"{pair}{subs}{mod} = {f['value']} + die {f['die']} = {f['total']}"]


def _combat_lines(last: dict, names, viewer) -> list[tuple[str, str]]:
    kind = "shot" if last["kind"] == "shot" else "attack"
    src = f"{last['from']} → " if last.get("from") else ""
    out = [(f"{names[last['a']['owner']]}'s {kind}: {src}{last['to']}", "pt")]
    for side, other in (("a", "d"), ("d", "a")):
        for line in fighter_lines(last[side], last[other], last["mode"], names, viewer):
            out += [(s, "pt") for s in textwrap.wrap(line, CHARS, subsequent_indent="   ")]
    return out


def combat_panel(obs: dict, x: float, y: float, width: float) -> tuple[str, float]:
    """The combat panel at (x, y), ``width`` wide: the deployment help, the pending combat (with the secret
    choice explained) or the last two combats in words; returns the SVG and the panel's height."""
    names, viewer = obs["player_names"], obs.get("viewer")
    rows: list[tuple[str, str]] = []
    outcome_row = -1
    explains = None
    if obs.get("phase") == "deploy":
        head = "Deployment"
        rows = [(line, "pt") for line in deploy_help(obs)]
    elif obs.get("combat"):
        head = "Combat"
        c = obs["combat"]
        what = "shoots at" if c["shot"] else "attacks"
        src = f" from {c['from']}" if c["from"] else ""
        rows.append((f"{names[c['attacker']]} {what} {c['to']}{src}: "
                     + ("rolling…" if obs["mode"] == "alternate" else "secret choices…"), "pt"))
        if obs.get("secret"):
            # the panel explains the choice buttons: data-explains asks the page to keep it in view above
            # them (ui23: on a phone the pinned bar of eight choices covered its last lines)
            explains = "choice"
            sc = obs["secret"]
            done = ", ".join(names[k if c['attacker'] == 0 else 1 - k] for k in (0, 1) if sc["committed"][k])
            rows.append((f"Chosen: {done or 'nobody yet'}" + (f" · yours: {sc['mine']}" if sc.get("mine") else ""),
                         "pt"))
            rows += [(line, "small choice") for line in choice_help(obs)]
    elif not obs.get("last"):
        head = "Combat"
        rows.append(("No combat yet.", "small"))
    else:
        head = "Combat"
        last = obs["last"]
        rows += _combat_lines(last, names, viewer)
        outcome_row = len(rows)
        rows.append(((last.get("text") or last["outcome"])[:70], "ph"))
        before = last.get("before")
        if before:
            rows.append(("Combat before:", "small"))
            rows += [(s, "small") for s, _c in _combat_lines(before, names, viewer)]
            rows.append(((before.get("text") or before["outcome"])[:70], "small before"))
    height = 36 + LINE * len(rows) + 6
    out = [el("rect", x=x, y=y, width=width, height=height, rx=8, class_="panel"),
           text(x + 10, y + 20, head, class_="ph")]
    for k, (s, cls) in enumerate(rows):
        kw = {"id": "combat-outcome"} if k == outcome_row else {}
        out.append(text(x + 10, y + 40 + LINE * k + (2 if k == outcome_row else 0), s, class_=cls, **kw))
    return el("g", "".join(out), id="combat-panel", data_explains=explains), height
