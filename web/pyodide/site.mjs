// The site's interpreter entry: loader.js names it as PyScript's interpreter. It is entry.mjs (storage
// stand-ins, files kept for the offline cache, marks) plus how the site's Python gets our wheel:
// - The wheel (its name written below by build.py) starts downloading as this module is evaluated,
//   beside Pyodide's own files; once the interpreter is up, micropip (vendored, from the lock file)
//   installs it and `pygames.web` is imported (PREPARE: the bridge and the core; each game is imported
//   on its first use, pygames/games.py), before PyScript's own set-up and the bridge (bridge.py,
//   which imports the same). PyScript's config names no packages: the install is here.
// - A memory snapshot for repeat visits, made off the page's path: once a page the service worker
//   controls is idle, loader.js starts a worker of its own (snapshot.mjs → `makeSnapshotFile` below)
//   that starts a second Python the same way, imports the bridge and every game (PREPARE_ALL), copies
//   its memory (Pyodide's `makeMemorySnapshot`) and keeps it in this browser's Cache Storage (cache
//   "pygames-snapshot", one entry, keyed by SNAPSHOT, Pyodide's version and the wheel's sha256; sw.js
//   leaves that cache alone), then ends. A later start of the same wheel restores it (`_loadSnapshot`)
//   instead of starting Python, loading micropip, installing and importing: every game is imported
//   already. The memory holds no files, so site-packages as micropip left it (micropip's and our
//   wheel's files) is kept beside it ("….files") and written back; `random` is seeded anew. Nothing
//   is shipped: each browser makes its own. A snapshot that fails to restore (say another Pyodide
//   build) is deleted and Python starts the ordinary way. Where storage is denied there is no snapshot
//   and nothing else changes. (A first visit makes no snapshot on its way to the board: that cost
//   0.2-0.3 s, and importing every game for it 1.5 s more, at load 8.)
// (The query of this module's address is lost when the service worker serves it: only ?keep, which is
// given only when no service worker controls the page, is read from it.)
import { early, fetchKept, keepFetched, keeping, loadPyodide as pyodideLoad, mark, version } from "./entry.mjs";

const WHEEL = new URL("../__WHEEL__", import.meta.url).href;  // build.py writes our wheel's file name here
const SNAPSHOTS = "pygames-snapshot";
const SNAPSHOT = 2;  // what a snapshot holds: a change in PREPARE_ALL or below makes the old ones unused
const PREPARE = "import pygames.web";
const PREPARE_ALL = "import pygames.web\nfrom pygames.core.registry import list_games\nlist_games()";

if (new URL(import.meta.url).searchParams.has("keep")) keepFetched();

// the wheel's download starts now, while Pyodide's files download and compile
const wheel = fetchKept(WHEEL);
early.set(WHEEL, wheel.then((r) => r.clone()));
const wheelBytes = wheel.then((r) => {
  if (!r.ok) throw new Error(`${WHEEL}: ${r.status} ${r.statusText}`);
  return r.clone().arrayBuffer();
});
wheelBytes.catch(() => {});  // micropip reports a missing wheel itself

const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");

async function snapshotCache() {
  try { return await caches.open(SNAPSHOTS); } catch (e) { return null; }  // storage denied
}

async function snapshotKey() {
  const sha = hex(await crypto.subtle.digest("SHA-256", await wheelBytes));
  return new URL(`./snapshot-${SNAPSHOT}-${version}-${sha}.bin`, import.meta.url).href;
}

function storeSnapshot(cache, key, bytes, files) {
  const put = (url, body) => cache.put(url, new Response(body, { headers: { "Content-Type": "application/octet-stream" } }));
  keeping.push((async () => {
    for (const old of await cache.keys()) await cache.delete(old);
    await put(`${key}.files`, files);
    await put(key, bytes);
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

function unpackFiles(FS, bytes) {
  const n = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
  let at = 4 + n;
  for (const [path, size] of JSON.parse(new TextDecoder().decode(bytes.subarray(4, at)))) {
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes.subarray(at, at + size));
    at += size;
  }
}

// Pyodide copies the snapshot into the interpreter's memory once it is instantiated (30 MiB at first),
// but the memory of an interpreter that imported our wheel has grown past that: it is grown to fit in
// the moment between instantiation and Pyodide taking its views of the memory.
async function withMemoryFor(snapshot, start) {
  const grow = async (result) => {
    const bytes = await snapshot;
    const heap = bytes.length - new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1];
    const memory = (result.instance || result).exports.memory;
    const missing = Math.ceil((heap - memory.buffer.byteLength) / 65536);
    if (missing > 0) memory.grow(missing);
    return result;
  };
  const { instantiate, instantiateStreaming } = WebAssembly;
  WebAssembly.instantiate = (...args) => instantiate(...args).then(grow);
  WebAssembly.instantiateStreaming = (...args) => instantiateStreaming(...args).then(grow);
  try {
    return await start();
  } finally {
    Object.assign(WebAssembly, { instantiate, instantiateStreaming });
  }
}

// JavaScript objects Python still holds when the snapshot is made that are no global's (what micropip's
// download and install leave: a response, Pyodide's file loader): none is used after the start, and a
// restored Python holds null in their place
const LEFTOVER = () => null;

async function restore(options, cache, key) {
  const [hit, files] = key ? await Promise.all([cache.match(key), cache.match(`${key}.files`)]) : [];
  if (!hit || !files) return null;
  try {
    mark("snapshot-restore");
    // read while Pyodide's own files load and compile
    const bytes = hit.arrayBuffer().then((b) => new Uint8Array(b));
    const py = await withMemoryFor(bytes, () => pyodideLoad({ ...options, _loadSnapshot: bytes, _snapshotDeserializer: LEFTOVER }));
    unpackFiles(py.FS, new Uint8Array(await files.arrayBuffer()));
    py.runPython("import importlib, random, sys; importlib.invalidate_caches(); random.seed(); sys.path[:] = dict.fromkeys(sys.path)");
    mark("snapshot-restored");
    return py;
  } catch (e) {
    console.warn("pygames: the memory snapshot did not restore, starting afresh:", e);
    await cache.delete(key).catch(() => {});
    return null;
  }
}

function makeSnapshot(py, cache, key) {
  // Pyodide expects its list of loaded packages to be empty, as at its own start: a restored Python
  // loads nothing through it
  const loaded = py.loadedPackages;
  const names = { ...loaded };
  for (const name of Object.keys(names)) delete loaded[name];
  try {
    py.runPython("import gc; gc.collect()");
    const site = py.runPython("import site; site.getsitepackages()[0]");
    storeSnapshot(cache, key, py.makeMemorySnapshot({ serializer: LEFTOVER }), packFiles(py.FS, site));
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

async function loadPyodide(options) {
  const cache = await snapshotCache();
  const key = cache && snapshotKey();
  key?.catch(() => {});
  // a first visit has no snapshot: Python starts at once, without waiting for the wheel's sha256
  if (cache && (await cache.keys()).length) {
    const restored = await restore(options, cache, await key.catch(() => null));
    if (restored) return restored;
  }
  const py = await pyodideLoad(options);
  await install(py);
  py.runPython(PREPARE);
  mark("prepared");
  return py;
}

/** The snapshot maker (snapshot.mjs, a worker of its own): unless this wheel's snapshot is kept
 * already, start a Python as the page's worker does, import every game, and keep its memory snapshot.
 * Resolves to whether one was made. */
export async function makeSnapshotFile() {
  const cache = await snapshotCache();
  if (!cache) return false;
  const key = await snapshotKey();
  if (await cache.match(key)) return false;
  const py = await pyodideLoad({ indexURL: new URL("./", import.meta.url).href, _makeSnapshot: true,
    stdout: () => {}, stderr: () => {} });
  await install(py);
  py.runPython(PREPARE_ALL);
  makeSnapshot(py, cache, key);
  await Promise.allSettled(keeping);
  return true;
}

export { loadPyodide, version };
