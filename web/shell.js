// What every part of the page shares: the app's state object, the bridge to Python (pygames.web in the
// worker, started by loader.js), errors, sections, storage and the base64url of share links. The page
// knows no game rule: Python sends views (SVG, legal actions with their click targets, the move list, the
// status) and takes back the notation of the action the player picked.

export const $ = (id) => document.getElementById(id);
export const params = new URLSearchParams(location.search);
// Embedding in a rules page: index.html?embed#record=… shows just the board with buttons to step
// through the record; add &interactive to let the reader play on. An embed never touches the saves.
export const EMBED = params.has("embed");
export const INTERACTIVE = !EMBED || params.has("interactive");

export const app = {
  ready: false,
  games: [],
  view: null,        // the last view from Python
  selection: [],     // targets clicked so far for the action being built
  timings: [],       // click-to-redraw latencies (ms), read by the benchmark
  botTimer: null,
  tutorial: null,    // the tutorial step being played (tutorial.js), else null
};
window.pygamesApp = app;

// How long a computer move stays on screen before the next one: instant / normal / slow (a choice
// kept in this browser; ?botdelay=N in the address overrides it, as the browser tests do).
const PACES = { instant: 0, normal: 700, slow: 1600 };
export function botDelay() {
  if (params.has("botdelay")) return Number(params.get("botdelay"));
  return PACES[stored("pygames:pace") || "normal"] ?? PACES.normal;
}

// ----- storage (localStorage may be denied: private mode, a sandboxed or third-party frame) ----------
export function stored(key) {
  try { return localStorage.getItem(key); } catch (e) { return null; }
}
export function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
    return true;
  } catch (e) { return false; }
}

// ----- the bridge ------------------------------------------------------------------------------------
// Python runs off the page's thread; loader.js alone knows how it starts (and keeps the site offline).
// Each command is its JSON arguments, answered with JSON text, in order. Nothing here waits on Python
// synchronously, so the page never freezes. body[data-busy] is set while Python has a command to
// answer (the browser tests wait for it to clear).
let python = null;
let commands = 0;
export function setPython(py) { python = py; }
export function send(name, argsText) {
  commands += 1;
  document.body.dataset.busy = "1";
  return python.call(name, argsText).then((out) => {
    commands -= 1;
    if (!commands) delete document.body.dataset.busy;
    return out;
  });
}
window.pygamesCall = send;  // the raw bridge, for the browser tests: (name, JSON text) → JSON text
// Views carry the move list by difference (issue 21): each call says which list the page holds
// (moves_seq), and a view answers with the entries after the first moves_keep of it.
let heldMoves = [];
let heldSeq = 0;
export async function call(name, args = {}) {
  const out = JSON.parse(await send(name, JSON.stringify({ ...args, moves_seq: heldSeq })));
  if (out.error !== undefined) {
    const err = new Error(out.error);
    err.index = out.index;
    throw err;
  }
  const ok = out.ok;
  if (ok && typeof ok === "object" && ok.moves_seq !== undefined) {
    ok.moves = heldMoves.slice(0, ok.moves_keep).concat(ok.moves);
    heldMoves = ok.moves;
    heldSeq = ok.moves_seq;
    delete ok.moves_keep;
    delete ok.moves_seq;
  }
  return ok;
}
/** A bridge command another part of the project adds (explain, hint, review): null while the worker
 * does not know it yet, so the page works before and after it lands. */
export async function optionalCall(name, args = {}) {
  try {
    return await call(name, args);
  } catch (e) {
    if (/unknown command/.test(e.message)) return null;
    throw e;
  }
}

// ----- errors and sections ---------------------------------------------------------------------------
export function showError(msg) {
  $("error-text").textContent = msg;
  $("error").hidden = false;
}
$("error-close").addEventListener("click", () => { $("error").hidden = true; });
export function guarded(fn) {
  return async (...a) => { try { await fn(...a); } catch (e) { showError(e.message); } };
}

export function show(section) {
  for (const id of ["home", "newgame", "play"]) $(id).hidden = id !== section;
  if (section !== "play") {
    $("gameover").hidden = true;
    $("tutorial-box").hidden = true;
    document.body.classList.remove("tutorial");
  }
}

export function gameInfo(id) { return app.games.find((g) => g.id === id); }

// ----- share links -----------------------------------------------------------------------------------
export function b64urlEncode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
export function b64urlDecode(s) {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}
