"""``python3 build.py serve`` says at once that its port is taken, before it builds anything."""
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_serve_reports_a_taken_port_before_building():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = subprocess.run([sys.executable, str(ROOT / "build.py"), "serve", "--port", str(port)],
                           capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode != 0
    assert f"cannot serve on 127.0.0.1:{port}" in r.stderr and "port taken" in r.stderr
    assert "built " not in r.stdout  # build() logs "built dist/ (…whl)" when it has run
