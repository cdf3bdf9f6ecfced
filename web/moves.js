// The move list and stepping through the positions (first / previous / next / last, the arrow keys), on
// the game page as in an embedded board. Entries come worded by the bridge (kind, hidden, seen,
// no_move, label): the page parses no notation.
import { $, app, call, showError, b64urlEncode, EMBED } from "./shell.js";
import { render } from "./view.js";

function moveLink(m) {
  const a = document.createElement("a");
  a.href = "#";
  a.className = m.chance ? "move chance" : "move";
  a.textContent = m.label || m.notation;  // a move as a player reads it (Play 10♥), its notation for a title
  if (m.label && m.label !== m.notation) a.title = m.notation;
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
// Entries come worded by the bridge (kind, hidden, seen, seen_label, no_move): the page parses no notation.
function outcomeSeen(m) {
  const seen = m.seen_label ?? m.seen;  // in words (J♥), as the bridge gives it
  return m.hidden || !seen ? [] : [seen];
}
function kindWord(m) { return m.kind.charAt(0).toUpperCase() + m.kind.slice(1); }  // "Deal ×18: …"
function hiddenRun(link, prev, m) {
  return m.kind !== "" && m.kind === prev.kind && (m.hidden || prev.hidden || link.dataset.count !== undefined);
}
function moveKey(m) { return m.no_move ? `${m.notation} (no move)` : m.notation; }
export function renderMoves(v) {
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
    // (the bridge numbers the turns, `turn`: the review and the browsing status say the same number)
    if (!li || !prev || m.turn !== prev.turn) {
      li = document.createElement("li");
      li.value = m.turn;
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
      // entry, "Deal ×36: A♥ 10♠ K♦", listing only what the viewer saw (in words, seen_label); it shows
      // the run's last position
      const count = (Number(last.dataset.count) || 1) + 1;
      const seen = last.dataset.count ? JSON.parse(last.dataset.seen) : outcomeSeen(prev);
      seen.push(...outcomeSeen(m));
      last.dataset.count = count;
      last.dataset.seen = JSON.stringify(seen);
      last.dataset.ply = m.ply;
      last.textContent = `${kindWord(m)} ×${count}${seen.length ? `: ${seen.join(" ")}` : ""}`;
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
    // the entry marked is the last one shown, as the status and the step counter say (ui22); the review's
    // mark (the position before the move it is about) outlines that move, the next entry, in the list's
    // own scroll (the page does not move)
    const a = ol.querySelector(`a[data-ply="${v.ply}"]`);
    if (a) a.classList.add("current");
    const old = ol.querySelector("a.reviewed");
    if (old) old.classList.remove("reviewed");
    const at = app.reviewAt && app.reviewAt.ply === v.ply ? ol.querySelector(`a[data-ply="${app.reviewAt.entry}"]`) : null;
    if (at) {
      at.classList.add("reviewed");
      ol.scrollTop += at.getBoundingClientRect().top - ol.getBoundingClientRect().top - ol.clientHeight / 2;
    }
  } else {
    ol.scrollTop = ol.scrollHeight;
  }
}

export function renderEmbedNav(v) {
  $("embed-status").textContent = v.browsing ? "" : v.status;
  // "Open in pygames" carries the game as it stands (its record, when the game shows one)
  $("embed-open").href = v.record
    ? `./index.html#record=${b64urlEncode(JSON.stringify(v.record))}&seats=${v.seats.map((s) => (s === "human" ? s : "human")).join(",")}`
    : `./index.html${location.hash}`;
}
export async function embedGo(ply) {
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

// The step counter's words. The game page counts turns, as its move list numbers them, in the one reading
// the browsing status and the review share (the bridge's `position.where`: "After turn 15", within a turn
// of several actions "After turn 20 (2/3)"), out of the turns played: "After turn 20 (2/3) of 493". The
// game as it stands says what a player expects there (ui22; it read "After turn 32 of 32" on one's own
// turn): the turn being played, "Turn 33, now", and at the end "Game over after turn 32". The embedded
// board, which shows no list, counts its positions ("153 / 1372").
export function counterText(v) {
  const p = v.position;
  if (EMBED || !p) return `${v.ply} / ${v.plies}`;
  if (!v.browsing && v.terminal) return `Game over after turn ${p.turns}`;
  if (!v.browsing) return `Turn ${p.turn === 0 || p.over ? p.turn + 1 : p.turn}, now`;
  return p.turn === 0 ? `Start, ${p.turns} turns` : `${p.where} of ${p.turns}`;
}

// First / previous / next / last position, on the game page as in the embed.
// ui22: on a screen wider than a phone the step buttons sit in the status's row, over the hint and the
// "Why not?" (under them they went below a 1280x800 screen's edge), in the controls kept at the screen's
// bottom; on a phone, in a tutorial and in the embed they keep their own row under the board.
const WIDE = matchMedia("(min-width: 601px)");
function placeNav() {
  if (EMBED) return;
  const nav = $("embed-nav"), bar = $("quickbar");
  const inBar = WIDE.matches && !document.body.classList.contains("tutorial");
  if (inBar && nav.parentElement !== bar) $("status").after(nav);
  else if (!inBar && nav.parentElement === bar) $("review-box").after(nav);
}
WIDE.addEventListener("change", placeNav);

export function renderNav(v) {
  placeNav();
  $("embed-nav").hidden = false;
  $("embed-ply").textContent = counterText(v);
  const p = v.position;
  $("embed-ply").title = EMBED || !p ? "" : `Position ${v.ply} of ${v.plies}`
    + (p.steps > 1 ? ` (turn ${p.turn}: ${p.step} of its ${p.steps} actions)` : "");
  $("embed-first").disabled = $("embed-prev").disabled = v.ply === 0;
  $("embed-next").disabled = $("embed-last").disabled = v.ply >= v.plies;
  // a disabled button says why
  $("embed-first").title = $("embed-prev").title = v.ply === 0 ? "This is the first position" : "";
  $("embed-next").title = $("embed-last").title = v.ply >= v.plies ? "This is the latest position" : "";
}
