// Explanations: "why not?" for a click that matches no legal action (the engine's `explain` command says
// why, with the rule it enforces and a link to that rule), and the game's glossary: wherever one of its
// terms appears in the status line, the buttons or the option help, hovering, focusing or tapping it
// shows what it means. The page knows no game: terms come from glossary/<game>.json (build.py writes it
// from the rules page) and are matched in whatever text the bridge sends.
import { $, app, optionalCall } from "./shell.js";

// ----- why not? --------------------------------------------------------------------------------------
let asked = 0;
/** Ask the engine why ``targets`` (the clicks so far, the refused one last) make no legal action. */
export async function whyNot(targets) {
  const v = app.view;
  if (!v || !v.human_turn || app.noExplain) return;
  const n = ++asked;
  let out;
  try {
    out = await optionalCall("explain", { targets });
  } catch (e) {
    out = { text: e.message };  // the engine could not say: its own words are still better than nothing
  }
  if (n !== asked || app.view !== v) return;  // another click or another view came first
  if (out === null) {
    app.noExplain = true;  // this worker has no `explain` yet: say only what the page knows
    out = { text: "That is not a move you can make now." };
  }
  showWhy(out);
}

function showWhy(out) {
  const box = $("why");
  box.textContent = "";
  const head = document.createElement("strong");
  head.textContent = "Why not? ";
  box.append(head);
  const text = document.createElement("span");
  termsIn(text, out.text || "");
  box.append(text);
  if (out.rule) {
    const a = document.createElement("a");
    a.href = `./${out.href || ""}`;
    a.target = "_blank";
    a.rel = "noopener";
    a.className = "rule-link";
    a.textContent = out.rule;
    a.title = `Rule ${out.rule} on the rules page`;
    box.append(" (", a, ")");
  }
  box.hidden = false;
  document.body.dataset.why = out.rule || "shown";
}

/** Say ``text`` in the why line: why a greyed button does nothing (its tooltip, which a phone never shows). */
export function sayWhy(text) {
  if (text) showWhy({ text });
}

export function clearWhy() {
  asked++;
  const box = $("why");
  if (box && !box.hidden) { box.hidden = true; box.textContent = ""; }
  delete document.body.dataset.why;
}

// ----- the glossary ----------------------------------------------------------------------------------
const glossaries = new Map();  // game id → Promise of {terms, re} (null: none)
function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

/** Fetch the game's glossary once (none: null), and make it the one the page explains terms from. */
export function loadGlossary(game) {
  if (!glossaries.has(game)) {
    glossaries.set(game, fetch(`./glossary/${game}.json`).then((r) => (r.ok ? r.json() : null)).then((g) => {
      const terms = g && Array.isArray(g.terms) ? g.terms.filter((t) => t && t.term && t.text) : [];
      if (!terms.length) return null;
      // longest terms first, whole words, any case
      const sorted = [...terms].sort((a, b) => b.term.length - a.term.length);
      const re = new RegExp(`(^|[^\\p{L}\\p{N}])(${sorted.map((t) => escapeRe(t.term)).join("|")})(?![\\p{L}\\p{N}])`, "giu");
      const byName = new Map(terms.map((t) => [t.term.toLowerCase(), t]));
      return { re, byName };
    }).catch(() => null));
  }
  return glossaries.get(game).then((g) => { app.glossary = g; app.glossaryGame = game; return g; });
}

/** Set ``el``'s text to ``text``, each glossary term in it a focusable span explained on hover or tap. */
export function termsIn(el, text) {
  const g = app.glossary;
  el.textContent = "";
  if (!g || !text) { el.textContent = text || ""; return; }
  const inButton = Boolean(el.closest("button"));
  let at = 0;
  g.re.lastIndex = 0;
  for (let m = g.re.exec(text); m; m = g.re.exec(text)) {
    const start = m.index + m[1].length;
    const entry = g.byName.get(m[2].toLowerCase());
    if (!entry) continue;
    el.append(text.slice(at, start));
    const span = document.createElement("span");
    span.className = "term";
    span.textContent = m[2];
    span.dataset.tip = entry.text;
    if (entry.rule) span.dataset.rule = entry.rule;
    if (inButton) {
      // inside a button a term is not a control of its own (a tap presses the button): hover explains it
      span.title = entry.text;
    } else {
      span.tabIndex = 0;
      span.setAttribute("aria-describedby", "term-tip");
    }
    el.append(span);
    at = start + m[2].length;
  }
  el.append(text.slice(at));
}

// One tooltip for the whole page, near the term it explains: under it, else over it, else under the
// buttons below it, under (over) a tutorial's step box, under a target lit on the board or at the
// bottom of the screen, each at the term or moved sideways: the first place on the screen that covers no
// button, not the step box and not the board; else none of the first two nor a lit target; else neither
// a button nor the step box (the tip goes as the pointer leaves the term for the board); else no button
// and not the board; else no button (a newcomer found the tip over "Next step", another over the step's
// text). Where every place would cover a button, the tip is not shown.
const GAP = 6;
function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}
function showTip(span) {
  const tip = $("term-tip");
  tip.textContent = `${span.textContent}: ${span.dataset.tip}${span.dataset.rule ? ` (${span.dataset.rule})` : ""}`;
  const w = Math.min(320, window.innerWidth - 16);
  tip.style.maxWidth = `${w}px`;
  tip.style.visibility = "hidden";
  tip.style.left = tip.style.top = "0px";  // measured where nothing squeezes it
  tip.hidden = false;
  const size = tip.getBoundingClientRect();
  const r = span.getBoundingClientRect();
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const buttons = [...document.querySelectorAll("button")].filter((b) => b.getClientRects().length)
    .map((b) => b.getBoundingClientRect());
  const board = $("board-box") && !$("board-box").closest("[hidden]") ? [$("board-box").getBoundingClientRect()] : [];
  const stepBox = $("tutorial-box") && !$("tutorial-box").hidden ? [$("tutorial-box").getBoundingClientRect()] : [];
  const lit = [...document.querySelectorAll("#board [data-target].from, #board [data-target].target")]
    .map((e) => e.getBoundingClientRect());
  const clampX = (x) => Math.max(8, Math.min(x, vw - size.width - 8));
  const xs = [clampX(r.left), 8, vw - size.width - 8];
  // under the term, over it, else under the buttons below it
  const ys = [r.bottom + GAP, r.top - GAP - size.height,
    ...buttons.filter((b) => b.top >= r.bottom).map((b) => b.bottom + GAP).sort((a, b) => a - b),
    ...stepBox.flatMap((b) => [b.bottom + GAP, b.top - GAP - size.height]),
    ...lit.map((b) => b.bottom + GAP).sort((a, b) => a - b), vh - size.height - GAP];
  const places = [];
  for (const y of ys) for (const x of xs) places.push({ left: x, top: y, right: x + size.width, bottom: y + size.height });
  const onScreen = (p) => p.top >= 0 && p.bottom <= vh;
  const free = (p, avoid) => !avoid.some((a) => overlaps(p, a));
  const best = places.find((p) => onScreen(p) && free(p, buttons) && free(p, stepBox) && free(p, board))
    || places.find((p) => onScreen(p) && free(p, buttons) && free(p, stepBox) && free(p, lit))
    || places.find((p) => onScreen(p) && free(p, buttons) && free(p, stepBox))
    || places.find((p) => onScreen(p) && free(p, buttons) && free(p, board))
    || places.find((p) => onScreen(p) && free(p, buttons));
  tip.style.visibility = "";
  if (!best) { tip.hidden = true; return; }
  tip.style.left = `${best.left + window.scrollX}px`;
  tip.style.top = `${best.top + window.scrollY}px`;
}
function hideTip() { $("term-tip").hidden = true; }
// After the page changes under a pointer that stays still (a tutorial's next step), a term that lands
// under it is not explained until the pointer moves: the tip is for the term the player points at.
let pointer = null, still = null;
document.addEventListener("pointermove", (e) => {
  pointer = [e.clientX, e.clientY];
  if (still && (still[0] !== e.clientX || still[1] !== e.clientY)) still = null;
}, true);
/** Hide the tip, and show none for the pointer where it is now until it moves. */
export function quietTips() { hideTip(); still = pointer; }
const termOf = (e) => e.target && e.target.closest && e.target.closest(".term");
document.addEventListener("pointerover", (e) => {
  const t = termOf(e);
  if (t && !(still && e.pointerType === "mouse" && still[0] === e.clientX && still[1] === e.clientY)) showTip(t);
});
document.addEventListener("pointerout", (e) => { if (termOf(e)) hideTip(); });
document.addEventListener("focusin", (e) => { const t = termOf(e); if (t) showTip(t); else hideTip(); });
document.addEventListener("focusout", (e) => { if (termOf(e)) hideTip(); });
// a tap on a term explains it (in an option's help it does not also toggle the option); in a button
// the tap presses the button
document.addEventListener("click", (e) => {
  const t = termOf(e);
  if (!t || t.closest("button")) return;
  if (t.closest("label")) e.preventDefault();
  showTip(t);
}, true);
document.addEventListener("keydown", (e) => { if (e.key === "Escape") hideTip(); });
