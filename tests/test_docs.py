"""The examples in the README and in module docstrings still run as written."""
import doctest
import importlib
import pkgutil
from pathlib import Path

import pygames

ROOT = Path(__file__).resolve().parent.parent


def test_readme_examples():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_docstring_examples():
    """Every module of the package: its docstring examples run (a game's module gets them for free)."""
    attempted = 0
    for info in pkgutil.walk_packages(pygames.__path__, "pygames."):
        if info.name == "pygames.__main__":
            continue
        mod = importlib.import_module(info.name)
        result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, mod.__name__
        attempted += result.attempted
    assert attempted >= 3
