// pygames app shell and thin bridge. It knows no game rule: Python (pygames.web) sends views (SVG,
// legal actions with their click targets, the move list, the status) and takes back the notation of the
// action the player picked. Clicks on [data-target] elements are matched against the legal actions'
// targets; actions without targets become buttons.

import { startPython } from "./loader.js";

const $ = (id) => document.getElementById(id);
const AUTOSAVE = "pygames:autosave";
const params = new URLSearchParams(location.search);
// How long a computer move stays on screen before the next one: instant / normal / slow (a choice
// kept in this browser; ?botdelay=N in the address overrides it, as the browser tests do).
const PACES = { instant: 0, normal: 700, slow: 1600 };
function botDelay() {
  if (params.has("botdelay")) return Number(params.get("botdelay"));
  let pace = "normal";
  try { pace = localStorage.getItem("pygames:pace") || "normal"; } catch (e) { /* storage blocked */ }
  return PACES[pace] ?? PACES.normal;
}
// Embedding in a rules page: index.html?embed#record=… shows just the board with buttons to step
// through the record; add &interactive to let the reader play on. An embed never touches the autosave.
const EMBED = params.has("embed");
const INTERACTIVE = !EMBED || params.has("interactive");
if (EMBED) document.documentElement.classList.add("embed");

const app = {
  ready: false,
  games: [],
  view: null,        // the last view from Python
  selection: [],     // targets clicked so far for the action being built
  timings: [],       // click-to-redraw latencies (ms), read by the benchmark
  botTimer: null,
};
window.pygamesApp = app;
app.start = (args) => startGame(args);  // used by the browser tests' toy games

// ----- the bridge ------------------------------------------------------------------------------------
// Python runs off the page's thread; loader.js alone knows how it starts (and keeps the site offline).
// Each command is its JSON arguments, answered with JSON text, in order. Nothing here waits on Python
// synchronously, so the page never freezes.
let commands = 0;
// body[data-busy] is set while Python has a command to answer (the browser tests wait for it to clear)
function send(name, argsText) {
  commands += 1;
  document.body.dataset.busy = "1";
  return python.call(name, argsText).then((out) => {
    commands -= 1;
    if (!commands) delete document.body.dataset.busy;
    return out;
  });
}
async function call(name, args = {}) {
  const out = JSON.parse(await send(name, JSON.stringify(args)));
  if (out.error !== undefined) {
    const err = new Error(out.error);
    err.index = out.index;
    throw err;
  }
  return out.ok;
}
window.pygamesCall = send;  // the raw bridge, for the browser tests: (name, JSON text) → JSON text
// Test-only hooks (?testhooks: run Python in the worker, for the browser tests' toy games). build.py drops
// every line marked @testhook from the site that `serve` builds, so there they do not exist at all.
let testhooks = false;
testhooks = params.has("testhooks");  // @testhook
if (testhooks) window.pygamesExec = (source) => send("__exec__", source);  // @testhook
const python = startPython({
  testhooks,
  offline: !params.has("nosw"),
  inGame: () => Boolean(app.view && !app.view.terminal && !$("play").hidden),
  onProgress: (frac, text) => onProgress(frac, text),
  onReady: () => pythonReady(),
  onFailed: (message) => showError(`Python could not start: ${message}`),
});

// ----- loading -------------------------------------------------------------------------------------
// The worker says which step it is on; between its messages the bar creeps towards the next step so
// it never looks stuck (downloading and compiling the interpreter takes seconds on a slow machine).
let progress = 0.05;
function onProgress(frac, text) {
  progress = Math.max(progress, frac);
  $("loading-fill").style.width = `${Math.min(progress, 0.95) * 100}%`;
  if (text) $("loading-text").textContent = `${text}…`;
}
const creep = setInterval(() => {
  if (app.ready) { clearInterval(creep); return; }
  const next = Math.min(0.9, progress + 0.25);
  progress += (next - progress) * 0.04;
  $("loading-fill").style.width = `${progress * 100}%`;
}, 100);

// The game list and the new-game form come from games.json (written by build.py from the registry),
// so they show at once; whatever needs Python (starting, loading, resuming a game) waits for it.
let pending = null;
function withPython(fn) {
  if (app.ready) { fn(); return; }
  pending = fn;
  $("loading").hidden = false;
}
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
  $("loading-fill").style.width = "100%";
  $("loading").hidden = true;
  try {
    await call("layout", { layout: layoutName() });
    if (!app.games.length) app.games = await call("games");
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

// ----- errors --------------------------------------------------------------------------------------
function showError(msg) {
  $("error-text").textContent = msg;
  $("error").hidden = false;
}
$("error-close").addEventListener("click", () => { $("error").hidden = true; });

// ----- routing -------------------------------------------------------------------------------------
function show(section) {
  for (const id of ["home", "newgame", "play"]) $(id).hidden = id !== section;
  if (section !== "play") $("gameover").hidden = true;
}

function b64urlEncode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function b64urlDecode(s) {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

function savedGame() {
  if (EMBED) return null;
  try {
    const saved = localStorage.getItem(AUTOSAVE);
    return saved ? JSON.parse(saved) : null;
  } catch (e) {
    return { damaged: true };
  }
}

function goHome() {
  if (EMBED) { show(null); return; }  // an embedded board has no start page: its error stays in its place
  show("home"); renderHome();
  performance.mark("pygames:home");
}

function route() {
  const h = new URLSearchParams(location.hash.slice(1));
  if (h.has("record")) {
    let record;
    try {
      record = JSON.parse(b64urlDecode(h.get("record")));
    } catch (e) {
      goHome();
      showError("This share link is damaged: its record could not be read.");
      return;
    }
    const seats = h.has("seats") ? h.get("seats").split(",") : undefined;
    withPython(async () => { if (!(await loadRecord(record, seats, "This share link"))) goHome(); });
    return;
  }
  if (h.has("new")) {
    const id = h.get("new");
    if (!app.games.some((g) => g.id === id && g.playable)) {
      goHome();
      showError(`Unknown game "${id}".`);
      return;
    }
    if (h.has("quick")) {
      const seats = h.has("seats") ? h.get("seats").split(",") : undefined;
      let options = {};
      try {
        options = h.has("options") ? JSON.parse(h.get("options")) : {};
      } catch (e) {
        goHome();
        showError("This link's options are not valid JSON.");
        return;
      }
      withPython(() => startGame({ game: id, options, seats }));
      return;
    }
    renderNewGame(id);
    return;
  }
  if (h.has("play")) {  // a game in progress: resume it from the autosave
    withPython(async () => {
      const saved = savedGame();
      if (saved && !saved.damaged) {
        try {
          if (await loadRecord(saved.record, saved.seats, "The autosaved game")) return;
        } catch (e) { /* fall through */ }
      }
      if (saved) {
        showError("The autosaved game is damaged and was set aside.");
        try { localStorage.removeItem(AUTOSAVE); } catch (e) { /* storage blocked */ }
      }
      history.replaceState(null, "", location.pathname + location.search);
      goHome();
    });
    return;
  }
  goHome();
}

// ----- home and new-game form ----------------------------------------------------------------------
function renderHome() {
  const ul = $("game-list");
  ul.textContent = "";
  const saved = savedGame();
  const cont = $("continue");
  cont.hidden = !(saved && saved.record && !saved.damaged);
  if (!cont.hidden) {
    const g = app.games.find((x) => x.id === saved.record.game);
    $("continue-text").textContent = `Your game of ${g ? g.title : saved.record.game} is waiting where you left it.`;
  }
  for (const g of app.games) {
    const li = document.createElement("li");
    li.className = "game-card";
    li.innerHTML = `<h2></h2><p class="summary"></p><p class="buttons"></p>`;
    li.querySelector("h2").textContent = g.title;
    li.querySelector(".summary").textContent = g.summary;
    if (!g.playable) {
      li.classList.add("coming");
      const soon = document.createElement("span");
      soon.className = "soon";
      soon.textContent = "Coming soon";
      li.querySelector(".buttons").append(soon);
      ul.append(li);
      continue;
    }
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "New game";
    b.id = `new-${g.id}`;
    b.addEventListener("click", () => { location.hash = `new=${g.id}`; });
    li.querySelector(".buttons").append(b);
    if (g.rules_page) {
      const a = document.createElement("a");
      a.href = `./${g.rules_page}`;
      a.textContent = "Rules";
      li.querySelector(".buttons").append(" ", a);
    }
    ul.append(li);
  }
}

function renderNewGame(id) {
  const g = app.games.find((x) => x.id === id);
  show("newgame");
  $("newgame-title").textContent = `New game of ${g.title}`;
  const fields = $("option-fields");
  fields.textContent = "";
  for (const o of g.options) {
    const label = document.createElement("label");
    label.className = "option";
    const name = document.createElement("span");
    name.textContent = o.label || o.name;
    let input;
    if (o.type === "choice") {
      input = document.createElement("select");
      for (const v of o.allowed) {
        const opt = document.createElement("option");
        opt.value = v; opt.textContent = v; opt.selected = v === o.default;
        input.append(opt);
      }
    } else if (o.type === "bool") {
      input = document.createElement("input");
      input.type = "checkbox"; input.checked = o.default;
    } else {
      input = document.createElement("input");
      input.type = "number"; input.min = o.allowed[0]; input.max = o.allowed[1]; input.value = o.default;
    }
    input.name = o.name;
    input.dataset.type = o.type;
    input.id = `opt-${o.name}`;
    const help = document.createElement("small");
    help.textContent = o.help;
    label.append(name, input, help);
    fields.append(label);
  }
  const seatsBox = $("seat-fields");
  // one seat per player: the "players" option when the game has one, else its player count
  const playersInput = fields.querySelector('[name="players"]');
  const drawSeats = () => {
    const before = [...seatsBox.querySelectorAll("select")].map((sel) => sel.value);
    seatsBox.querySelectorAll("label").forEach((l) => l.remove());
    const n = playersInput ? Math.max(g.min_players, Math.min(g.max_players, Number(playersInput.value) || g.min_players))
      : g.max_players;
    for (let i = 0; i < n; i++) {
      const label = document.createElement("label");
      label.className = "seat";
      label.textContent = `${g.player_names[i] || `Player ${i + 1}`}: `;
      const sel = document.createElement("select");
      sel.id = `seat-${i}`;
      // the computer levels come from the bridge (games.json), as everything about play does
      for (const [v, t] of [["human", "Human"], ...(g.levels || []).map((l) => [l, `Computer (${l})`])]) {
        const opt = document.createElement("option");
        opt.value = v; opt.textContent = t;
        opt.selected = before[i] !== undefined ? before[i] === v : (i > 0 && v === g.default_level);
        sel.append(opt);
      }
      label.append(sel);
      seatsBox.append(label);
    }
  };
  drawSeats();
  if (playersInput) playersInput.addEventListener("input", drawSeats);
  $("newgame-form").onsubmit = (e) => {
    e.preventDefault();
    const options = {};
    for (const input of fields.querySelectorAll("[name]")) {
      const t = input.dataset.type;
      options[input.name] = t === "bool" ? input.checked : t === "int" ? Number(input.value) : input.value;
    }
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    if (!app.ready) $("start").textContent = "Starting Python…";
    withPython(() => { $("start").textContent = "Start game"; startGame({ game: id, options, seats }); });
  };
}
$("newgame-cancel").addEventListener("click", () => { location.hash = ""; goHome(); });
$("continue-button").addEventListener("click", () => { location.hash = "play"; });

// ----- input from links, files and storage ---------------------------------------------------------
// Only the shapes the page expects go to the worker: options are one flat object of names and plain
// values, a record one flat object {game, options, seed, actions, arranged?} with actions a list of
// strings, seats a short list of strings. Anything else (deep nesting included) is refused here with a
// message; Python checks every value again and names what is wrong.
const plainObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const plainValue = (x) => ["string", "number", "boolean"].includes(typeof x);
function checkOptions(options) {
  if (options === undefined) return;
  if (!plainObject(options)) throw new Error("its options are not a list of names and values");
  for (const [k, v] of Object.entries(options)) {
    if (!plainValue(v)) throw new Error(`its option "${k.slice(0, 40)}" is not a plain value`);
  }
}
function checkSeats(seats) {
  if (seats === undefined) return;
  // at most as many seats as the largest game has (17 in the largest card game)
  const most = Math.max(16, ...(app.games || []).map((g) => g.max_players || 0));
  if (!Array.isArray(seats) || seats.length > most || !seats.every((s) => typeof s === "string" && s.length < 40)) {
    throw new Error("its seats are not a list of seat names");
  }
}
const RECORD_FIELDS = ["game", "options", "seed", "actions", "arranged"];
function checkRecord(record) {
  if (!plainObject(record)) throw new Error("it is not a game record (an object with game, options, seed, actions)");
  const extra = Object.keys(record).filter((k) => !RECORD_FIELDS.includes(k));
  if (extra.length) throw new Error(`unknown field(s) ${extra.slice(0, 5).map((k) => k.slice(0, 40)).join(", ")}`);
  if ("game" in record && typeof record.game !== "string") throw new Error("its game is not a name");
  checkOptions(record.options);
  if ("seed" in record && typeof record.seed !== "number") throw new Error("its seed is not a number");
  if ("arranged" in record && typeof record.arranged !== "boolean") throw new Error("arranged is not true or false");
  if ("actions" in record && !(Array.isArray(record.actions) && record.actions.every((a) => typeof a === "string"))) {
    throw new Error("its actions are not a list of moves");
  }
}

async function startGame(args) {
  try {
    checkOptions(args.options);
    checkSeats(args.seats);
    if (typeof args.game !== "string" || ("seed" in args && args.seed !== undefined && typeof args.seed !== "number")) {
      throw new Error("a new game needs a game name");
    }
  } catch (e) {
    if ($("play").hidden) goHome();
    showError(`This game could not be started: ${e.message}.`);
    return;
  }
  try {
    const v = await call("new_game", args);
    enterGame(v);
  } catch (e) {
    if ($("play").hidden) goHome();
    showError(e.message);
  }
}

function enterGame(v) {
  app.lastArgs = { game: v.game, options: v.options, seats: v.seats };
  if (!EMBED) history.replaceState(null, "", `${location.pathname}${location.search}#play`);
  show("play");
  render(v);
}

async function loadRecord(record, seats, what) {
  try {
    checkRecord(record);
    checkSeats(seats);
  } catch (e) {
    showError(`${what} could not be loaded: ${e.message}.`);
    return false;
  }
  try {
    const v = await call("load", { record, seats });
    enterGame(v);
    return true;
  } catch (e) {
    showError(`${what} could not be loaded: ${e.message}`);
    return false;
  }
}

// ----- the board -----------------------------------------------------------------------------------
// Hot seat with hidden information: when the next view is another human's, Python sends a curtain
// view instead (who is next, nothing of anyone's cards), and the page covers the screen ("pass the
// device to …"). Only when that player says they are ready does the page ask for their view
// (view {handover: true}): until then it is not in the page at all.
function showCurtain(v) {
  app.view = null;
  $("board").innerHTML = "";
  $("action-buttons").textContent = "";
  $("moves").textContent = "";  // the previous player's move list shows their own draws
  app.shownMoves = [];
  const name = v.player_names[v.viewer];
  $("curtain-text").textContent = `Pass the device to ${name}.`;
  $("curtain-ok").textContent = `I am ${name}: show my view`;
  $("curtain").hidden = false;
  document.body.dataset.ply = String(v.ply);
  document.body.dataset.turn = "curtain";
  $("curtain-ok").onclick = guarded(async () => {
    $("curtain-ok").onclick = null;
    const shown = await call("view", { handover: true });
    $("curtain").hidden = true;
    render(shown);
  });
}

// A game whose dice or cards were set in advance (a tutorial, a puzzle, a hand-written record, a test's
// seed) says so in the panel, so nobody takes it for a fair draw.
function renderArranged(v) {
  let note = $("arranged-note");
  if (!note) {
    note = document.createElement("p");
    note.id = "arranged-note";
    note.className = "arranged";
    $("options-list").after(note);
  }
  note.hidden = !v.arranged;
  note.textContent = v.arranged ? "Arranged game: its dice or cards were set in advance by its record, not drawn at random." : "";
}

function render(v, clickStart) {
  if (v.curtain) { showCurtain(v); return; }
  $("curtain").hidden = true;
  const boardHadFocus = $("board").contains(document.activeElement);
  const before = app.view;
  app.view = v;
  app.selection = [];
  $("board").innerHTML = v.svg;
  // the live board holds controls: a group, not a single image, for assistive technology
  const svgRoot = $("board").querySelector("svg");
  if (svgRoot) svgRoot.setAttribute("role", "group");
  $("play-title").textContent = v.title;
  $("status").textContent = v.status;
  const obs = v.observation;
  $("info").textContent = (v.counters || []).join(" · ");  // counts worded by the game
  $("undo").disabled = !v.can_undo || v.browsing;
  // the button says why it is off: nothing to take back, or the move that showed something new
  $("undo").title = v.browsing ? "Back to the game to undo a move"
    : v.can_undo ? "Undo your last move (Ctrl+Z)" : v.undo_reason || "";
  $("redo").disabled = !v.can_redo || v.browsing;
  $("browse-banner").hidden = !v.browsing;
  $("rules-link").href = `./${v.rules_page}`;
  renderSeats(v);
  renderOptions(v);
  renderArranged(v);
  renderMoves(v);
  renderButtons();
  highlight();
  noteNoMove(before, v);
  renderNav(v);
  if (boardHadFocus) {  // keyboard play: focus stays on the board, on a live target when there is one
    const t = $("board").querySelector("[data-target][tabindex='0']");
    if (t) t.focus(); else $("board").focus();
  }
  if (!v.browsing && !EMBED && v.record) {
    try {
      localStorage.setItem(AUTOSAVE, JSON.stringify({ record: v.record, seats: v.seats }));
    } catch (e) { /* storage blocked (private mode, sandboxed iframe): play on without autosave */ }
  }
  if (EMBED) renderEmbedNav(v);
  if (v.terminal && !v.browsing && INTERACTIVE) {
    $("gameover-text").textContent = v.result.text;
    $("gameover").hidden = false;
    $("rematch").hidden = EMBED;
  } else {
    $("gameover").hidden = true;
  }
  document.body.dataset.ply = String(v.ply);
  document.body.dataset.turn = v.human_turn ? "human" : v.bot_turn ? "bot" : v.terminal ? "over" : "";
  if (clickStart !== undefined) {
    app.timings.push(performance.now() - clickStart);
  }
  scheduleBot();
  scheduleForced();
}

// A forced choice (one legal action) is played for the player after the computer's pause, shown on
// the board first; "Play my forced moves for me" in the game panel turns this off.
function scheduleForced() {
  clearTimeout(app.forcedTimer);
  const v = app.view;
  if (!v || !v.human_turn || v.browsing || !INTERACTIVE || v.legal.length !== 1 || !$("autoplay").checked) return;
  const only = v.legal[0];
  document.body.dataset.turn = "auto";
  $("status").textContent = `${v.status} Only one move: ${only.label || only.notation}.`;
  const targets = new Set(only.targets);
  $("board").querySelectorAll("[data-target]").forEach((el) => el.classList.toggle("target", targets.has(el.dataset.target)));
  app.forcedTimer = setTimeout(() => {
    if (app.view === v) play(only.notation);
  }, Math.max(300, botDelay()));
}

// The computer thinks in the worker in slices of 100 ms; between slices the worker answers whatever
// the page asked meanwhile (an undo, a new game), and any new view ends this loop (app.botGen).
function scheduleBot() {
  clearTimeout(app.botTimer);
  const gen = app.botGen = (app.botGen || 0) + 1;
  const v = app.view;
  if (!v || !v.bot_turn || v.browsing || !INTERACTIVE) return;
  const think = async () => {
    if (gen !== app.botGen) return;
    let out;
    try {
      out = await call("bot", { slice_ms: 100 });
    } catch (e) {
      if (gen === app.botGen) showError(e.message);
      return;
    }
    if (gen !== app.botGen) return;
    if (out.thinking !== undefined) {
      if (EMBED) $("embed-status").textContent = `thinking… ${Math.round(out.thinking * 100)}%`;
      $("status").textContent = `${v.status.replace(/…$/, "")}… ${Math.round(out.thinking * 100)}%`;
      think();
    } else {
      render(out);
    }
  };
  app.botTimer = setTimeout(think, botDelay());
}

// Who plays which seat, with the one to move marked: "White · you", "Black · computer (easy)".
function renderSeats(v) {
  const box = $("seats-bar");
  box.textContent = "";
  const humans = v.seats.filter((s) => s === "human").length;
  v.player_names.forEach((name, i) => {
    const chip = document.createElement("span");
    chip.className = "seat-chip";
    const who = v.seats[i] === "human" ? (humans === 1 ? "you" : "human") : `computer (${v.seats[i]})`;
    chip.textContent = `${name} · ${who}`;
    if (v.current_player === i && !v.terminal) {
      chip.classList.add("to-move");
      chip.setAttribute("aria-current", "true");
    }
    box.append(chip);
  });
}

function renderOptions(v) {
  const g = app.games.find((x) => x.id === v.game);
  const parts = [];
  for (const o of (g ? g.options : [])) {
    const val = v.options[o.name];
    parts.push(`${o.label || o.name}: ${val === true ? "yes" : val === false ? "no" : val}`);
  }
  $("options-list").textContent = parts.join(" · ");
}

// A turn that allowed no move is said on the board for a moment, not only in the move list.
function noteNoMove(before, v) {
  if (v.terminal || v.browsing) { $("board-note").hidden = true; clearTimeout(app.noteTimer); }
  if (!before || before.game !== v.game || v.browsing || v.moves.length <= before.moves.length) return;
  // the bridge marks an outcome after which its owner had no move (a roll that allowed none)
  const m = v.moves.slice(before.moves.length - 1).find((x) => x.no_move);
  if (m) flashNote(`${m.name}: ${m.notation}, no move`);
}
function flashNote(text) {
  const note = $("board-note");
  note.textContent = text;
  note.hidden = false;
  clearTimeout(app.noteTimer);
  app.noteTimer = setTimeout(() => { note.hidden = true; }, 2200);
}

// First / previous / next / last position, on the game page as in the embed.
function renderNav(v) {
  $("embed-nav").hidden = false;
  $("embed-ply").textContent = `${v.ply} / ${v.plies}`;
  $("embed-first").disabled = $("embed-prev").disabled = v.ply === 0;
  $("embed-next").disabled = $("embed-last").disabled = v.ply >= v.plies;
}

function moveLink(m) {
  const a = document.createElement("a");
  a.href = "#";
  a.className = m.chance ? "move chance" : "move";
  a.textContent = m.notation;
  a.dataset.ply = m.ply;
  a.addEventListener("click", async (e) => {
    e.preventDefault();
    try {
      render(await call("view", { ply: Number(a.dataset.ply) }));
    } catch (err) { showError(err.message); }
  });
  return a;
}

// The move list is updated incrementally: only moves after the common prefix are (re)drawn, so a click
// costs the same late in a long game as early on.
// Entries come worded by the bridge (kind, hidden, seen, no_move): the page parses no notation.
function outcomeSeen(m) { return m.hidden || !m.seen ? [] : [m.seen]; }
function hiddenRun(link, prev, m) {
  return m.kind !== "" && m.kind === prev.kind && (m.hidden || prev.hidden || link.dataset.count !== undefined);
}
function moveKey(m) { return m.no_move ? `${m.notation} (no move)` : m.notation; }
function renderMoves(v) {
  const ol = $("moves");
  const shown = app.shownMoves || [];
  let keep = 0;
  while (keep < shown.length && keep < v.moves.length && shown[keep] === moveKey(v.moves[keep])) keep++;
  if (keep < shown.length) {
    ol.textContent = "";
    keep = 0;
  }
  let li = ol.lastElementChild;
  let prev = keep > 0 ? v.moves[keep - 1] : null;
  for (const m of v.moves.slice(keep)) {
    // a new line (a numbered turn) when another player's turn begins; a player's own chance outcomes
    // (a roll, the cards drawn after a play) stay on their line
    if (!li || !prev || m.name !== prev.name) {
      li = document.createElement("li");
      const who = document.createElement("span");
      who.className = "who";
      li.append(who);
      ol.append(li);
    }
    const who = li.querySelector(".who");
    if (!who.textContent) who.textContent = m.name;
    const last = li.querySelector("a.move:last-of-type");
    if (last && prev && prev.chance && m.chance && hiddenRun(last, prev, m)) {
      // outcomes hidden from this viewer among a run of the same kind (the cards of a deal) make one
      // entry, "deal ×36: Ah Ts Kd", listing only what the viewer saw; it shows the run's last position
      const count = (Number(last.dataset.count) || 1) + 1;
      const seen = last.dataset.count ? JSON.parse(last.dataset.seen) : outcomeSeen(prev);
      seen.push(...outcomeSeen(m));
      last.dataset.count = count;
      last.dataset.seen = JSON.stringify(seen);
      last.dataset.ply = m.ply;
      last.textContent = `${m.kind} ×${count}${seen.length ? `: ${seen.join(" ")}` : ""}`;
    } else {
      li.append(moveLink(m), " ");
    }
    if (m.no_move) {  // a turn whose roll allowed no move at all says so
      const span = document.createElement("span");
      span.className = "nomove";
      span.textContent = "(no move)";
      li.append(span);
    }
    prev = m;
  }
  app.shownMoves = v.moves.map(moveKey);
  const cur = ol.querySelector("a.current");
  if (cur) cur.classList.remove("current");
  if (v.browsing) {
    const a = ol.querySelector(`a[data-ply="${v.ply}"]`);
    if (a) a.classList.add("current");
  } else {
    ol.scrollTop = ol.scrollHeight;
  }
}

function renderEmbedNav(v) {
  $("embed-status").textContent = v.browsing ? "" : v.status;
  // "Open in pygames" carries the game as it stands (its record, when the game shows one)
  $("embed-open").href = v.record
    ? `./index.html#record=${b64urlEncode(JSON.stringify(v.record))}&seats=${v.seats.map((s) => (s === "human" ? s : "human")).join(",")}`
    : `./index.html${location.hash}`;
}
async function embedGo(ply) {
  if (!app.view) return;
  try {
    const to = Math.max(0, Math.min(ply, app.view.plies));
    render(await call("view", to === app.view.plies ? {} : { ply: to }));
  } catch (e) { showError(e.message); }
}
$("embed-first").addEventListener("click", () => embedGo(0));
$("embed-prev").addEventListener("click", () => embedGo(app.view.ply - 1));
$("embed-next").addEventListener("click", () => embedGo(app.view.ply + 1));
$("embed-last").addEventListener("click", () => embedGo(app.view.plies));

function candidates() {
  const v = app.view;
  if (!v || !v.human_turn || !INTERACTIVE) return [];
  const sel = app.selection;
  return v.legal.filter((a) => {
    if (!a.targets.length) return false;
    if (a.select === "set") return sel.every((t) => a.targets.includes(t));
    return sel.every((t, i) => a.targets[i] === t);
  });
}

function nextTargets() {
  const sel = app.selection;
  const out = new Set();
  for (const a of candidates()) {
    if (a.select === "set") a.targets.forEach((t) => { if (!sel.includes(t)) out.add(t); });
    else if (a.targets.length > sel.length) out.add(a.targets[sel.length]);
  }
  return out;
}

function highlight() {
  const svg = $("board");
  const next = nextTargets();
  const first = app.selection.length === 0;
  svg.querySelectorAll("[data-target]").forEach((el) => {
    const t = el.dataset.target;
    el.classList.toggle("selected", app.selection.includes(t));
    el.classList.toggle("from", first && next.has(t));
    el.classList.toggle("target", !first && next.has(t));
  });
  keyboardTargets(next);
  const confirm = $("confirm-set");
  if (confirm) {
    const done = candidates().find((a) => a.select === "set" && a.targets.length === app.selection.length);
    confirm.disabled = !done;
  }
}

function renderButtons() {
  const box = $("action-buttons");
  box.textContent = "";
  const v = app.view;
  if (!v || !v.human_turn || !INTERACTIVE) return;
  for (const a of v.legal.filter((x) => !x.targets.length)) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "action";
    b.textContent = a.label;
    b.dataset.action = a.notation;
    b.addEventListener("click", () => play(a.notation, performance.now()));
    box.append(b);
  }
  if (v.legal.some((a) => a.select === "set")) {
    const b = document.createElement("button");
    b.type = "button"; b.id = "confirm-set"; b.textContent = "Confirm";
    b.addEventListener("click", () => {
      const a = candidates().find((x) => x.select === "set" && x.targets.length === app.selection.length);
      if (a) play(a.notation, performance.now());
    });
    box.append(b);
  }
}

// One action at a time: clicks while the last one is on its way to Python are ignored.
async function play(notation, clickStart) {
  if (app.acting) return;
  app.acting = true;
  try {
    render(await call("act", { notation }), clickStart);
  } catch (e) {
    showError(e.message);
  } finally {
    app.acting = false;
  }
}

// Keyboard play: the targets that can be clicked now are buttons with one place in the tab order (a
// roving tabindex): Tab reaches the board, the arrow keys move between its live targets in reading
// order, Enter or Space clicks one.
function liveTargets() {
  return [...$("board").querySelectorAll("[data-target][role='button']")];
}
function keyboardTargets(next) {
  let roving = null;
  $("board").querySelectorAll("[data-target]").forEach((el) => {
    const live = next.has(el.dataset.target) || app.selection.includes(el.dataset.target);
    if (live) {
      el.setAttribute("tabindex", "-1");
      el.setAttribute("role", "button");
      // its name: a <title> child names an SVG element by itself; a title deeper down is lent to it
      const t = el.querySelector(":scope > title") ? null : el.querySelector("title");
      if (t) el.setAttribute("aria-label", t.textContent.trim());
      if (!roving || el.dataset.target === app.roving) roving = el;
    } else {
      el.removeAttribute("tabindex");
      el.removeAttribute("role");
    }
  });
  if (roving) roving.setAttribute("tabindex", "0");
}
function readingOrder(els) {
  const at = new Map(els.map((el) => [el, el.getBoundingClientRect()]));
  return els.sort((a, b) => {
    const ra = at.get(a), rb = at.get(b);
    return Math.abs(ra.top - rb.top) > 6 ? ra.top - rb.top : ra.left - rb.left;
  });
}
function focusTarget(el) {
  for (const x of liveTargets()) x.setAttribute("tabindex", x === el ? "0" : "-1");
  app.roving = el.dataset.target;
  el.focus();
}
$("board").addEventListener("keydown", (e) => {
  const here = e.target.closest && e.target.closest("[data-target]");
  if ((e.key === "Enter" || e.key === " ") && here) {
    e.preventDefault();
    app.roving = here.dataset.target;
    boardClick(e.target);
    const again = $("board").querySelector(`[data-target="${app.roving}"][role='button']`)
      || $("board").querySelector("[data-target][tabindex='0']");
    if (again) focusTarget(again);
    return;
  }
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
  if (step || e.key === "Home" || e.key === "End") {
    const live = readingOrder(liveTargets());
    if (!live.length) return;
    e.preventDefault();
    let i = here ? live.indexOf(here) : -1;
    if (e.key === "Home") i = 0;
    else if (e.key === "End") i = live.length - 1;
    else i = (i + step + live.length) % live.length;
    focusTarget(live[i]);
  }
});

// Drag and drop (mouse, pen or touch): pressing on a live target and letting go on another is the same
// as clicking the two. A press and release on one target is an ordinary click.
$("board").addEventListener("pointerdown", (e) => {
  const el = e.target.closest("[data-target]");
  app.dragFrom = el && nextTargets().has(el.dataset.target) ? el.dataset.target : null;
});
$("board").addEventListener("pointerup", (e) => {
  const from = app.dragFrom;
  app.dragFrom = null;
  if (!from) return;
  const under = document.elementFromPoint(e.clientX, e.clientY);
  const to = under && under.closest && under.closest("[data-target]");
  if (!to || to.dataset.target === from) return;
  const src = $("board").querySelector(`[data-target="${from}"]`);
  if (!src) return;
  app.selection = [];
  boardClick(src);
  const dst = $("board").querySelector(`[data-target="${to.dataset.target}"]`);
  if (dst && app.view && nextTargets().has(to.dataset.target)) boardClick(dst);
});

$("board").addEventListener("click", (e) => boardClick(e.target));

function boardClick(target) {
  const t0 = performance.now();
  const el = target.closest("[data-target]");
  const v = app.view;
  if (!el || !v || !v.human_turn || !INTERACTIVE) return;
  const t = el.dataset.target;
  const sel = app.selection;
  if (sel.includes(t)) {
    // clicking a selected target again deselects it (and everything after it, for sequences)
    app.selection = sel.slice(0, sel.indexOf(t));
  } else if (nextTargets().has(t)) {
    app.selection = [...sel, t];
  } else {
    app.selection = [];
    if (nextTargets().has(t)) app.selection = [t];
  }
  const cands = candidates();
  const exact = cands.filter((a) => a.select !== "set" && a.targets.length === app.selection.length);
  // one gesture: the action is played as soon as the clicks so far allow only one
  const only = cands.length === 1 && cands[0].select !== "set" ? cands[0] : exact.length === 1 ? exact[0] : null;
  if (only && app.selection.length > 0) {
    play(only.notation, t0);
    return;
  }
  highlight();
  app.timings.push(performance.now() - t0);
}

// ----- buttons -------------------------------------------------------------------------------------
function guarded(fn) {
  return async () => { try { await fn(); } catch (e) { showError(e.message); } };
}
$("undo").addEventListener("click", guarded(async () => render(await call("undo"))));
$("redo").addEventListener("click", guarded(async () => render(await call("redo"))));
$("browse-back").addEventListener("click", guarded(async () => render(await call("view", {}))));
function newGame() {
  clearTimeout(app.botTimer);
  clearTimeout(app.forcedTimer);
  const id = app.view ? app.view.game : app.games[0].id;
  location.hash = `new=${id}`;
}
$("new").addEventListener("click", newGame);
$("gameover-new").addEventListener("click", newGame);
$("gameover-close").addEventListener("click", () => { $("gameover").hidden = true; });
// Rematch: the same game and options, the seats turned one place (two players swap sides)
$("rematch").addEventListener("click", () => {
  const a = app.lastArgs;
  if (!a) return;
  startGame({ game: a.game, options: a.options, seats: [...a.seats.slice(1), a.seats[0]] });
});
try { $("pace").value = localStorage.getItem("pygames:pace") || "normal"; } catch (e) { /* blocked */ }
// ?autoplay=0 in the address turns it off for this page only (browser tests of forced moves use it)
try { $("autoplay").checked = localStorage.getItem("pygames:autoplay") !== "off"; } catch (e) { /* blocked */ }
if (params.get("autoplay") === "0") $("autoplay").checked = false;
$("autoplay").addEventListener("change", () => {
  try { localStorage.setItem("pygames:autoplay", $("autoplay").checked ? "on" : "off"); } catch (e) { /* blocked */ }
  if (app.view) render(app.view);
});
$("pace").addEventListener("change", () => {
  try { localStorage.setItem("pygames:pace", $("pace").value); } catch (e) { /* storage blocked */ }
});
// Keys: ←/→ step through the positions, Home/End jump; Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo.
// Inside the board the arrows move between the live targets instead (see the board's own handler).
document.addEventListener("keydown", (e) => {
  if ($("play").hidden || !app.view || e.altKey || e.metaKey) return;
  if (e.target.closest && e.target.closest("input, select, textarea, #board")) return;
  const v = app.view;
  const ctrl = e.ctrlKey;
  if (ctrl && (e.key === "z" || e.key === "Z") && !e.shiftKey) { e.preventDefault(); if (!$("undo").disabled) $("undo").click(); return; }
  if (ctrl && (e.key === "y" || ((e.key === "z" || e.key === "Z") && e.shiftKey))) { e.preventDefault(); if (!$("redo").disabled) $("redo").click(); return; }
  if (ctrl) return;
  const steps = { ArrowLeft: v.ply - 1, ArrowRight: v.ply + 1, Home: 0, End: v.plies };
  if (e.key in steps) {
    e.preventDefault();
    embedGo(steps[e.key]);
  }
});
$("save").addEventListener("click", guarded(async () => {
  const rec = await call("record");
  const blob = new Blob([JSON.stringify(rec, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${rec.game}-${rec.seed}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}));
$("load-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  e.target.value = "";
  if (!f) return;
  const text = await f.text();
  let record;
  try {
    record = JSON.parse(text);
  } catch (err) {
    showError(`The file ${f.name} is not a saved game: it is not valid JSON.`);
    return;
  }
  // keep the current seats when the file is a game of the same kind; else every seat is human
  const seats = app.view && record && record.game === app.view.game ? app.view.seats : undefined;
  loadRecord(record, seats, `The file ${f.name}`);
});
$("share").addEventListener("click", guarded(async () => {
  const rec = await call("record");
  const url = `${location.origin}${location.pathname}#record=${b64urlEncode(JSON.stringify(rec))}`
    + `&seats=${app.view.seats.join(",")}`;
  const input = $("share-url");
  input.value = url;
  input.hidden = false;
  input.select();
  const done = $("share-done");
  const say = (text) => {
    done.textContent = text;
    done.hidden = false;
    clearTimeout(app.shareTimer);
    app.shareTimer = setTimeout(() => { done.hidden = true; }, 4000);
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(url).then(() => say("Link copied to the clipboard."),
      () => say("Copy the link below."));
  } else {
    say("Copy the link below.");
  }
}));
