#!/usr/bin/env python3
"""Build, serve, test and benchmark the pygames site.

This script needs only the standard library to start: it makes a virtual environment of the checkout
(``.venv``), installs its Python dependencies there (``requirements-build.txt``, and for ``test`` and
``bench`` also ``requirements-test.txt``), never into the system interpreter, and re-runs itself inside it.

    python3 build.py serve [--port N] [--host H]
                             install what the build needs, build dist/, serve it (127.0.0.1:8000)
    python3 build.py build   build dist/ only (with the test-only ?testhooks; --no-testhooks: without,
                             as `serve` builds it)
    python3 build.py test    install the test dependencies (and Debian's chromium if missing), build
                             dist/, then run ``pytest tests -n CORES`` and ``pytest e2e``
    python3 build.py bench   print the benchmark figures (playouts/s, page load, click-to-redraw,
                             pages of 1, 6 and 20 embedded boards; --embed: those alone; --load: the
                             cold and repeat loads alone; --rounds N: loads of each kind, default 5;
                             --prebuilt: measure the dist/ there is, without building it first;
                             --ab DIR,DIR [--kinds cold,repeat,pyscript,bare]: interleaved A/B loads
                             of builds copied to those folders, with paired ratios)
    python3 build.py bench --bots [--games N] [--game ID] [--pair medium-easy] [--variant LABEL]
                             play the computer levels' ladder and write docs/bots.md's table
    python3 build.py bench --calibrate [--game ID] [--games N] [--level L]
                             fit each game's evaluation to a chance to win (tools/calibrate.py)

dist/ is a folder of static files: Pyodide (npm ``pyodide``), PyScript's core (npm ``@pyscript/core``)
and an in-memory IndexedDB for storage-denied frames (npm ``fake-indexeddb``), the micropip wheel from
PyPI (with bytecode added for what its import compiles, see ``tools/pyodide_files.py``) and its real sha256 written
into the vendored ``pyodide-lock.json`` (which lists only what dist/ holds),
our wheel, the app
from web/ (the page; ``loader.js``, which starts a PyScript worker whose micropip installs the wheel;
``python.html``, Python in a page) and the rules pages rendered from docs/rules/.
"""
from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = Path(os.environ.get("PYGAMES_DIST") or ROOT / "dist").resolve()
"""Where the site is built; ``PYGAMES_DIST`` moves it (one checkout, several builds side by side)."""
VENDOR = ROOT / "vendor"
NODE = ROOT / "node_modules"
VERSION = re.search(r'^version\s*=\s*"([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M).group(1)
WHEEL_NAME = f"pygames-{VERSION}-py3-none-any.whl"
PYPI_WHEELS = {"micropip": "0.11.1"}
"""Wheels from PyPI for Pyodide's Python: micropip (it carries its own copy of packaging)."""
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js"]
CHROMIUM = "/usr/bin/chromium"
TEST_REQUIREMENTS = ROOT / "requirements-test.txt"
BUILD_REQUIREMENTS = ROOT / "requirements-build.txt"
VENV = ROOT / ".venv"


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: list[str], **kw) -> None:
    log("$ " + " ".join(cmd))
    subprocess.run(cmd, check=True, **kw)


# ----- dependencies ---------------------------------------------------------------------------------
def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv(requirements: list[Path]) -> None:
    """Make ``.venv`` (once), install ``requirements`` into it when they changed, and re-run this
    command inside it. The system interpreter is never installed into (Debian's is externally managed)."""
    py = venv_python()
    if not py.exists():
        try:
            run([sys.executable, "-m", "venv", str(VENV)])
        except subprocess.CalledProcessError:
            if not shutil.which("apt-get"):
                raise
            # Debian and Ubuntu ship venv's ensurepip as a separate package
            shutil.rmtree(VENV, ignore_errors=True)
            apt = ["apt-get"] if os.geteuid() == 0 else ["sudo", "apt-get"]
            env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
            run(apt + ["update", "-qq"], env=env)
            run(apt + ["install", "-y", "-qq", f"python3.{sys.version_info.minor}-venv"], env=env)
            run([sys.executable, "-m", "venv", str(VENV)])
    for req in requirements:
        stamp = VENV / f".installed-{req.name}"
        want = hashlib.sha256(req.read_bytes()).hexdigest()
        if not stamp.exists() or stamp.read_text() != want:
            run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r", str(req)])
            stamp.write_text(want)
    if Path(sys.prefix).resolve() != VENV.resolve():
        os.execv(str(py), [str(py), str(Path(__file__).resolve()), *sys.argv[1:]])


def ensure_node_modules() -> None:
    """``npm ci`` from package-lock.json unless node_modules already matches it."""
    stamp = NODE / ".pygames-lock-sha256"
    want = hashlib.sha256((ROOT / "package-lock.json").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == want and (NODE / "pyodide" / "pyodide.asm.wasm").exists():
        return
    if not shutil.which("npm"):
        sys.exit("npm is needed to fetch Pyodide: apt-get install -y npm")
    run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)
    stamp.write_text(want)


def ensure_pypi_wheels() -> dict[str, Path]:
    """Download the :data:`PYPI_WHEELS` for Pyodide's Python into vendor/ (once)."""
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
def build_wheel(dest: Path) -> Path:
    """Build the pure-Python wheel of the ``pygames`` package with the standard backend (setuptools,
    from ``pyproject.toml``, through ``pip wheel``), reproducibly (``SOURCE_DATE_EPOCH``). The sources
    are copied to a scratch folder first, so that builds never write into the checkout."""
    import tempfile
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="pygames-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, src / name)
        shutil.copytree(ROOT / "pygames", src / "pygames",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        env = {**os.environ, "SOURCE_DATE_EPOCH": "1577836800", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                        "-w", str(Path(tmp) / "out"), str(src)], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        built = Path(tmp) / "out" / WHEEL_NAME
        if not built.exists():
            sys.exit(f"the wheel build did not write {WHEEL_NAME}")
        path = dest / WHEEL_NAME
        shutil.copy2(built, path)
    return path


# ----- rules pages ----------------------------------------------------------------------------------
from tools.rules_pages import build_rules_pages  # noqa: E402  (the rules pages, guides, glossaries, tutorials)
from tools.embed_boards import write_boards  # noqa: E402  (embed.js's pre-drawn boards, issue 20)
from tools.pyodide_files import precompile, trim_stdlib  # noqa: E402  (Pyodide's files as dist/ ships them, issue 18)


def write_games_json(path: Path) -> None:
    """The start page's game list and new-game forms, from the registry (the bridge's ``games``), so
    the page shows them before Python has started."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pygames import web
    path.write_text(json.dumps(web.cmd_games({}), separators=(",", ":")), encoding="utf-8")


# ----- dist/ ----------------------------------------------------------------------------------------
def strip_testhooks(dist: Path) -> None:
    """Drop every line marked ``@testhook`` from the site's scripts: the test-only hooks (``?testhooks``,
    running Python sent by a page) do not exist in a site built for serving (issue 22)."""
    for js in [*dist.glob("*.js"), dist / "bridge.py"]:
        text = js.read_text(encoding="utf-8")
        kept = "".join(line for line in text.splitlines(keepends=True) if "@testhook" not in line)
        if kept != text:
            js.write_text(kept, encoding="utf-8")


def build(testhooks: bool = True) -> Path:
    """Assemble dist/ from scratch; returns its path. ``testhooks=False`` (``serve``, ``build
    --no-testhooks``) leaves the test-only hooks out."""
    ensure_node_modules()
    wheels = ensure_pypi_wheels()
    if DIST.exists():
        shutil.rmtree(DIST)
    shutil.copytree(ROOT / "web", DIST)
    # Pyodide runtime, with the PyPI micropip wheel and its real hash in the lock file; the lock lists
    # only the packages dist/ holds (Pyodide's lists 350 that are not shipped: 109 KB of the first visit)
    pyo = DIST / "pyodide"
    pyo.mkdir(exist_ok=True)  # web/pyodide/entry.mjs is there already
    for f in PYODIDE_FILES:
        if f == "python_stdlib.zip":
            trim_stdlib(NODE / "pyodide" / f, pyo / f)
        else:
            shutil.copy2(NODE / "pyodide" / f, pyo / f)
    vendor_pyscript(DIST)
    lock = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())
    lock["packages"] = {name: lock["packages"][name] for name in wheels}
    for name, whl in wheels.items():
        shutil.copy2(whl, pyo / whl.name)
        entry = lock["packages"][name]
        entry["file_name"] = whl.name
        entry["sha256"] = hashlib.sha256(whl.read_bytes()).hexdigest()
    (pyo / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))
    log(precompile(pyo, lock))  # micropip's wheel gains bytecode: a new sha256
    (pyo / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))
    # our wheel, the rules pages, and the build info the page reads
    whl = build_wheel(DIST)
    build_rules_pages(DIST / "rules")
    log(f"drew {write_boards(DIST / 'boards')} pre-drawn boards for embed.js")
    write_games_json(DIST / "games.json")
    digest = hashlib.sha256(whl.read_bytes()).hexdigest()[:12]
    # the site's interpreter entry (pyodide/site.mjs, started by loader.js) installs this wheel with
    # micropip in PyScript's worker (its sha256 names the memory snapshot kept for it); the example page
    # (python.html) names it in its PyScript config
    for name in ("pyodide/site.mjs", "python.html"):
        page = DIST / name
        page.write_text(page.read_text(encoding="utf-8").replace("./__WHEEL__", f"./{whl.name}")
                        .replace("__WHEEL_SHA256__", hashlib.sha256(whl.read_bytes()).hexdigest()), encoding="utf-8")
    # loader.js preloads PyScript's core module: core.js and the file it re-exports
    core = re.search(r'from\s*"\./(core-[A-Za-z0-9_-]+\.js)"', (DIST / "pyscript" / "core.js").read_text()).group(1)
    loader = DIST / "loader.js"
    loader.write_text(loader.read_text(encoding="utf-8").replace("./pyscript/__PYSCRIPT_CORE__", f"./pyscript/{core}"), encoding="utf-8")
    if not testhooks:
        strip_testhooks(DIST)
    (DIST / "build.json").write_text(json.dumps({"version": VERSION, "wheel": whl.name, "digest": digest}))
    write_service_worker(DIST)
    compress(DIST)
    log(f"built {DIST}/ ({whl.name})")
    return DIST


UNUSED = re.compile(r"^pyodide/pyodide\.js$|\.(gz|br)$|^pyodide/fake-indexeddb/|^boards/")
"""Files of dist/ the service worker does not precache: those the site never loads (Pyodide's
classic-script loader, precompressed copies), the in-memory IndexedDB, which loads only where storage
is denied, i.e. where there is no service worker and no cache to serve it from either (about 100 KB),
and embed.js's pre-drawn boards (about 5 MB; a page loads the few it shows, and the HTTP cache keeps them)."""

PYSCRIPT_UNUSED = re.compile(r"^(codemirror|xterm|service-worker|storage)|\.map$"
                             r"|^(index|zip|toml|py|mpy)-[A-Za-z0-9_-]{8}\.js$")
"""Files of ``@pyscript/core``'s dist/ left out: the code editor and terminal (CodeMirror, xterm and
their glue ``index-*``, ``py-*``, ``mpy-*``: loaded only for ``<py-editor>`` and ``<py-terminal>``
elements, which no page of ours holds), the zip reader (only for a config's ``files`` archives), the TOML
parser (our configs are JSON), PyScript's own service worker and storage helpers, source maps. The
plugins that PyScript's core imports at start (``py-editor``, ``py-game``, ``py-terminal``, ``donkey``,
``error``, ``deprecations-manager``: a few KB) stay, for pages like python.html that keep them on."""


def vendor_pyscript(dist: Path) -> None:
    """Copy PyScript's core (npm ``@pyscript/core``) to ``dist/pyscript/`` and the in-memory IndexedDB
    (npm ``fake-indexeddb``, ES modules) that ``pyodide/entry.mjs`` installs when storage is denied to
    ``dist/pyodide/fake-indexeddb/``."""
    src = NODE / "@pyscript" / "core" / "dist"
    out = dist / "pyscript"
    out.mkdir(exist_ok=True)
    for f in sorted(src.iterdir()):
        if f.is_file() and not PYSCRIPT_UNUSED.search(f.name):
            shutil.copy2(f, out / f.name)
    shutil.copytree(NODE / "fake-indexeddb" / "build" / "esm", dist / "pyodide" / "fake-indexeddb",
                    ignore=shutil.ignore_patterns("*.map", "*.d.ts"))

COMPRESSIBLE = {".wasm", ".mjs", ".js", ".json", ".css", ".html", ".svg", ".zip", ".webmanifest"}


def compress(dist: Path) -> None:
    """Write ``X.gz`` (gzip -9) and, with the brotli package, ``X.br`` next to each compressible file
    of dist/ over 1 KiB, as static hosts serve them; both byte-reproducible (no timestamps). The
    pre-drawn boards (``boards/``, a few hundred files) get gzip only: brotli's best level would add
    about 10 s to every build for them."""
    import gzip
    try:
        import brotli  # type: ignore[import-not-found]
    except ImportError:  # pragma: no cover - it is in requirements-build.txt
        brotli = None
    for f in sorted(p for p in dist.rglob("*") if p.is_file()):
        if f.suffix not in COMPRESSIBLE or f.stat().st_size < 1024:
            continue
        data = f.read_bytes()
        gz = gzip.compress(data, 9, mtime=0)
        if len(gz) < len(data) * 0.9:
            f.with_name(f.name + ".gz").write_bytes(gz)
            if brotli is not None and f.parent.name != "boards":
                f.with_name(f.name + ".br").write_bytes(brotli.compress(data, quality=11))


ON_VISIT = re.compile(r"^rules/|^tutorials/|^EMBED\.md$|^python\.html$|^embed\.js$"
                      r"|^pyscript/(?!core(\.js|-[A-Za-z0-9_-]{8}\.js)$)")
"""Files of dist/ the site loads that the service worker caches when a page first asks for them rather
than at install: what a first game does not need (the rules pages, about 1.4 MB, the tutorials, the
Python-in-a-page example, the embed script and its notes, which pages of other sites load, and PyScript's
files other than its core module: its page plugins, its CSS and its packages graph, which only
python.html loads, about 32 KB). They still make the version (a new rules page is a new cache), so a
copy cached on a visit is never stale."""


def write_service_worker(dist: Path) -> None:
    """Fill in web/sw.js: the files of dist/ the site loads (see :data:`UNUSED`) except those cached on
    a visit (:data:`ON_VISIT`), each with the sha256 of its bytes (the service worker checks every copy
    it caches against it, so a new deployment is never cached from an old one's copies), and a version
    made from all of them (a new build, a new cache)."""
    files, h = [], hashlib.sha256()
    for f in sorted(p for p in dist.rglob("*") if p.is_file() and p.name != "sw.js"
                    and not UNUSED.search(p.relative_to(dist).as_posix())):
        rel = f.relative_to(dist).as_posix()
        sha = hashlib.sha256(f.read_bytes()).hexdigest()
        h.update(rel.encode() + bytes.fromhex(sha))
        if ON_VISIT.search(rel):
            continue
        files.append([f"./{rel}", sha])
        if rel == "index.html":
            files.append(["./", sha])
    sw = (ROOT / "web" / "sw.js").read_text(encoding="utf-8")
    sw = sw.replace("__VERSION__", h.hexdigest()[:16]).replace("__FILES__", json.dumps(files, separators=(",", ":")))
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

    def send_head(self):
        """Send ``X.br`` or ``X.gz`` for ``X`` when the browser accepts that encoding (as static hosts
        do with precompressed files), with ``X``'s type."""
        path = self.translate_path(self.path)
        if self.server.compress and os.path.isfile(path):
            accept = [e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")]
            for enc, ext in (("br", ".br"), ("gzip", ".gz")):
                if enc in accept and os.path.isfile(path + ext):
                    if self._not_modified(path):
                        return None
                    f = open(path + ext, "rb")
                    size = os.fstat(f.fileno()).st_size
                    self.send_response(200)
                    self.send_header("Content-Type", self.guess_type(path))
                    self.send_header("Content-Encoding", enc)
                    self.send_header("Content-Length", str(size))
                    self.send_header("Vary", "Accept-Encoding")
                    self.send_header("Last-Modified", self.date_time_string(os.path.getmtime(path)))
                    self.end_headers()
                    return f
        return super().send_head()

    def _not_modified(self, path: str) -> bool:
        """Answer 304 (no body) to a revalidation of a file unchanged since ``If-Modified-Since``, as
        the plain branch of ``send_head`` does and static hosts do for precompressed files too."""
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            from email.utils import parsedate_to_datetime
            if int(os.path.getmtime(path)) > parsedate_to_datetime(since).timestamp():
                return False
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        self.send_response(304)
        self.send_header("Last-Modified", self.date_time_string(os.path.getmtime(path)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return True

    def copyfile(self, source, outputfile):
        n = 0
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            n += len(chunk)
        self.server.bytes_sent += n


class Server(http.server.ThreadingHTTPServer):
    """The static server of dist/: ``compress`` serves precompressed files, ``bytes_sent`` counts the
    response bodies sent (the benchmark's first-visit bytes)."""

    daemon_threads = True
    compress = True
    bytes_sent = 0

    def handle_error(self, request, client_address):
        # a browser that closes a page mid-download resets the connection: not worth a traceback
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0, host: str = "127.0.0.1") -> Server:
    """A static file server for ``directory`` on ``host:port`` (port 0: any free port)."""
    handler = functools.partial(Handler, directory=str(directory))
    return Server((host, port), handler)


def serve(port: int = 8000, host: str = "127.0.0.1") -> None:
    """Build dist/ (without the test-only hooks) and serve it; a taken port is said at once, before the
    build (the server binds first and serves the folder as it is once the build is done)."""
    try:
        srv = make_server(DIST, port, host)
    except OSError as e:
        sys.exit(f"cannot serve on {host}:{port}: {e.strerror or e} (is the port taken? try --port N)")
    try:
        build(testhooks=False)
    except BaseException:
        srv.server_close()
        raise
    print(f"pygames is served at http://{host}:{srv.server_address[1]}/  (Ctrl-C to stop)", flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass


# ----- tests ----------------------------------------------------------------------------------------
def ensure_chromium() -> None:
    """Debian's chromium for the browser tests (``playwright install`` downloads are not used)."""
    if not Path(CHROMIUM).exists():
        apt = ["apt-get"] if os.geteuid() == 0 else ["sudo", "apt-get"]
        run(apt + ["update", "-qq"])
        run(apt + ["install", "-y", "-qq", "chromium"], env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def test(args: list[str]) -> int:
    """The unit tests on every core (pytest-xdist: they are pure CPU, independent of each other), then the
    browser tests in one process (one served ``dist/`` and one Chromium for the whole session, as
    ``e2e/conftest.py`` shares them; two browsers on two cores would only slow each other's pages).
    ``args`` go to both runs; the exit code is pytest's, 0 when both pass (a run that selects nothing,
    pytest's 5, counts as passed when the other ran something)."""
    ensure_chromium()
    build()
    workers = str(max(1, min(4, os.cpu_count() or 1)))
    runs = [["tests", "-n", workers],
            ["e2e", "--screenshot=only-on-failure", "--output=test-results"]]
    codes = []
    for run_args in runs:
        cmd = [sys.executable, "-m", "pytest", *run_args, *args]
        log("$ " + " ".join(cmd))
        codes.append(subprocess.call(cmd, cwd=ROOT))
    failed = [c for c in codes if c not in (0, 5)]
    if failed:
        return failed[0]
    return 5 if all(c == 5 for c in codes) else 0


# ----- bench ----------------------------------------------------------------------------------------
def bench(args: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    if "--bots" in args:
        from tools.ladder import bench_bots  # the level ladder (issue 19)
        return bench_bots(args)
    if "--calibrate" in args:
        from tools.calibrate import bench_calibrate  # the evaluations as chances to win (issue 19)
        return bench_calibrate(args)
    rounds = _flag(args, "--rounds", "5")
    if not rounds.isdigit() or int(rounds) < 1:
        sys.exit(f"--rounds must be a positive number, not {rounds!r}")
    # --prebuilt: measure the dist/ there is (say, built before a quiet moment) instead of building anew
    fresh = build if "--prebuilt" not in args else (lambda: DIST)
    if "--load" in args:  # the load figures alone (issue 18): cold beside the two bare baselines, repeat
        fresh()
        sys.path.insert(0, str(ROOT / "e2e"))
        from browser_bench import run_browser_bench  # noqa: E402
        print(json.dumps(run_browser_bench(DIST, int(rounds), loads_only=True), indent=1))
        return 0
    if "--ab" in args:  # interleaved loads of builds kept in other folders (issue 18): --ab DIR,DIR[,...]
        sys.path.insert(0, str(ROOT / "e2e"))
        from ab_bench import run_ab_bench  # noqa: E402
        dists = [Path(d).resolve() for d in _flag(args, "--ab", "").split(",") if d]
        run_ab_bench(dists, int(rounds), _flag(args, "--kinds", "cold,repeat").split(","))
        return 0
    if "--embed" in args:  # the embedded boards' figures alone (issue 20)
        fresh()
        sys.path.insert(0, str(ROOT / "e2e"))
        from embed_bench import run_embed_bench  # noqa: E402
        print(json.dumps(run_embed_bench(DIST), indent=1))
        return 0
    from pygames.bench import main as bench_main  # noqa: E402  (CPython figures)
    figures = bench_main(quick="--quick" in args)
    if "--no-browser" not in args:
        fresh()
        sys.path.insert(0, str(ROOT / "e2e"))
        from browser_bench import run_browser_bench  # noqa: E402
        figures.update(run_browser_bench(DIST, int(rounds)))
        from embed_bench import run_embed_bench  # noqa: E402  (issue 20: pages of many boards)
        figures.update(run_embed_bench(DIST))
    print(json.dumps(figures, indent=1))
    return 0


def _flag(args: list[str], name: str, default: str) -> str:
    if name in args:
        i = args.index(name)
        if i + 1 < len(args):
            return args[i + 1]
        sys.exit(f"{name} needs a value")
    return default


def main(argv: list[str]) -> int:
    cmd = argv[1] if len(argv) > 1 else "build"
    args = argv[2:]
    if cmd not in ("build", "serve", "test", "bench"):
        print(__doc__)
        return 2
    ensure_venv([BUILD_REQUIREMENTS] + ([TEST_REQUIREMENTS] if cmd in ("test", "bench") else []))
    if cmd == "build":
        build(testhooks="--no-testhooks" not in args)
    elif cmd == "serve":
        port = _flag(args, "--port", os.environ.get("PORT", "8000"))
        if not port.isdigit() or not 0 <= int(port) < 65536:
            sys.exit(f"--port must be a port number, not {port!r}")
        serve(int(port), _flag(args, "--host", "127.0.0.1"))
    elif cmd == "test":
        return test(args)
    else:
        return bench(args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
