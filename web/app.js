// pygames app shell: the page's entry. It starts Python (loader.js), shows the start page at once from
// games.json, and routes the address: #new=GAME (the new-game form, or &quick to start at once),
// #record=… (a share link), #play=ID (a saved game: a reload resumes it), #tutorial=GAME[&step=N].
// The parts, one module per concern, know no game rule:
//   shell.js     the bridge, the app state, errors, storage      home.js      the start page
//   newgame.js   the new-game form                               records.js   start, load, save, share
//   view.js      the game view and its controls                  board.js     clicks, keys, drags
//   moves.js     the move list and stepping through positions    saves.js     autosave, resume
//   confirm.js   moves that cannot be taken back                 explain.js   why not?, the glossary
//   tutorial.js  learn by playing                                extras.js    hint and review
//   review.js    the review chart of a finished game
import { startPython } from "./loader.js";
import { sharedPython } from "./shared.js";
import { $, app, params, call, setPython, send, showError, guarded, EMBED, b64urlDecode, gameInfo } from "./shell.js";
import { goHome } from "./home.js";
import { renderNewGame } from "./newgame.js";
import { startGame, loadRecord, enterGame } from "./records.js";
import { render } from "./view.js";
import { findSave, discardSave, resumeSaved } from "./saves.js";
import { openTutorial } from "./tutorial.js";
import { knowCommands } from "./extras.js";
import { embedGo } from "./moves.js";

if (EMBED) document.documentElement.classList.add("embed");
app.start = (args) => startGame(args);  // used by the browser tests' toy games
// Test-only hooks (?testhooks: run Python in the worker, for the browser tests' toy games). build.py drops
// every line marked @testhook from the site that `serve` builds, so there they do not exist at all.
let testhooks = false;
testhooks = params.has("testhooks");  // @testhook
if (testhooks) window.pygamesExec = (source) => send("__exec__", source);  // @testhook

// An embedded board tells the host page's embed.js once it shows its board (or its error): embed.js
// then takes away the pre-drawn picture it showed in the meantime.
if (EMBED && window.parent !== window) {
  const drawn = new MutationObserver(() => {
    if (!$("board").firstElementChild && $("error").hidden) return;
    drawn.disconnect();
    window.parent.postMessage({ pygamesBoard: "drawn" }, "*");
  });
  drawn.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["hidden"] });
}

// ----- loading -------------------------------------------------------------------------------------
// The worker says which step it is on; between its messages the bar creeps towards the next step so
// it never looks stuck. With the site cached (a service worker controls the page) nothing is
// downloaded: the page says "Starting…", not "Downloading Python…".
const cached = (() => { try { return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller); } catch (e) { return false; } })();
// The bar is drawn by its transform (scaleX), which the browser animates off the main thread, and
// creeps twice a second: a width animated at every frame had the page lay out and draw 60 frames a
// second while Python started, main-thread tasks that waited for a core (issue 18: long tasks).
let progress = 0.05;
const fill = (frac) => { $("loading-fill").style.transform = `scaleX(${frac})`; };
function onProgress(frac, text) {
  progress = Math.max(progress, frac);
  fill(Math.min(progress, 0.95));
  if (text) $("loading-text").textContent = cached && /^Download/.test(text) ? "Starting…" : `${text}…`;
}
const creep = setInterval(() => {
  if (app.ready) { clearInterval(creep); return; }
  const next = Math.min(0.9, progress + 0.25);
  progress += (next - progress) * 0.2;
  fill(progress);
}, 500);

// An embedded board of a page of several (embed.js: ?embed&shared) uses the page's one Python (shared.js)
const SHARED = EMBED && params.has("shared");
setPython((SHARED ? sharedPython : startPython)({
  testhooks,
  offline: !params.has("nosw"),
  inGame: () => Boolean(app.view && !app.view.terminal && !$("play").hidden),
  onProgress,
  onReady: () => pythonReady(),
  onFailed: (message) => showError(`Python could not start: ${message}`),
}));

// The game list and the new-game form come from games.json (written by build.py from the registry),
// so they show at once; whatever needs Python (starting, loading, resuming a game) waits for it.
let pending = null;
function withPython(fn) {
  if (app.ready) { fn(); return; }
  pending = fn;
  $("loading").hidden = false;
}
app.whenReady = withPython;
function firstRoute() {
  if (app.routed) return;
  app.routed = true;
  route();
}
performance.mark("pygames:shell");
fetch("./games.json").then((r) => r.json()).then((games) => {
  if (!app.games.length) app.games = games;
  firstRoute();
}).catch(() => { /* Python will list the games */ });

async function pythonReady() {
  app.ready = true;
  fill(1);
  $("loading").hidden = true;
  try {
    // one call, not three (the layout, then whether the worker knows `hint` and `review`): right after
    // a memory snapshot's restore each call of the worker runs slow
    const hello = await call("hello", { layout: layoutName(), games: !app.games.length });
    if (hello.games) app.games = hello.games;
    knowCommands(hello.commands);
  } catch (e) {
    showError(e.message);
    return;
  }
  document.body.dataset.ready = "1";
  if (!app.routed) firstRoute();
  else if (pending) { const fn = pending; pending = null; fn(); }
}

// Narrow screens (a phone held upright): the games draw their side panels under the board, in text a
// thumb can read, instead of shrinking a wide drawing. Turning the phone redraws the position shown.
// An embedded board keeps the wide drawing: its frame has the wide drawing's shape on the host page.
const narrowQuery = window.matchMedia("(max-width: 600px)");
function layoutName() { return narrowQuery.matches && !EMBED ? "narrow" : "wide"; }
narrowQuery.addEventListener("change", guarded(async () => {
  if (!app.ready) return;
  await call("layout", { layout: layoutName() });
  // a bot's move or a pending command redraws by itself; an idle position is redrawn here
  if (app.view && !document.body.dataset.busy && (!app.view.bot_turn || app.view.browsing)) {
    render(await call("view", app.view.browsing ? { ply: app.view.ply } : {}));
  }
}));

window.addEventListener("hashchange", () => { if (app.games.length) route(); });

// ----- routing -------------------------------------------------------------------------------------
function leave(message) {
  history.replaceState(null, "", location.pathname + location.search);
  goHome();
  if (message) showError(message);
}

async function resume(id) {
  const s = (() => { try { return findSave(id); } catch (e) { return null; } })();
  if (!s) { leave(EMBED ? "" : "That saved game is no longer in this browser: it was finished or discarded."); return; }
  try {
    enterGame(await resumeSaved(s), s.id);
  } catch (e) {
    discardSave(s.id);
    leave(`The autosaved game of ${(gameInfo(s.game) || {}).title || s.game} is damaged and was set aside: ${e.message}`);
  }
}

function route() {
  const h = new URLSearchParams(location.hash.slice(1));
  if (h.has("record")) {
    let record;
    try {
      record = JSON.parse(b64urlDecode(h.get("record")));
    } catch (e) {
      leave("This share link is damaged: its record could not be read.");
      return;
    }
    const seats = h.has("seats") ? h.get("seats").split(",") : undefined;
    withPython(async () => {
      if (!(await loadRecord(record, seats, "This share link"))) goHome();
      else if (EMBED && h.has("ply")) await embedGo(Number(h.get("ply")));  // embed.js: a ply not drawn ahead
    });
    return;
  }
  const id = h.get("new") || h.get("tutorial");
  if (id !== null && !(gameInfo(id) && gameInfo(id).playable)) {
    leave(`Unknown game "${id}".`);
    return;
  }
  if (h.has("tutorial")) {
    withPython(() => openTutorial(id, Number(h.get("step") || 1) - 1));
    return;
  }
  if (h.has("new")) {
    if (h.has("quick")) {
      const seats = h.has("seats") ? h.get("seats").split(",") : undefined;
      let options = {};
      try {
        options = h.has("options") ? JSON.parse(h.get("options")) : {};
      } catch (e) {
        leave("This link's options are not valid JSON.");
        return;
      }
      withPython(() => startGame({ game: id, options, seats }));
      return;
    }
    renderNewGame(id);
    return;
  }
  if (h.get("play")) {  // a saved game: a reload of its page resumes it (the start page lists the others)
    withPython(() => resume(h.get("play")));
    return;
  }
  goHome();
}
