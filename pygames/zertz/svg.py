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

from ..core.svg import document, el, escape, text, title
from .rules import layout

CSS = """
.bg{fill:#e9e3d5}.ring circle.r{fill:none;stroke:#5b6470;stroke-width:6}
circle.hit{fill:transparent;stroke:none}
.gap circle{fill:none;stroke:#b9b2a3;stroke-width:1.5;stroke-dasharray:4 4}
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

NARROW_CSS = """
.lbl{font-size:15px}.ptitle,.turn{font-size:17px}.pcount{font-size:16px}.psmall{font-size:15px}
.msg{font-size:17px}
"""
"""Larger text for the narrow layout: the drawing is about 340 units wide on a phone about 340 px wide,
so every text stays at 11 px or more on screen (15 units × 340/405 for the 61-ring board)."""
NARROW_W = 340
"""The narrow layout's least width in drawing units (the 37-ring board with the panels under it)."""

SP = 46           # distance between neighbouring rings
R = 17            # ring radius
MR = 13           # marble radius
LEFT, TOP = 40, 30
COLS = ("white", "grey", "black")
SETS = ("4 white", "5 grey", "6 black")


def _winning_set(obs: dict, p: int) -> str:
    """Which winning set player ``p`` holds (Z15), in words: "4 white" … or "3 of each"."""
    caps, wins = obs["captures"][p], obs["wins"]
    for c in range(3):
        if caps[c] >= wins[c][c]:
            return f"{wins[c][c]} {COLS[c]}"
    return f"{wins[3][0]} of each colour"


def _message(obs: dict) -> list[str]:
    """The lines under the board: the result once the game is over; else the marbles the last placement
    took by isolation (Z14) and a compulsory capture (Z9); else, to the player to move (the viewer), what
    a turn is: a marble placed and a free ring removed (Z5, Z7), in two lines (the narrow layout's two;
    the wide one joins them)."""
    names = obs.get("player_names", ["Player 1", "Player 2"])
    res = obs.get("result")
    if res == "draw":
        return ["Draw: the same position a third time"]
    if res is not None:
        why = {"set": f"with {_winning_set(obs, res)}", "filled": "by filling the last ring",
               "stuck": "(the opponent could not move)"}.get(obs.get("reason", ""), "")
        return [f"{names[res]} wins {why}".strip()]
    out = []
    iso = (obs.get("last") or {}).get("isolated") or []
    if iso:
        mover = 1 - obs.get("turn", 0)
        out.append(f"{names[mover]} took {', '.join(r for _, r in iso)} by isolation")
    if obs.get("capture_forced"):
        out.append("Capture is compulsory")
    elif not out and obs.get("current_player") == obs.get("viewer", 0):
        # what a turn is, for the player to move who has nothing else to read (a newcomer saw rings, a
        # pool and "Your turn", and no word of what to do: Z5's placement, then Z7's ring taken away)
        out += [f"{names[obs['current_player']]}: place a marble,", "then remove a free ring"]
    return out


def _marbles(cxs, y: float, labels, clickable: bool, counts, targets, selected, from_targets,
             label_dx: float = 0.0, label_dy: float = MR + 18) -> str:
    """Three marbles (white, grey, black) at ``cxs``, each with its label; with ``clickable`` the ones
    with a non-zero count carry the ``take-W``/``take-G``/``take-B`` targets."""
    out = ""
    for c, cx in enumerate(cxs):
        tid = f"take-{'WGB'[c]}"
        anchor = {} if not label_dx else {"style": "text-anchor:start"}
        body = (el("circle", cx=cx, cy=y, r=MR + 6, class_="hit") + el("circle", cx=cx, cy=y, r=MR,
                                                                          class_=f"m{c + 1}") +
                text(cx + label_dx, y + label_dy, labels[c], class_="pcount", **anchor) +
                title(f"{COLS[c]}: {labels[c]}"))
        if clickable and counts[c]:
            cls = ["take"] + [k for f, k in ((tid in targets, "target"), (tid in selected, "selected"),
                                             (tid in from_targets, "from")) if f]
            out += el("g", body, class_=" ".join(cls), id=tid, data_target=tid)
        else:
            out += el("g", body)
    return out


def _pool_panel(obs: dict, px: float, py: float, pw: float, targets, selected, from_targets,
                narrow: bool = False) -> str:
    """The pool: a marble of each colour with its count (clickable while placements come from it)."""
    pool = obs["pool"]
    labels = [str(n) for n in pool]
    live = obs.get("supply", "") == "pool"
    if narrow:  # one row: the title, then each marble with its count beside it
        body = (el("rect", x=px, y=py, width=pw, height=64, rx=8) + text(px + 12, py + 38, "Pool", class_="ptitle") +
                _marbles([px + 100 + c * 78 for c in range(3)], py + 32, labels, live, pool, targets, selected,
                         from_targets, label_dx=MR + 13, label_dy=6))
    else:
        body = (el("rect", x=px, y=py, width=pw, height=100, rx=8) + text(px + 12, py + 22, "Pool", class_="ptitle") +
                _marbles([px + 40 + c * 62 for c in range(3)], py + 50, labels, live, pool, targets, selected,
                         from_targets))
    return el("g", body, class_="panel", id="pool")


def _player_panel(obs: dict, p: int, px: float, py: float, pw: float, names, targets, selected, from_targets,
                  narrow: bool = False) -> str:
    """Player ``p``'s captured marbles and their progress toward each winning set (Z15); the captured
    marbles are clickable while that player places from them (Z17)."""
    caps, wins = obs["captures"][p], obs["wins"]
    cp = obs.get("current_player", -4)
    live = obs.get("supply", "") == "captures" and cp == p
    each = f"each {min(caps)}/{wins[3][0]}"
    if narrow:  # the counts read as progress: 3/4 under the white marble, and so on
        head = names[p] + (" ◀" if cp == p else "")
        labels = [f"{caps[c]}/{wins[c][c]}" for c in range(3)]
        body = (el("rect", x=px, y=py, width=pw, height=122, rx=8) +
                text(px + 10, py + 24, head, class_="turn" if cp == p else "ptitle") +
                _marbles([px + pw / 2 + (c - 1) * 48 for c in range(3)], py + 50, labels, live, caps, targets,
                         selected, from_targets, label_dy=MR + 20) +
                text(px + 10, py + 110, "or " + each, class_="psmall"))
    else:
        head = names[p] + ("  ◀ to move" if cp == p else "")
        prog = "  ".join(f"{'WGB'[c]} {caps[c]}/{wins[c][c]}" for c in range(3))
        body = (el("rect", x=px, y=py, width=pw, height=150, rx=8) +
                text(px + 12, py + 22, head, class_="turn" if cp == p else "ptitle") +
                text(px + 12, py + 40, "captured:", class_="psmall") +
                _marbles([px + 40 + c * 62 for c in range(3)], py + 68, [str(n) for n in caps], live, caps,
                         targets, selected, from_targets) +
                text(px + 12, py + 118, "to win: " + prog, class_="psmall") +
                text(px + 12, py + 136, "or " + each, class_="psmall"))
    return el("g", body, class_="panel", id=f"player-{p}")


def _positions(size: int):
    lay = layout(size)
    cells = lay.board.cells
    xs = [x for x, _ in cells]
    hs = [2 * y - x for x, y in cells]
    hmax = max(hs)
    dx = SP * 0.866
    return {lay.names[i]: (LEFT + (x - min(xs)) * dx, TOP + (hmax - h) * SP / 2)
            for i, ((x, y), h) in enumerate(zip(cells, hs))}, lay


def draw(obs: dict, viewer: int | None = None, layout: str = "wide", *, targets=(), selected=(), from_targets=(),
         **_ignored) -> str:
    """The board as SVG text.

    ``obs``: a ZÈRTZ observation; ``targets``: ids to highlight as legal next clicks; ``selected``: ids
    already clicked; ``from_targets``: ids that can start an action now; ``viewer``: unused (ZÈRTZ has
    no hidden information and no side of the board); ``layout``: ``"wide"`` puts the pool and the
    players' panels right of the board, ``"narrow"`` (a phone) puts them under it with larger text."""
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
    parts = [""]  # the background, once the height is known
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
    # and row numbers (a ring's number counts up its column from 1 at the bottom) beside the leftmost ring
    # of each: left of column a, then up and left along the top-left edge (a newcomer found no numbers)
    left: dict[str, tuple[float, float]] = {}
    for name, (x, y) in pos.items():
        k = name[1:]
        if k not in left or x < left[k][0]:
            left[k] = (x, y)
    xa = min(x for x, _ in pos.values())
    for k, (x, y) in left.items():
        lx, ly = (x - R - 9, y + 5) if x == xa else (x - R - 5, y - R + 6)
        parts.append(text(lx, ly, k, class_="lbl"))
    msg = _message(obs)
    names = obs.get("player_names", ["Player 1", "Player 2"])
    if layout == "narrow":
        W = int(max(bw, NARROW_W))
        shift = (W - bw) / 2
        board_part = el("g", "".join(parts[1:]), transform=f"translate({shift:.1f},0)")
        y = bh - 8
        tail = ""
        if msg:  # two lines kept for it (empty or not), so the drawing keeps its size from turn to turn
            tail += el("text", "".join(el("tspan", escape(m), x=12, dy=0 if k == 0 else 21)
                                       for k, m in enumerate(msg)), x=12, y=y + 6, class_="msg", id="status-msg")
        y += 42
        tail += _pool_panel(obs, 10, y, W - 20, targets, selected, from_targets, narrow=True)
        y += 74
        pw = (W - 30) / 2
        for p in (0, 1):
            tail += _player_panel(obs, p, 10 + p * (pw + 10), y, pw, names, targets, selected, from_targets,
                                  narrow=True)
        H = int(y + 132)
        parts = [el("rect", x=0, y=0, width=W, height=H, rx=10, class_="bg"), board_part, tail]
        return document(W, H, "".join(parts), CSS + NARROW_CSS, f"ZÈRTZ board, {obs['rings']} rings")
    px = bw
    parts.append(_pool_panel(obs, px, 20, 220, targets, selected, from_targets))
    for p in (0, 1):
        parts.append(_player_panel(obs, p, px, 135 + p * 165, 220, names, targets, selected, from_targets))
    H = int(max(bh, 470)) + 30  # a line of its own for the message, under the board and the panels
    if msg:
        glue = " " if msg[0].endswith(",") else "; "  # a sentence over two lines of the narrow layout is one here
        parts.append(text(LEFT - 20, H - 14, glue.join(msg[:1] + [m[0].lower() + m[1:] for m in msg[1:]]), class_="msg", id="status-msg"))
    parts[0] = el("rect", x=0, y=0, width=W, height=H, rx=10, class_="bg")
    return document(W, H, "".join(parts), CSS, f"ZÈRTZ board, {obs['rings']} rings")
