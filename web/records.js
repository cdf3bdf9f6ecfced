// Records and sharing: starting a game, loading a record (a share link, a file, a saved game), saving it
// to a file and sharing it as a link. A record is {game, options, seed, actions[]}: Python replays and
// checks every action.
import { $, app, call, showError, guarded, show, b64urlEncode, EMBED } from "./shell.js";
import { render } from "./view.js";
import { goHome } from "./home.js";
import { newSave } from "./saves.js";
import { loadGlossary } from "./explain.js";

// ----- input from links, files and storage ---------------------------------------------------------
// Only the shapes the page expects go to the worker: options are one flat object of names and plain
// values, a record one flat object {game, options, seed, actions, arranged?} with actions a list of
// strings, seats a short list of strings. Anything else (deep nesting included) is refused here with a
// message; Python checks every value again and names what is wrong.
const plainObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const plainValue = (x) => ["string", "number", "boolean"].includes(typeof x);
export function checkOptions(options) {
  if (options === undefined) return;
  if (!plainObject(options)) throw new Error("its options are not a list of names and values");
  for (const [k, v] of Object.entries(options)) {
    if (!plainValue(v)) throw new Error(`its option "${k.slice(0, 40)}" is not a plain value`);
  }
}
export function checkSeats(seats) {
  if (seats === undefined) return;
  // at most as many seats as the largest game has (17 in the largest card game)
  const most = Math.max(16, ...(app.games || []).map((g) => g.max_players || 0));
  if (!Array.isArray(seats) || seats.length > most || !seats.every((s) => typeof s === "string" && s.length < 40)) {
    throw new Error("its seats are not a list of seat names");
  }
}
const RECORD_FIELDS = ["game", "options", "seed", "actions", "arranged"];
export function checkRecord(record) {
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

/** Leave a tutorial step for a game of one's own. */
function endTutorial() {
  app.tutorial = null;
  $("tutorial-box").hidden = true;
  document.body.classList.remove("tutorial");  // its hiding of the panel's buttons (and game over's) ends too
}

export async function startGame(args) {
  endTutorial();
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

/** Show a game the bridge just started or loaded; ``saveId`` is the saved game it resumes (else a new
 * entry in the games in progress, unless it is an embed or a tutorial). */
export function enterGame(v, saveId) {
  app.lastArgs = { game: v.game, options: v.options, seats: v.seats };
  app.saveId = EMBED || app.tutorial ? null : saveId || newSave(v);
  if (!EMBED && !app.tutorial) history.replaceState(null, "", `${location.pathname}${location.search}#play=${app.saveId}`);
  show("play");
  $("error").hidden = true;  // an earlier failure (a bad link, a game that could not start) is behind us
  loadGlossary(v.game);
  render(v);
}

export async function loadRecord(record, seats, what) {
  endTutorial();
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

// A saved file is the record with the seats beside it ({game, options, seed, actions, seats}), so loading
// it plays on against the same computers; a file of a record alone (older saves) keeps the seats of the
// game on screen when it is the same game, else every seat is human.
$("save").addEventListener("click", guarded(async () => {
  const rec = await call("record");
  const blob = new Blob([JSON.stringify({ ...rec, seats: app.view.seats }, null, 1)], { type: "application/json" });
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
  let seats;
  if (record && typeof record === "object" && !Array.isArray(record) && "seats" in record) {
    ({ seats, ...record } = record);  // the file's own seats (checked with the record by loadRecord)
  } else if (app.view && record && record.game === app.view.game) {
    seats = app.view.seats;
  }
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
