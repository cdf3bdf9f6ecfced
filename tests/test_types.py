"""The public API's type annotations hold (mypy over the whole package, as python-chess does)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_passes():
    out = subprocess.run([sys.executable, "-m", "mypy", "pygames", "--ignore-missing-imports",
                          "--no-incremental", "--python-version", "3.11"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
