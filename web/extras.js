// The computer as a teacher, when the bridge offers it: a Hint button on your turn (on by default against
// the computer; `hint` names a move and its targets, marked on the board) and, once a game is over, a
// review chart under the board (`review`: each side's chance of winning after every ply, the moves that
// lost the most marked; a click on the chart shows that position). Both are left out while the worker
// does not know these commands.
import { $, app, call, optionalCall, guarded, store, stored, INTERACTIVE } from "./shell.js";
import { embedGo } from "./moves.js";

export const features = { hint: false, review: false };

/** Ask the worker once which of the optional commands it has (an unknown one says so). */
export async function probeFeatures() {
  for (const name of Object.keys(features)) {
    try {
      features[name] = (await optionalCall(name, {})) !== null;
    } catch (e) {
      features[name] = true;  // known, only refused without a game
    }
  }
}

// the Hint button: on by default against the computer, off in hot seat, then as the player last chose
function hintsOn(v) {
  const choice = stored("pygames:hints");
  return choice === null ? v.seats.some((s) => s !== "human") : choice === "on";
}
$("show-hints").addEventListener("change", () => {
  store("pygames:hints", $("show-hints").checked ? "on" : "off");
  if (app.view) afterRender(app.view);
});

$("hint").addEventListener("click", guarded(async () => {
  const v = app.view;
  const h = await call("hint", {});
  if (app.view !== v) return;
  const targets = new Set(h.targets || []);
  $("board").querySelectorAll("[data-target]").forEach((el) => el.classList.toggle("hinted", targets.has(el.dataset.target)));
  const win = typeof h.win === "number" ? `, about ${Math.round(h.win * 100)}% to win` : "";
  $("hint-text").textContent = `Hint (${h.level || "computer"}): ${h.notation}${win}.`;
  $("hint-text").hidden = false;
}));

let reviewed = null;
export function afterRender(v) {
  $("hint-text").hidden = true;
  $("hint-option").hidden = !features.hint;
  $("show-hints").checked = hintsOn(v);
  $("hint").hidden = !(features.hint && INTERACTIVE && !app.tutorial && !v.terminal && hintsOn(v));
  $("hint").disabled = !v.human_turn;
  $("hint").title = v.human_turn ? "The computer suggests a move" : "A hint is for your turn: wait for it";
  if (!v.terminal && !v.browsing) { $("review-box").hidden = true; reviewed = null; }
}

/** The review chart of the game just over (asked for by "Review the game": the worker takes a moment). */
export async function showReview() {
  const v = app.view;
  if (!features.review || !v || !v.terminal || reviewed === v.record) return;
  reviewed = v.record;
  $("review-box").hidden = false;
  $("review-chart").textContent = "The computer is going over the game…";
  $("review-box").scrollIntoView({ block: "nearest" });
  let r = null;
  try { r = await optionalCall("review", {}); } catch (e) { r = null; }
  if (r && app.view && (app.view.terminal || app.view.browsing)) drawReview(r, v);
  else $("review-box").hidden = true;
}

const SVGNS = "http://www.w3.org/2000/svg";
function el(name, attrs) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, val] of Object.entries(attrs)) e.setAttribute(k, val);
  return e;
}

function drawReview(r, v) {
  const plies = r.plies || [];
  if (!plies.length) return;
  const me = v.viewer ?? 0;
  const W = 600, H = 140, last = plies[plies.length - 1].ply || plies.length;
  const x = (ply) => 20 + (ply / Math.max(1, last)) * (W - 40);
  const y = (p) => 10 + (1 - p) * (H - 30);
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `${v.player_names[me]}'s chance of winning over the game` });
  svg.append(el("line", { x1: 20, x2: W - 20, y1: y(0.5), y2: y(0.5), class: "mid" }));
  const pts = plies.filter((p) => Array.isArray(p.win)).map((p) => `${x(p.ply)},${y(p.win[me])}`).join(" ");
  svg.append(el("polyline", { points: pts, class: "win" }));
  for (const m of r.marks || []) {
    const p = plies.find((q) => q.ply === m.ply);
    if (!p || !Array.isArray(p.win)) continue;
    const dot = el("circle", { cx: x(m.ply), cy: y(p.win[me]), r: 6, class: "mark", tabindex: 0 });
    const t = el("title", {});
    t.textContent = `${v.player_names[m.player] || ""} at move ${m.ply}: ${p.notation} lost ${Math.round(m.loss * 100)}%`
      + (m.better ? `; better: ${m.better}` : "");
    dot.append(t);
    dot.addEventListener("click", () => embedGo(m.ply));
    svg.append(dot);
  }
  svg.addEventListener("click", (e) => {
    if (e.target.classList.contains("mark")) return;
    const box = svg.getBoundingClientRect();
    const ply = Math.round(((e.clientX - box.left) / box.width * W - 20) / (W - 40) * last);
    embedGo(Math.max(0, Math.min(last, ply)));
  });
  const box = $("review-chart");
  box.textContent = "";
  box.append(svg);
  $("review-box").hidden = false;
}
