// The interpreter entry that PyScript loads in its worker (named as the interpreter by python.html, and
// through site.mjs by loader.js, so PyScript takes Pyodide from this folder and fetches nothing from
// any other origin). It re-exports our vendored Pyodide after what must happen in the worker before
// Python starts:
// - Storage denied (a third-party frame whose browser blocks storage): PyScript's start-up always opens
//   an IndexedDB map (its package cache, unused here: packages_cache "never"), which throws there; an
//   in-memory one stands in, and so does a BroadcastChannel for Firefox (standins.mjs).
// - On a first visit (?keep here or on site.mjs, see loader.js), keep a copy of every file of this site
//   the worker downloads anyway (the interpreter, its lock file, micropip, our wheel), so the offline
//   cache (sw.js) takes them from here, after checking their sha256, instead of downloading 13 MB a
//   second time; globalThis.pygamesKept settles once they are stored (bridge.py's `kept`).
// - Files asked for before their time (`early`: site.mjs starts the wheel's download at once): the
//   first fetch of the same URL gets that response.
// - Performance marks (pygames:worker:*) of the worker's steps (loadPyodide here; site.mjs adds its
//   own); bridge.py's `marks` sends them to the page, which puts them on its own timeline.
import { standIn } from "./standins.mjs";
import { loadPyodide as pyodideLoad, version } from "./pyodide.mjs";

export const mark = (name) => {
  try { performance.mark(`pygames:worker:${name}`); } catch (e) { /* marks are only for measuring */ }
};
mark("entry");

const realFetch = globalThis.fetch.bind(globalThis);
export const keeping = [];
let keep = false;
const urlOf = (input) => new URL(typeof input === "string" || input instanceof URL ? input : input.url, location.href).href;

/** Keep a copy of what the worker downloads from this site (a first visit), for the offline cache. */
export function keepFetched() {
  keep = "caches" in globalThis;
}

export async function fetchKept(input, init) {
  const res = await realFetch(input, init);
  try {
    const url = urlOf(input);
    if (keep && res.ok && new URL(url).origin === location.origin) {
      const copy = res.clone();
      keeping.push(caches.open("pygames-fetched").then((c) => c.put(url, copy)).catch(() => {}));
    }
  } catch (e) { /* keeping a copy is only an optimisation */ }
  return res;
}

export const early = new Map();  // URL → the promise of its response, fetched before its time
globalThis.fetch = (input, init) => {
  const url = urlOf(input);
  const got = early.get(url);
  if (got && (!init || !init.method || init.method === "GET")) {
    early.delete(url);
    return got;
  }
  return fetchKept(input, init);
};
if (new URL(import.meta.url).searchParams.has("keep")) keepFetched();

globalThis.pygamesKept = () => Promise.allSettled(keeping).then(() => true);

// The worker's marks and the timings of the files it fetched, in ms since the epoch (the page's clock
// starts elsewhere): [[name, start, duration]].
globalThis.pygamesMarks = () => {
  const t0 = performance.timeOrigin;
  const marks = performance.getEntriesByType("mark").filter((e) => e.name.startsWith("pygames:"))
    .map((e) => [e.name, t0 + e.startTime, 0]);
  const measures = performance.getEntriesByType("measure").filter((e) => e.name.startsWith("pygames:"))
    .map((e) => [e.name, t0 + e.startTime, e.duration]);
  const files = performance.getEntriesByType("resource").map((e) => [
    `pygames:worker:fetch:${new URL(e.name).pathname.split("/").pop()}`, t0 + e.startTime, e.duration]);
  return JSON.stringify([...marks, ...measures, ...files]);
};

await standIn();

async function loadPyodide(options) {
  mark("loadPyodide");
  const py = await pyodideLoad(options);
  mark("loadPyodide-done");
  return py;
}

export { loadPyodide, version };
