// Learn by playing (#tutorial=GAME, from the start page and the guide): tutorials/<game>.json is a list
// of steps, each a position (a record in the game's notation), one sentence and a task done on the real
// board. A move the step accepts completes it; another legal move shows the step's hint and is not
// played; a click that makes no legal move gets the engine's "why not?" as in any game. Nothing here is
// saved, and nobody else moves.
//
// The player's move is never replaced silently. A step whose record is the previous step's record, one
// move that step accepts, then what follows it (chance outcomes, the others' replies) *follows* it: when
// the player did the previous step, it starts from the position they reached with their own move (the
// record with their move in place of the scripted one; tests/test_tutorials.py checks that every
// accepted move leads to a position where the step's moves are legal and the outcomes are the ones the
// player saw). Any other step starts from a position of its own and says so first: "The board is set up
// for this step: " and its `setup` sentence (also shown by a step that follows but plays the player's own
// moves for them). Should the engine refuse the continued record, or any of the step's moves be illegal
// there, the step's own position is shown, saying so. The page knows no rule: the engine answers.
import { $, app, call, gameInfo, show, showError } from "./shell.js";
import { enterGame } from "./records.js";
import { render } from "./view.js";
import { termsIn, loadGlossary, quietTips } from "./explain.js";
import { candidates } from "./board.js";
import { goHome } from "./home.js";

const found = new Map();
/** Whether the game has a tutorial (built into tutorials/<game>.json). */
export function hasTutorial(game) {
  if (!found.has(game)) {
    found.set(game, fetch(`./tutorials/${game}.json`, { method: "HEAD" }).then((r) => r.ok).catch(() => false));
  }
  return found.get(game);
}

let course = null;  // {game, title, steps, actual, played}

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
  // actual[i]: the actions step i was last started from; played[i]: the accepted move the player made there
  course = { game, title: data.title || game, steps: data.steps, actual: [], played: [] };
  await loadGlossary(game);
  await loadStep(Math.max(0, Math.min(stepNo, data.steps.length - 1)));
}

// Whether step i follows step i - 1: its record is that step's record, one move it accepts, and more.
function follows(i) {
  if (i <= 0) return false;
  const prev = course.steps[i - 1].record || {}, own = (course.steps[i].record || {}).actions || [];
  const before = prev.actions || [];
  const accept = (course.steps[i - 1].task && course.steps[i - 1].task.accept) || [];
  return own.length > before.length && before.every((a, k) => own[k] === a) && accept.includes(own[before.length]);
}

const SETUP = "The board is set up for this step:";

async function loadStep(i) {
  const step = course.steps[i];
  const rec = step.record || {};
  const own = rec.actions || [];
  const record = (actions) => ({ game: course.game, options: rec.options || {}, seed: rec.seed ?? 1,
    actions, arranged: true });
  // continue from the player's own move when they did the previous step here
  const before = i > 0 && course.steps[i - 1].record ? course.steps[i - 1].record.actions || [] : [];
  const continued = follows(i) && course.actual[i - 1] && course.played[i - 1] !== undefined
    ? [...course.actual[i - 1], course.played[i - 1], ...own.slice(before.length + 1)] : null;
  course.played[i] = undefined;
  app.tutorial = { step: i, done: !step.task, onMove, laidOut };
  document.body.classList.add("tutorial");
  let v;
  let refused = false;
  try {
    const seats = stepSeats(record(own), step);
    const load = async (actions) => {
      let w = await call("load", { record: record(actions), seats }).catch((e) => (seats ? call("load", { record: record(actions) }) : Promise.reject(e)));
      if (w.curtain) w = await call("view", { handover: true });
      return w;
    };
    if (continued) {
      // the engine answers whether the step still makes sense after the player's move
      v = await load(continued).catch(() => null);
      const legal = new Set(((v && v.legal) || []).map((a) => a.notation));
      if (!v || !((step.task && step.task.accept) || []).every((a) => legal.has(a))) { v = null; refused = true; }
    }
    if (!v) v = await load(own);
    course.actual[i] = continued && !refused ? continued : own;
  } catch (e) {
    app.tutorial = null;
    goHome();
    showError(`This tutorial step could not be set up: ${e.message}`);
    return;
  }
  enterGame(v);
  quietTips();  // a term that lands under a still pointer is not explained over the new step's text
  $("tutorial-box").hidden = false;
  $("tutorial-title").textContent = `${course.title}: step ${i + 1} of ${course.steps.length}`;
  const setup = $("tutorial-setup");
  const fresh = i > 0 && (!follows(i) || refused || step.setup);
  setup.hidden = !fresh;
  setup.textContent = !fresh ? "" : refused
    ? `${SETUP} your move does not lead here, so it starts from a position of its own${step.setup ? `: ${step.setup}` : "."}`
    : `${SETUP} ${step.setup || "a position of its own."}`;
  document.body.dataset.tutorialFrom = !i ? "start" : fresh ? "setup" : continued ? "your-move" : "record";
  termsIn($("tutorial-text"), step.text || "");
  say(step.task ? "Your turn: do it on the board." : "", "");
  $("tutorial-prev").disabled = i === 0;
  $("tutorial-prev").title = i === 0 ? "This is the first step" : "";
  const last = i === course.steps.length - 1;
  $("tutorial-next").textContent = last ? "Play a game" : "Next step";
  setNext();
  document.body.dataset.tutorialStep = String(i);
}

// Called by the view once a view is laid out: the board fitted beside or under the step, and on a new
// step its task scrolled into view.
function laidOut() {
  const t = app.tutorial;
  fitBoard();
  showKey();  // the step's box grows with it: the board is fitted again (its ResizeObserver)
  if (!t.shown) { t.shown = true; showTask(course.steps[t.step]); }
  keepTarget();
  showResult();
}

// A drawing's key (an SVG group of class "key", e.g. "How to read a card": its aria-label, else its first
// line, is the heading) in the step's box while the board scrolls in a box of its own, and always on a
// phone (newcomers found the key's end below the fold inside the board's scroll area at 1280×800, and
// under the turn's bar or out of sight on a phone); the drawing's own copy is then hidden (app.css).
const PHONE = window.matchMedia("(max-width:900px)");
function showKey() {
  const p = $("tutorial-key");
  const fitted = $("board-box").classList.contains("tutorial-fit");
  const g = fitted || PHONE.matches ? $("board").querySelector("svg g.key") : null;
  const lines = g ? [...g.querySelectorAll("text")].map((e) => e.textContent.trim()).filter(Boolean) : [];
  const named = g && g.getAttribute("aria-label");
  if (named) lines.unshift(named);
  p.hidden = lines.length < 2;
  if (p.hidden) return;
  const head = document.createElement("strong");
  head.textContent = `${lines[0]}: `;
  p.textContent = "";
  p.append(head, lines.slice(1).join(" "));
}

// The step's text and the board in view together, neither over the other. When the step sits above the
// board (a board drawn full width, a phone) and the two do not fit on the screen, the board gets the
// height left under the step and over the turn's controls, and scrolls inside it (class tutorial-fit,
// which applies only while body.tutorial is set).
function fitBoard() {
  const bb = $("board-box"), box = $("tutorial-box"), at = bb.scrollTop;
  bb.classList.remove("tutorial-fit");
  if (!app.tutorial || box.hidden) return;
  const top = box.getBoundingClientRect().top, under = bb.getBoundingClientRect().top;
  if (box.getBoundingClientRect().bottom > under + 1) return;  // beside the board: both in view already
  const room = Math.floor(window.innerHeight - (under - top) - $("controls").offsetHeight - 12);
  if (room < 160 || bb.scrollHeight <= room) return;  // it fits, or too little room to be of use
  bb.style.setProperty("--tutorial-room", `${room}px`);
  bb.classList.add("tutorial-fit");
  bb.scrollTop = at;  // fitted again (a new view, a taller step box): where the player had it
}
window.addEventListener("resize", () => { if (app.tutorial) fitBoard(); });
// The step's box grows with a hint or the step's end: the board keeps its room under it, and the task's
// next target stays where the player can tap it.
new ResizeObserver(() => {
  if (!app.tutorial || $("tutorial-box").hidden) return;
  fitBoard();
  keepTarget();
  showResult();
}).observe($("tutorial-box"));
// after a tap on the board (a card picked), the task's next target in view
$("board").addEventListener("click", () => { if (app.tutorial) requestAnimationFrame(keepTarget); });

// The task's next target (the next click of a move the step accepts, after the clicks so far) within the
// part of the screen that the step's box and the turn's bar (sticky on a phone) leave free, and within the
// board's own box when it scrolls: the board box scrolls, else the page. A newcomer found step 2's target
// half under the box after a tap. Nothing moves while one such target is in that part already.
function keepTarget() {
  const t = app.tutorial;
  if (!t || t.done || !course) return;
  const step = course.steps[t.step];
  const accept = new Set((step.task && step.task.accept) || []);
  const sel = app.selection || [];
  const els = [], lasts = [];
  const at = (id) => id && $("board").querySelector(`[data-target="${CSS.escape(id)}"]`);
  for (const a of candidates()) {
    if (!accept.has(a.notation)) continue;
    const next = a.select === "set" ? a.targets.find((x) => !sel.includes(x)) : a.targets[sel.length];
    const e = at(next);
    if (e) { els.push(e); if (a.select !== "set" && els.length === 1) lasts.push(at(a.targets[a.targets.length - 1]) || e); }
  }
  if (!els.length) return;
  // with the next click's target, the move's last one (a shot's target cell after the trump) when both fit
  if (lasts.length && lasts[0] !== els[0]) {
    const f = free(), a = els[0].getBoundingClientRect(), b = lasts[0].getBoundingClientRect();
    const top = Math.min(a.top, b.top), bottom = Math.max(a.bottom, b.bottom);
    if (bottom - top <= f.bottom - f.top) {
      if (!(top >= f.top && bottom <= f.bottom)) bringIn(top, bottom);
      return;
    }
  }
  if (els.some((e) => inside(e, free()))) return;
  const r = els[0].getBoundingClientRect();
  bringIn(r.top, r.bottom);
}

// The part of the screen that the step's box and the turn's bar (sticky on a phone) leave free, within
// the board's own box when it scrolls (a fitted board, see fitBoard): {top, bottom} in client pixels.
function free() {
  const bb = $("board-box"), fitted = bb.classList.contains("tutorial-fit");
  const box = $("tutorial-box").getBoundingClientRect(), frame = bb.getBoundingClientRect();
  const ctl = $("controls"), sticky = getComputedStyle(ctl).position === "sticky";
  let top = 0, bottom = window.innerHeight;
  if (box.bottom <= frame.top + 1) top = Math.max(top, box.bottom);  // the step above the board
  if (fitted) { top = Math.max(top, frame.top); bottom = Math.min(bottom, frame.bottom); }
  if (sticky) bottom = Math.min(bottom, ctl.getBoundingClientRect().top);
  return { top: top + 4, bottom: bottom - 4 };
}

const inside = (e, f) => { const r = e.getBoundingClientRect(); return r.top >= f.top && r.bottom <= f.bottom; };

// Scroll the board's box (a fitted board) or else the page so that client rows top..bottom are in the free
// part (their top first when they do not fit); a fitted board at its end: the page goes the rest of the way.
function bringIn(top, bottom) {
  const bb = $("board-box"), fitted = bb.classList.contains("tutorial-fit");
  const by = (d) => (fitted ? (bb.scrollTop += d) : window.scrollBy(0, d));
  let f = free();
  const before = bb.scrollTop, y0 = window.scrollY;
  if (top < f.top) by(top - f.top); else if (bottom > f.bottom) by(Math.min(bottom - f.bottom, top - f.top));
  const moved = (before - bb.scrollTop) + (y0 - window.scrollY);  // how far the rows went down
  f = free();
  top += moved; bottom += moved;
  if (bottom > f.bottom && fitted) window.scrollBy(0, Math.min(bottom - f.bottom, top - f.top));
}

// Once the step's move is played, what it did in view: the cell of its last target (the attacked or shot
// cell, the cell moved to), where the drawing marks the result (a newcomer's tap on a trump had fired a
// shot at a cell scrolled out of sight). Asked again after each layout until the step is left.
function showResult() {
  const t = app.tutorial;
  if (!t || !t.done || !t.result) return;
  const e = $("board").querySelector(`[data-target="${CSS.escape(t.result)}"]`);
  if (!e || inside(e, free())) return;
  const r = e.getBoundingClientRect();
  bringIn(r.top, r.bottom);
}

// The step's task in view with its text: the step (and the board) from their top, a board taller than
// the screen then scrolled just enough to show where the task is done; a fitted board (see fitBoard)
// scrolls inside its box, the step at the top of the screen.
function showTask(step) {
  const top = Math.min($("tutorial-box").getBoundingClientRect().top, $("board-box").getBoundingClientRect().top);
  if (top < 0 || $("board-box").classList.contains("tutorial-fit")) window.scrollTo({ top: top + window.scrollY - 4 });
  const accept = new Set((step.task && step.task.accept) || []);
  const move = ((app.view && app.view.legal) || []).find((a) => accept.has(a.notation));
  const t = move && move.targets.length ? $("board").querySelector(`[data-target="${CSS.escape(move.targets[0])}"]`) : null;
  if (!t) return;
  const box = t.getBoundingClientRect(), frame = $("board-box").getBoundingClientRect();
  if (box.top < Math.max(0, frame.top) || box.bottom > Math.min(window.innerHeight, frame.bottom)) {
    t.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
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
    const move = ((app.view && app.view.legal) || []).find((a) => a.notation === notation);
    t.result = move && move.targets.length ? move.targets[move.targets.length - 1] : null;  // see showResult
    course.played[t.step] = notation;  // the next step goes on from this move when it follows this one
    call("act", { notation }).then((v) => {
      if (app.tutorial !== t) return;
      if (v.curtain) return call("view", { handover: true }).then(render);
      return render(v);
    }).catch((e) => showError(e.message)).finally(() => {
      if (app.tutorial !== t) return;
      say(step.done || "Well done.", "done");
      $("status").textContent = "Step done.";  // nobody else moves in a tutorial (not "thinking…")
      setNext();
      $("tutorial-next").focus({ preventScroll: true });  // the move's result stays in view (showResult)
      requestAnimationFrame(showResult);
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
