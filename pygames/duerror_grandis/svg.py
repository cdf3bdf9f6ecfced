"""Draw a Duerror Grandis view (an observation) to SVG, as a player sees the game.

The board: the 9×9 grid with the letters A–I along the top and bottom and 1–9 down both sides, the
viewer's own path drawn through it (a line from square to square, each square numbered along the path,
the start square marked ``S`` and the end square ringed), every piece on the board as a disc in its
owner's colour with the letter of its kind (T thete, E ephebe, M melliran), the last moves as arrows, and
during flictus the squares the mover's pieces could take on tinted, the pieces they can take ringed.
While boards are being chosen, the grid gives way to a picker: the nine paths as thumbnails to click.

The side panel (beside the board, or under it in the ``narrow`` layout, with larger text): the four parts
of a turn with the part being played lit and glossed in plain words (formactus: the piece; flictus:
take; flexus: veer; fluctus: move), what the player to move may do now, the Parcus game, the dice and
what they did, the bank's tokens, the variants, a key to the grid's numbers, then per player a line
(colour, board, tokens) and a track of their progress along *their own* path (square *n* of 81, off
the board on the left, out on the right), and the *out* square (one beyond the end) a winning move
clicks.

Clickable ids (``data-target``), shared with :meth:`DuerrorState._legal_actions`: ``sq-E5`` for squares,
``board-3`` for thumbnails, ``exit`` for the square beyond the end, and in Factiosus ``off-thete`` for the
mover's pieces waiting off the board.
"""
from __future__ import annotations

from ..core.svg import document, el, text, title

COLS = "ABCDEFGHI"
S = 56                     # square size
GRID = 9 * S
PALETTE = {"Red": "#d1242f", "Blue": "#0969da", "Green": "#1a7f37", "Gold": "#b08800", None: "#6e7781"}
"""The fill of each colour of G43 (grey: a player who has not chosen yet)."""


def _fill(obs: dict, q: int) -> str:
    """Player ``q``'s colour as a fill (G43)."""
    colours = obs.get("colours") or []
    return PALETTE[colours[q] if q < len(colours) else None]

LETTER = {"thete": "T", "ephebe": "E", "melliran": "M"}


class Layout:
    """Geometry and type sizes of one layout (CSS px of the SVG's own units).

    ``wide``: the panel beside the board. ``narrow`` (a board area at most 600 CSS px wide, a phone):
    the panel under the board and every text at least as large as the grid's letters, so that at 360 px
    (about 0.6 of these units per CSS px) nothing is under 11 px on screen."""

    def __init__(self, narrow: bool):
        self.narrow = narrow
        self.gx = self.gy = 32 if narrow else 34       # grid origin
        self.fs = 20 if narrow else 14                 # panel text
        self.ft = 22 if narrow else 17                 # panel headings
        self.st = 20 if narrow else 15                 # names of the parts of the turn
        self.lh = 27 if narrow else 19                 # line height
        self.lbl = 19 if narrow else 15                # grid letters and numbers
        # wide: no text under 13 units, so that the drawing fitted to a 1280x800 screen's height (the page's
        # status, hint and buttons under it, about 0.86 CSS px a unit) keeps every text at 11 CSS px or more
        self.num = 17 if narrow else 13                # path numbers in the squares (narrow: 11 CSS px on a 390 px phone)
        self.pcl = 19 if narrow else 14                # piece letters
        self.disc = (17, 13) if narrow else (15, 11)   # piece radius alone on a square, and sharing one
        self.tok = 8 if narrow else 6                  # token radius
        self.die = 40 if narrow else 36
        if narrow:
            self.w = self.gx + GRID + 32
            self.px, self.pw = 26, self.w - 52         # panel text box: x and width
            self.py = self.gy + GRID + 44              # panel top
        else:
            self.px, self.pw = self.gx + GRID + 40, 500  # wide enough that 4 players' panel is no taller than it must be
            self.w = self.px + self.pw + 24
            self.py = self.gy - 14

    def css(self) -> str:
        return CSS + (f".lbl{{font-size:{self.lbl}px}}.num{{font-size:{self.num}px}}.pcl{{font-size:{self.pcl}px}}"
                      f".ptxt,.stage .gl{{font-size:{self.fs}px}}.ptitle{{font-size:{self.ft}px}}.stage .nm{{font-size:{self.st}px}}"
                      f".startmark{{font-size:{max(self.pcl - 2, 13)}px}}.tname{{font-size:{self.fs}px}}.die text{{font-size:{self.fs + 4}px}}")


WIDE, NARROW = Layout(False), Layout(True)

CSS = """
.bg{fill:#f6f1e4}.sq{stroke:#b9ab8a;stroke-width:1}.sq.a{fill:#efe5cc}.sq.b{fill:#e6d9b8}
.lbl{fill:#5b4a2a;font-family:sans-serif;font-weight:bold;text-anchor:middle;dominant-baseline:central}
.num{fill:#7d6a45;font-family:sans-serif}.path{fill:none;stroke-width:4;stroke-linecap:round;
stroke-linejoin:round;opacity:.55}.startmark{font-family:sans-serif;font-weight:bold;text-anchor:middle;
dominant-baseline:central;fill:#fff}.endmark{fill:none;stroke-width:3}
.reach rect.sq{fill:#fff0a8}.takeable rect.sq{fill:#ffd35a}
[data-target]{cursor:pointer}.target rect.sq,.target rect.tb,.target rect.box{stroke:#1a7f37;stroke-width:4}
.from rect.sq,.from rect.tb,.from rect.box{stroke:#9a6700;stroke-width:4;stroke-dasharray:6 3}
.selected rect.sq,.selected rect.box{fill:#ffe58f}
.pc{stroke:#222;stroke-width:1.5}.pcl{fill:#fff;font-family:sans-serif;font-weight:bold;text-anchor:middle;
dominant-baseline:central;pointer-events:none}.pcg{pointer-events:none}
.arrow{stroke:#222;stroke-width:2.5;fill:none;opacity:.6;marker-end:url(#dg-arrow);pointer-events:none}
.arrow.veer{stroke-dasharray:5 4}.arrow.take{stroke:#b62324}
.ptxt{fill:#2b2414;font-family:sans-serif}.ptxt.b{font-weight:bold}
.ptitle{fill:#2b2414;font-family:sans-serif;font-weight:bold}
.tok{fill:#e3b341;stroke:#7d5b00;stroke-width:1}.box{fill:#fffaf0;stroke:#b9ab8a;stroke-width:1.5}
.die rect{fill:#fff;stroke:#222;stroke-width:1.5}.die text{font-family:sans-serif;font-weight:bold;
text-anchor:middle;dominant-baseline:central}.die.off rect{stroke-dasharray:4 3;fill:#eee}
.tb{fill:#fffaf0;stroke:#b9ab8a;stroke-width:1.5}.thumb.taken{opacity:.35}.tname{fill:#2b2414;
font-family:sans-serif;font-weight:bold;text-anchor:middle}
.tline{fill:none;stroke:#6b4f1d;stroke-width:3;stroke-linejoin:round}
.turnmark{fill:#1f6feb}.stage rect{fill:#efe5cc;stroke:#b9ab8a}.stage.on rect{fill:#1f6feb;stroke:#0a3069}
.stage text{fill:#5b4a2a;font-family:sans-serif;text-anchor:middle}.stage .nm{font-weight:bold}
.stage.on text{fill:#fff}.stage.skip text{fill:#9a8a6a;text-decoration:line-through}
.track{stroke:#b9ab8a;stroke-width:3;stroke-linecap:round}.track.hidden{stroke-dasharray:2 8}
"""

STAGES = (("Formactus", "the piece"), ("Flictus", "take"), ("Flexus", "veer"), ("Fluctus", "move"))
"""The four parts of a turn with their plain-words gloss (the rules page's words)."""
LIT = {"formactus": (0,), "d6": (0,), "change": (0,), "flictus": (1,), "move": (2, 3), "veer": (2,)}
HEADINGS = {"opening": "Opening roll: who plays first", "colour": "Choosing colours", "board": "Choosing boards",
            "piece": "Choosing the starting piece", "over": "The match is over"}


def _help(obs: dict) -> str:
    """What the player to move may do now, in the words of the buttons (and of the rules page)."""
    part, fac = obs["part"], obs["factiosus"]
    if part == "colour":  # G43
        return "click a colour for your pieces: you are called by it for the rest of the match"
    if part == "board":
        if obs["caecus"]:  # G40: drawn face down
            return "Caecus: each player in turn draws a board face down, seen only by them"
        return ("click a board to follow: each is a path through all 81 squares, from its start (a dot) to "
                "its end (a square)")
    if part == "piece":
        kinds = {"thete": "a thete: moves 9, never takes", "ephebe": "an ephebe: moves 5, takes in the 5×5 "
                 "block around it", "melliran": "a melliran: moves 1, takes along its lines"}
        return "start with " + "; or ".join(kinds[k] for k in obs["kinds"])
    if part == "formactus":
        return ("Formactus, the piece: keep the piece, pay 1 token to change it, or roll the die (odd: "
                "change free; even: no change this turn)")
    if part == "d6":
        return "Formactus, the piece: rolling the die (odd: change free; even: no change this turn)"
    if part == "change":
        return "Formactus, the piece: an odd roll, so change the piece free, or keep it"
    if part == "flictus":
        who = "a piece" if fac else "the piece"
        return (f"Flictus, take: {who} may take a piece in reach (the two pieces change squares), then take again "
                "or stop; or spare it and get 1 token (misericordia)")
    if part == "move":
        if fac:
            return ("Flexus, veer: pay 1 token per veer, the dice pick the square; then Fluctus, move: each "
                    "piece moves its distance along your path, or stays (1 token)")
        return ("Flexus, veer: pay 1 token per veer, the dice pick the square; then Fluctus, move: the piece "
                "moves its distance along your path, or stays (1 token)")
    if part == "veer":
        return "Flexus, veer: two ten-sided dice, the letter then the number (10 is off the grid)"
    return ""


def _wrap(s: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``s`` broken into lines of at most ``width`` units in a sans-serif font of ``size`` (a generous
    estimate of the glyph widths, checked against Chromium's layout by the browser tests)."""
    per = size * (0.56 if bold else 0.5)
    out: list[str] = []
    line = ""
    for word in s.split(" "):
        cand = f"{line} {word}" if line else word
        if line and len(cand) * per > width:
            out.append(line)
            line = word
        else:
            line = cand
    if line:
        out.append(line)
    return out


def _lines(x: float, y: float, lines: list[str], lh: float, **kw) -> str:
    return "".join(text(x, y + i * lh, ln, **kw) for i, ln in enumerate(lines))


def _xy(name: str, lay: Layout) -> tuple[float, float]:
    """Centre of a square given by name."""
    c, r = COLS.index(name[0]), int(name[1]) - 1
    return lay.gx + c * S + S / 2, lay.gy + r * S + S / 2


def _disc(x: float, y: float, kind: str | None, fill: str, r: float = 15, label: str = "") -> str:
    """A piece: a disc in its owner's colour with the letter of its kind (``?``: hidden, Caecus G41)."""
    body = el("circle", cx=x, cy=y, r=r, fill=fill, class_="pc")
    body += text(x, y, LETTER[kind] if kind else "?", class_="pcl")
    return el("g", body + (title(label) if label else ""), class_="pcg")


def _thumbs(obs: dict, lay: Layout) -> str:
    """The board picker: nine thumbnails, the available ones clickable as ``board-K``."""
    from .boards import PATHS, SQUARE_NAMES
    out = []
    avail = set(obs.get("available_boards") or [])
    taken_by = {b: q for q, b in enumerate(obs["boards"]) if b is not None}
    cell = 160
    name_h = lay.fs + 6 if lay.narrow else 18
    for k in range(9):
        bx, by = lay.gx + (k % 3) * (cell + 12) - 6, lay.gy + (k // 3) * (cell + 12) - 6
        u = (cell - 6 - name_h) / 9
        ox = bx + (cell - 9 * u) / 2
        pts = " ".join(f"{ox + (s % 9) * u + u / 2:.1f},{by + 6 + (s // 9) * u + u / 2:.1f}" for s in PATHS[k])
        start, end = PATHS[k][0], PATHS[k][80]
        body = el("rect", x=bx, y=by, width=cell, height=cell, rx=8, class_="tb")
        body += el("polyline", points=pts, class_="tline")
        body += el("circle", cx=ox + (start % 9) * u + u / 2, cy=by + 6 + (start // 9) * u + u / 2, r=5,
                   fill="#1a7f37")
        body += el("rect", x=ox + (end % 9) * u + 1, y=by + 6 + (end // 9) * u + 1, width=u - 2,
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


def _swatches(obs: dict, lay: Layout) -> str:
    """The colour picker (G43): four large swatches, the free ones clickable as ``colour-red`` …"""
    out = []
    avail = set(obs.get("available_colours") or [])
    owner = {c: q for q, c in enumerate(obs.get("colours") or []) if c is not None}
    cell = 240
    for k, name in enumerate(c for c in PALETTE if c):
        x, y = lay.gx + (k % 2) * (cell + 24), lay.gy + (k // 2) * (cell + 24)
        body = el("rect", x=x, y=y, width=cell, height=cell, rx=12, class_="tb")
        body += el("circle", cx=x + cell / 2, cy=y + cell / 2 - 18, r=cell / 3, fill=PALETTE[name])
        label = name if name in avail or name not in owner else f"{name}: taken"
        body += text(x + cell / 2, y + cell - 22, label, class_="tname")
        attrs = {"data_target": f"colour-{name.lower()}"} if name in avail else {}
        cls = "thumb" if name in avail else "thumb taken"
        out.append(el("g", body + title(label), id=f"colour-{name.lower()}", class_=cls, **attrs))
    return "".join(out)


def _arrow(a: str | None, b: str | None, cls: str, lay: Layout) -> str:
    if not a or not b or a in ("off", "out") or b in ("off", "out") or a == b:
        return ""
    (x1, y1), (x2, y2) = _xy(a, lay), _xy(b, lay)
    return el("line", x1=x1, y1=y1, x2=x2, y2=y2, class_=f"arrow {cls}")


def _die(x: float, y: float, size: float, value: int, off: bool = False, letter: bool = False) -> str:
    shown = ("ABCDEFGHIJ"[value - 1] if letter else str(value))
    body = el("rect", x=x, y=y, width=size, height=size, rx=6) + text(x + size / 2, y + size / 2, shown)
    return el("g", body, class_="die off" if off else "die")


def draw(obs: dict, viewer: int | None = None, layout: str = "wide", **_ignored) -> str:
    """The view as SVG text. ``obs``: a Duerror Grandis observation; ``viewer``: whose path to draw
    (default: the observation's viewer; a spectator sees the mover's path when paths are public);
    ``layout``: ``"wide"`` (the panel beside the board) or ``"narrow"`` (under it, larger text)."""
    lay = NARROW if layout == "narrow" else WIDE
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
                        'fill="#222"/></marker>')]
    # edge labels: letters top and bottom, numbers on both sides
    gx, gy = lay.gx, lay.gy
    off = lay.gx / 2 - 2
    for i in range(9 if part not in ("colour", "board") else 0):
        x = gx + i * S + S / 2
        parts.append(text(x, gy - off, COLS[i], class_="lbl"))
        parts.append(text(x, gy + GRID + off, COLS[i], class_="lbl"))
        y = gy + i * S + S / 2
        parts.append(text(gx - off, y, str(i + 1), class_="lbl"))
        parts.append(text(gx + GRID + off, y, str(i + 1), class_="lbl"))
    if part == "colour":
        parts.append(_swatches(obs, lay))
    elif part == "board":
        parts.append(_thumbs(obs, lay))
    else:
        parts.append(_grid(obs, path, shown, lay))
    panel, bottom = _panel(obs, v, shown if path else None, lay)
    parts.append(panel)
    h = int(max(bottom, gy + GRID + gy) + 12.99)
    body = el("rect", x=0, y=0, width=lay.w, height=h, rx=10, class_="bg") + "".join(parts)
    who = names[v] if v is not None else "a spectator"
    # the page scales every drawing down to the screen's height (web/view.js, fitText; ui20), so that the
    # turn's status, the hint and the buttons under it are in view with the whole board
    return document(lay.w, h, body, lay.css(), f"Duerror Grandis seen by {who}")


def _grid(obs: dict, path: list | None, shown: int | None, lay: Layout) -> str:
    names = obs["player_names"]
    reach, takeable = set(obs.get("reach") or []), set(obs.get("take_squares") or [])
    number = {sq: i + 1 for i, sq in enumerate(path)} if path else {}
    out = []
    for r in range(9):
        for c in range(9):
            name = f"{COLS[c]}{r + 1}"
            x, y = lay.gx + c * S, lay.gy + r * S
            cls = "cell" + (" takeable" if name in takeable else " reach" if name in reach else "")
            body = el("rect", x=x, y=y, width=S, height=S, class_=f"sq {'a' if (r + c) % 2 == 0 else 'b'}")
            label = name
            if name in number:
                body += text(x + 3, y + lay.num + 1, str(number[name]), class_="num")
                label += f", square {number[name]} of {names[shown]}'s path"  # type: ignore[index]
            out.append(el("g", body + title(label), id=f"sq-{name}", class_=cls, data_target=f"sq-{name}"))
    if path and shown is not None:
        pts = " ".join(f"{_xy(sq, lay)[0]:.0f},{_xy(sq, lay)[1]:.0f}" for sq in path)
        colour = _fill(obs, shown)
        out.append(el("polyline", points=pts, class_="path", stroke=colour, style="pointer-events:none"))
        sx, sy = _xy(path[0], lay)
        out.append(el("g", el("circle", cx=sx, cy=sy, r=lay.disc[1], fill=colour) + text(sx, sy, "S", class_="startmark")
                      + title(f"start: {path[0]} is square 1"), id="path-start", style="pointer-events:none"))
        ex, ey = _xy(path[-1], lay)
        out.append(el("g", el("rect", x=ex - S / 2 + 4, y=ey - S / 2 + 4, width=S - 8, height=S - 8, rx=6,
                              class_="endmark", stroke=colour) + title(f"end: {path[-1]} is square 81"),
                      id="path-end", style="pointer-events:none"))
    # arrows of this turn (or the last one)
    trail = obs.get("trail") or obs.get("prev_trail") or []
    for e in trail:
        if e[0] in ("move", "veer", "take"):
            out.append(_arrow(e[2], e[3], e[0], lay))
    # pieces on the board, grouped by square
    on: dict = {}
    for q, row in enumerate(obs["pieces"]):
        for pc in row:
            sq = pc["square"]
            if sq not in ("off", "out"):
                on.setdefault(sq, []).append((q, pc))
    for sq, group in on.items():
        cx, cy = _xy(sq, lay)
        k = len(group)
        for i, (q, pc) in enumerate(group):
            r = lay.disc[0] if k == 1 else lay.disc[1]
            dx = 0 if k == 1 else (-r if i % 2 == 0 else r)
            dy = 0 if k <= 2 else (-r if i < 2 else r)
            label = f"{names[q]} {pc['kind'] or 'piece'} on {sq}"
            if pc["number"] is not None:
                label += f" (square {pc['number']} of {names[q]}'s path)"
            out.append(_disc(cx + dx, cy + dy + (4 if k <= 2 else 2), pc["kind"], _fill(obs, q), r, label))
    return "".join(out)


def _panel(obs: dict, v: int | None, shown: int | None, lay: Layout) -> tuple[str, float]:
    """The side panel and the y of its bottom edge. ``y`` runs down as the top of the free space."""
    names = obs["player_names"]
    part, turn = obs["part"], obs.get("turn")
    x, w, fs, lh = lay.px, lay.pw, lay.fs, lay.lh
    base = fs * 0.8  # from the top of a line to its baseline
    out = []
    y: float = lay.py + 12

    def para(s: str, ident: str | None = None, **kw) -> None:
        nonlocal y
        lines = _wrap(s, w, fs, kw.get("class_") == "ptxt b")
        kw.setdefault("class_", "ptxt")
        out.append(el("g", _lines(x, y + base, lines, lh, **kw), id=ident))
        y += lh * len(lines)

    # the parts of the turn, the one being played lit
    if part in LIT:
        cw, ch = w / 4, lay.st + fs + 16
        cells = []
        for i, (nm, gl) in enumerate(STAGES):
            skip = i == 0 and obs["factiosus"]
            cls = "stage" + (" on" if i in LIT[part] else "") + (" skip" if skip else "")
            cx = x + i * cw
            body = el("rect", x=cx + 2, y=y, width=cw - 4, height=ch, rx=6)
            body += text(cx + cw / 2, y + lay.st + 3, nm, class_="nm")
            body += text(cx + cw / 2, y + lay.st + fs + 7, "not played" if skip else gl, class_="gl")
            cells.append(el("g", body + title(f"{nm}: {'not played in Factiosus' if skip else gl}"), class_=cls))
        out.append(el("g", "".join(cells), id="stages"))
        y += ch + 8
    else:
        heading = HEADINGS.get(part, part) if part != "over" or obs["games"] > 1 else "The game is over"
        out.append(text(x, y + lay.ft * 0.8, heading, class_="ptitle", id="heading"))
        y += lay.ft + 8
    # who plays, and what they may do now
    if part == "over":
        r = obs["ranked"]
        if obs["games"] > 1:  # the match: most games won
            best = max(obs["wins"])
            r = [q for q, w in enumerate(obs["wins"]) if w == best]
            msg = " and ".join(names[q] for q in r) + (" win" if len(r) > 1 else " wins") + " the match"
        elif obs.get("ending") in ("stuck", "rounds"):  # G26: said as what it is, not as a win
            msg = ("No one can move any more" if obs["ending"] == "stuck" else f"{obs['max_rounds']} rounds played")
            msg += ": " + " and ".join(names[q] for q in r) + (" rank first" if len(r) > 1 else " ranks first")
        else:
            msg = " and ".join(names[q] for q in r) + (" win" if len(r) > 1 else " wins")
        out.append(text(x, y + lay.ft * 0.8, msg, class_="ptitle", id="winner"))
        y += lay.ft + 8
    elif turn is not None:
        para(f"{names[turn]}{' (you)' if turn == v else ''} to play", class_="ptxt b", fill=_fill(obs, turn))
    helptext = _help(obs)
    if helptext:
        para(helptext, "part")
    chosen = _choices_text(obs, v)
    if chosen:
        para(chosen, "choices")
    if obs["games"] > 1:
        game = min(obs["game_no"] + 1, obs["games"])
        para(f"Parcus game {game} of {obs['games']} (games won: on each player's line)", "match")
    # the dice and what they did; the bank
    y += 6
    d = lay.die
    roll = obs.get("roll") or []
    out.append(_tokens(x + w, y + d / 2, obs["bank"], "bank", lay, "Bank"))
    if roll:
        if roll[0] == "d6":
            k = roll[1]
            dice = _die(x, y, d, k)
            cap = (f"{names[roll[2]]} rolled {k} {_WHEN[obs.get('roll_turn')]}: "
                   + ("odd, change free" if k % 2 else "even, no change"))
            left = x + d + 10
        else:
            a, b = roll[1], roll[2]
            dice = _die(x, y, d, a, a == 10, letter=True) + _die(x + d + 6, y, d, b, b == 10)
            outcome = ("back to square 1" if a == 10 and b == 10 else "off the grid: stays" if 10 in (a, b)
                       else f"to {'ABCDEFGHI'[a - 1]}{b}")
            cap = f"{names[roll[3]]}'s veer {_WHEN[obs.get('roll_turn')]}: {outcome}"
            left = x + 2 * d + 16
        lines = _wrap(cap, x + w - left - _bank_width(obs["bank"], lay) - 12, fs)
        top = y + d / 2 - len(lines) * lh / 2
        out.append(el("g", dice + _lines(left, top + (lh - fs) / 2 + base, lines, lh, class_="ptxt"), id="dice"))
        y += max(d, len(lines) * lh) + 8
    else:  # no dice yet: the bank alone, on one line
        out[-1] = _tokens(x + w, y + lh / 2, obs["bank"], "bank", lay, "Bank")
        y += lh + 4
    flags = [f for f, on in (("Caecus (blind)", obs["caecus"]), ("Factiosus (gang warfare)", obs["factiosus"]),
                             ("Merus (bare-bones)", obs["merus"])) if on]
    if flags:
        para("Variants: " + ", ".join(flags))
    # what the numbers mean
    if part not in ("colour", "board"):
        if shown is None:
            key = "The grid shows no path."
        else:
            key = f"Numbers in the squares: {'your' if shown == v else names[shown] + chr(8217) + 's'} path."
        key += " Tracks: each player's pieces on their own path (1 to 81)."
        if obs["caecus"]:
            key += " Caecus: other paths are hidden."
        para(key, "key", font_style="italic")
    y += 6
    for q in range(obs["players"]):
        row, y = _player_row(obs, q, x, y, v, lay)
        out.append(row)
    if part in ("opening", "colour", "board", "piece", "over"):  # no move to make: no square beyond the end
        y += 6
        frame = el("rect", x=x - 14, y=lay.py, width=w + 28, height=y - lay.py, rx=8, class_="box")
        return frame + "".join(out), y
    # the square one beyond the end: a winning move goes there
    y += 4
    bw, bh = (200, 44) if lay.narrow else (150, 40)
    body = el("rect", x=x, y=y, width=bw, height=bh, rx=8, class_="box")
    body += text(x + bw / 2, y + bh / 2 + fs * 0.35, "out (square 82)", class_="ptxt", text_anchor="middle")
    out.append(el("g", body + title("one square beyond the end of the path: a move here wins"),
                  id="exit", class_="exitbox", data_target="exit"))
    lines = _wrap("a move that ends here, one square past the end, wins", w - bw - 12, fs)
    out.append(_lines(x + bw + 12, y + bh / 2 - len(lines) * lh / 2 + (lh - fs) / 2 + base, lines, lh,
                      class_="ptxt"))
    y += max(bh, len(lines) * lh) + 12
    frame = el("rect", x=x - 14, y=lay.py, width=w + 28, height=y - lay.py, rx=8, class_="box")
    return frame + "".join(out), y


_WHEN = {"this": "this turn", "last": "last turn", None: "earlier"}
"""How the panel dates the dice shown (the observation's ``roll_turn``)."""


def _choices_text(obs: dict, v: int | None) -> str:
    """What the other players chose before the game's first turn (colour, board, starting piece), said
    while the choosing goes on and through the first round, so a computer's quick choices are read (the
    colour only while choosing: the player's name is their colour after that); "" when there is nothing
    to say. A board or kind hidden by Caecus (G40, G41) is said to be hidden."""
    if obs["part"] in ("opening", "over") or (obs["part"] not in ("colour", "board", "piece") and obs["round"] > 0):
        return ""
    names = obs["player_names"]
    said = []
    for q, colour, board, kind in obs.get("choices") or []:
        if q == v:
            continue
        got = []
        if colour is not None and obs.get("game_no", 0) == 0 and obs["part"] in ("colour", "board", "piece"):
            got.append(f"the {colour.lower()} pieces")
        if board is not None:
            got.append(f"board {board} ({obs['board_names'][board - 1]})")
        elif obs["caecus"] and obs["chosen"][q]:
            got.append("a hidden board")
        if kind is not None:
            got.append(f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} to start")
        elif obs["caecus"] and not obs["factiosus"] and obs["pieces"][q]:
            got.append("a hidden piece to start")
        if got:
            said.append(f"{names[q]} took " + (", ".join(got[:-1]) + " and " + got[-1] if len(got) > 1 else got[0]))
    return ("Chosen: " + "; ".join(said) + ".") if said else ""


def _bank_width(k: int, lay: Layout) -> float:
    return lay.fs * (2.7 + 0.54 * 9) + min(k, 3) * (2 * lay.tok + 2)


def _tokens(right: float, cy: float, k: int, who: str, lay: Layout, caption: str = "") -> str:
    """``k`` tokens drawn right-aligned at ``right`` around the middle height ``cy`` (at most four discs,
    then the count)."""
    shown = min(k, 3)
    step = 2 * lay.tok + 2
    count = f"{k} token{'s' if k != 1 else ''}"
    x = right - lay.fs * 0.54 * len(count) - 4 - shown * step
    body = "".join(el("circle", cx=x + i * step + lay.tok, cy=cy, r=lay.tok, class_="tok") for i in range(shown))
    body += text(right, cy + lay.fs * 0.35, count, class_="ptxt", text_anchor="end")
    if caption:
        body += text(x - 6, cy + lay.fs * 0.35, caption, class_="ptxt b", text_anchor="end")
    return el("g", body + title(f"{who}: {k} token{'s' if k != 1 else ''}"), id=f"tokens-{who}")


def _player_row(obs: dict, q: int, x: float, y: float, v: int | None, lay: Layout) -> tuple[str, float]:
    """Player ``q``'s line (colour, board, tokens, Parcus wins), the track of their pieces along their own
    path (off the board on the left, out on the right) and the pieces in words, from the top ``y``;
    returns the drawing and the y below it."""
    names = obs["player_names"]
    turn = obs.get("turn")
    fs, lh, w = lay.fs, lay.lh, lay.pw
    out = []
    cy = y + lh / 2
    if q == turn and obs["part"] != "over":
        out.append(el("polygon", points=f"{x - 12},{cy - 7} {x - 5},{cy} {x - 12},{cy + 7}", class_="turnmark"))
    out.append(el("circle", cx=x + fs / 2, cy=cy, r=fs / 2, fill=_fill(obs, q)))
    b = obs["boards"][q]
    board = (obs["board_names"][b - 1] if b else
             "board hidden" if obs["chosen"][q] else "no board yet")
    me = " (you)" if q == v else ""
    out.append(text(x + fs + 6, cy + fs * 0.35, f"{names[q]}{me}: {board}", class_="ptxt b"))
    right = x + w
    if obs["games"] > 1:
        won = f"won {obs['wins'][q]}"
        out.append(el("g", text(right, cy + fs * 0.35, won, class_="ptxt", text_anchor="end")
                      + title(f"{names[q]} has won {obs['wins'][q]} of the match's games"), id=f"wins-{q}"))
        right -= fs * 0.56 * len(won) + fs
    out.append(_tokens(right, cy, obs["tokens"][q], names[q], lay))
    y += lh + 2
    # the track
    pieces = obs["pieces"][q]
    r = lay.pcl * 0.75
    slot = 2 * r + 4
    zone = (3 if obs["factiosus"] else 1) * slot
    lab = fs * 1.9  # room for "off" and "out"
    t0, t1 = x + lab + zone + r, x + w - lab - zone - r
    cy = y + r + 2
    body = text(x, cy + fs * 0.35, "off", class_="ptxt")
    hidden = bool(pieces) and any(pc["number"] is None and pc["square"] not in ("off", "out") for pc in pieces)
    body += el("line", x1=t0, y1=cy, x2=t1, y2=cy, class_="track hidden" if hidden else "track")
    body += text(x + w, cy + fs * 0.35, "out", class_="ptxt", text_anchor="end")
    xo, xout = x + lab, t1 + r + 4
    along = []
    for pc in pieces:
        kind, where = pc["kind"], pc["square"]
        kname = kind or "piece"  # Caecus: another player's kind is hidden (G41)
        if where == "off":
            g = _disc(xo + r + 2, cy, kind, _fill(obs, q), r, f"{names[q]} {kname} off the board")
            if obs["factiosus"] and q == turn:
                g = el("g", el("rect", x=xo, y=cy - r - 2, width=2 * r + 4, height=2 * r + 4, rx=4, class_="box")
                       + g, id=f"off-{kind}", data_target=f"off-{kind}")
            body += g
            xo += slot
        elif where == "out":
            body += _disc(xout + r + 2, cy, kind, _fill(obs, q), r, f"{names[q]} {kname} out")
            xout += slot
        elif pc["number"] is not None:
            along.append([t0 + (t1 - t0) * (pc["number"] - 1) / 80, pc])
    along.sort(key=lambda e: e[0])  # pieces close together are spread apart to stay readable
    for i in range(1, len(along)):
        along[i][0] = max(along[i][0], along[i - 1][0] + 2 * r)
    for i in range(len(along) - 1, -1, -1):
        along[i][0] = min(along[i][0], t1 if i == len(along) - 1 else along[i + 1][0] - 2 * r)
    for px, pc in along:
        body += _disc(px, cy, pc["kind"], _fill(obs, q), r, f"{names[q]} {pc['kind']} on {pc['square']}: square "
                                                f"{pc['number']} of 81 on {names[q]}'s path")
    out.append(el("g", body, id=f"track-{q}"))
    y = cy + r + 4
    # the pieces in words
    descs = []
    for pc in pieces:
        kind, where = pc["kind"] or "piece", pc["square"]
        if where in ("off", "out") or pc["number"] is None:
            descs.append(f"{kind} {where}" if where in ("off", "out") else f"{kind} on {where}")
        elif len(pieces) > 1:
            descs.append(f"{kind} {where}: {pc['number']}")
        else:
            descs.append(f"{kind} on {where}: square {pc['number']} of 81")
    words = "; ".join(descs) if descs else "no piece yet"
    if hidden:
        words += " (path hidden)"
    lines = _wrap(words, w - fs - 6, fs)
    out.append(_lines(x + fs + 6, y + fs * 0.8, lines, lh, class_="ptxt"))
    y += lh * len(lines) + 6
    return el("g", "".join(out), id=f"player-{q}"), y
