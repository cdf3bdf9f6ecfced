// The review of a finished game (issue 19), asked for by "Review the game", in two calls: the bridge's
// `review {part: "chart"}` gives each player's chance of winning after every ply (judged from what that
// player could see; about a second or two), drawn at once while the page says the marks are still being
// worked out; `review {part: "marks"}` (the searches, seconds more) then gives the moves that lost more
// than 20 points of it (each with its loss in whole points as the bridge words it, never 20 or less), with
// the better move, and the chart's points those marks changed (around a mark
// the line falls by its loss), and the chart is drawn again with them. The marks are asked for in slices
// of 100 ms (`slice: 0.1`, answered `{done: false}` until the last), as the computer's moves are, so that
// the worker answers a click on the chart or a step button between two at once (review27: it waited for
// all the marks, 4.3 s on a ZÈRTZ game). A game opened meanwhile never gets them: the bridge refuses
// marks of another game and the page drops an answer for a game no longer shown (and asks no more slices).
// Drawn as a chart under the board,
// at the screen's own pixel size (its text 12 px at any width): each turn of the move list one equal step
// (4 px, or down to 3.2 px to fit the box), its actions spread over it (a 36-card deal or a 22-action
// deployment is one turn, not half the chart), so a long game (hundreds of turns) scrolls sideways instead
// of crowding, its scale kept in view at the box's left edge; thin marks, red for the viewer's own moves, grey for the others', the largest losses labelled where there is room. Its axis counts turns as the move
// list numbers them (the bridge's `turn`: a turn of several actions is one number). A click on a mark (or
// Enter on it) shows the position before that move with the better move marked on the board and said in
// words, that mark marked and labelled on the chart, scrolled into its view; a click elsewhere on the chart
// shows the position after that ply.
import { $, app, optionalCall } from "./shell.js";
import { embedGo } from "./moves.js";

const SVGNS = "http://www.w3.org/2000/svg";
const PX_PER_TURN = 4, H = 150, LEFT = 44, RIGHT = 12, TOP = 18, BOTTOM = 22, LABEL_GAP = 34;
let shown = null;  // {key, x, svg, box} of the chart drawn

function el(name, attrs, text) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, val] of Object.entries(attrs)) e.setAttribute(k, val);
  if (text !== undefined) e.textContent = text;
  return e;
}

const gameKey = (v) => `${v.game}:${v.plies}:${JSON.stringify(v.record && v.record.actions.slice(-3))}`;

const IDLE_DETAIL = "Click a mark on the chart for the position before that move and the computer's suggestion.";
const MARKS_COMING = "The computer is still looking for the moves that lost more than 20 points…";
const MARKS_SLICE = 0.1;  // seconds of the worker's Python a marks call works for (then it answers the page's clicks)
let asked = 0;  // the review asked for last (a second click, or another game, makes an earlier one's answers stale)

/** The review chart of the game just over (the worker takes a moment), then its marks. */
export async function showReview(features) {
  const v = app.view;
  if (!features.review || !v || !(v.terminal || v.browsing)) return;
  if (shown && shown.key === gameKey(v)) { $("review-box").hidden = false; return; }
  const mine = ++asked;
  shown = null;
  $("review-box").hidden = false;
  $("review-detail").hidden = true;
  $("review-marks").textContent = "";
  $("review-chart").textContent = "The computer is going over the game…";
  $("review-box").scrollIntoView({ block: "nearest" });
  // a later review asked for makes this one's answers stale; another game shown (a share link, a loaded
  // file, opened meanwhile) makes them another game's
  const stale = () => mine !== asked;
  const ours = () => app.view && (app.view.terminal || app.view.browsing) && gameKey(app.view) === gameKey(v);
  let r = null;
  try { r = await optionalCall("review", { part: "chart" }); } catch (e) { r = null; }
  if (stale()) return;
  app.review = null;  // the whole review, once its marks are in (the browser tests read what the bridge sent)
  app.reviewChart = r;
  if (!r || !Array.isArray(r.plies) || !ours()) { $("review-box").hidden = true; return; }
  drawReview({ plies: r.plies, marks: [] }, app.view, true);
  if (!shown) return;  // nothing to draw (no ply)
  const at = shown.box.scrollLeft;
  let m = null;
  for (;;) {
    try { m = await optionalCall("review", { part: "marks", slice: MARKS_SLICE }); } catch (e) { m = null; }
    if (stale() || !shown || shown.key !== gameKey(v) || !ours()) return;  // not this game's marks
    if (!m || m.done !== false) break;
  }
  if (!m || !Array.isArray(m.marks)) {
    $("review-marks").textContent = "The computer could not finish looking for the moves that lost the most.";
    return;
  }
  const changed = new Map((m.plies || []).map((p) => [p.ply, p]));
  app.review = { plies: r.plies.map((p) => changed.get(p.ply) || p), marks: m.marks, slides: m.slides };
  const left = shown.box.scrollLeft;  // the player scrolled the chart meanwhile: it stays there
  drawReview(app.review, app.view);
  if (left !== at) shown.box.scrollLeft = left;
}

/** After every view: a new game drops the review (one in progress, or another game already over: a share
 * link, a loaded file); browsing moves the chart's cursor to the position shown. */
export function reviewFollows(v) {
  if ((!v.terminal && !v.browsing) || (shown && shown.key !== gameKey(v))) {
    $("review-box").hidden = true; shown = null; app.reviewAt = null; return;
  }
  // the mark's words and its move marked on the board speak of the mark's position only: a step away from it
  // (the step buttons, the list, the chart) drops them (ui22: they stayed, under another position)
  if (app.reviewAt && app.reviewAt.ply !== v.ply) app.reviewAt = null;
  // its room kept (the chart under it does not jump), saying what a mark would show (review28: a blank room
  // over the chart read as a fault)
  const d = $("review-detail");
  if (!app.reviewAt && !d.hidden && !d.classList.contains("idle")) {
    d.style.minHeight = `${d.offsetHeight}px`;
    d.classList.add("idle");
    d.textContent = IDLE_DETAIL;
  }
  if (!shown) return;
  const c = shown.svg.querySelector("line.cursor");
  c.setAttribute("x1", shown.x(v.ply));
  c.setAttribute("x2", shown.x(v.ply));
  // the mark shown (the position before its move) is marked, its loss labelled over the others near it
  const at = app.reviewAt && app.reviewAt.ply === v.ply ? v.ply + 1 : null;
  for (const g of shown.svg.querySelectorAll("g.mark")) {
    const ply = Number(g.dataset.ply);
    g.classList.toggle("current", ply === at);
    g.classList.toggle("crowded", at !== null && ply !== at && Math.abs(shown.x(ply) - shown.x(at)) < LABEL_GAP);
  }
  // the cursor in the chart's view: the chart scrolls sideways to it (a mark's label never read for another's)
  const box = shown.box, cx = shown.x(v.ply);
  if (cx < box.scrollLeft + LEFT + 24 || cx > box.scrollLeft + box.clientWidth - 24) box.scrollLeft = Math.max(0, cx - (LEFT + box.clientWidth) / 2);
}

/** The chart of ``r`` (``{plies, marks}``) for the view ``v``; ``coming``: its marks are still being worked out. */
function drawReview(r, v, coming = false) {
  const plies = (r.plies || []).filter((p) => Array.isArray(p.win));
  if (!plies.length) return;
  const me = v.viewer ?? 0;
  const box = $("review-chart");
  box.textContent = "";
  const room = Math.max(240, box.clientWidth);
  // where each ply stands in turns: turn i of the list spans [i, i + 1), its k-th of n actions at i + k/n
  const turnOf = (p) => p.turn ?? p.ply;
  const along = new Map([[0, 0]]);
  let span = 0;
  for (let i = 0; i < plies.length;) {
    let j = i;
    while (j < plies.length && turnOf(plies[j]) === turnOf(plies[i])) j++;
    for (let k = i; k < j; k++) along.set(plies[k].ply, span + (k - i + 1) / (j - i));
    span += 1;
    i = j;
  }
  // as wide as the box unless the turns need much more (a chart a little wider would scroll its percentages away)
  const need = LEFT + RIGHT + span * PX_PER_TURN;
  const W = need <= room * 1.25 ? room : need;
  const x = (ply) => LEFT + ((along.get(ply) ?? 0) / Math.max(1, span)) * (W - LEFT - RIGHT);
  const y = (p) => TOP + (1 - p) * (H - TOP - BOTTOM);
  const svg = el("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "group", class: "plot",
    "aria-label": `${v.player_names[me]}'s chance of winning over the game` });
  // the scale (100%, 50%, 0%, "turn") in a strip of its own over the plot's left margin, kept at the box's
  // left edge when the plot scrolls sideways (a phone: the percentages scrolled away with it, ui23)
  const scale = el("svg", { width: LEFT, height: H, viewBox: `0 0 ${LEFT} ${H}`, class: "scale", "aria-hidden": "true" });
  scale.append(el("rect", { x: 0, y: 0, width: LEFT, height: H }));
  for (const [p, label] of [[1, "100%"], [0.5, "50%"], [0, "0%"]]) {
    svg.append(el("line", { x1: LEFT, x2: W - RIGHT, y1: y(p), y2: y(p), class: p === 0.5 ? "mid" : "grid" }));
    scale.append(el("text", { x: LEFT - 6, y: y(p) + 4, "text-anchor": "end" }, label));
  }
  svg.style.marginLeft = `-${LEFT}px`;  // under the strip: the plot's x is the box's scroll position
  // turn numbers along the bottom (as the move list numbers its lines), about every 70 px, each at its
  // turn's first action
  const first = new Map();
  for (const p of plies) if (!first.has(turnOf(p))) first.set(turnOf(p), p.ply);
  const turns = turnOf(plies[plies.length - 1]);
  const perTurn = (W - LEFT - RIGHT) / Math.max(1, span);
  const step = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].find((s) => s * perTurn >= 70) || 1000;
  scale.append(el("text", { x: LEFT - 6, y: H - 6, "text-anchor": "end" }, "turn"));
  for (let k = step; k <= turns; k += step) {
    if (first.has(k)) svg.append(el("text", { x: x(first.get(k)), y: H - 6, "text-anchor": "middle", class: "turn" }, String(k)));
  }
  svg.append(el("polyline", { points: plies.map((p) => `${x(p.ply).toFixed(1)},${y(p.win[me]).toFixed(1)}`).join(" "), class: "win" }));
  svg.append(el("line", { x1: x(v.ply), x2: x(v.ply), y1: TOP, y2: H - BOTTOM, class: "cursor" }));
  const byPly = new Map(plies.map((p) => [p.ply, p]));
  // a move as the move list says it (Play 10♥) and numbers it (its turn: a turn may hold several actions)
  const entryOf = (ply) => (v.moves || []).find((e) => e.ply >= ply);
  const marks = (r.marks || []).filter((m) => byPly.has(m.ply));
  // the largest losses get a label where it does not run into another one
  const labelled = [];
  for (const m of [...marks].sort((a, b) => b.loss - a.loss)) {
    if (labelled.every((o) => Math.abs(x(o.ply) - x(m.ply)) >= LABEL_GAP)) labelled.push(m);
  }
  for (const m of marks) {
    const p = byPly.get(m.ply);
    const mine = m.player === me;
    const who = v.player_names[m.player] || "";
    const entry = entryOf(m.ply);
    const did = (entry && entry.ply === m.ply && entry.label) || p.notation;
    const t = m.turn ?? (entry && entry.turn);
    const turn = t ? `Turn ${t}, ` : "";
    const said = `${turn}${who}: ${did}, ${m.points} points lost`;
    const g = el("g", { class: `mark${mine ? " mine" : ""}${labelled.includes(m) ? " labelled" : ""}`, tabindex: 0, role: "button", "aria-label": said, "data-ply": m.ply });
    g.append(el("title", {}, said));
    g.append(el("rect", { x: x(m.ply) - 5, y: TOP, width: 10, height: H - TOP - BOTTOM, class: "hit" }));
    g.append(el("line", { x1: x(m.ply), x2: x(m.ply), y1: TOP, y2: H - BOTTOM }));
    g.append(el("circle", { cx: x(m.ply), cy: y(p.win[me]), r: 3.5 }));
    g.append(el("text", { x: x(m.ply), y: TOP - 5, "text-anchor": "middle" }, `−${m.points}`));
    const go = (e) => { e.stopPropagation(); showMark(m, did, who, turn, entry); };
    g.addEventListener("click", go);
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(e); } });
    svg.append(g);
  }
  svg.addEventListener("click", (e) => {  // the position after the ply nearest the click
    const at = e.clientX - svg.getBoundingClientRect().left;
    let ply = 0;
    for (const p of plies) if (Math.abs(x(p.ply) - at) < Math.abs(x(ply) - at)) ply = p.ply;
    embedGo(ply);
  });
  box.append(scale, svg);
  shown = { key: gameKey(v), x, svg, box };
  const own = marks.filter((m) => m.player === me).length;
  // review28: with no move of one's own marked, where one's chance fell most (the bridge's words), if it did
  const slide = !coming && !own && Array.isArray(r.slides) && r.slides[me] ? ` ${r.slides[me].text}` : "";
  $("review-marks").textContent = (coming ? MARKS_COMING : marks.length
    ? `${own} of your moves and ${marks.length - own} of the others' lost more than 20 points.`
    : "No move lost more than 20 points.") + slide;
  $("review-box").hidden = false;
  reviewInView();
  // the chart opens where the game was decided: its last mark (or its end) in view
  const focus = marks.length ? x(marks[marks.length - 1].ply) : W;
  box.scrollLeft = Math.max(0, focus - (LEFT + box.clientWidth) / 2);
  scrollNote();
}

// Says so when the chart is wider than its box (a long game, a phone): it scrolls sideways.
function scrollNote() {
  const box = $("review-chart"), note = $("review-scroll");
  if (box && note) note.hidden = !(box.scrollWidth > box.clientWidth + 1);
}
window.addEventListener("resize", scrollNote);

// A mark: the position before that move, the better move marked on the board and said in words. The
// status line, the step counter and the move list's marked entry say that position as they say any (the
// bridge's `position.where`: "After turn 103", "After turn 20 (2/3)"); the words under the chart say it
// again and name the move reviewed by its turn (the move list outlines it).
async function showMark(m, did, who, turn, entry) {
  app.reviewAt = entry ? { ply: m.ply - 1, entry: entry.ply } : { ply: m.ply - 1, entry: null };
  await embedGo(m.ply - 1);
  await laidOut();  // the view's second half (the list, the drawing's fit) done: the page's heights are final
  if (!app.reviewAt || !app.view || app.view.ply !== m.ply - 1) return;  // stepped away meanwhile
  const targets = new Set(m.targets || []);
  $("board").querySelectorAll("[data-target]").forEach((t) => t.classList.toggle("hinted", targets.has(t.dataset.target)));
  const d = $("review-detail");
  const where = app.view.position ? app.view.position.where : "";
  const there = !where ? "The board shows the position before it"
    : `The board shows the position ${where.charAt(0).toLowerCase() + where.slice(1)}, before it`;
  d.textContent = `${turn}${who}: ${did}. ${there}. About ${m.points} points of the chance to win lost. `
    + `The computer suggests: ${m.label || m.better}${targets.size ? " (marked on the board)" : ""}.`;
  d.hidden = false;
  d.classList.remove("idle");
  d.style.minHeight = "";
  reviewInView();
}

// The next frame after the view drawn has been laid out (view.js clears data-drawing then), or 300 ms.
function laidOut() {
  return new Promise((done) => {
    const t0 = performance.now();
    const wait = () => (!document.body.dataset.drawing || performance.now() - t0 > 300
      ? requestAnimationFrame(() => done()) : requestAnimationFrame(wait));
    requestAnimationFrame(wait);
  });
}

// The review in view with the board's bottom (ui22: "Review the game" opened it below the screen): the
// page scrolls, once (on opening, on a mark), by the least that shows the review's end (the words under
// the chart; a mark's words, over the chart) while keeping the board's lower part above it, and the move a
// mark suggests on the board too (review28: a ZÈRTZ pool marble suggested stood above a 1280x800 screen's
// top, the words then under the chart: they are over it now, so that both fit), then the chart under a
// mark's words too where that still fits. No scroll when all is seen.
function reviewInView() {
  const d = $("review-detail"), mark = !d.hidden && !d.classList.contains("idle");  // a mark's words shown
  const end = (mark ? d : $("review-box")).getBoundingClientRect().bottom;
  const board = $("board-box").getBoundingClientRect();
  // each marked target's top, or 48 px above its bottom for a tall one (a backgammon board's bar: its lower
  // part shows it)
  const marked = [...$("board").querySelectorAll("[data-target].hinted")].map((t) => {
    const r = t.getBoundingClientRect();
    return Math.max(r.top, r.bottom - 48) - 8;
  });
  let lo = end + 8 - window.innerHeight;  // how far the review's end is under the screen
  let hi = board.bottom - 120;  // the most the page may go up by
  if (marked.length && Math.min(...marked) >= lo) hi = Math.min(hi, ...marked);
  if (mark) lo = Math.max(lo, Math.min(hi, $("review-chart").getBoundingClientRect().bottom + 8 - window.innerHeight));
  const by = lo > hi ? hi : Math.max(lo, Math.min(hi, 0));  // no scroll when the range holds 0
  if (by) window.scrollBy({ top: by, behavior: "instant" });
}
