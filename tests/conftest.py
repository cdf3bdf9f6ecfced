import pytest

import pygames.games  # noqa: F401  (registers the shipped games: core imports none)

from tests.toys import register_toys


@pytest.fixture(autouse=True, scope="session")
def toys():
    """Register the test-only toy games for the whole test session."""
    register_toys()
