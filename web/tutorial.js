// Learn by playing (#tutorial=GAME, from the start page and the guide): tutorials/<game>.json is a list
// of steps, each a position (a record in the game's notation), one sentence and a task done on the real
// board. A move the step accepts completes it; another legal move shows the step's hint and is not
// played; a click that makes no legal move gets the engine's "why not?" as in any game. Nothing here is
// saved, and nobody else moves.
import { $, app, call, gameInfo, show, showError } from "./shell.js";
import { enterGame } from "./records.js";
import { render } from "./view.js";
import { termsIn, loadGlossary } from "./explain.js";
import { goHome } from "./home.js";

const found = new Map();
/** Whether the game has a tutorial (built into tutorials/<game>.json). */
export function hasTutorial(game) {
  if (!found.has(game)) {
    found.set(game, fetch(`./tutorials/${game}.json`, { method: "HEAD" }).then((r) => r.ok).catch(() => false));
  }
  return found.get(game);
}

let course = null;  // {game, title, steps}

export async function openTutorial(game, stepNo = 0) {
  let data;
  try {
    const r = await fetch(`./tutorials/${game}.json`);
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    data = await r.json();
    if (!data || !Array.isArray(data.steps) || !data.steps.length) throw new Error("no steps");
  } catch (e) {
    goHome();
    showError("This game has no tutorial yet: its guide explains it, and a game against the computer at the easy level is a good first try.");
    return;
  }
  course = { game, title: data.title || game, steps: data.steps };
  await loadGlossary(game);
  await loadStep(Math.max(0, Math.min(stepNo, data.steps.length - 1)));
}

async function loadStep(i) {
  const step = course.steps[i];
  const rec = step.record || {};
  const record = { game: course.game, options: rec.options || {}, seed: rec.seed ?? 1,
    actions: rec.actions || [], arranged: true };
  app.tutorial = { step: i, done: !step.task, onMove };
  document.body.classList.add("tutorial");
  let v;
  try {
    const seats = stepSeats(record, step);
    v = await call("load", { record, seats }).catch((e) => (seats ? call("load", { record }) : Promise.reject(e)));
    if (v.curtain) v = await call("view", { handover: true });
  } catch (e) {
    app.tutorial = null;
    goHome();
    showError(`This tutorial step could not be set up: ${e.message}`);
    return;
  }
  enterGame(v);
  $("tutorial-box").hidden = false;
  $("tutorial-title").textContent = `${course.title}: step ${i + 1} of ${course.steps.length}`;
  termsIn($("tutorial-text"), step.text || "");
  say(step.task ? "Your turn: do it on the board." : "", "");
  $("tutorial-prev").disabled = i === 0;
  $("tutorial-prev").title = i === 0 ? "This is the first step" : "";
  const last = i === course.steps.length - 1;
  $("tutorial-next").textContent = last ? "Play a game" : "Next step";
  setNext();
  showTask(step);
  document.body.dataset.tutorialStep = String(i);
}

// The step's task in view with its text: a board taller than the screen (one drawn full width) is
// scrolled just enough to show where the task is done (the step stays at the top of the screen).
function showTask(step) {
  const accept = new Set((step.task && step.task.accept) || []);
  const move = ((app.view && app.view.legal) || []).find((a) => accept.has(a.notation));
  const t = move && move.targets.length ? $("board").querySelector(`[data-target="${CSS.escape(move.targets[0])}"]`) : null;
  if (!t) return;
  const box = t.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) t.scrollIntoView({ block: "nearest", inline: "nearest" });
}

// The board shows the step's viewer throughout, also after the move (in hot seat it would turn to the
// next player): that seat is the only human one; the others never play, as nobody else moves here.
function stepSeats(record, step) {
  if (!Number.isInteger(step.viewer)) return undefined;
  const n = record.options.players || (gameInfo(record.game) || {}).min_players || 2;
  return Array.from({ length: n }, (_, i) => (i === step.viewer ? "human" : "random"));
}

function setNext() {
  const t = app.tutorial;
  $("tutorial-next").disabled = !t.done;
  $("tutorial-next").title = t.done ? "" : "Do the step's task on the board first";
}

function say(text, kind) {
  const box = $("tutorial-say");
  termsIn(box, text);
  box.className = kind;
  document.body.dataset.tutorial = kind || "task";
}

// a legal move picked on the board (board.js asks before playing it): true when handled here
function onMove(notation) {
  const t = app.tutorial;
  const step = course.steps[t.step];
  if (t.done || !step.task) return true;
  if ((step.task.accept || []).includes(notation)) {
    t.done = true;
    call("act", { notation }).then((v) => {
      if (app.tutorial !== t) return;
      if (v.curtain) return call("view", { handover: true }).then(render);
      return render(v);
    }).catch((e) => showError(e.message)).finally(() => {
      if (app.tutorial !== t) return;
      say(step.done || "Well done.", "done");
      $("status").textContent = "Step done.";  // nobody else moves in a tutorial (not "thinking…")
      setNext();
      $("tutorial-next").focus();
    });
  } else {
    say(step.task.hint || "That move is legal, but not the one this step asks for.", "hint");
  }
  return true;
}

$("tutorial-next").addEventListener("click", () => {
  const i = app.tutorial ? app.tutorial.step : 0;
  if (i + 1 < course.steps.length) {
    history.replaceState(null, "", `#tutorial=${course.game}&step=${i + 2}`);
    loadStep(i + 1);
  } else {
    app.tutorial = null;
    $("tutorial-box").hidden = true;
    location.hash = `new=${course.game}`;
  }
});
$("tutorial-prev").addEventListener("click", () => {
  const i = app.tutorial ? app.tutorial.step : 0;
  history.replaceState(null, "", `#tutorial=${course.game}&step=${i}`);
  loadStep(Math.max(0, i - 1));
});
$("tutorial-exit").addEventListener("click", () => {
  app.tutorial = null;
  $("tutorial-box").hidden = true;
  location.hash = "";
  show("home");
  goHome();
});
