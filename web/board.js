// The live board: clicks (and taps, drags, keys) on [data-target] elements are matched against the
// legal actions' targets; an action is played as soon as the clicks so far allow only one; actions
// without targets become buttons. A click that matches no legal action asks the engine why (explain.js).
import { $, app, call, showError, INTERACTIVE } from "./shell.js";
import { render } from "./view.js";
import { whyNot, clearWhy, termsIn } from "./explain.js";
import { confirmMove } from "./confirm.js";

// The targets of `a` the clicks `sel` stand for, in order, or null when they are no start of it: a
// prefix of its targets ("sequence") or distinct targets of its own ("set"); a click on one of a
// target's `alike` others (copies the player cannot tell apart) counts as that target. The engine's
// Action.fits matches the same way.
function slotsOf(a, sel) {
  const alike = a.alike || {};
  const used = [];
  for (let i = 0; i < sel.length; i++) {
    const slots = a.select === "set" ? a.targets : a.targets.slice(i, i + 1);
    const hit = slots.find((s) => (s === sel[i] || (alike[s] || []).includes(sel[i]))
      && (a.select !== "set" || !used.includes(s)));
    if (hit === undefined) return null;
    used.push(hit);
  }
  return used;
}

export function candidates() {
  const v = app.view;
  if (!v || !v.human_turn || !INTERACTIVE) return [];
  const sel = app.selection;
  return v.legal.filter((a) => a.targets.length > 0 && slotsOf(a, sel) !== null);
}

export function nextTargets() {
  const sel = app.selection;
  const out = new Set();
  for (const a of candidates()) {
    const used = slotsOf(a, sel);
    const open = a.select === "set" ? a.targets.filter((t) => !used.includes(t)) : a.targets.slice(sel.length, sel.length + 1);
    for (const t of open) {
      if (a.select !== "set" || !sel.includes(t)) out.add(t);
      for (const o of (a.alike || {})[t] || []) if (!sel.includes(o)) out.add(o);
    }
  }
  return out;
}

export function highlight() {
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
    confirm.title = done ? "" : "Choose everything this play takes first";
  }
}

export function renderButtons() {
  const box = $("action-buttons");
  box.textContent = "";
  box.classList.remove("many");
  const v = app.view;
  if (!v || !v.human_turn || !INTERACTIVE) return;
  for (const a of v.legal.filter((x) => !x.targets.length)) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "action";
    b.dataset.action = a.notation;
    termsIn(b, a.label);
    b.addEventListener("click", () => play(a.notation, performance.now()));
    box.append(b);
  }
  // many buttons (eight secret choices, say) sit two a row on a phone (app.css)
  box.classList.toggle("many", box.childElementCount >= 6);
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

// One action at a time: clicks while the last one is on its way to Python are ignored. A tutorial step
// (app.tutorial) decides itself what a legal move does; a move that cannot be taken back is shown and
// confirmed first (confirm.js).
export async function play(notation, clickStart) {
  if (app.acting) return;
  clearWhy();
  if (app.tutorial && app.tutorial.onMove(notation)) { app.selection = []; highlight(); return; }
  app.acting = true;
  try {
    if (!(await confirmMove(notation))) { app.selection = []; highlight(); return; }
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
    const tried = [...sel, t];
    app.selection = [];
    if (nextTargets().has(t)) app.selection = [t];
    else whyNot(tried);  // no legal action goes this way: the engine says why
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
