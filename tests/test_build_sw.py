"""The service worker's precache list (``build.write_service_worker``): what a first game needs is
precached; rules pages and tutorials are cached on a visit, yet still make the version, so a changed rules
page is a new cache and a copy cached on a visit never outlives its deployment."""
from __future__ import annotations

import json
import re
from pathlib import Path

import build

ROOT = Path(__file__).resolve().parent.parent


def _site(tmp_path: Path) -> Path:
    for rel in ("index.html", "app.js", "pyodide/pyodide.asm.wasm", "rules/verquere.html",
                "tutorials/verquere.json", "embed.js", "boards/x-0.svg", "app.js.gz"):
        f = tmp_path / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(f"bytes of {rel}", encoding="utf-8")
    return tmp_path


def _sw(dist: Path) -> tuple[str, list[str]]:
    build.write_service_worker(dist)
    text = (dist / "sw.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text, re.S).group(1))
    return re.search(r'const VERSION = "(\w+)"', text).group(1), [path for path, _ in files]


def test_precache_holds_what_a_game_needs_and_not_the_rules_pages(tmp_path):
    version, files = _sw(_site(tmp_path))
    assert {"./", "./index.html", "./app.js", "./pyodide/pyodide.asm.wasm"} <= set(files)
    for path in ("./rules/verquere.html", "./tutorials/verquere.json", "./embed.js", "./boards/x-0.svg",
                 "./app.js.gz"):
        assert path not in files
    (tmp_path / "rules" / "verquere.html").write_text("a new rules page", encoding="utf-8")
    assert _sw(tmp_path)[0] != version  # a changed rules page is a new version: no stale copy is kept


def test_sw_template_has_the_placeholders():
    text = (ROOT / "web" / "sw.js").read_text(encoding="utf-8")
    assert "__VERSION__" in text and "__FILES__" in text
