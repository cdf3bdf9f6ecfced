# PyScript entry point: expose the bridge's Python side to the page, then tell the page it is ready.
from pyodide.ffi import create_proxy
from pyscript import window

from pygames import web

window.pygamesCall = create_proxy(web.call)
window.dispatchEvent(window.CustomEvent.new("pygames:ready"))
