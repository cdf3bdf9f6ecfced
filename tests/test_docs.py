"""The examples in the README and in module docstrings still run as written."""
import doctest
from pathlib import Path

import pygames.core.record
import pygames.core.registry

ROOT = Path(__file__).resolve().parent.parent


def test_readme_examples():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_docstring_examples():
    for mod in (pygames.core.record, pygames.core.registry):
        result = doctest.testmod(mod)
        assert result.attempted > 0 and result.failed == 0, mod.__name__
