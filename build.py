#!/usr/bin/env python3
"""Build, serve, test and benchmark the pygames site. Standard library only.

    python3 build.py serve   install what the build needs, build dist/, serve it on 127.0.0.1:8000
    python3 build.py build   build dist/ only
    python3 build.py test    install the test dependencies (and Debian's chromium if missing), build
                             dist/, then run ``pytest tests e2e``
    python3 build.py bench   print the benchmark figures (playouts/s, page load, click-to-redraw)

dist/ is a folder of static files: Pyodide (npm ``pyodide``), PyScript (npm ``@pyscript/core``), the
micropip and packaging wheels from PyPI with their real sha256 written into the vendored
``pyodide-lock.json``, our wheel, the app from web/ and the rules pages rendered from docs/rules/.
"""
from __future__ import annotations

import base64
import functools
import hashlib
import html
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = Path(os.environ.get("PYGAMES_DIST") or ROOT / "dist").resolve()
"""Where the site is built; ``PYGAMES_DIST`` moves it (one checkout, several builds side by side)."""
VENDOR = ROOT / "vendor"
NODE = ROOT / "node_modules"
VERSION = re.search(r'^version\s*=\s*"([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M).group(1)
WHEEL_NAME = f"pygames-{VERSION}-py3-none-any.whl"
PYPI_WHEELS = {"micropip": "0.11.1", "packaging": "26.1"}
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js"]
CHROMIUM = "/usr/bin/chromium"
TEST_REQUIREMENTS = ROOT / "requirements-test.txt"


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: list[str], **kw) -> None:
    log("$ " + " ".join(cmd))
    subprocess.run(cmd, check=True, **kw)


# ----- dependencies ---------------------------------------------------------------------------------
def ensure_node_modules() -> None:
    """``npm ci`` from package-lock.json unless node_modules already matches it."""
    stamp = NODE / ".pygames-lock-sha256"
    want = hashlib.sha256((ROOT / "package-lock.json").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == want and (NODE / "pyodide" / "pyodide.asm.wasm").exists():
        return
    if not shutil.which("npm"):
        sys.exit("npm is needed to fetch Pyodide and PyScript: apt-get install -y npm")
    run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)
    stamp.write_text(want)


def ensure_pypi_wheels() -> dict[str, Path]:
    """Download micropip and packaging wheels for Pyodide's Python into vendor/ (once)."""
    VENDOR.mkdir(exist_ok=True)
    out = {}
    for name, ver in PYPI_WHEELS.items():
        found = sorted(VENDOR.glob(f"{name}-{ver}-py3-none-any.whl"))
        if not found:
            run([sys.executable, "-m", "pip", "download", "--no-deps", "--python-version", "3.14",
                 "--only-binary=:all:", "-d", str(VENDOR), f"{name}=={ver}"])
            found = sorted(VENDOR.glob(f"{name}-{ver}-py3-none-any.whl"))
        if not found:
            sys.exit(f"could not download the {name} {ver} wheel")
        out[name] = found[0]
    return out


# ----- our wheel ------------------------------------------------------------------------------------
def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def build_wheel(dest: Path) -> Path:
    """Write the pure-Python wheel of the ``pygames`` package (reproducible: fixed timestamps)."""
    dest.mkdir(parents=True, exist_ok=True)
    path = dest / WHEEL_NAME
    info = f"pygames-{VERSION}.dist-info"
    files: list[tuple[str, bytes]] = []
    for f in sorted((ROOT / "pygames").rglob("*.py")):
        files.append((f.relative_to(ROOT).as_posix(), f.read_bytes()))
    meta = (f"Metadata-Version: 2.1\nName: pygames\nVersion: {VERSION}\n"
            "Summary: Rules engines for five games from old rules texts, playable in the browser\n"
            "Requires-Python: >=3.11\n").encode()
    wheel = b"Wheel-Version: 1.0\nGenerator: pygames-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files += [(f"{info}/METADATA", meta), (f"{info}/WHEEL", wheel)]
    record = "".join(f"{n},{_record_hash(d)},{len(d)}\n" for n, d in files) + f"{info}/RECORD,,\n"
    files.append((f"{info}/RECORD", record.encode()))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            zi = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            zi.external_attr = 0o644 << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return path


# ----- rules pages ----------------------------------------------------------------------------------
def _inline(s: str) -> str:
    s = html.escape(s, quote=False)
    s = re.sub(r"`([^`]+)`", r"<code>\1</code>", s)
    s = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", s)
    s = re.sub(r"(?<![*\w])\*([^*]+)\*(?!\w)", r"<em>\1</em>", s)
    s = re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r'<a href="\2">\1</a>', s)
    return s


def markdown_to_html(md: str) -> str:
    """A small Markdown subset: headings, paragraphs, bullet/numbered lists (with continuation lines),
    fenced code, tables, bold, emphasis, inline code and links. Rule items get an anchor id."""
    out, para, in_code, list_tag, table = [], [], False, None, []
    # join a list item's continuation lines first, so inline markup may span them
    joined: list[str] = []
    for line in md.splitlines():
        if (joined and line.startswith("  ") and line.strip() and not re.match(r"^\s*(?:[-*]|\d+\.)\s", line)
                and re.match(r"^\s*(?:[-*]|\d+\.)\s", joined[-1])):
            joined[-1] += " " + line.strip()
        else:
            joined.append(line)
    md = "\n".join(joined)

    def flush():
        nonlocal para, list_tag, table
        if para:
            out.append(f"<p>{_inline(' '.join(para))}</p>")
            para = []
        if list_tag:
            out.append(f"</{list_tag}>")
            list_tag = None
        if table:
            rows = [r for r in table if not re.match(r"^\|[\s:|-]+\|$", r)]
            cells = [[c.strip() for c in r.strip("|").split("|")] for r in rows]
            head = "".join(f"<th>{_inline(c)}</th>" for c in cells[0])
            body = "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>" for r in cells[1:])
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
            table = []

    lines = md.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line.startswith("```board"):
            # a live board: ```board GAME then attribute lines (interactive, seats=human,easy), then ```
            flush()
            attrs = [f'game="{html.escape(line.split()[1])}"']
            while i < len(lines) and not lines[i].startswith("```"):
                k, _, v = lines[i].strip().partition("=")
                attrs.append(f'{html.escape(k)}="{html.escape(v)}"' if v else html.escape(k))
                i += 1
            i += 1
            out.append(f'<pygames-board {" ".join(attrs)}></pygames-board>')
            continue
        if line.startswith("```diagram"):
            # a position drawn by the engine itself: ```diagram GAME then a record's JSON, then ```
            flush()
            body = []
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            i += 1
            out.append(f'<figure class="diagram">{diagram(line.split()[1], json.loads(" ".join(body)))}</figure>')
            continue
        if line.startswith("```"):
            if in_code:
                out.append("</code></pre>")
                in_code = False
            else:
                flush()
                out.append("<pre><code>")
                in_code = True
            continue
        if in_code:
            out.append(html.escape(line))
            continue
        m = re.match(r"^(#{1,4})\s+(.*)", line)
        if m:
            flush()
            n = len(m.group(1))
            anchor = re.sub(r"[^a-z0-9]+", "-", m.group(2).lower()).strip("-")
            out.append(f'<h{n} id="{anchor}">{_inline(m.group(2))}</h{n}>')
            continue
        if line.startswith("|"):
            if para or list_tag:
                flush()
            table.append(line.strip())
            continue
        m = re.match(r"^\s*(?:[-*]|(\d+)\.)\s+(.*)", line)
        if m:
            if para or table:
                flush()
            tag = "ol" if m.group(1) else "ul"
            if list_tag != tag:
                if list_tag:
                    out.append(f"</{list_tag}>")
                out.append(f"<{tag}>")
                list_tag = tag
            rid = re.match(r"\*\*([A-Z]{1,3}\d+[a-z]?)\*\*", m.group(2))
            attr = f' id="{rid.group(1)}"' if rid else ""
            out.append(f"<li{attr}>{_inline(m.group(2))}</li>")
            continue
        if not line.strip():
            flush()
            continue
        if list_tag and line.startswith("  "):
            out[-1] = out[-1][:-5] + " " + _inline(line.strip()) + "</li>"
            continue
        if table:
            flush()
        para.append(line.strip())
    flush()
    return "\n".join(out)


def diagram(game_id: str, spec: dict) -> str:
    """SVG of the position after ``spec["actions"]`` (a game record's fields) with a caption."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pygames.core.record import Record
    rec = Record.from_json({"game": game_id, "options": spec.get("options", {}), "seed": 0,
                            "actions": spec["actions"]})
    state = rec.replay()
    svg = state.game.draw_svg(state.observation(spec.get("viewer", 0)))
    caption = html.escape(spec.get("caption", " ".join(spec["actions"])))
    return f"{svg}<figcaption>{caption}</figcaption>"


def build_rules_pages(dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    for md in sorted((ROOT / "docs" / "rules").glob("*.md")):
        text = md.read_text(encoding="utf-8")
        m = re.search(r"^#\s+(.*)", text, re.M)
        title = m.group(1) if m else md.stem
        page = (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}'
                f'</title><meta name="viewport" content="width=device-width, initial-scale=1">'
                f'<link rel="icon" href="../favicon.svg"><link rel="stylesheet" href="../app.css">'
                f'<script type="module" src="../embed.js"></script></head>'
                f'<body class="rules-page"><nav><a href="../index.html">← pygames</a></nav><main>'
                f'{markdown_to_html(text)}</main></body></html>')
        (dest / f"{md.stem}.html").write_text(page, encoding="utf-8")


# ----- dist/ ----------------------------------------------------------------------------------------
def build() -> Path:
    """Assemble dist/ from scratch; returns its path."""
    ensure_node_modules()
    wheels = ensure_pypi_wheels()
    if DIST.exists():
        shutil.rmtree(DIST)
    shutil.copytree(ROOT / "web", DIST)
    # Pyodide runtime, with the PyPI micropip/packaging wheels and their real hashes in the lock file
    pyo = DIST / "pyodide"
    pyo.mkdir()
    for f in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / f, pyo / f)
    lock = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())
    for name, whl in wheels.items():
        shutil.copy2(whl, pyo / whl.name)
        entry = lock["packages"][name]
        entry["file_name"] = whl.name
        entry["sha256"] = hashlib.sha256(whl.read_bytes()).hexdigest()
    (pyo / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))
    # PyScript (no source maps: they would only 404 their sources)
    ps = DIST / "pyscript"
    shutil.copytree(NODE / "@pyscript" / "core" / "dist", ps, ignore=shutil.ignore_patterns("*.map"))
    for js in ps.glob("*.js"):
        txt = js.read_text(encoding="utf-8")
        if "sourceMappingURL" in txt:
            js.write_text(re.sub(r"//# sourceMappingURL=\S+", "", txt), encoding="utf-8")
    # our wheel, the rules pages, and the build info the page reads
    whl = build_wheel(DIST)
    build_rules_pages(DIST / "rules")
    digest = hashlib.sha256(whl.read_bytes()).hexdigest()[:12]
    # PyScript's `files` unpacks our wheel (a zip of pure-Python files) into Python's working directory,
    # which is on sys.path: the same result as `packages` without loading micropip and packaging first
    # (about 0.5 s of a cold start). micropip and packaging stay vendored, with their real hashes in the
    # lock file, so `packages` and `micropip.install` work offline too (embedding pages may use them).
    # PyScript's plugins for editors, terminals and pygame are not used: leaving them out saves their
    # downloads before Python starts (the error plugin stays, to show a Python error on the page).
    config = {"interpreter": "./pyodide/pyodide.mjs", "files": {f"./{whl.name}": "./*"},
              "plugins": ["!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game",
                          "!py-terminal"]}
    (DIST / "pyscript.json").write_text(json.dumps(config, indent=1))
    index = DIST / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace(
        'config="./pyscript.json"', f"config='{json.dumps(config)}'"), encoding="utf-8")
    (DIST / "build.json").write_text(json.dumps({"version": VERSION, "wheel": whl.name, "digest": digest}))
    write_service_worker(DIST)
    log(f"built {DIST}/ ({whl.name})")
    return DIST


def write_service_worker(dist: Path) -> None:
    """Fill in web/sw.js: the list of every file of dist/ and a version made from their contents."""
    files, h = [], hashlib.sha256()
    for f in sorted(p for p in dist.rglob("*") if p.is_file() and p.name != "sw.js"):
        rel = f.relative_to(dist).as_posix()
        files.append(f"./{rel}")
        h.update(rel.encode() + hashlib.sha256(f.read_bytes()).digest())
    sw = (ROOT / "web" / "sw.js").read_text(encoding="utf-8")
    sw = sw.replace("__VERSION__", h.hexdigest()[:16]).replace("__FILES__", json.dumps(["./", *files]))
    (dist / "sw.js").write_text(sw, encoding="utf-8")


# ----- serving --------------------------------------------------------------------------------------
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".svg": "image/svg+xml", ".whl": "application/zip",
                      ".webmanifest": "application/manifest+json"}

    def log_message(self, fmt, *args):  # quiet
        if os.environ.get("PYGAMES_HTTP_LOG"):
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # a browser that closes a page mid-download resets the connection: not worth a traceback
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0, host: str = "127.0.0.1") -> Server:
    """A static file server for ``directory`` on ``host:port`` (port 0: any free port)."""
    handler = functools.partial(Handler, directory=str(directory))
    return Server((host, port), handler)


def serve(port: int = 8000) -> None:
    build()
    srv = make_server(DIST, port)
    print(f"pygames is served at http://127.0.0.1:{srv.server_address[1]}/  (Ctrl-C to stop)", flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass


# ----- tests ----------------------------------------------------------------------------------------
def ensure_test_deps() -> None:
    run([sys.executable, "-m", "pip", "install", "-q", "-r", str(TEST_REQUIREMENTS)])
    if not Path(CHROMIUM).exists():
        apt = ["apt-get"] if os.geteuid() == 0 else ["sudo", "apt-get"]
        run(apt + ["update", "-qq"])
        run(apt + ["install", "-y", "-qq", "chromium"], env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def test(args: list[str]) -> int:
    ensure_test_deps()
    build()
    cmd = [sys.executable, "-m", "pytest", "tests", "e2e", "--screenshot=only-on-failure",
           "--output=test-results", *args]
    log("$ " + " ".join(cmd))
    return subprocess.call(cmd, cwd=ROOT)


# ----- bench ----------------------------------------------------------------------------------------
def bench(args: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    from pygames.bench import main as bench_main  # noqa: E402  (CPython figures)
    figures = bench_main(quick="--quick" in args)
    if "--no-browser" not in args:
        build()
        sys.path.insert(0, str(ROOT / "e2e"))
        from browser_bench import run_browser_bench  # noqa: E402
        figures.update(run_browser_bench(DIST))
    print(json.dumps(figures, indent=1))
    return 0


def main(argv: list[str]) -> int:
    cmd = argv[1] if len(argv) > 1 else "build"
    if cmd == "build":
        build()
    elif cmd == "serve":
        port = int(os.environ.get("PORT", "8000"))
        serve(port)
    elif cmd == "test":
        return test(argv[2:])
    elif cmd == "bench":
        return bench(argv[2:])
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
