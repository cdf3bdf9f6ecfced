"""Draw a Verquere view (an observation) to SVG, as players know the board.

Two rows of twelve triangular points with the bar between the halves; from the viewer's side the
viewer's own points 13–24 run along the bottom (13 at the left) and points 1–12 along the top (1 at the
right), numbered from the viewer's side. Stacks show up to five pieces and a count beyond; pieces waiting
to re-enter sit on the bar, borne-off pieces in the trays at the right; the dice show with used dice
dimmed. Clickable elements carry ``data-target`` ids (``r0``..``r23``, ``bar-0``/``bar-1``,
``off-0``/``off-1``), shared with :meth:`VerquereState._legal_actions`.
"""
from __future__ import annotations

from ..core.svg import document, el, text, title
from .rules import point_of

W, H = 780, 560
PW = 48          # point width
LEFT = 24        # x of the first point
BAR_X = LEFT + 6 * PW
BAR_W = 52
TRAY_X = LEFT + 12 * PW + BAR_W + 14
TRAY_W = 64
TOP, BOT = 24, H - 24
PH = 200         # point height
R = 21           # piece radius

CSS = """
.frame{fill:#6b4226}.felt{fill:#d8bd8a}.barbox{fill:#5a3620}
.pt.dark polygon{fill:#9b3b2b}.pt.light polygon{fill:#efe3c4}
.pt.last polygon{stroke:#1f6feb;stroke-width:3}
.pt.target polygon,.tray.target rect.bg,.bar.target rect.bg{fill:#7ee787;stroke:#1a7f37;stroke-width:3}
.pt.selected polygon,.bar.selected rect.bg{fill:#ffd33d;stroke:#9a6700;stroke-width:3}
.pt.from polygon,.bar.from rect.bg{stroke:#9a6700;stroke-width:3;stroke-dasharray:6 3}
[data-target]{cursor:pointer}
.pc0{fill:#fbf8ef;stroke:#2b2b2b;stroke-width:1.5}.pc1{fill:#262626;stroke:#000;stroke-width:1.5}
.cnt0{fill:#222;font:bold 16px sans-serif;text-anchor:middle;dominant-baseline:central}
.cnt1{fill:#fff;font:bold 16px sans-serif;text-anchor:middle;dominant-baseline:central}
.num{fill:#3b2a1a;font:12px sans-serif;text-anchor:middle}
.tray rect.bg{fill:#4a2c18}.bar rect.bg{fill:transparent}
.off0{fill:#fbf8ef;stroke:#2b2b2b}.off1{fill:#262626;stroke:#777}
.traylbl{fill:#f4e8d0;font:bold 14px sans-serif;text-anchor:middle}
.die rect{fill:#fffdf6;stroke:#222;stroke-width:1.5}.die circle{fill:#222}
.die.used{opacity:.3}.die.lost rect{stroke:#b62324;stroke-dasharray:4 3}
.lastmark{fill:none;stroke:#1f6feb;stroke-width:3}
.msg{fill:#3b2a1a;font:bold 15px sans-serif;text-anchor:middle}
"""


def _slot(viewer: int, r: int) -> tuple[int, bool]:
    """Column 0..11 (left to right) and whether ring index ``r`` is drawn on the top row."""
    p = point_of(viewer, r)
    if p <= 12:
        return 12 - p, True   # top row: point 12 at the left … point 1 at the right
    return p - 13, False      # bottom row: point 13 at the left … 24 at the right


def _col_x(col: int) -> float:
    return LEFT + col * PW + (BAR_W if col >= 6 else 0) + PW / 2


def _pieces(cx: float, top: bool, owner: int, n: int, base: float | None = None) -> str:
    out = []
    y0 = (base if base is not None else (TOP + R + 2 if top else BOT - R - 2))
    step = 2 * R - 2
    for i in range(min(n, 5)):
        cy = y0 + i * step if top else y0 - i * step
        out.append(el("circle", cx=cx, cy=cy, r=R, class_=f"pc{owner}"))
    if n > 5:
        cy = y0 + 4 * step if top else y0 - 4 * step
        out.append(text(cx, cy, str(n), class_=f"cnt{owner}"))
    return "".join(out)


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def _die(x: float, y: float, v: int, cls: str) -> str:
    s = 34
    body = el("rect", x=x, y=y, width=s, height=s, rx=6)
    for dx, dy in PIPS[v]:
        body += el("circle", cx=x + s / 2 + dx * 9, cy=y + s / 2 + dy * 9, r=3.4)
    return el("g", body + title(f"die {v}"), class_=f"die {cls}".strip())


NARROW_CSS = """
.num{font:bold 27px sans-serif}.msg{font-size:28px}.traylbl{font-size:27px}
.cnt0,.cnt1{font-size:27px}
"""
"""On a phone's width (360 CSS px) the board shows at about 0.42 of its size: every text is drawn at 27
units or more (about 11 CSS px there), so the page need not widen the board past the screen."""


def draw(obs: dict, viewer: int | None = None, layout: str = "wide", *, targets=(), selected=(), from_targets=(),
         **_ignored) -> str:
    """The board as SVG text.

    ``obs``: a Verquere observation; ``targets``: ids to highlight as legal next clicks; ``selected``: ids
    already clicked; ``from_targets``: ids of pieces that can move now; ``viewer``: whose side the board
    is drawn from (default: the observation's viewer, White for a spectator); ``layout`` ``"narrow"`` (a
    phone's width) draws the point numbers and labels larger so they stay readable.
    """
    v: int = viewer if viewer is not None else (obs.get("viewer") or 0)
    targets, selected, from_targets = set(targets), set(selected), set(from_targets)
    names = obs.get("player_names", ["White", "Black"])
    last = {}
    for pl, f, t, hit in obs.get("last_steps", []):
        last[f] = last[t] = True
    parts = [el("rect", x=0, y=0, width=W, height=H, rx=10, class_="frame"),
             el("rect", x=LEFT, y=TOP, width=12 * PW + BAR_W, height=BOT - TOP, class_="felt"),
             el("rect", x=BAR_X, y=TOP, width=BAR_W, height=BOT - TOP, class_="barbox")]
    for r in range(24):
        col, top = _slot(v, r)
        cx = _col_x(col)
        x0, x1 = cx - PW / 2, cx + PW / 2
        if top:
            poly = f"{x0},{TOP} {x1},{TOP} {cx},{TOP + PH}"
        else:
            poly = f"{x0},{BOT} {x1},{BOT} {cx},{BOT - PH}"
        w, b = obs["points"][r]
        owner, n = (0, w) if w else (1, b)
        cls = ["pt", "dark" if col % 2 == 0 else "light"]
        tid = f"r{r}"
        for flag, name in ((tid in last, "last"), (tid in targets, "target"), (tid in selected, "selected"),
                           (tid in from_targets, "from")):
            if flag:
                cls.append(name)
        p = point_of(v, r)
        label = f"{names[v]}'s point {p} ({names[1 - v]}'s {point_of(1 - v, r)})"
        if n:
            label += f": {n} {names[owner]} piece{'s' if n > 1 else ''}"
        num_y = (TOP + PH + (26 if layout == "narrow" else 16)) if top else BOT - PH - 6
        body = (el("polygon", points=poly) + _pieces(cx, top, owner, n) +
                text(cx, num_y, str(p), class_="num") + title(label))
        # invisible hit area covering the whole half-column, so a click anywhere on the point counts
        hy = TOP if top else BOT - PH - 20
        body = el("rect", x=x0, y=hy, width=PW, height=PH + 20, fill="transparent") + body
        parts.append(el("g", body, id=tid, class_=" ".join(cls), data_target=tid))
    # bar: the viewer's pieces waiting to re-enter in the lower half, the opponent's in the upper half
    for pl in (0, 1):
        n = obs["bar"][pl]
        top = pl != v
        tid = f"bar-{pl}"
        y = TOP if top else (TOP + BOT) / 2
        cls = ["bar"] + [c for f, c in ((tid in targets, "target"), (tid in selected, "selected"),
                                         (tid in from_targets, "from")) if f]
        base = (TOP + BOT) / 2 - 30 - R if top else (TOP + BOT) / 2 + 30 + R
        body = el("rect", x=BAR_X, y=y, width=BAR_W, height=(BOT - TOP) / 2, class_="bg")
        if n:
            body += _pieces(BAR_X + BAR_W / 2, not top, pl, n, base=base)
        body += title(f"{names[pl]} pieces waiting to re-enter: {n}")
        parts.append(el("g", body, id=tid, class_=" ".join(cls), data_target=tid))
    # trays for borne-off pieces: the viewer's at the bottom right, the opponent's at the top right
    for pl in (0, 1):
        n = obs["off"][pl]
        top = pl != v
        tid = f"off-{pl}"
        y = TOP if top else (TOP + BOT) / 2 + 4
        hh = (BOT - TOP) / 2 - 4
        cls = ["tray"] + (["target"] if tid in targets else []) + (["last"] if tid in last else [])
        body = el("rect", x=TRAY_X, y=y, width=TRAY_W, height=hh, rx=6, class_="bg")
        for i in range(n):
            yy = (y + 8 + i * 12) if top else (y + hh - 18 - i * 12)
            body += el("rect", x=TRAY_X + 8, y=yy, width=TRAY_W - 16, height=10, rx=3, class_=f"off{pl}")
        ly = y + hh - 4 if top else y + 16
        # narrow: the count alone (the tray's title says the rest), so the larger label fits the tray
        label = (str(n) if layout == "narrow" else f"{n}/15") if n else "off"
        body += text(TRAY_X + TRAY_W / 2, ly + (12 if layout == "narrow" and not top else 0), label,
                     class_="traylbl")
        body += title(f"{names[pl]} pieces borne off: {n}")
        parts.append(el("g", body, id=tid, class_=" ".join(cls), data_target=tid))
    # dice in the middle of the mover's half: the roll, used dice dimmed, lost dice dashed
    roll, left = obs.get("roll") or [], list(obs.get("dice") or [])
    if roll and obs.get("winner") is None:
        dice = roll * 2 if roll[0] == roll[1] else list(roll)
        status = []
        rem = list(left)
        for d in dice:
            if d in rem:
                rem.remove(d)
                status.append("")
            else:
                status.append("used")
        if not left and obs.get("lost"):
            lost = list(obs["lost"])
            for i in range(len(dice) - 1, -1, -1):
                if dice[i] in lost:
                    lost.remove(dice[i])
                    status[i] = "used lost"
        mover = obs.get("turn")
        if not left and mover is not None:
            mover = 1 - mover  # the roll belongs to the player who just finished
        x0 = LEFT + (6 * PW + BAR_W + 3 * PW if mover == v else 3 * PW) - len(dice) * 21
        y0 = (TOP + BOT) / 2 - 17
        dice_svg = "".join(_die(x0 + i * 42, y0, d, status[i]) for i, d in enumerate(dice))
        parts.append(el("g", dice_svg, id="dice"))
    if obs.get("winner") is not None or obs.get("limit"):
        if obs.get("limit"):  # V35: the roll limit ended the game
            msg = (f"{names[obs['winner']]} wins on pips" if obs.get("winner") is not None
                   else "Drawn: equal pips") + f" (roll {obs['max_rolls']})"
        else:
            msg = f"{names[obs['winner']]} wins"
        parts.append(text(LEFT + 3 * PW, (TOP + BOT) / 2 + 5, msg, class_="msg", id="winner"))
    label = f"Verquere board seen by {names[v]}"
    return document(W, H, "".join(parts), CSS + (NARROW_CSS if layout == "narrow" else ""), label)


def draw_text(obs: dict, viewer: int | None = None) -> str:
    """The board as text for a terminal, seen from ``viewer`` (White when None): the points numbered
    for that side, 13-24 above and 12-1 below as on the drawn board, each ``W3`` / ``B2`` / ``.``;
    then the bar, the pieces borne off, the dice and the pip counts.

    >>> from pygames.core import get_game
    >>> print(draw_text(get_game("verquere").new_initial_state().observation(0)).splitlines()[0])
     13  14  15  16  17  18 |  19  20  21  22  23  24
    """
    v = 0 if viewer is None else viewer
    names = obs.get("player_names") or ["White", "Black"]
    cells = {}
    for r in range(24):
        w, b = obs["points"][r]
        cells[point_of(v, r)] = f"W{w}" if w else f"B{b}" if b else "."

    def row(points):
        left, right = points[:6], points[6:]
        return (" ".join(f"{p:>3}" for p in left) + " | " + " ".join(f"{p:>3}" for p in right),
                " ".join(f"{cells[p]:>3}" for p in left) + " | " + " ".join(f"{cells[p]:>3}" for p in right))
    top = row(list(range(13, 25)))
    bottom = row(list(range(12, 0, -1)))
    dice = " ".join(map(str, obs.get("dice") or [])) or "-"
    lines = [top[0], top[1], "", bottom[1], bottom[0],
             f"bar: {names[0]} {obs['bar'][0]}, {names[1]} {obs['bar'][1]}   "
             f"off: {names[0]} {obs['off'][0]}, {names[1]} {obs['off'][1]}   dice to play: {dice}   "
             f"pips: {obs['pips'][0]} / {obs['pips'][1]}"]
    return "\n".join(lines)
