# PyScript entry point: expose the bridge's Python side to the page, then tell the page it is ready.
from pyodide.ffi import create_proxy
from pyscript import window

from pygames import web

window.pygamesCall = create_proxy(web.call)

# Test hook, only with ?testhooks in the address: lets the browser tests load test-only toy games.
if "testhooks" in str(window.location.search):
    window.pygamesExec = create_proxy(lambda source: exec(source, {"__name__": "pygames_test_hook"}))
window.dispatchEvent(window.CustomEvent.new("pygames:ready"))
