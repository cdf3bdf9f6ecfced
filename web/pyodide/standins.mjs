// Stand-ins for the storage a third-party frame may be denied (browsers that block third-party storage,
// private modes), for PyScript, which needs them to start even though we keep nothing in them:
// - IndexedDB: PyScript opens IndexedDB maps (its package cache in the worker, `@pyscript.fs` on the
//   page). Where opening one fails, an in-memory IndexedDB (npm fake-indexeddb, vendored beside this
//   file) stands in; it is loaded only then.
// - BroadcastChannel: Firefox denies it in such frames; PyScript's page code opens one. A stand-in that
//   delivers nothing (nothing here needs it).
// Used by loader.js on the page (before PyScript's core module) and by entry.mjs in the worker.
async function indexedDBDenied() {
  try {
    const req = indexedDB.open("pygames-probe");
    return await new Promise((resolve) => {
      req.onsuccess = () => {
        try { req.result.close(); indexedDB.deleteDatabase("pygames-probe"); } catch (e) { /* probe only */ }
        resolve(false);
      };
      req.onerror = () => resolve(true);
    });
  } catch (e) {
    return true;
  }
}

export async function standIn() {
  if (await indexedDBDenied()) {
    const { default: memoryIndexedDB } = await import("./fake-indexeddb/index.js");
    Object.defineProperty(globalThis, "indexedDB", { value: memoryIndexedDB, configurable: true, writable: true });
  }
  try {
    new BroadcastChannel("pygames-probe").close();
  } catch (e) {
    globalThis.BroadcastChannel = class extends EventTarget {
      constructor(name) { super(); this.name = name; this.onmessage = null; }
      postMessage() {}
      close() {}
    };
  }
}
