"""The vendored runtime works offline: micropip (from PyPI, with the bytecode build.py adds, and that
wheel's real sha256 in the vendored pyodide-lock.json) loads from the site and installs our wheel, with
no request leaving the origin."""

LOAD = """async (wheel) => {
  const m = await import('/pyodide/pyodide.mjs');
  const py = await m.loadPyodide({indexURL: '/pyodide/'});
  await py.loadPackage('micropip');
  const micropip = py.pyimport('micropip');
  await micropip.install(new URL(wheel, location.href).href);
  return py.runPython('import json, pygames.web as w; ",".join(g["id"] for g in json.loads(w.call("games"))["ok"] if g["playable"])');
}"""


def test_micropip_installs_our_wheel_offline(app, site_url):
    import json
    import urllib.request
    wheel = json.loads(urllib.request.urlopen(f"{site_url}/build.json").read())["wheel"]
    app.goto(f"{site_url}/favicon.svg")
    assert "verquere" in app.evaluate(LOAD, f"/{wheel}").split(",")
