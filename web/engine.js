// The Python side of the site, off the page's thread: this module worker holds the interpreter
// (Pyodide, vendored under ./pyodide/), our wheel and the game session. The page talks to it with
// messages only:
//   page → worker  {id, name, args}   a bridge command (pygames.web.call), args a JSON text
//   worker → page  {id, out}          its JSON answer ({"ok": …} or {"error": …})
//   worker → page  {progress, text}   start-up steps, then {ready: true} or {failed: message}
// Commands are answered in the order they arrive, one at a time, so a computer seat's search (asked
// for in slices by the page) never holds the page up and an undo or a new game waits at most one slice.
// No storage is needed here (no IndexedDB, no localStorage): the worker starts the same in a third-party
// iframe whose browser denies storage.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const say = (progress, text) => postMessage({ progress, text });

// On a first visit (boot's `keep`, see loader.js), keep a copy of the interpreter files downloaded anyway,
// so the offline cache (sw.js) takes them from here, after checking their sha256, instead of downloading
// 12 MB a second time. No Cache Storage (storage denied): nothing is kept. The page registers the
// service worker only once these copies are stored ({kept: true}).
const KEEP = /\/pyodide\/(pyodide\.asm\.wasm|python_stdlib\.zip|pyodide\.asm\.mjs)$/;
const keeping = [];
let keep = false;
const realFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (input, init) => {
  const res = await realFetch(input, init);
  try {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, location.href);
    if (keep && res.ok && url.origin === location.origin && KEEP.test(url.pathname) && "caches" in globalThis) {
      const copy = res.clone();
      keeping.push(caches.open("pygames-fetched").then((c) => c.put(url.href, copy)).catch(() => {}));
    }
  } catch (e) { /* keeping a copy is only an optimisation */ }
  return res;
};

let call = null;
const queue = [];

async function boot({ wheel, testhooks, keep: keepCopies }) {
  keep = Boolean(keepCopies);
  try {
    say(0.15, "Downloading Python");
    const wheelBytes = realFetch(wheel).then((r) => {
      if (!r.ok) throw new Error(`${wheel}: HTTP ${r.status}`);
      return r.arrayBuffer();
    });
    const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
    say(0.8, "Loading the games");
    pyodide.unpackArchive(await wheelBytes, "wheel");
    const web = pyodide.pyimport("pygames.web");
    call = (name, args) => web.call(name, args);
    // browser tests only (?testhooks): run test code in this interpreter (toy games); build.py drops the
    // line (marked as a test hook) from the site that `serve` builds
    if (testhooks) globalThis.pygamesExec = (source) => pyodide.runPython(source, { globals: pyodide.toPy({ __name__: "pygames_test_hook" }) });  // @testhook
    postMessage({ ready: true });
    while (queue.length) answer(queue.shift());
    Promise.allSettled(keeping).then(() => postMessage({ kept: true }));
  } catch (e) {
    postMessage({ failed: String(e && e.message ? e.message : e) });
  }
}

function answer({ id, name, args }) {
  let out;
  try {
    if (name === "__exec__") {
      if (!globalThis.pygamesExec) throw new Error("test hooks are off");
      globalThis.pygamesExec(args);
      out = JSON.stringify({ ok: null });
    } else {
      out = call(name, args);
    }
  } catch (e) {  // pygames.web.call answers every error itself; this is the interpreter failing
    out = JSON.stringify({ error: `internal error: ${e && e.message ? e.message : e}`, internal: true });
  }
  postMessage({ id, out });
}

addEventListener("message", ({ data }) => {
  if (data.boot) { boot(data.boot); return; }
  if (call) answer(data); else queue.push(data);
});
