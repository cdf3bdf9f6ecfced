"""Draw a Dvertz view (an observation) to SVG: DVONN's board with ZÈRTZ's marbles on the stacks.

The board, stacks, coordinates, last move and cut-off stacks are DVONN's drawing
(:func:`pygames.dvonn.svg.draw`). On top of it: a marble on a stack sits at the stack's upper left (so
the stack's height stays readable and its centre stays clickable); the last jump is drawn as its path,
a crunched marble and the marbles of cut-off stacks fade away with a cross where they were. Above the
board: whose turn it is, which part of the turn has been played and which is still to come (X5). Below
it, beside DVONN's score: the turn's two parts, the reserve with a count per colour, and each player's
captured marbles with their progress toward 4 white, 5 grey or 6 black (X16).

Clickable elements carry ``data-target`` ids shared with :class:`~pygames.dvertz.rules.DvertzState`'s
actions (X19): space names (``c3``) for stacks and landing spaces, ``m-c3`` for the marble on a stack (a
jump starts there, then its landing spaces are clicked hop by hop), and ``take-W`` / ``take-G`` /
``take-B`` for the colour of a placement, on the reserve or, once it is empty, on the mover's captures.
"""
from __future__ import annotations

from ..core.svg import el, text, title
from ..dvonn import svg as dvonn_svg
from ..dvonn.board import CELLS, INDEX, NAMES
from ..dvonn.svg import W, H, xy

EXTRA = 150
"""Pixels below DVONN's board for the turn, the reserve and the captures (wide layout)."""
MR = 10.5                # marble radius on a stack
DX, DY = -14.0, -14.0    # marble offset from the stack's centre
COLOUR_NAMES = {"W": "white", "G": "grey", "B": "black"}
WINS = {"W": 4, "G": 5, "B": 6}

CSS = """
.mW{fill:#fdfdf8;stroke:#555;stroke-width:1.6}.mG{fill:#9a9a9a;stroke:#3d3d3d;stroke-width:1.6}
.mB{fill:#1b1b1b;stroke:#8a8a8a;stroke-width:1.6}
.shine{fill:#fff;opacity:.55}.halo{fill:none;stroke:#fff4d6;stroke-width:2.8}
.mhit{fill:transparent;stroke:none}
.mb.from .mhit,.take.from .mhit,.take.target .mhit{stroke:#1a7f37;stroke-width:3.5;fill:rgba(46,160,67,.18)}
.mb.selected .mhit,.take.selected .mhit{stroke:#d4a017;stroke-width:4.5;fill:rgba(255,211,61,.35)}
.newm{fill:none;stroke:#1f6feb;stroke-width:3.5}
.jumpable .mhit{stroke:#b62324;stroke-width:2;stroke-dasharray:3 2}
.hop{stroke:#1f6feb;stroke-width:3.5;fill:none;stroke-linecap:round;marker-end:url(#dz-arrow)}
.arrowhead{fill:#1f6feb}
.fade{animation:fadeout 1.8s ease-in forwards}
@keyframes fadeout{from{opacity:1}to{opacity:.35}}
.ptitle{fill:#2b2b2b;font:bold 15px sans-serif}
.pnum{fill:#2b2b2b;font:bold 14px sans-serif;dominant-baseline:central}
.psmall{fill:#5a4022;font:13px sans-serif;dominant-baseline:central}
.pbox{fill:#efe3c8;stroke:#b99a66;stroke-width:1.5}
.pbox.active{stroke:#1f6feb;stroke-width:3}
.bar{fill:#d9c39a}.barfill{fill:#1a7f37}.barfill.near{fill:#d4a017}
.step{font:bold 14px sans-serif;dominant-baseline:central}
.stepdone{fill:#1a7f37}.steptodo{fill:#1f6feb}.stepnone{fill:#8a7a5a}
"""


def marble_svg(cx: float, cy: float, colour: str, r: float = MR) -> str:
    """One marble of colour ``W``, ``G`` or ``B`` centred on ``(cx, cy)``."""
    return (el("circle", cx=cx, cy=cy, r=r, class_=f"m{colour}")
            + el("circle", cx=cx - r * 0.35, cy=cy - r * 0.35, r=r * 0.28, class_="shine"))


def _cell_xy(name: str) -> tuple[float, float]:
    return xy(*CELLS[INDEX[name]])


def _marbles(obs: dict, names: list[str]) -> str:
    """The marbles on the stacks, each a click target ``m-<space>``."""
    out = []
    jumps = set(obs.get("jumps") or [])
    placed = {p["action"][1:] for p in obs.get("last") or [] if p["action"][:1] in ("W", "G", "B")}
    for i, colour in enumerate(obs["marbles"]):
        if not colour:
            continue
        name = NAMES[i]
        cx, cy = xy(*CELLS[i])
        mx, my = cx + DX, cy + DY
        cls = "mb jumpable" if name in jumps else "mb"
        ring = el("circle", cx=mx, cy=my, r=MR + 2.5, class_="newm") if name in placed else ""
        halo = el("circle", cx=mx, cy=my, r=MR + 1.4, class_="halo")  # a black marble on a black stack
        body = (ring + halo + marble_svg(mx, my, colour) + el("circle", cx=mx, cy=my, r=MR + 3, class_="mhit")
                + title(f"{name.upper()}: a {COLOUR_NAMES[colour]} marble"
                        + (" that can jump" if name in jumps else "")))
        out.append(el("g", body, class_=cls, data_target="m-" + name))
    return "".join(out)


def _last_marks(obs: dict) -> str:
    """The last turn's marble events: jump paths, crunched marbles, marbles back to the reserve."""
    out = []
    for part in obs.get("last") or []:
        act = part["action"]
        if act.startswith("x "):
            spots = [act[2:4]] + [act[k + 1:k + 3] for k in range(4, len(act), 3)]
            for a, b in zip(spots, spots[1:]):
                (ax, ay), (bx, by) = _cell_xy(a), _cell_xy(b)
                ax, ay, bx, by = ax + DX, ay + DY, bx + DX, by + DY
                k = 0.78
                out.append(el("path", d=f"M{ax:.1f} {ay:.1f}L{ax + (bx - ax) * k:.1f} {ay + (by - ay) * k:.1f}",
                              class_="hop"))
        for name, colour in part["crunched"] + part["returned"]:
            cx, cy = _cell_xy(name)
            mx, my = cx + DX - 6, cy + DY - 6
            out.append(el("g", marble_svg(mx, my, colour) + el(
                "path", d=f"M{mx - 7:.1f} {my - 7:.1f}l14 14m0 -14l-14 14", class_="xmark")
                + title(f"{name.upper()}: a {COLOUR_NAMES[colour]} marble went back to the reserve"),
                class_="fade"))
    arrow = ('<defs><marker id="dz-arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" '
             'markerHeight="4" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" class="arrowhead"/>'
             '</marker></defs>')
    return arrow + "".join(out)


def _status(obs: dict, names: list[str]) -> tuple[str, str, str] | None:
    """Headline, second line and note above the board in phase 2 (None: DVONN's placement lines)."""
    st = obs.get("status")
    turn = obs.get("turn")
    last = obs.get("last") or []
    note = _last_note(last, names)
    if st == "over":
        w = obs.get("winner")
        sc = obs.get("score", [0, 0])
        if obs.get("win_by") == "marbles" and w is not None:
            caps = obs["captures"][w]
            colour = next(c for k, c in enumerate("WGB") if caps[k] >= WINS[c])
            return (f"Game over: {names[w]} wins with {WINS[colour]} {COLOUR_NAMES[colour]} marbles",
                    f"pieces controlled: {names[0]} {sc[0]} – {names[1]} {sc[1]}", note)
        head = "Game over: a draw" if w is None else f"Game over: {names[w]} wins"
        return head, f"no stack can move: {names[0]} {sc[0]} – {names[1]} {sc[1]}", note
    if st == "place":
        return None
    who = names[turn or 0]
    marble_part = "a jump, compulsory" if obs.get("jumps") else "place a marble"
    if st == "turn":
        head = f"{who} to play: a stack move and a marble move, in either order"
        sub = "a jump is compulsory for the marble move" if obs.get("jumps") else \
            "marble move: place a marble of any colour on a stack without one"
    elif st == "zertz":
        done = obs.get("done") == "dvonn"
        head = f"{who}: stack moved — now the marble move ({marble_part})" if done else \
            f"{who} has no stack move: marble move only ({marble_part})"
        sub = "click the marble, then each landing space in turn" if obs.get("jumps") else \
            "click a colour in the reserve, then a stack without a marble"
    elif st == "dvonn":
        done = obs.get("done") == "zertz"
        head = f"{who}: marble move made — now the stack move" if done else \
            f"{who}: no marble move possible — stack move only"
        sub = "a stack moves exactly its height in a straight line"
    else:  # pass
        head, sub = f"{who} has neither a stack move nor a marble move and must pass", ""
    return head, sub, note


def _last_note(last: list, names: list[str]) -> str:
    bits = []
    for part in last:
        who = names[part["player"]]
        if part["action"] == "pass":
            bits.append(f"{who} passed")
        if part["captured"]:
            bits.append(f"{who} captured " + ", ".join(COLOUR_NAMES[c] for c in part["captured"]))
        for name, colour in part["crunched"]:
            bits.append(f"crunch: the {COLOUR_NAMES[colour]} marble on {name.upper()} went back to the reserve")
        if part["returned"]:
            n = len(part["returned"])
            bits.append(f"{n} marble{'s' * (n > 1)} of cut-off stacks back to the reserve")
    return "; ".join(bits)


PANEL_W = (176, 160, 176, 176)
"""Widths of the four boxes under the board: this turn, the reserve, each player's captures."""
NARROW_SCALE = 2.0
"""On a narrow page the boxes are drawn this much larger, two by two, so their text stays readable."""


def _panels(obs: dict, names: list[str]) -> list[str]:
    """The four boxes under the board, each drawn from its own top left corner at (0, 0): the turn's
    parts, the reserve, each player's captures with their progress."""
    out = []
    st = obs.get("status")
    turn = obs.get("turn")
    reserve = obs["reserve"]
    from_reserve = any(reserve)
    hgt = EXTRA - 16
    # the turn's two parts (X5)
    box = [el("rect", x=0, y=0, width=PANEL_W[0], height=hgt, rx=8, class_="pbox"),
           text(12, 20, "This turn", class_="ptitle")]
    if obs.get("phase") == 1 or st == "over":
        box.append(text(12, 48, "placement phase" if obs.get("phase") == 1 else "game over", class_="psmall"))
    else:
        done, todo = obs.get("done") or "", obs.get("todo") or []
        for k, (part, label) in enumerate((("dvonn", "Stack move"), ("zertz", "Marble move"))):
            state = "done" if done == part else "todo" if part in todo else "none"
            word = {"done": "✓ done", "todo": "to play", "none": "—"}[state]
            if state == "todo" and part == "zertz" and obs.get("jumps"):
                word = "jump!"
            box.append(text(12, 48 + 26 * k, f"{label}: {word}", class_=f"step step{state}"))
        if st == "pass":
            box.append(text(12, 100, "nothing to play: pass", class_="step steptodo"))
    out.append("".join(box))
    # the reserve (X2)
    box = [el("rect", x=0, y=0, width=PANEL_W[1], height=hgt, rx=8, class_="pbox"),
           text(12, 20, f"Reserve: {sum(reserve)}", class_="ptitle")]
    for k, c in enumerate("WGB"):
        cx, cy = 32 + 48 * k, 62
        body = marble_svg(cx, cy, c, 14) + text(cx, cy + 32, str(reserve[k]), class_="pnum", text_anchor="middle")
        body += el("circle", cx=cx, cy=cy, r=19, class_="mhit") + title(f"Reserve: {reserve[k]} {COLOUR_NAMES[c]}")
        box.append(el("g", body, class_="take", data_target=f"take-{c}") if from_reserve and reserve[k] else body)
    out.append("".join(box))
    # each player's captures and progress toward 4W / 5G / 6B (X16)
    for p in (0, 1):
        active = turn == p and st != "over"
        box = [el("rect", x=0, y=0, width=PANEL_W[2 + p], height=hgt, rx=8,
                  class_="pbox active" if active else "pbox"),
               text(12, 20, f"{names[p]} captured", class_="ptitle")]
        caps = obs["captures"][p]
        for k, c in enumerate("WGB"):
            cx, cy = 24, 46 + 30 * k
            body = marble_svg(cx, cy, c, 11)
            n, need = caps[k], WINS[c]
            body += text(cx + 18, cy, f"{n}/{need}", class_="pnum")
            body += el("rect", x=76, y=cy - 5, width=88, height=10, rx=5, class_="bar")
            if n:
                body += el("rect", x=76, y=cy - 5, width=88 * min(n, need) / need, height=10, rx=5,
                           class_="barfill near" if n == need - 1 else "barfill")
            body += el("circle", cx=cx, cy=cy, r=14, class_="mhit")
            body += title(f"{names[p]} holds {n} {COLOUR_NAMES[c]}; {need} win")
            own = not from_reserve and active and n
            box.append(el("g", body, class_="take", data_target=f"take-{c}") if own else el("g", body))
        out.append("".join(box))
    return out


def _placed_panels(boxes: list[str], narrow: bool) -> tuple[str, int]:
    """The boxes placed under the board: in a row (wide), or two by two and larger (narrow). Returns
    the SVG and the height it takes below the board."""
    if not narrow:
        xs = (14, 204, 378, 566)
        return "".join(el("g", b, transform=f"translate({x},{H + 4})") for x, b in zip(xs, boxes)), EXTRA
    s = NARROW_SCALE
    col = (W - 2 * 176 * s) / 3
    row = (EXTRA - 16) * s + 12
    out = []
    for k, b in enumerate(boxes):
        x = col + (176 * s + col) * (k % 2)
        y = H + 4 + row * (k // 2)
        out.append(el("g", b, transform=f"translate({x:.1f},{y:.1f}) scale({s})"))
    return "".join(out), int(2 * row + 8)


def draw(obs: dict, viewer: int | None = None, layout: str = "wide", *, targets=(), selected=(), from_targets=(),
         **_ignored) -> str:
    """The Dvertz board as SVG text (see the module doc). ``obs`` is a Dvertz observation; ``layout``
    ``"narrow"`` (a phone's width) puts the four boxes two by two under the board, twice as large; the
    other arguments are the common signature of the drawings (the page sets highlight classes itself)."""
    names = list(obs.get("player_names") or ["White", "Black"])
    last = obs.get("last") or []
    moves = [p for p in last if len(p["action"]) == 4 and not p["action"].startswith("x")]
    places = [p for p in last if len(p["action"]) == 2]
    dv_last = None
    if moves:
        dv_last = {"player": moves[-1]["player"], "action": moves[-1]["action"], "removed": moves[-1]["removed"]}
    elif places:
        dv_last = {"player": places[-1]["player"], "action": places[-1]["action"], "removed": []}
    elif last and last[0]["action"] == "pass":
        dv_last = {"player": last[0]["player"], "action": "pass", "removed": []}
    dv_obs = dict(obs, last=dv_last, double_turn=False)
    panels, extra = _placed_panels(_panels(obs, names), layout == "narrow")
    front = f"<style>{CSS}</style>" + _last_marks(obs) + _marbles(obs, names) + panels
    return dvonn_svg.draw(dv_obs, viewer=viewer, layout=layout, targets=targets, selected=selected,
                          from_targets=from_targets, status=_status(obs, names), front=front, extra_height=extra)


__all__ = ["draw", "marble_svg", "W", "H", "EXTRA"]
