"""The site that ``build.py serve`` builds has no test-only hooks (issue 22): ``strip_testhooks`` drops
every line marked ``@testhook``; what is left of the page script still parses."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import build

ROOT = Path(__file__).resolve().parent.parent


def test_serving_build_drops_the_test_hooks(tmp_path):
    for name in ("app.js", "loader.js", "bridge.py"):
        shutil.copy(ROOT / "web" / name, tmp_path / name)
        src = (tmp_path / name).read_text(encoding="utf-8")
        assert "@testhook" in src
    assert "pygamesExec =" in (tmp_path / "app.js").read_text(encoding="utf-8")
    build.strip_testhooks(tmp_path)
    app = (tmp_path / "app.js").read_text(encoding="utf-8")
    assert "pygamesExec" not in app and 'params.has("testhooks")' not in app and "@testhook" not in app
    assert "let testhooks = false;" in app and "  testhooks,\n" in app
    loader = (tmp_path / "loader.js").read_text(encoding="utf-8")
    assert "test_exec" not in loader and "enable_test_hooks" not in loader and "__exec__" not in loader
    bridge = (tmp_path / "bridge.py").read_text(encoding="utf-8")
    assert '"test_exec"' not in bridge and "@testhook" not in bridge
    compile(bridge, "bridge.py", "exec")  # still valid Python
    namespace: dict = {}
    exec(bridge, namespace)
    assert namespace["__export__"] == ["call", "call_as", "kept", "marks"]  # the page can reach no test hook
    node = shutil.which("node")
    if node:  # the scripts are still valid JavaScript (modules)
        for name, text in (("app", app), ("loader", loader)):
            (tmp_path / f"{name}.mjs").write_text(text, encoding="utf-8")
            done = subprocess.run([node, "--check", str(tmp_path / f"{name}.mjs")], capture_output=True, text=True)
            assert done.returncode == 0, done.stderr


def test_serve_builds_without_hooks_and_the_test_build_keeps_them(monkeypatch):
    """``serve`` asks for the build without hooks; ``build`` keeps them unless --no-testhooks."""
    calls = []
    monkeypatch.setattr(build, "build", lambda testhooks=True: calls.append(testhooks))
    monkeypatch.setattr(build, "ensure_venv", lambda reqs: None)
    class Server:  # serves nothing: Ctrl-C at once
        server_address = ("127.0.0.1", 0)

        def serve_forever(self):
            raise KeyboardInterrupt

        def server_close(self):
            pass

    monkeypatch.setattr(build, "make_server", lambda *a: Server())
    build.serve(0)
    build.main(["build.py", "build"])
    build.main(["build.py", "build", "--no-testhooks"])
    assert calls == [False, True, False]
