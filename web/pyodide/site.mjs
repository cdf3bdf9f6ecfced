// The site's interpreter entry: loader.js names it as PyScript's interpreter. It is entry.mjs (storage
// stand-ins, files kept for the offline cache, marks) plus how the site's Python gets our wheel:
// - Everything the start needs is asked for as this module is evaluated, before PyScript asks for
//   Python: Pyodide's files (the WebAssembly compiled at once, beside the import of pyodide.asm.mjs and
//   the reading of the snapshot below), and the memory snapshot kept for this wheel, if any.
// - The wheel (its name and sha256 written below by build.py) starts downloading only when there is no
//   snapshot, once the WebAssembly is compiled (it is needed only after Pyodide's start, and should not
//   slow Pyodide's own downloads); once the interpreter is up, micropip (vendored, from the lock file)
//   installs it and `pygames.web_worker` is imported (PREPARE: what bridge.py exports, the bridge and the
//   core; each game is imported
//   on its first use, pygames/games.py), before PyScript's own set-up and the bridge (bridge.py,
//   which imports the same). PyScript's config names no packages: the install is here.
// - A memory snapshot for repeat visits, made off the page's path: once the page's Python has had no
//   call for loader.js's QUIET_MS (8 s) and a page the service worker controls is idle, loader.js
//   starts a worker of its own (snapshot.mjs → `makeSnapshotFile` below) that starts a second Python
//   the same way, imports the bridge and every game (PREPARE_ALL), copies its memory (Pyodide's
//   `makeMemorySnapshot`) and keeps it in this browser's Cache Storage (cache "pygames-snapshot", one
//   entry, keyed by SNAPSHOT, Pyodide's version and the wheel's sha256; sw.js leaves that cache alone),
//   then ends. A later start of the same wheel restores it (`_loadSnapshot`) instead of starting
//   Python, loading micropip, installing and importing: every game is imported already. The memory
//   holds no files, so site-packages as micropip left it (micropip's and our wheel's files) is kept
//   beside it ("….files") and written back; `random` is seeded anew. Nothing is shipped: each browser
//   makes its own. A snapshot that fails to restore (say another Pyodide build) is deleted and Python
//   starts the ordinary way. Where storage is denied there is no snapshot and nothing else changes.
//   (A first visit makes no snapshot on its way to the board: that cost 0.2-0.3 s, and importing
//   every game for it 1.5 s more, at load 8.)
// (The query of this module's address is lost when the service worker serves it: only ?keep, which is
// given only when no service worker controls the page, is read from it.)
import { early, fetchKept, keepFetched, keeping, loadPyodide as pyodideLoad, mark, version } from "./entry.mjs";

const WHEEL = new URL("../__WHEEL__", import.meta.url).href;  // build.py writes our wheel's file name here
const WHEEL_SHA256 = "__WHEEL_SHA256__";  // and its sha256 here
const INDEX = new URL("./", import.meta.url).href;  // Pyodide's files (loadPyodide's indexURL)
const SNAPSHOTS = "pygames-snapshot";
const SNAPSHOT = 5;  // what a snapshot holds: a change in PREPARE_ALL or below makes the old ones unused
const KEY = `${INDEX}snapshot-${SNAPSHOT}-${version}-${WHEEL_SHA256}.bin`;
const PREPARE = "import pygames.web_worker";
const PREPARE_ALL = "import pygames.web_worker\nfrom pygames.core.registry import list_games\nlist_games()";

if (new URL(import.meta.url).searchParams.has("keep")) keepFetched();

// ----- what the start needs, asked for now ------------------------------------------------------------
// This wheel's snapshot, if this browser keeps one: its reading starts at once (37 MB).
const stored = (async () => {
  try {
    if (!(await caches.has(SNAPSHOTS))) return null;  // a first visit: nothing to read, nothing created
    const cache = await caches.open(SNAPSHOTS);
    const [bin, files] = await Promise.all([cache.match(KEY), cache.match(`${KEY}.files`)]);
    if (!bin || !files) return { cache };
    mark("snapshot-read");
    const bytes = bin.arrayBuffer().then((b) => { mark("snapshot-bytes"); return new Uint8Array(b); });
    bytes.catch(() => {});
    return { cache, bytes, files: files.arrayBuffer() };
  } catch (e) {
    return null;  // storage denied (a third-party frame): no snapshot
  }
})();

// Pyodide's own files: the lock file, the standard library and the WebAssembly are fetched now (the first
// fetch of each gets these responses, entry.mjs's `early`); once the snapshot's reading has started (the
// browser reads it while this thread works), pyodide.asm.mjs is imported and the WebAssembly compiled
// (from the browser's code cache on a repeat visit), instead of once Pyodide has imported
// pyodide.asm.mjs and read the snapshot; Pyodide's instantiation takes the compiled module (below).
for (const name of ["pyodide-lock.json", "python_stdlib.zip"]) early.set(INDEX + name, fetchKept(INDEX + name));
const WASM = `${INDEX}pyodide.asm.wasm`;
const wasmResponse = fetchKept(WASM);
early.set(WASM, wasmResponse);
const wasmModule = stored.then(() => WebAssembly.compileStreaming(wasmResponse));
wasmModule.then(() => mark("wasm-compiled"), () => {});
stored.then(() => import(`${INDEX}pyodide.asm.mjs`)).catch(() => {});  // Pyodide imports the same module

// The wheel: needed once Pyodide is up, and only without a snapshot; its download waits for the
// WebAssembly, so as not to slow Pyodide's own
stored.then((snap) => {
  if (snap && snap.bytes) return;
  const later = () => early.set(WHEEL, fetchKept(WHEEL));
  wasmModule.then(later, later);
});

// Pyodide instantiates its WebAssembly with instantiateStreaming(its fetch of WASM): that fetch was
// given `wasmResponse`, whose module is compiled already. `beforeStart` (a restore) runs between the
// instantiation and Pyodide taking its views of the memory.
let beforeStart = null;
const { instantiate, instantiateStreaming } = WebAssembly;
WebAssembly.instantiateStreaming = async (source, imports) => {
  const res = await source;
  let result = null;
  if (res === await wasmResponse.catch(() => null)) {
    try {
      const module = await wasmModule;
      result = { module, instance: await instantiate(module, imports) };
    } catch (e) {
      result = null;  // compiled elsewhere below, from a download of its own
    }
  }
  result ||= await instantiateStreaming(res === await wasmResponse.catch(() => null) ? fetchKept(WASM) : res, imports);
  mark("wasm-instantiated");
  if (beforeStart) await beforeStart(result);
  return result;
};

// ----- the memory snapshot ------------------------------------------------------------------------------
function storeSnapshot(cache, bytes, files) {
  const put = (url, body) => cache.put(url, new Response(body, { headers: { "Content-Type": "application/octet-stream" } }));
  keeping.push((async () => {
    for (const old of await cache.keys()) await cache.delete(old);
    await put(`${KEY}.files`, files);
    await put(KEY, bytes);
    mark("snapshot-stored");
  })().catch(() => {}));
}

// site-packages (micropip's and our wheel's files, as installed) in one buffer: a little-endian uint32
// n, n bytes of JSON [[path, size], ...], then the files' bytes one after another
function packFiles(FS, dir) {
  const files = [];
  const walk = (path) => {
    for (const name of FS.readdir(path)) {
      if (name === "." || name === "..") continue;
      const full = `${path}/${name}`;
      if (FS.isDir(FS.stat(full).mode)) walk(full);
      else files.push([full, FS.readFile(full)]);
    }
  };
  walk(dir);
  const head = new TextEncoder().encode(JSON.stringify(files.map(([path, data]) => [path, data.length])));
  const out = new Uint8Array(4 + head.length + files.reduce((n, [, data]) => n + data.length, 0));
  new DataView(out.buffer).setUint32(0, head.length, true);
  out.set(head, 4);
  let at = 4 + head.length;
  for (const [, data] of files) { out.set(data, at); at += data.length; }
  return out;
}

// the files written back as they are in the buffer (MEMFS keeps each one's view of it: nothing copied)
function unpackFiles(FS, bytes) {
  const n = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
  let at = 4 + n;
  const dirs = new Set();
  for (const [path, size] of JSON.parse(new TextDecoder().decode(bytes.subarray(4, at)))) {
    const dir = path.slice(0, path.lastIndexOf("/"));
    if (!dirs.has(dir)) { FS.mkdirTree(dir); dirs.add(dir); }
    FS.writeFile(path, bytes.subarray(at, at + size), { canOwn: true });
    at += size;
  }
}

// Pyodide copies the snapshot into the interpreter's memory once it is instantiated (30 MiB at first),
// but the memory of an interpreter that imported our wheel has grown past that: it is grown to fit in
// the moment between instantiation and Pyodide taking its views of the memory.
function growFor(snapshot) {
  return async (result) => {
    const bytes = await snapshot;
    const heap = bytes.length - new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1];
    const memory = (result.instance || result).exports.memory;
    const missing = Math.ceil((heap - memory.buffer.byteLength) / 65536);
    if (missing > 0) memory.grow(missing);
  };
}

// JavaScript objects Python still holds when the snapshot is made that are no global's (what micropip's
// download and install leave: a response, Pyodide's file loader): none is used after the start, and a
// restored Python holds null in their place
const LEFTOVER = () => null;

async function restore(options, { cache, bytes, files }) {
  try {
    mark("snapshot-restore");
    beforeStart = growFor(bytes);
    const py = await pyodideLoad({ ...options, _loadSnapshot: bytes, _snapshotDeserializer: LEFTOVER });
    unpackFiles(py.FS, new Uint8Array(await files));
    py.runPython("import importlib, random, sys; importlib.invalidate_caches(); random.seed(); sys.path[:] = dict.fromkeys(sys.path)");
    mark("snapshot-restored");
    return py;
  } catch (e) {
    console.warn("pygames: the memory snapshot did not restore, starting afresh:", e);
    await cache.delete(KEY).catch(() => {});
    return null;
  } finally {
    beforeStart = null;
  }
}

function makeSnapshot(py, cache) {
  // Pyodide expects its list of loaded packages to be empty, as at its own start: a restored Python
  // loads nothing through it
  const loaded = py.loadedPackages;
  const names = { ...loaded };
  for (const name of Object.keys(names)) delete loaded[name];
  try {
    py.runPython("import gc; gc.collect()");
    const site = py.runPython("import site; site.getsitepackages()[0]");
    storeSnapshot(cache, py.makeMemorySnapshot({ serializer: LEFTOVER }), packFiles(py.FS, site));
    mark("snapshot-made");
  } catch (e) {
    console.warn("pygames: no memory snapshot:", e);
  } finally {
    Object.assign(loaded, names);
  }
}

async function install(py) {
  await py.loadPackage("micropip", { messageCallback: () => {} });
  mark("micropip-loaded");
  const micropip = py.pyimport("micropip");
  try { await micropip.install(WHEEL); } finally { micropip.destroy(); }
  mark("wheel-installed");
}

// Each Python run PyScript asks for once the interpreter is up (polyscript's set-up and bridge.py;
// PyScript's own Python package is not imported in a PyWorker) is timed: a measure
// pygames:worker:run:<its first words> (the bench prints it with the marks)
function timed(py) {
  for (const name of ["runPython", "runPythonAsync"]) {
    const run = py[name];
    py[name] = function (code, ...rest) {
      const start = performance.now();
      const done = () => {
        try {
          performance.measure(`pygames:worker:run:${String(code).trim().split("\n")[0].slice(0, 40)}`, { start, end: performance.now() });
        } catch (e) { /* only for measuring */ }
      };
      let out;
      try { out = run.call(this, code, ...rest); } catch (e) { done(); throw e; }
      if (out && typeof out.then === "function") out.then(done, done); else done();
      return out;
    };
  }
  return py;
}

async function loadPyodide(options) {
  const snap = await stored;
  if (snap && snap.bytes) {
    const restored = await restore(options, snap);
    if (restored) return timed(restored);
  }
  const py = await pyodideLoad(options);
  await install(py);
  py.runPython(PREPARE);
  mark("prepared");
  return timed(py);
}

/** The snapshot maker (snapshot.mjs, a worker of its own): unless this wheel's snapshot is kept
 * already, start a Python as the page's worker does, import every game, and keep its memory snapshot.
 * Resolves to whether one was made. */
export async function makeSnapshotFile() {
  let cache;
  try { cache = await caches.open(SNAPSHOTS); } catch (e) { return false; }  // storage denied
  const snap = await stored;
  if (snap && snap.bytes) return false;
  const py = await pyodideLoad({ indexURL: INDEX, _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
  await install(py);
  py.runPython(PREPARE_ALL);
  makeSnapshot(py, cache);
  await Promise.allSettled(keeping);
  return true;
}

export { loadPyodide, version };
