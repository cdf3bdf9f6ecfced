"""pygames: rules engines for five games from old rules texts, playable in the browser via Pyodide.

The engines are pure Python (stdlib only). See :mod:`pygames.core` for the shared State protocol and
``pygames.<game>`` for each game.
"""
__version__ = "0.1.0"
