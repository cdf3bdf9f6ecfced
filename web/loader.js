// The loader: the only module of the page that knows how Python starts and how the site is kept for
// offline use. The page (app.js) imports it and talks to Python through what it returns:
//
//   const py = startPython({ testhooks, offline, inGame, onProgress, onReady, onFailed });
//   await py.call(name, argsText)   → the bridge's JSON answer (pygames.web.call), as text
//   await py.call(name, argsText, board)   the same for one of the embedded boards sharing it (runtime.js)
//
// How Python starts: PyScript (npm @pyscript/core, vendored in ./pyscript/) runs a worker, `PyWorker`,
// on our vendored Pyodide. Its interpreter is ./pyodide/site.mjs: on ./pyodide/entry.mjs (which stands
// in for storage a third-party frame may be denied, as pyodide/standins.mjs does on the page too) it
// starts the wheel's download beside Pyodide's, has micropip install our wheel from this origin and
// imports it; later visits restore a memory snapshot instead, which a worker of its own
// (./pyodide/snapshot.mjs, started below once the page is idle) made and kept in the browser's cache
// (see site.mjs). The worker's script (bridge.py) exports `call` (pygames.web_worker's, imported in the
// snapshot already), which the page
// awaits. No SharedArrayBuffer is needed: only the page calls the worker, never the worker the page
// synchronously (`sync_main_only`). Nothing waits on Python synchronously: every call is a promise,
// answered in the order asked. No request leaves the origin. PyScript's core module is imported after
// the page's first paint, so evaluating it never holds up the start page.
//
// If PyScript's upstream stays in maintenance mode, this file is the one to change: start a plain
// module worker that imports ./pyodide/site.mjs and calls its `loadPyodide` (Pyodide, micropip and
// the wheel, all vendored, offline, and the snapshot), runs bridge.py, then answers {id, name, args}
// messages with pygames.web_worker's functions (unchanged); keep `startPython`'s shape and
// nothing else in the site changes (the page, embed.js and sw.js know only this module and the files
// build.py lists).
//
// Offline and updates (sw.js): once Python is up, a service worker is registered (not with `offline`
// false, i.e. ?nosw). A new deployment is noticed by the browser on a later visit; the new service worker
// fills a new cache of its own (each file checked against the build's sha256) and waits. A page that is
// not in a game lets it take over at once (the page keeps running the code it has; the next visit runs
// the new version, and the old cache is deleted when the new one takes over). A page in a game is never
// reloaded behind the player's back: it shows "A new version of pygames is ready" with a Reload button
// (the game is autosaved and resumes after the reload) and a Later button.
const here = (path) => new URL(path, import.meta.url).href;

// Performance marks of the start (pygames:loader, :pyscript once PyScript's core is evaluated,
// :python-ready), and the worker's own (pygames:worker:*: loadPyodide, micropip, the bridge's import,
// the files it fetched; entry.mjs, bridge.py) put on this page's timeline once Python is up: where a
// load's time goes, for the benchmark (e2e/browser_bench.py) and DevTools.
const mark = (name, startTime) => {
  try { performance.mark(`pygames:${name}`, startTime === undefined ? undefined : { startTime }); } catch (e) { /* only for measuring */ }
};

async function workerMarks(w) {
  try {
    const marks = JSON.parse(await w.sync.marks());
    for (const [name, epoch, duration] of marks) {
      const start = epoch - performance.timeOrigin;
      if (duration) performance.measure(name, { start, duration });
      else mark(name.replace(/^pygames:/, ""), start);
    }
    return marks.map(([name]) => name);
  } catch (e) { return []; }
}

const whenIdle = (fn) => {
  if ("requestIdleCallback" in window) requestIdleCallback(fn, { timeout: 3000 }); else setTimeout(fn, 1000);
};

// The memory snapshot that later visits restore (pyodide/site.mjs) is made by a worker of its own,
// started here when this page's Python did not start from one: once the service worker controls the
// page (so the snapshot maker's files come from the offline cache: nothing is downloaded twice), e.g.
// on a first visit once the site is cached, and the page's own Python has had no call for QUIET_MS (a
// second Python starting, installing and snapshotting takes a few seconds of a core: it waits while a
// computer searches or a game is being played, and takes a moment the player spends reading or
// thinking). It ends once the snapshot is kept.
const QUIET_MS = 8000;
let lastCall = 0;
let pendingCalls = 0;

function whenQuiet(fn) {
  lastCall = Math.max(lastCall, performance.now());  // counted from when the page could start it
  const check = () => {
    const quiet = performance.now() - lastCall;
    if (pendingCalls === 0 && quiet >= QUIET_MS) whenIdle(fn);
    else setTimeout(check, Math.max(1000, QUIET_MS - quiet));
  };
  check();
}

function snapshotLater(workerMarkNames) {
  if (workerMarkNames.includes("pygames:worker:snapshot-restored")) return;
  let sw;
  try { sw = navigator.serviceWorker; } catch (e) { return; }  // storage denied (third-party frame)
  if (!sw || !("caches" in window)) return;
  const make = () => whenQuiet(() => {
    try {
      const maker = new Worker(here("./pyodide/snapshot.mjs"), { type: "module" });
      const end = () => maker.terminate();
      maker.addEventListener("message", (e) => { if (e.data && e.data.made) mark("snapshot-made"); end(); });
      maker.addEventListener("error", end);
    } catch (e) { /* no snapshot: later visits start the ordinary way */ }
  });
  if (sw.controller) make();
  else sw.addEventListener("controllerchange", make, { once: true });
}

function controlled() {
  try { return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller); } catch (e) { return false; }
}

const afterFirstPaint = () => new Promise((resolve) => {
  // a page whose modules came after its first paint (a repeat visit: the HTML and CSS paint first) goes on at once
  if (performance.getEntriesByName("first-paint").length) resolve();
  else requestAnimationFrame(() => setTimeout(resolve, 0));
});

// PyScript's core imports its page plugins at start (the code editor, the terminal, pygame, its error
// banner, its deprecation notes): this page has none of their elements and reports failures itself, so
// a <py-config> and an <mpy-config> (read once, when the core module is evaluated; it sets up both
// interpreters) turn them all off: on the page only the core module runs, Python starts in the worker.
const PAGE_PLUGINS_OFF = ["codemirror", "deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal"];

function quietPyScript() {
  for (const tag of ["py-config", "mpy-config"]) {
    if (document.querySelector(tag)) continue;
    const config = document.createElement(tag);
    config.hidden = true;
    config.textContent = JSON.stringify({ plugins: PAGE_PLUGINS_OFF.map((name) => `!${name}`) });
    document.head.append(config);
  }
}

export function startPython({ testhooks = false, offline = true, inGame = () => false,
  onProgress = () => {}, onReady = () => {}, onFailed = () => {} } = {}) {
  // The interpreter files downloaded anyway are kept for the offline cache only on a first visit (a page
  // the service worker does not control yet): afterwards they would be the old version's copies.
  const keep = offline && !controlled();
  mark("loader");
  // PyScript's core module is fetched and compiled now, beside the page's own modules, and evaluated
  // after the first paint (below); build.py writes the name of the file core.js re-exports
  for (const href of ["./pyscript/core.js", "./pyscript/__PYSCRIPT_CORE__"]) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = here(href);
    document.head.append(link);
  }
  const worker = afterFirstPaint().then(async () => {
    onProgress(0.15, "Downloading Python");
    // a storage-denied third-party frame: PyScript's page code opens IndexedDB and BroadcastChannel (a
    // page the service worker controls has its storage: no probe)
    if (!controlled()) await (await import("./pyodide/standins.mjs")).standIn();
    quietPyScript();
    return import("./pyscript/core.js");
  }).then(({ PyWorker }) => {
    mark("pyscript");
    return PyWorker(here("./bridge.py"), {
      type: "pyodide",
      version: here(`./pyodide/site.mjs${keep ? "?keep" : ""}`),
      config: { packages_cache: "never", sync_main_only: true },
    });
  }).then(async (w) => {
    // browser tests only (?testhooks): build.py drops the line (a test hook) from the site `serve` builds
    if (testhooks) await w.sync.enable_test_hooks();  // @testhook
    return w;
  });
  worker.then((w) => {
    mark("python-ready");
    onReady();
    // after the page's first calls (the first board), not before them
    whenIdle(async () => {
      const marks = await workerMarks(w);
      if (offline && await w.sync.kept()) keepOffline(inGame);
      snapshotLater(marks);
    });
  }, (e) => onFailed(String(e && e.message ? e.message : e)));
  // answered in the order asked: each call waits for the one before it
  let last = worker;
  return {
    call(name, argsText, board) {
      // board: one of the live boards sharing this Python (runtime.js); each keeps its own game
      let run = (w) => (board === undefined ? w.sync.call(name, argsText) : w.sync.call_as(board, name, argsText));
      if (name === "__exec__") run = (w) => w.sync.test_exec(argsText);  // @testhook
      pendingCalls += 1;
      const answer = last.then(run).catch((e) => JSON.stringify({ error: `internal error: ${e && e.message ? e.message : e}`, internal: true }));
      answer.then(() => { pendingCalls -= 1; lastCall = performance.now(); });
      last = answer.then(() => worker);
      return answer;
    },
  };
}

// ----- offline and updates -------------------------------------------------------------------------
let offered = false;

function offerReload(waiting, inGame) {
  if (offered) return;
  offered = true;
  const bar = document.createElement("div");
  bar.id = "update";
  bar.setAttribute("role", "status");
  const s = bar.style;
  s.position = "fixed"; s.left = "50%"; s.bottom = "1rem"; s.transform = "translateX(-50%)"; s.zIndex = "20";
  s.display = "flex"; s.gap = ".6rem"; s.alignItems = "center"; s.flexWrap = "wrap";
  s.background = "#fffbe6"; s.border = "1px solid #b08800"; s.borderRadius = "8px";
  s.padding = ".5rem .9rem"; s.boxShadow = "0 4px 16px #0003"; s.font = "15px/1.4 system-ui,sans-serif";
  const text = document.createElement("span");
  text.id = "update-text";
  text.textContent = "A new version of pygames is ready."
    + (inGame() ? " Your game is saved: reload when it suits you." : "");
  const reload = document.createElement("button");
  reload.type = "button"; reload.id = "update-reload"; reload.textContent = "Reload";
  const later = document.createElement("button");
  later.type = "button"; later.id = "update-later"; later.textContent = "Later";
  reload.addEventListener("click", () => {
    reload.disabled = true;
    const go = () => location.reload();
    if (waiting && navigator.serviceWorker.controller !== waiting) {
      navigator.serviceWorker.addEventListener("controllerchange", go, { once: true });
      waiting.postMessage("skip-waiting");
    } else {
      go();
    }
  });
  later.addEventListener("click", () => bar.remove());
  bar.append(text, reload, later);
  document.body.append(bar);
}

function onWaiting(worker, inGame) {
  // a new version, complete in its own cache: take it now unless a game is being played here
  if (inGame()) offerReload(worker, inGame);
  else worker.postMessage("skip-waiting");
}

function keepOffline(inGame) {
  let sw;
  try { sw = navigator.serviceWorker; } catch (e) { return; }  // storage denied (third-party frame)
  if (!sw) return;
  const hadController = Boolean(sw.controller);
  sw.addEventListener("controllerchange", () => {
    // another tab (or this one, between games) let a new version take over: this page still runs the
    // old one; say so, and never reload by itself
    if (hadController) offerReload(null, inGame);
  });
  const go = () => sw.register("./sw.js", { updateViaCache: "none" }).then((reg) => {
    const watch = (w) => {
      if (!w) return;
      const check = () => { if (w.state === "installed" && sw.controller) onWaiting(w, inGame); };
      w.addEventListener("statechange", check);
      check();
    };
    watch(reg.waiting);
    reg.addEventListener("updatefound", () => watch(reg.installing));
  }).catch(() => {});
  whenIdle(go);
}
