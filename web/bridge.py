# The script of the page's worker (loader.js starts it with PyScript's PyWorker): it names what the page
# may call (__export__). The functions are pygames.web_worker's, in the wheel, so the memory snapshot a
# later visit restores holds them imported already and this script stays one import: right after a
# restore, Python compiles and runs several times slower than later (issue 18). The second export line
# is the browser tests' (?testhooks); build.py drops it from the site `serve` builds.
from pygames.web_worker import call, call_as, enable_test_hooks, kept, marks, test_exec  # noqa: F401

__export__ = ["call", "call_as", "kept", "marks"]
__export__ += ["enable_test_hooks", "test_exec"]  # @testhook
