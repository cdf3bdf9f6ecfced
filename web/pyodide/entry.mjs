// The interpreter entry that PyScript loads in its worker (loader.js names it as the interpreter, so
// PyScript takes Pyodide from this folder and fetches nothing from any other origin). It re-exports
// our vendored Pyodide after what must happen in the worker before Python starts:
// - Storage denied (a third-party frame whose browser blocks storage): PyScript's start-up always opens
//   an IndexedDB map (its package cache, unused here: packages_cache "never"), which throws there; an
//   in-memory one stands in, and so does a BroadcastChannel for Firefox (standins.mjs).
// - On a first visit (?keep, see loader.js), keep a copy of every file of this site the worker downloads
//   anyway (the interpreter, its lock file, micropip, our wheel), so the offline cache
//   (sw.js) takes them from here, after checking their sha256, instead of downloading 13 MB a second
//   time; globalThis.pygamesKept settles once they are stored (bridge.py's `kept`).
import { standIn } from "./standins.mjs";

await standIn();

const keeping = [];
if (new URL(import.meta.url).searchParams.has("keep") && "caches" in globalThis) {
  const realFetch = globalThis.fetch.bind(globalThis);
  globalThis.fetch = async (input, init) => {
    const res = await realFetch(input, init);
    try {
      const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, location.href);
      if (res.ok && url.origin === location.origin) {
        const copy = res.clone();
        keeping.push(caches.open("pygames-fetched").then((c) => c.put(url.href, copy)).catch(() => {}));
      }
    } catch (e) { /* keeping a copy is only an optimisation */ }
    return res;
  };
}
globalThis.pygamesKept = () => Promise.allSettled(keeping).then(() => true);

export { loadPyodide, version } from "./pyodide.mjs";
