"""Pyodide's files as ``dist/pyodide/`` ships them (issue 18), for ``build.py``: the standard library
zip without the modules that cannot run in a browser (:func:`trim_stdlib`), and bytecode for what
``import micropip`` compiles (:func:`precompile`), which runs the vendored Pyodide under node."""
from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path


PRECOMPILE_JS = """
import { loadPyodide } from %(pyodide)s;
import fs from "fs";
const py = await loadPyodide({ indexURL: %(index)s, stdout: () => {}, stderr: () => {} });
py.runPython("import sys; _base = set(sys.modules)");
await py.loadPackage("micropip", { messageCallback: () => {} });
py.runPython("import micropip");
py.runPython(%(site)s);
fs.writeFileSync(%(out)s, py.runPython(%(code)s).toJs());
"""
SITE_IMPORTS = "import sysconfig; sysconfig.get_config_vars(); import secrets"
"""What the site's start imports from the standard library beyond ``import micropip`` (and beyond what
PyScript's own set-up imports, so the bare PyScript page is unchanged too): micropip's install reads the
platform's build configuration (``_sysconfigdata_*``, a 49 KB dict whose compile was about 0.14 s of a
cold load at load 10), and ``pygames.web`` imports ``secrets`` (and with it ``hmac``)."""
PRECOMPILE_PY = """
import json, sys
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash
out = []
for name in sorted(set(sys.modules) - _base):
    spec = getattr(sys.modules[name], "__spec__", None)
    if spec is None or not (spec.origin or "").endswith(".py"):
        continue
    data = spec.loader.get_data(spec.origin)
    code = compile(data, spec.origin, "exec", dont_inherit=True)
    out.append((spec.origin, bytes(_code_to_hash_pyc(code, source_hash(data), False))))
head = json.dumps({"tag": sys.implementation.cache_tag, "files": [[o, len(b)] for o, b in out]}).encode()
len(head).to_bytes(4, "little") + head + b"".join(b for _, b in out)
"""


def precompile(pyo: Path, lock: dict) -> str:
    """Bytecode for what micropip's start imports beyond Pyodide's own (micropip, the standard library
    modules it needs, and :data:`SITE_IMPORTS`): compiling their sources was most of ``import
    micropip``'s second in the browser.
    Pyodide's Python (node, on the vendored runtime) imports micropip and compiles each module it added
    to an unchecked hash-based ``.pyc`` that replaces its source (a sourceless module, as Pyodide's own
    packages ship: tracebacks name file and line without the line's text; keeping both cost 0.24 MB of
    the first visit, over the issue's byte budget): the standard library's in ``python_stdlib.zip``
    (zipimport loads a ``.pyc`` alone), micropip's in its wheel beside where the ``.py`` was (RECORD
    rewritten; the lock file gets that wheel's sha256). Modules Pyodide imports at its own start are left
    as they are, so a bare Pyodide start is unchanged."""
    with tempfile.TemporaryDirectory(prefix="pygames-pyc-") as tmp:
        out = Path(tmp) / "pyc.bin"
        script = Path(tmp) / "precompile.mjs"
        script.write_text(PRECOMPILE_JS % {"pyodide": json.dumps((pyo / "pyodide.mjs").as_uri()),
                                           "index": json.dumps(str(pyo) + "/"), "out": json.dumps(str(out)),
                                           "site": json.dumps(SITE_IMPORTS), "code": json.dumps(PRECOMPILE_PY)})
        subprocess.run(["node", str(script)], check=True, cwd=tmp)
        blob = out.read_bytes()
    n = int.from_bytes(blob[:4], "little")
    head = json.loads(blob[4:4 + n])
    at, stdlib, micropip = 4 + n, {}, {}
    for origin, size in head["files"]:
        pyc, at = blob[at:at + size], at + size
        if "/python_stdlib.zip/" in origin or re.search(r"/python3\d+\.zip/", origin):
            stdlib[origin.split(".zip/", 1)[1][:-3] + ".pyc"] = pyc
        elif "/site-packages/micropip/" in origin:
            micropip[origin.split("/site-packages/", 1)[1][:-3] + ".pyc"] = pyc
    stamp = (2020, 1, 1, 0, 0, 0)

    def add(zout, name: str, data: bytes) -> None:
        info = zipfile.ZipInfo(name, stamp)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        zout.writestr(info, data, compresslevel=9)

    zpath = pyo / "python_stdlib.zip"
    entries = zipfile.ZipFile(zpath).infolist()
    with zipfile.ZipFile(zpath) as zin, zipfile.ZipFile(Path(str(zpath) + ".new"), "w") as zout:
        for info in entries:
            compiled = info.filename[:-3] + ".pyc"
            if info.filename.endswith(".py") and compiled in stdlib:
                add(zout, compiled, stdlib.pop(compiled))  # the compiled module in place of its source
            else:
                zout.writestr(info, zin.read(info), compress_type=info.compress_type)
    Path(str(zpath) + ".new").replace(zpath)
    entry = lock["packages"]["micropip"]
    wheel = pyo / entry["file_name"]
    with zipfile.ZipFile(wheel) as zin:
        names = zin.infolist()
        files = {i.filename: zin.read(i) for i in names}
    record = next(name for name in files if name.endswith(".dist-info/RECORD"))
    sources = {name[:-4] + ".py" for name in micropip}
    kept = [line for line in files[record].decode().splitlines() if line.split(",", 1)[0] not in sources]
    kept += [f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},{len(data)}"
             for name, data in sorted(micropip.items())]
    files[record] = "\n".join(kept).encode() + b"\n"
    with zipfile.ZipFile(wheel, "w") as zout:
        for info in names:
            if info.filename in sources:
                add(zout, info.filename[:-3] + ".pyc", micropip[info.filename[:-3] + ".pyc"])
            else:
                zout.writestr(info, files[info.filename], compress_type=info.compress_type)
    entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    return f"precompiled {len(head['files'])} modules micropip imports ({len(micropip)} of micropip's)"


STDLIB_UNUSED = re.compile(r"^(_pyrepl|multiprocessing|pydoc_data|xmlrpc|wsgiref|sqlite3|ensurepip|venv|idlelib|tkinter"
                           r"|turtledemo|curses)/|^(pdb|doctest|pydoc|imaplib|smtplib|ftplib|poplib|nntplib|mailbox"
                           r"|pickletools|tabnanny|pyclbr|this|antigravity|turtle|_pyio|_pydatetime)\.py$")
"""Modules of Pyodide's standard library (python_stdlib.zip) left out of dist/: those that cannot
run in a browser, where there is no terminal, process, socket server or window: the terminal REPL
(``_pyrepl``), ``multiprocessing``, the debugger ``pdb`` with ``doctest``, which imports it, ``pydoc``
and its topics, ``curses``, ``tkinter``/``turtle``/``idlelib``, ``ensurepip``/``venv``, ``sqlite3``
(Pyodide ships its C half as a separate package, which we do not load), the mail and FTP clients,
``xmlrpc``, ``wsgiref``, the source tools ``pickletools``, ``tabnanny``, ``pyclbr``, and the pure-Python
``_pyio`` and ``_pydatetime``, which ``io`` and ``datetime`` use only where their C modules are missing
(Pyodide builds ``_io`` and ``_datetime`` in) (about 460 KB of the first visit in all). Nothing of
Pyodide's, micropip's, PyScript's or ours imports them."""


def trim_stdlib(src: Path, dest: Path) -> None:
    """Copy the standard library zip without :data:`STDLIB_UNUSED`, each kept entry as it was (name,
    date, compression), so the copy is byte-reproducible."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dest, "w") as zout:
        for info in zin.infolist():
            if not STDLIB_UNUSED.search(info.filename):
                zout.writestr(info, zin.read(info), compress_type=info.compress_type)
    shutil.copystat(src, dest)
