// The loader: the only module of the page that knows how Python starts and how the site is kept for
// offline use. The page (app.js) imports it and talks to Python through what it returns:
//
//   const py = startPython({ testhooks, offline, inGame, onProgress, onReady, onFailed });
//   await py.call(name, argsText)   → the bridge's JSON answer (pygames.web.call), as text
//
// Nothing waits on Python synchronously: every call is a promise, answered in the order asked.
// Python runs off the page's thread, in a worker (engine.js), with our wheel (build.py writes its name
// below). No request leaves the origin and no storage is needed to start (a third-party frame whose
// browser denies storage starts the same).
//
// Offline and updates (sw.js): once Python is up, a service worker is registered (not with `offline`
// false, i.e. ?nosw). A new deployment is noticed by the browser on a later visit; the new service worker
// fills a new cache of its own (each file checked against the build's sha256) and waits. A page that is
// not in a game lets it take over at once (the page keeps running the code it has; the next visit runs
// the new version, and the old cache is deleted when the new one takes over). A page in a game is never
// reloaded behind the player's back: it shows "A new version of pygames is ready" with a Reload button
// (the game is autosaved and resumes after the reload) and a Later button.
const WHEEL = "./__WHEEL__";  // build.py writes our wheel's file name here

function controlled() {
  try { return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller); } catch (e) { return false; }
}

export function startPython({ testhooks = false, offline = true, inGame = () => false,
  onProgress = () => {}, onReady = () => {}, onFailed = () => {} } = {}) {
  const worker = new Worker(new URL("./engine.js", import.meta.url), { type: "module" });
  const answers = new Map();
  let lastId = 0;
  worker.addEventListener("message", ({ data }) => {
    if (data.id !== undefined) {
      const resolve = answers.get(data.id);
      answers.delete(data.id);
      if (resolve) resolve(data.out);
    } else if (data.progress !== undefined) {
      onProgress(data.progress, data.text);
    } else if (data.ready) {
      onReady();
    } else if (data.kept) {
      if (offline) keepOffline(inGame);
    } else if (data.failed) {
      onFailed(data.failed);
    }
  });
  worker.addEventListener("error", (e) => onFailed(e.message || "the worker failed"));
  // The interpreter files downloaded anyway are kept for the offline cache only on a first visit (a page
  // the service worker does not control yet): afterwards they would be the old version's copies.
  worker.postMessage({ boot: { wheel: WHEEL, testhooks, keep: offline && !controlled() } });
  return {
    call(name, argsText) {
      return new Promise((resolve) => {
        const id = ++lastId;
        answers.set(id, resolve);
        worker.postMessage({ id, name, args: argsText });
      });
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
  if ("requestIdleCallback" in window) requestIdleCallback(go, { timeout: 3000 }); else setTimeout(go, 1000);
}
