"""Draw a ZÈRTZ view (an observation) to SVG, as players know the board.

Rings are drawn as rings in the original full layout (columns a… from the left, counted from the
bottom, names along the edge); removed rings leave dashed gaps; marbles sit on their rings. Free rings
(removable now) are marked. The pool at the right shows a marble of each colour with its count, and
each player's panel their captured marbles per colour with the progress toward every winning set.

Clickable elements carry ``data-target`` ids shared with the engine's actions: ring names (``d4``)
and ``take-W``/``take-G``/``take-B`` for the colour of a placement (on the pool, or on the mover's own
captured marbles once the pool is empty).
"""
from __future__ import annotations

from ..core.svg import document, el, text, title
from .rules import layout

CSS = """
.bg{fill:#e9e3d5}.ring circle.r{fill:none;stroke:#5b6470;stroke-width:6}
circle.hit{fill:transparent;stroke:none}
.gap circle{fill:none;stroke:#b9b2a3;stroke-width:1.5;stroke-dasharray:4 4}
.free circle.r{stroke:#2f7d32}
.lastgap circle{stroke:#1f6feb;stroke-width:2.5}
.m1{fill:#fbfbf7;stroke:#555;stroke-width:1.5}.m2{fill:#9a9a9a;stroke:#444;stroke-width:1.5}
.m3{fill:#1d1d1d;stroke:#000;stroke-width:1.5}
.last circle.r{stroke:#1f6feb}
.target circle.r,.target circle.box{stroke:#1a7f37;stroke-width:7}
.target circle.hit{fill:#7ee78766}
.from circle.r{stroke:#9a6700;stroke-width:7}
.selected circle.r{stroke:#d4a72c;stroke-width:8}
.selected circle.hit{fill:#ffd33d66}
[data-target]{cursor:pointer}
.lbl{fill:#6a6250;font:12px sans-serif;text-anchor:middle}
.panel rect{fill:#f7f3ea;stroke:#b9b2a3}
.ptitle{fill:#222;font:bold 15px sans-serif}.pcount{fill:#222;font:bold 14px sans-serif;text-anchor:middle}
.psmall{fill:#444;font:12px sans-serif}
.take circle.hit{fill:transparent;stroke:none}
.take.target circle.hit,.take.from circle.hit{stroke:#1a7f37;stroke-width:3;fill:#7ee78733}
.take.selected circle.hit{stroke:#9a6700;stroke-width:3;fill:#ffd33d66}
.msg{fill:#222;font:bold 16px sans-serif}
.turn{fill:#1f6feb;font:bold 14px sans-serif}
"""

SP = 46           # distance between neighbouring rings
R = 17            # ring radius
MR = 13           # marble radius
LEFT, TOP = 40, 30
COLS = ("white", "grey", "black")


def _positions(size: int):
    lay = layout(size)
    cells = lay.board.cells
    xs = [x for x, _ in cells]
    hs = [2 * y - x for x, y in cells]
    hmax = max(hs)
    dx = SP * 0.866
    return {lay.names[i]: (LEFT + (x - min(xs)) * dx, TOP + (hmax - h) * SP / 2)
            for i, ((x, y), h) in enumerate(zip(cells, hs))}, lay


def draw(obs: dict, targets=(), selected=(), from_targets=(), viewer: int | None = None, **_ignored) -> str:
    """The board as SVG text.

    ``obs``: a ZÈRTZ observation; ``targets``: ids to highlight as legal next clicks; ``selected``: ids
    already clicked; ``from_targets``: ids that can start an action now; ``viewer``: unused (ZÈRTZ has
    no hidden information and no side of the board)."""
    targets, selected, from_targets = set(targets), set(selected), set(from_targets)
    pos, lay = _positions(obs["rings"])
    board = obs["board"]
    free = set(obs.get("free", []))
    last = obs.get("last") or {}
    last_rings = set()
    gone = set()
    if "place" in last:
        last_rings.add(last["ring"])
        if last.get("remove"):
            gone.add(last["remove"])
        gone.update(r for _, r in last.get("isolated", []))
    elif "jump" in last:
        last_rings.add(last["jump"])
        last_rings.update(r for _, r in last.get("hops", []))
    bw = max(x for x, _ in pos.values()) + R + 30
    bh = max(y for _, y in pos.values()) + R + 30
    W = int(bw + 250)
    H = int(max(bh, 470))
    parts = [el("rect", x=0, y=0, width=W, height=H, rx=10, class_="bg")]
    for i, name in enumerate(lay.names):
        x, y = pos[name]
        ch = board[i]
        if ch == "-":
            gcls = "gap" + (" lastgap" if name in gone else "")
            parts.append(el("g", el("circle", cx=x, cy=y, r=R) + title(f"{name}: removed"), class_=gcls, id=name))
            continue
        cls = ["ring"]
        for flag, k in ((name in free, "free"), (name in last_rings, "last"), (name in targets, "target"),
                        (name in selected, "selected"), (name in from_targets, "from")):
            if flag:
                cls.append(k)
        body = el("circle", cx=x, cy=y, r=R + 5, class_="hit") + el("circle", cx=x, cy=y, r=R, class_="r")
        what = "vacant" + (", free" if name in free else "")
        if ch in "WGB":
            code = "-WGB".index(ch)
            body += el("circle", cx=x, cy=y, r=MR, class_=f"m{code}")
            what = f"{COLS[code - 1]} marble"
        body += title(f"{name}: {what}")
        parts.append(el("g", body, class_=" ".join(cls), id=name, data_target=name))
    # coordinates: column letters under the lowest ring of each column
    low: dict[str, tuple[float, float]] = {}
    for name, (x, y) in pos.items():
        if name[0] not in low or y > low[name[0]][1]:
            low[name[0]] = (x, y)
    for letter, (x, y) in low.items():
        parts.append(text(x, y + R + 16, letter, class_="lbl"))
    # panels: pool, then each player
    px = bw
    supply = obs.get("supply", "")
    cp = obs.get("current_player", -4)
    names = obs.get("player_names", ["Player 1", "Player 2"])

    def marbles_row(y: float, counts, clickable: bool, label_of) -> str:
        out = ""
        for c in range(3):
            cx = px + 40 + c * 62
            col = "WGB"[c]
            tid = f"take-{col}"
            body = el("circle", cx=cx, cy=y, r=MR + 6, class_="hit") + el(
                "circle", cx=cx, cy=y, r=MR, class_=f"m{c + 1}") + text(cx, y + MR + 18, label_of(c),
                                                                         class_="pcount")
            body += title(f"{COLS[c]}: {label_of(c)}")
            if clickable and counts[c]:
                cls = ["take"] + [k for f, k in ((tid in targets, "target"), (tid in selected, "selected"),
                                                 (tid in from_targets, "from")) if f]
                out += el("g", body, class_=" ".join(cls), id=tid, data_target=tid)
            else:
                out += el("g", body)
        return out

    y0 = 20
    pool = obs["pool"]
    parts.append(el("g", el("rect", x=px, y=y0, width=220, height=100, rx=8) +
                    text(px + 12, y0 + 22, "Pool", class_="ptitle") +
                    marbles_row(y0 + 50, pool, supply == "pool", lambda c: str(pool[c])), class_="panel"))
    wins = obs["wins"]
    for p in (0, 1):
        yy = y0 + 115 + p * 165
        caps = obs["captures"][p]
        head = names[p] + ("  ◀ to move" if cp == p else "")
        prog = []
        for ci in range(3):
            prog.append(f"{'WGB'[ci]} {caps[ci]}/{wins[ci][ci]}")
        each = wins[3][0]
        prog.append(f"each {min(caps)}/{each}")
        body = (el("rect", x=px, y=yy, width=220, height=150, rx=8) +
                text(px + 12, yy + 22, head, class_="turn" if cp == p else "ptitle") +
                text(px + 12, yy + 40, "captured:", class_="psmall") +
                marbles_row(yy + 68, caps, supply == "captures" and cp == p, lambda c: str(caps[c])) +
                text(px + 12, yy + 118, "to win: " + "  ".join(prog[:3]), class_="psmall") +
                text(px + 12, yy + 136, "or " + prog[3], class_="psmall"))
        parts.append(el("g", body, class_="panel", id=f"player-{p}"))
    res = obs.get("result")
    msg = ""
    if res == "draw":
        msg = "Draw by repetition"
    elif res is not None:
        why = {"set": "with a winning set", "filled": "by filling the board",
               "stuck": "(the opponent could not move)"}.get(obs.get("reason", ""), "")
        msg = f"{names[res]} wins {why}"
    elif obs.get("capture_forced"):
        msg = "Capture is compulsory"
    if msg:
        parts.append(text(px, H - 14, msg, class_="msg", id="status-msg"))
    return document(W, H, "".join(parts), CSS, f"ZÈRTZ board, {obs['rings']} rings")
