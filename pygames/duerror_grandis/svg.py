"""Draw a Duerror Grandis view (an observation) to SVG, as a player sees the game.

Left: the 9×9 grid with the letters A–I along the top and bottom and 1–9 down both sides, the viewer's
own path drawn through it (a line from square to square, each square numbered along the path, the start
square marked ``S`` and the end square ringed), every piece on the board as a disc in its owner's colour
with the letter of its kind (T thete, E ephebe, M melliran), the last moves as arrows, and during flictus
the squares the mover's pieces could take on tinted, the pieces they can take ringed. While boards are
being chosen, the grid gives way to a picker: the nine paths as thumbnails to click.

Right: the part of the turn, the dice, the bank's tokens, then one line per player (colour, board, kind
and square of each piece, tokens, Parcus wins) with the pieces not on the board, and the *out* square
(one beyond the end) that a winning move clicks.

Clickable ids (``data-target``), shared with :meth:`DuerrorState._legal_actions`: ``sq-E5`` for squares,
``board-3`` for thumbnails, ``exit`` for the square beyond the end, and in Factiosus ``off-thete`` for the
mover's pieces waiting off the board.
"""
from __future__ import annotations

from ..core.svg import document, el, text, title

COLS = "ABCDEFGHI"
S = 56                     # square size
GX, GY = 34, 34            # grid origin
GRID = 9 * S
PX = GX + GRID + 40        # panel x
PW = 380                   # panel width
W, H = PX + PW + 16, GY + GRID + 40
COLOURS = ("#d1242f", "#0969da", "#1a7f37", "#b08800")
LIGHT = ("#ffd8d3", "#d2e5ff", "#d1f0d9", "#fbefb5")
LETTER = {"thete": "T", "ephebe": "E", "melliran": "M"}
PART_TEXT = {
    "opening": "Opening roll: who plays first",
    "board": "Choosing boards",
    "piece": "Choosing the starting piece",
    "formactus": "Formactus: keep, pay or roll to change the piece",
    "d6": "Formactus: rolling the die",
    "change": "Formactus: odd roll, change the piece free",
    "flictus": "Flictus: take, or spare for a token",
    "move": "Flexus and fluctus: veer, then move or stay",
    "veer": "Flexus: rolling two ten-sided dice",
    "over": "The match is over",
}

CSS = """
.bg{fill:#f6f1e4}.sq{stroke:#b9ab8a;stroke-width:1}.sq.a{fill:#efe5cc}.sq.b{fill:#e6d9b8}
.lbl{fill:#5b4a2a;font:bold 15px sans-serif;text-anchor:middle;dominant-baseline:central}
.num{fill:#7d6a45;font:10px sans-serif}.path{fill:none;stroke-width:4;stroke-linecap:round;
stroke-linejoin:round;opacity:.55}.startmark{font:bold 11px sans-serif;text-anchor:middle;
dominant-baseline:central;fill:#fff}.endmark{fill:none;stroke-width:3}
.reach rect.sq{fill:#fff0a8}.takeable rect.sq{fill:#ffd35a}
[data-target]{cursor:pointer}.target rect.sq,.target rect.tb,.target rect.box{stroke:#1a7f37;stroke-width:4}
.from rect.sq,.from rect.tb,.from rect.box{stroke:#9a6700;stroke-width:4;stroke-dasharray:6 3}
.selected rect.sq,.selected rect.box{fill:#ffe58f}
.pc{stroke:#222;stroke-width:1.5}.pcl{fill:#fff;font:bold 13px sans-serif;text-anchor:middle;
dominant-baseline:central;pointer-events:none}.pcg{pointer-events:none}
.arrow{stroke:#222;stroke-width:2.5;fill:none;opacity:.6;marker-end:url(#dg-arrow);pointer-events:none}
.arrow.veer{stroke-dasharray:5 4}.arrow.take{stroke:#b62324}
.ptxt{fill:#2b2414;font:14px sans-serif}.ptxt.b{font-weight:bold}.ptitle{fill:#2b2414;font:bold 17px sans-serif}
.tok{fill:#e3b341;stroke:#7d5b00;stroke-width:1}.box{fill:#fffaf0;stroke:#b9ab8a;stroke-width:1.5}
.die rect{fill:#fff;stroke:#222;stroke-width:1.5}.die text{font:bold 18px sans-serif;text-anchor:middle;
dominant-baseline:central}.die.off rect{stroke-dasharray:4 3;fill:#eee}
.tb{fill:#fffaf0;stroke:#b9ab8a;stroke-width:1.5}.thumb.taken{opacity:.35}.tname{fill:#2b2414;
font:bold 13px sans-serif;text-anchor:middle}.tline{fill:none;stroke:#6b4f1d;stroke-width:3;stroke-linejoin:round}
.turnmark{fill:#1f6feb}.msg{fill:#2b2414;font:bold 18px sans-serif}
"""


def _xy(name: str) -> tuple[float, float]:
    """Centre of a square given by name."""
    c, r = COLS.index(name[0]), int(name[1]) - 1
    return GX + c * S + S / 2, GY + r * S + S / 2


def _disc(x: float, y: float, kind: str, owner: int, r: float = 15, label: str = "") -> str:
    body = el("circle", cx=x, cy=y, r=r, fill=COLOURS[owner], class_="pc")
    body += text(x, y, LETTER[kind], class_="pcl")
    return el("g", body + (title(label) if label else ""), class_="pcg")


def _thumbs(obs: dict) -> str:
    """The board picker: nine thumbnails, the available ones clickable as ``board-K``."""
    from .boards import PATHS, SQUARE_NAMES
    out = []
    avail = set(obs.get("available_boards") or [])
    taken_by = {b: q for q, b in enumerate(obs["boards"]) if b is not None}
    cell = 160
    for k in range(9):
        bx, by = GX + (k % 3) * (cell + 12) - 6, GY + (k // 3) * (cell + 12) - 6
        u = (cell - 24) / 9
        pts = " ".join(f"{bx + 12 + (s % 9) * u + u / 2:.1f},{by + 6 + (s // 9) * u + u / 2:.1f}" for s in PATHS[k])
        start, end = PATHS[k][0], PATHS[k][80]
        body = el("rect", x=bx, y=by, width=cell, height=cell, rx=8, class_="tb")
        body += el("polyline", points=pts, class_="tline")
        body += el("circle", cx=bx + 12 + (start % 9) * u + u / 2, cy=by + 6 + (start // 9) * u + u / 2, r=5,
                   fill="#1a7f37")
        body += el("rect", x=bx + 12 + (end % 9) * u + 1, y=by + 6 + (end // 9) * u + 1, width=u - 2,
                   height=u - 2, fill="none", stroke="#b62324", stroke_width=2.5)
        name = obs["board_names"][k]
        body += text(bx + cell / 2, by + cell - 6, f"{k + 1} {name}", class_="tname")
        label = (f"Board {k + 1}, {name}: from {SQUARE_NAMES[start]} to {SQUARE_NAMES[end]}")
        cls = "thumb"
        attrs = {}
        if k + 1 in avail:
            attrs["data_target"] = f"board-{k + 1}"
        else:
            cls += " taken"
            if k + 1 in taken_by:
                label += f" (taken by {obs['player_names'][taken_by[k + 1]]})"
        out.append(el("g", body + title(label), id=f"board-{k + 1}", class_=cls, **attrs))
    return "".join(out)


def _arrow(a: str | None, b: str | None, cls: str) -> str:
    if not a or not b or a in ("off", "out") or b in ("off", "out") or a == b:
        return ""
    (x1, y1), (x2, y2) = _xy(a), _xy(b)
    return el("line", x1=x1, y1=y1, x2=x2, y2=y2, class_=f"arrow {cls}")


def _die(x: float, y: float, value: int, off: bool = False, letter: bool = False) -> str:
    shown = ("ABCDEFGHIJ"[value - 1] if letter else str(value))
    body = el("rect", x=x, y=y, width=36, height=36, rx=6) + text(x + 18, y + 18, shown)
    return el("g", body, class_="die off" if off else "die")


def draw(obs: dict, viewer: int | None = None, **_ignored) -> str:
    """The view as SVG text. ``obs``: a Duerror Grandis observation; ``viewer``: whose path to draw
    (default: the observation's viewer; a spectator sees the mover's path when paths are public)."""
    v = viewer if viewer is not None else obs.get("viewer")
    names = obs["player_names"]
    n = obs["players"]
    part = obs["part"]
    turn = obs.get("turn")
    paths = obs["paths"]
    shown = v if v is not None else turn
    path = paths[shown] if shown is not None and 0 <= shown < n else None
    parts = [el("defs", '<marker id="dg-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" '
                        'markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
                        'fill="#222"/></marker>'),
             el("rect", x=0, y=0, width=W, height=H, rx=10, class_="bg")]
    # edge labels: letters top and bottom, numbers on both sides
    for i in range(9 if part != "board" else 0):
        x = GX + i * S + S / 2
        parts.append(text(x, GY - 15, COLS[i], class_="lbl"))
        parts.append(text(x, GY + GRID + 15, COLS[i], class_="lbl"))
        y = GY + i * S + S / 2
        parts.append(text(GX - 15, y, str(i + 1), class_="lbl"))
        parts.append(text(GX + GRID + 15, y, str(i + 1), class_="lbl"))
    if part == "board":
        parts.append(_thumbs(obs))
    else:
        parts.append(_grid(obs, path, shown))
    parts.append(_panel(obs, v))
    if part == "over":
        r = obs["ranked"]
        msg = " and ".join(names[q] for q in r) + (" win" if len(r) > 1 else " wins")
        if obs["games"] > 1:
            msg += " the match"
        parts.append(text(PX, H - 20, msg, class_="msg", id="winner"))
    who = names[v] if v is not None else "a spectator"
    return document(W, H, "".join(parts), CSS, f"Duerror Grandis seen by {who}")


def _grid(obs: dict, path: list | None, shown: int | None) -> str:
    names = obs["player_names"]
    reach, takeable = set(obs.get("reach") or []), set(obs.get("take_squares") or [])
    number = {sq: i + 1 for i, sq in enumerate(path)} if path else {}
    out = []
    for r in range(9):
        for c in range(9):
            name = f"{COLS[c]}{r + 1}"
            x, y = GX + c * S, GY + r * S
            cls = "cell" + (" takeable" if name in takeable else " reach" if name in reach else "")
            body = el("rect", x=x, y=y, width=S, height=S, class_=f"sq {'a' if (r + c) % 2 == 0 else 'b'}")
            label = name
            if name in number:
                body += text(x + 3, y + 11, str(number[name]), class_="num")
                label += f", square {number[name]} of {names[shown]}'s path"  # type: ignore[index]
            out.append(el("g", body + title(label), id=f"sq-{name}", class_=cls, data_target=f"sq-{name}"))
    if path and shown is not None:
        pts = " ".join(f"{_xy(sq)[0]:.0f},{_xy(sq)[1]:.0f}" for sq in path)
        colour = COLOURS[shown]
        out.append(el("polyline", points=pts, class_="path", stroke=colour, style="pointer-events:none"))
        sx, sy = _xy(path[0])
        out.append(el("g", el("circle", cx=sx, cy=sy, r=11, fill=colour) + text(sx, sy, "S", class_="startmark")
                      + title(f"start: {path[0]} is square 1"), id="path-start", style="pointer-events:none"))
        ex, ey = _xy(path[-1])
        out.append(el("g", el("rect", x=ex - S / 2 + 4, y=ey - S / 2 + 4, width=S - 8, height=S - 8, rx=6,
                              class_="endmark", stroke=colour) + title(f"end: {path[-1]} is square 81"),
                      id="path-end", style="pointer-events:none"))
    # arrows of this turn (or the last one)
    trail = obs.get("trail") or obs.get("prev_trail") or []
    for e in trail:
        if e[0] in ("move", "veer", "take"):
            out.append(_arrow(e[2], e[3], e[0]))
    # pieces on the board, grouped by square
    on: dict = {}
    for q, row in enumerate(obs["pieces"]):
        for pc in row:
            sq = pc["square"]
            if sq not in ("off", "out"):
                on.setdefault(sq, []).append((q, pc))
    for sq, group in on.items():
        cx, cy = _xy(sq)
        k = len(group)
        for i, (q, pc) in enumerate(group):
            dx = 0 if k == 1 else (-11 if i % 2 == 0 else 11)
            dy = 0 if k <= 2 else (-11 if i < 2 else 11)
            r = 15 if k == 1 else 11
            label = f"{names[q]} {pc['kind']} on {sq}"
            if pc["number"] is not None:
                label += f" (square {pc['number']} of {names[q]}'s path)"
            out.append(_disc(cx + dx, cy + dy + 4, pc["kind"], q, r, label))
    return "".join(out)


def _panel(obs: dict, v: int | None) -> str:
    names = obs["player_names"]
    part, turn = obs["part"], obs.get("turn")
    out = [el("rect", x=PX - 12, y=GY - 24, width=PW, height=GRID + 48, rx=8, class_="box")]
    y = GY
    head = PART_TEXT.get(part, part)
    out.append(text(PX, y, head, class_="ptitle", id="part"))
    y += 24
    if turn is not None and part != "over":
        out.append(text(PX, y, f"{names[turn]} to play", class_="ptxt b", fill=COLOURS[turn]))
    if obs["games"] > 1:
        score = ", ".join(f"{names[q]} {w}" for q, w in enumerate(obs["wins"]))
        game = min(obs["game_no"] + 1, obs["games"])
        y += 20
        out.append(text(PX, y, f"Parcus game {game} of {obs['games']}; won: {score}", class_="ptxt",
                        id="match"))
    y += 14
    # dice
    roll = obs.get("roll") or []
    if roll:
        if roll[0] == "d6":
            out.append(el("g", _die(PX, y, roll[1]) + text(PX + 46, y + 23, f"d6 rolled by {names[roll[2]]}",
                                                            class_="ptxt"), id="dice"))
        else:
            a, b = roll[1], roll[2]
            body = _die(PX, y, a, a == 10, letter=True) + _die(PX + 42, y, b, b == 10)
            body += text(PX + 88, y + 23, f"veer by {names[roll[3]]}", class_="ptxt")
            out.append(el("g", body, id="dice"))
    y += 52
    # bank
    out.append(text(PX, y, "Bank", class_="ptxt b"))
    out.append(_tokens(PX + 70, y - 5, obs["bank"], "bank"))
    y += 22
    flags = [f for f, on in (("Caecus", obs["caecus"]), ("Factiosus", obs["factiosus"]),
                             ("Merus", obs["merus"])) if on]
    if flags:
        out.append(text(PX, y, "Variant: " + ", ".join(flags), class_="ptxt"))
    y += 18
    for q in range(obs["players"]):
        out.append(_player_row(obs, q, PX, y, v))
        y += 80
    # the square one beyond the end: a winning move goes there
    ex, ey = PX, GY + GRID - 40
    body = el("rect", x=ex, y=ey, width=150, height=40, rx=8, class_="box")
    body += text(ex + 75, ey + 25, "out (square 82)", class_="ptxt", text_anchor="middle")
    out.append(el("g", body + title("one square beyond the end of the path: a move here wins"),
                  id="exit", class_="exitbox", data_target="exit"))
    return "".join(out)


def _tokens(x: float, y: float, k: int, who: str) -> str:
    body = "".join(el("circle", cx=x + i * 14, cy=y, r=6, class_="tok") for i in range(min(k, 8)))
    body += text(x + min(k, 8) * 14 + 4, y + 5, str(k), class_="ptxt")
    return el("g", body + title(f"{who}: {k} token{'s' if k != 1 else ''}"), id=f"tokens-{who}")


def _player_row(obs: dict, q: int, x: float, y: float, v: int | None) -> str:
    names = obs["player_names"]
    turn = obs.get("turn")
    out = []
    if q == turn and obs["part"] != "over":
        out.append(el("polygon", points=f"{x - 10},{y - 6} {x - 4},{y} {x - 10},{y + 6}", class_="turnmark"))
    out.append(el("circle", cx=x + 6, cy=y, r=7, fill=COLOURS[q]))
    b = obs["boards"][q]
    board = (f"board {b} {obs['board_names'][b - 1]}" if b else
             "board hidden" if obs["chosen"][q] else "no board yet")
    me = " (you)" if q == v else ""
    out.append(text(x + 20, y + 5, f"{names[q]}{me}: {board}", class_="ptxt b"))
    out.append(_tokens(x + 270, y, obs["tokens"][q], names[q]))
    yy = y + 22
    pieces = obs["pieces"][q]
    descs = []
    for pc in pieces:
        where = pc["square"]
        d = f"{pc['kind']} {where}"
        if pc["number"] is not None and where not in ("off", "out"):
            d += f" ({pc['number']})"
        descs.append(d)
    out.append(text(x + 20, yy, "; ".join(descs) if descs else "no piece yet", class_="ptxt"))
    # pieces off the board, drawn beside the row (the mover's are click targets in Factiosus)
    xx = x + 20
    for pc in pieces:
        if pc["square"] == "off":
            g = _disc(xx + 12, yy + 22, pc["kind"], q, 11, f"{names[q]} {pc['kind']} off the board")
            if obs["factiosus"] and q == turn:
                g = el("g", el("rect", x=xx, y=yy + 10, width=24, height=24, rx=4, class_="box") + g,
                       id=f"off-{pc['kind']}", data_target=f"off-{pc['kind']}")
            out.append(g)
            xx += 30
    return el("g", "".join(out), id=f"player-{q}")
