"""Draw a DVONN view (an observation) to SVG, as players know the board.

The elongated hexagon lies horizontally, row 1 at the bottom and row 5 at the top, with the column
letters A–K at both ends of each column and the row numbers 1–5 at both ends of each row. A stack shows
its top colour, its height (a number from two pieces up, with a rim for each extra piece up to five) and a
red mark when a DVONN piece is inside; a lone DVONN piece is red. The last action is ringed in blue; stacks
the last move cut off are drawn fading away where they stood. Above the board: the phase, whose turn it is,
White's double turn at the change of phase and forced passes; below it the live score and the pieces
removed so far.

Clickable spaces carry ``data-target`` ids equal to the space names (``a1`` … ``k5``), shared with
:class:`~pygames.dvonn.rules.DvonnState`'s actions; the page adds the classes ``from`` (a stack that can
move, or a space where a piece can be placed), ``target`` (a landing space) and ``selected``.
"""
from __future__ import annotations

from ..core.svg import document, el, text, title
from .board import CELLS, GRID, NAMES, ROWS

S = 58.0                 # distance between neighbouring spaces
RS = 22.0                # stack radius
W, H = 760, 470
X0, Y0 = 140.0, 136.0    # where (x - y/2, 4 - y) = (0, 0) is drawn (C5)
DY = S * 0.8660254

CSS = """
.bg{fill:#f3ead8}.hexb{fill:#d9c39a;stroke:#8a6a3a;stroke-width:3}
.grid{stroke:#8a6a3a;stroke-width:2}
.coord{fill:#5a4022;font:bold 15px sans-serif;text-anchor:middle;dominant-baseline:central}
.hole{fill:#8a6a3a}
.hit{fill:transparent}
[data-target]{cursor:pointer}
.pc{stroke-width:1.6}.pcW{fill:#fbf8ef;stroke:#333}.pcB{fill:#262626;stroke:#000}.pcD{fill:#c62828;stroke:#7f0000}
.rim{fill:none;stroke-width:1.4}.rimW{stroke:#333}.rimB{stroke:#888}.rimD{stroke:#7f0000}
.h{font:bold 17px sans-serif;text-anchor:middle;dominant-baseline:central}.hW{fill:#222}.hB{fill:#fff}.hD{fill:#fff}
.dmark{fill:#e53935;stroke:#fff;stroke-width:1.5}
.sp.last .hit{stroke:#1f6feb;stroke-width:3;stroke-dasharray:5 3}
.sp.lastto .hit{stroke:#1f6feb;stroke-width:3.5}
.sp.from .hit{stroke:#1a7f37;stroke-width:3.5}
.sp.target .hit{fill:rgba(46,160,67,.22);stroke:#1a7f37;stroke-width:5;stroke-dasharray:7 3}
.sp.selected .hit{stroke:#d4a017;stroke-width:6}
.gone{animation:leave 1.6s ease-in forwards}
.gone circle{stroke-dasharray:4 3}
@keyframes leave{from{opacity:.95;transform:translateY(0)}to{opacity:.3;transform:translateY(-6px)}}
.xmark{stroke:#b62324;stroke-width:3}
.status{fill:#2b2b2b;font:bold 18px sans-serif;text-anchor:middle}
.sub{fill:#5a4022;font:15px sans-serif;text-anchor:middle}
.note{fill:#b62324;font:bold 15px sans-serif;text-anchor:middle}
.score{font:bold 17px sans-serif;dominant-baseline:central}
.tally{fill:#5a4022;font:14px sans-serif;dominant-baseline:central}
.chipW{fill:#fbf8ef;stroke:#333}.chipB{fill:#262626;stroke:#000}
.turnmark{fill:none;stroke:#1f6feb;stroke-width:3}
"""

NARROW_CSS = """
.coord{font-size:25px}.h{font-size:25px}.status{font-size:27px}.sub,.note{font-size:25px}
.score{font-size:26px}.tally{font-size:25px}
"""
"""The narrow layout (a phone): the drawing keeps its 760 units of width on about 344 px of screen, so
every text is at least 25 units (11 px there)."""
NARROW_TOP = 48
"""Extra room above the board in the narrow layout for the three larger lines of status."""
_INDEX = {c: i for i, c in enumerate(CELLS)}
_PIECE = {"W": "white", "B": "black", "D": "DVONN"}


def xy(x: float, y: float) -> tuple[float, float]:
    """Pixel centre of axial cell ``(x, y)`` (also used for the labels just off the board)."""
    return X0 + (x - y / 2) * S, Y0 + (4 - y) * DY


def _describe(name: str, s: str, names: list[str]) -> str:
    if not s:
        return f"{name.upper()}: empty"
    if s == "D":
        return f"{name.upper()}: a lone DVONN piece (never moves)"
    parts = [f"{s.count(k)} {_PIECE[k]}" for k in "WBD" if s.count(k)]
    owner = names[0] if s[-1] == "W" else names[1]
    if len(s) == 1:
        return f"{name.upper()}: a {_PIECE[s]} piece ({owner}'s)"
    return f"{name.upper()}: {owner}'s stack of {len(s)} ({', '.join(parts)})"


def stack_svg(cx: float, cy: float, s: str) -> str:
    """A stack drawn as its top piece with one rim per extra piece (up to four), its height and a red
    mark when a DVONN piece is inside."""
    h = len(s)
    top = s[-1]
    out = []
    rims = min(h - 1, 4)
    for k in range(rims, 0, -1):
        out.append(el("circle", cx=cx, cy=cy + 3 * k, r=RS, class_=f"pc pc{s[h - 1 - k] if k < h else top}"))
    out.append(el("circle", cx=cx, cy=cy, r=RS, class_=f"pc pc{top}"))
    if h > 1:
        out.append(el("circle", cx=cx, cy=cy, r=RS - 5, class_=f"rim rim{top}"))
        out.append(text(cx, cy, str(h), class_=f"h h{top}"))
    if "D" in s and top != "D":
        out.append(el("circle", cx=cx + RS * 0.68, cy=cy - RS * 0.68, r=6.5, class_="dmark"))
    return "".join(out)


def _status(obs: dict, names: list[str]) -> tuple[str, str, str]:
    """Headline, a second line and a red note (forced pass, double turn)."""
    st = obs.get("status")
    placed = obs.get("placed", 0)
    turn = obs.get("turn")
    last = obs.get("last") or {}
    sc = obs.get("score", [0, 0])
    note = ""
    if last.get("action") == "pass":
        note = f"{names[last['player']]} had no move and passed"
    elif last.get("removed"):  # N13
        n = sum(len(s) for _, s in last["removed"])
        note = f"cut off from the DVONN pieces: {n} piece{'s' * (n > 1)} left the game"
    if st == "over":
        w = obs.get("winner")
        head = "Game over: a draw" if w is None else f"Game over: {names[w]} wins"
        return head, f"{names[0]} {sc[0]} – {names[1]} {sc[1]}", note
    if st in ("place", "chance"):
        piece = {"D": "a DVONN piece", "W": "a white piece", "B": "a black piece"}[obs.get("next_piece") or "W"]
        who = "Chance" if st == "chance" else names[turn or 0]
        head = f"Placement: {who} places {piece}"
        sub = f"piece {placed + 1} of 49"
        if placed == 48:
            note = f"the last space is forced; then {names[0]} moves first too"
        return head, sub, note
    if obs.get("double_turn"):
        return (f"{names[turn or 0]} moves again: double turn", "the board is full, stacking begins", note)
    if st == "pass":
        return f"{names[turn or 0]} has no move and must pass", "", note
    return f"{names[turn or 0]} to move", "a stack moves exactly its height in a straight line", note


def _line(x: float, y: float, s: str, size: float, **kw) -> str:
    """A centred line of text squeezed to the drawing's width when it would not fit at ``size``."""
    if len(s) * size * 0.56 > W - 24:
        kw.update(textLength=W - 24, lengthAdjust="spacingAndGlyphs")
    return text(x, y, s, **kw)


def draw(obs: dict, viewer: int | None = None, layout: str = "wide", *, targets=(), selected=(), from_targets=(),
         overlay: str = "", status: tuple[str, str, str] | None = None, front: str = "", extra_height: int = 0,
         **_ignored) -> str:
    """The board as SVG text.

    ``obs``: a DVONN observation; ``targets``: space names to highlight as landing spaces; ``selected``:
    names already clicked; ``from_targets``: names of stacks that can move now (the page sets these
    classes itself); ``viewer`` is accepted for the common signature (the board looks the same to all).
    For games built on DVONN's board (Dvertz): ``overlay`` is SVG drawn over the stacks (use :func:`xy` for
    positions; it does not take clicks) and ``status`` replaces the three lines of text above the board;
    ``front`` is SVG drawn over everything that does take clicks (its own ``data-target`` elements, which
    must leave the stacks' centres free), and ``extra_height`` adds that many pixels below the board for it.
    ``layout="narrow"`` (a phone) draws every text larger (:data:`NARROW_CSS`), the status lines in
    :data:`NARROW_TOP` more room above the board and the score and removed pieces on two lines; the board
    and everything drawn by ``overlay`` and ``front`` keep their coordinates (moved down as one).
    """
    narrow = layout == "narrow"
    top = NARROW_TOP if narrow else 0
    names = list(obs.get("player_names") or ["White", "Black"])
    stacks = obs["stacks"]
    targets, selected, from_targets = set(targets), set(selected), set(from_targets)
    parts: list[str] = []
    # the elongated hexagon: corners A1, I1, K3, K5, C5, A3 pushed outwards
    corners = [(0, 0), (8, 0), (10, 2), (10, 4), (2, 4), (0, 2)]
    cxm, cym = xy(5, 2)
    pts = []
    for x, y in corners:
        px, py = xy(x, y)
        dx, dy = px - cxm, py - cym
        n = (dx * dx + dy * dy) ** 0.5
        pts.append(f"{px + dx / n * 36:.1f},{py + dy / n * 36:.1f}")
    parts.append(el("polygon", points=" ".join(pts), class_="hexb"))
    grid = []
    for i, (x, y) in enumerate(CELLS):
        for d in range(3):
            j = GRID.neighbours[i][d]
            if j >= 0:
                (ax, ay), (bx, by) = xy(x, y), xy(*CELLS[j])
                grid.append(f"M{ax:.1f} {ay:.1f}L{bx:.1f} {by:.1f}")
    parts.append(el("path", d="".join(grid), class_="grid"))
    # coordinates: letters at both ends of each column, numbers at both ends of each row
    labels = []
    for x in range(11):  # letters below the lower end of every column, above the upper end of C-K
        ys = [y for y in range(5) if ROWS[y][0] <= x <= ROWS[y][1]]
        ends = [(x, ys[0] - 1.0)] + ([(x, ys[-1] + 1.0)] if ys[-1] == 4 else [])
        for lx, ly in ends:
            px, py = xy(lx, ly)
            labels.append(text(px, py, "ABCDEFGHIJK"[x], class_="coord"))
    for y in range(5):  # numbers left of every row, right of rows 3-5
        lo, hi = ROWS[y]
        for rx in [lo - 0.95] + ([hi + 0.95] if y >= 2 else []):
            px, py = xy(rx, y)
            labels.append(text(px, py, str(y + 1), class_="coord"))
    parts.append(el("g", "".join(labels), id="dv-coords"))
    last = obs.get("last") or {}
    act = last.get("action") or ""
    last_from = act[:2] if len(act) == 4 else ""
    last_to = act[2:] if len(act) == 4 else (act if len(act) == 2 else "")
    for i, (x, y) in enumerate(CELLS):
        name = NAMES[i]
        s = stacks[i]
        cx, cy = xy(x, y)
        cls = ["sp"]
        for flag, c in ((name in from_targets, "from"), (name in targets, "target"), (name in selected, "selected"),
                        (name == last_from, "last"), (name == last_to, "lastto")):
            if flag:
                cls.append(c)
        body = el("circle", cx=cx, cy=cy, r=5, class_="hole")
        if s:
            body += stack_svg(cx, cy, s)
        body += el("circle", cx=cx, cy=cy, r=RS + 4, class_="hit")
        body += title(_describe(name, s, names))
        parts.append(el("g", body, id=f"dv-{name}", class_=" ".join(cls), data_target=name))
    # stacks the last move cut off, fading where they stood
    gone = []
    for name, s in last.get("removed") or []:
        x, y = CELLS[NAMES.index(name)]
        cx, cy = xy(x, y)
        g = stack_svg(cx, cy, s) + el("path", d=f"M{cx - 9:.1f} {cy - 9:.1f}l18 18m0 -18l-18 18", class_="xmark")
        gone.append(el("g", g + title(f"{name.upper()}: {len(s)} piece{'s' * (len(s) > 1)} left the game"),
                       class_="gone"))
    if gone:
        parts.append(el("g", "".join(gone), id="dv-removed", style="pointer-events:none"))
    if overlay:
        parts.append(el("g", overlay, id="dv-overlay", style="pointer-events:none"))
    head, sub, note = status if status is not None else _status(obs, names)
    lines: list[str] = []
    at: tuple[int, ...] = (38, 72, 106) if narrow else (27, 48, 69)
    sizes: tuple[int, ...] = (27, 25, 25) if narrow else (18, 15, 15)
    lines.append(_line(W / 2, at[0], head, sizes[0], class_="status", id="dv-status"))
    if sub:
        lines.append(_line(W / 2, at[1], sub, sizes[1], class_="sub"))
    if note:
        lines.append(_line(W / 2, at[2], note, sizes[2], class_="note", id="dv-note"))
    # live score and removed pieces
    sc, rem = obs.get("score", [0, 0]), obs.get("removed", [0, 0])
    turn = obs.get("turn")
    foot = []
    for p, x0 in ((0, 40.0), (1, W / 2 + 30)):
        yb = H - 52 if narrow else H - 34
        foot.append(el("circle", cx=x0 + 12, cy=yb, r=11, class_=f"chip{'WB'[p]}"))
        if turn == p and obs.get("status") != "over":
            foot.append(el("circle", cx=x0 + 12, cy=yb, r=15, class_="turnmark"))
        if obs.get("phase") == 1:  # N3: White places 25 pieces, Black 24
            done = (obs.get("placed", 0) + 1 - p) // 2
            foot.append(text(x0 + 32, yb, f"{names[p]}: placed {done} of {25 - p}", class_="score"))
            continue
        foot.append(text(x0 + 32, yb, f"{names[p]}: {sc[p]}", class_="score"))
        lost = f"removed: {rem[p]} {'white' if p == 0 else 'black'}"
        foot.append(text(x0, yb + 32, lost, class_="tally") if narrow else text(x0 + 130, yb, lost, class_="tally"))
    parts.append(el("g", "".join(foot) + title(f"Score (pieces in controlled stacks): {names[0]} {sc[0]}, "
                                               f"{names[1]} {sc[1]}; removed: {rem[0]} white, {rem[1]} black"),
                    id="dv-score"))
    if front:
        parts.append(el("g", front, id="dv-front"))
    height = H + extra_height + top
    body = "".join(parts) if not top else el("g", "".join(parts), transform=f"translate(0,{top})")
    bg = el("rect", x=0, y=0, width=W, height=height, rx=12, class_="bg")
    return document(W, height, bg + body + "".join(lines), CSS + (NARROW_CSS if narrow else ""), "DVONN board")
