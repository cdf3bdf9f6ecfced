// The game view: draws each view Python sends (board, status, seats, options, move list, buttons), the
// hot-seat curtain, the game-over result beside the board, and lets the computer seats and forced moves
// play on. Its controls: undo, redo, back to the game, new game, play again, the computer's pace.
import { $, app, call, showError, guarded, botDelay, store, stored, params, EMBED, INTERACTIVE } from "./shell.js";
import { renderMoves, renderNav, renderEmbedNav, embedGo } from "./moves.js";
import { highlight, renderButtons, play } from "./board.js";
import { autosave } from "./saves.js";
import { termsIn, clearWhy, sayWhy, loadGlossary } from "./explain.js";
import { afterRender, showReview, features } from "./extras.js";
import { startGame } from "./records.js";
import { dropQuestion } from "./confirm.js";

// ----- the board -----------------------------------------------------------------------------------
// Hot seat with hidden information: when the next view is another human's, Python sends a curtain
// view instead (who is next, nothing of anyone's cards), and the page covers the screen ("pass the
// device to …"). Only when that player says they are ready does the page ask for their view
// (view {handover: true}): until then it is not in the page at all.
export function showCurtain(v) {
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
  // said of what the game has (v.chance, its declared chance): a game without chance has nothing to arrange
  const what = { dice: "its dice were set in advance by its record, not rolled at random",
    deal: "its cards were set in advance by its record, not shuffled at random",
    "dice and deal": "its dice and cards were set in advance by its record, not left to chance" }[v.chance];
  note.hidden = !v.arranged || !what;
  note.textContent = v.arranged && what ? `Arranged game: ${what}.` : "";
}

const OVER = "The game is over: review it, or play again";
// A view is drawn in two tasks, so neither holds the page for long (issue 18: no main-thread task over
// 50 ms): first what it writes (the drawing, the texts, the buttons), then, at the next frame, what
// reads the layout (the board's text size, the move list scrolled to its end, the focus) and what
// follows the view (its save, a forced move played for the player, data-ply and data-turn, which the
// page's tests wait for). The computer's turn is asked for at once: the worker thinks while the page
// draws, and a reply before the next frame simply replaces this view. The layout is computed once, in
// the frame that draws it, before anything is painted; a page that draws no frames (a hidden tab)
// goes on after 100 ms. A newer view (or the curtain) drops the second half of an older one. Between
// the halves body[data-drawing] is set: the page's tests wait for it to clear (with body[data-busy])
// before they read data-ply or click, so a click never lands on a half-drawn view.
let drawn = 0;
function nextFrame(fn) {
  let done = false;
  const once = () => { if (!done) { done = true; fn(); } };
  requestAnimationFrame(once);
  setTimeout(once, 100);
}

export function render(v, clickStart) {
  dropQuestion();
  const gen = ++drawn;
  if (v.curtain) { delete document.body.dataset.drawing; showCurtain(v); return; }
  document.body.dataset.drawing = "1";
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
  termsIn($("status"), v.status);
  clearWhy();
  $("info").textContent = (v.counters || []).join(" · ");  // counts worded by the game
  // A finished game is not taken back (as over a real board, and as the game-over panel offers instead:
  // review the game, or play again): undo and redo are off once it is over, saying so.
  const over = app.over = v.terminal || (v.browsing && Boolean(app.over));  // browsing keeps what the game is
  $("undo").disabled = !v.can_undo || v.browsing || over;
  // the button says why it is off: the game is over, nothing to take back, or the move that showed something new
  $("undo").title = over ? OVER : v.browsing ? "Back to the game to undo a move"
    : v.can_undo ? "Undo your last move (Ctrl+Z)" : v.undo_reason || "";
  $("redo").disabled = !v.can_redo || v.browsing || over;
  $("redo").title = over ? OVER : v.browsing ? "Back to the game to redo a move"
    : v.can_redo ? "Play again the move you took back (Ctrl+Y)" : "Nothing to redo: no move was taken back";
  // a game that hides information (cards, a hidden board, secret choices) gives out its record only once
  // it is over; it is still kept in this browser as it is played (saves.js)
  const sealed = !v.record;
  for (const id of ["save", "share"]) {
    $(id).disabled = sealed;
    $(id).title = sealed ? "This game hides things from the players: you can save it to a file or share it once it is over"
      + " (it is kept in this browser as you play)" : "";
  }
  // said on the page too: a phone shows no tooltip, and a greyed button that does nothing when tapped
  // tells a newcomer nothing
  $("sealed-note").hidden = !sealed;
  $("browse-banner").hidden = !v.browsing;
  $("rules-link").href = `./${v.rules_page}`;
  renderSeats(v);
  renderOptions(v);
  renderArranged(v);
  renderButtons();
  highlight();
  noteNoMove(before, v);
  renderNav(v);
  if (EMBED) renderEmbedNav(v);
  // the result sits beside the board (under it on a narrow screen), with review and play again
  if (v.terminal && INTERACTIVE && !app.tutorial) {
    // its terms explained (a card game's named feats), once the game's glossary is here
    termsIn($("gameover-text"), v.result.text);
    loadGlossary(v.game).then(() => { if (app.view === v) termsIn($("gameover-text"), v.result.text); });
    $("gameover").hidden = false;
    $("rematch").hidden = EMBED;
  } else {
    $("gameover").hidden = true;
  }
  afterRender(v);
  // the computer may start thinking now, in the worker, while the page lays this view out
  if (!app.tutorial) scheduleBot();
  nextFrame(() => { if (gen === drawn) laidOut(v, clickStart, boardHadFocus); });
}

// The second half of render: what reads the layout, and what follows the view.
function laidOut(v, clickStart, boardHadFocus) {
  delete document.body.dataset.drawing;
  renderMoves(v);
  fitText();
  if (boardHadFocus) {  // keyboard play: focus stays on the board, on a live target when there is one
    const t = $("board").querySelector("[data-target][tabindex='0']");
    if (t) t.focus(); else $("board").focus();
  }
  if (!app.tutorial && !EMBED) explainInView(v);
  if (!v.browsing && !EMBED && !app.tutorial) autosave(v);
  document.body.dataset.ply = String(v.ply);
  document.body.dataset.turn = v.human_turn ? "human" : v.bot_turn ? "bot" : v.terminal ? "over" : "";
  if (clickStart !== undefined) {
    app.timings.push(performance.now() - clickStart);
  }
  if (app.tutorial) {  // a tutorial step waits for the player's move, nobody else plays
    if (app.tutorial.laidOut) app.tutorial.laidOut();
    return;
  }
  scheduleForced();
}

// The part of a drawing that explains the choice now asked (data-explains="choice": a card game's combat panel
// during a secret choice, with the player's own values at each corner) is brought into view above the
// turn's buttons when that choice comes up, by the least scroll that shows it whole (ui23: at 390x844 the
// bar of eight choice buttons pinned at the screen's bottom covered the panel's last lines). Once for each
// position: the player may scroll away after.
let explained = null;
function explainInView(v) {
  const part = v.human_turn && !v.browsing ? $("board").querySelector('[data-explains="choice"]') : null;
  const key = part ? `${v.game}:${v.ply}` : null;
  if (!part || key === explained) { explained = key; return; }
  explained = key;
  const r = part.getBoundingClientRect();
  const floor = Math.min(window.innerHeight, $("controls").getBoundingClientRect().top);  // the bar's top
  // the page goes up by what the bar covers of it, never past its top; or back down to its top when
  // scrolled past it
  let by = r.bottom + 6 > floor ? Math.max(0, Math.min(r.bottom + 6 - floor, r.top - 6)) : 0;
  if (r.top < 0) by = r.top - 6;
  if (by) window.scrollBy({ top: by, behavior: "instant" });
}

// Readable everywhere: no board text under 11 CSS px. A drawing whose smallest text would be smaller at
// this width is drawn larger than the board area (which then scrolls sideways) instead of shrinking it.
// ui20: on a screen wider than a phone every drawing is also scaled down to the screen's height (app.css:
// the room left under it for the turn's status, a hint, a "Why not?" and a row of buttons), but only as
// far as its text stays at 11 px: a drawing too tall for that (a 6x6 grid of cards) keeps that height, its
// last rows a scroll away, and the status and buttons stay at the bottom of the screen meanwhile (app.css).
const MIN_TEXT_PX = 11;
export function smallestText(svg) {
  let min = Infinity;
  for (const t of svg.querySelectorAll("text")) {
    if (!t.textContent.trim() || !t.getClientRects().length) continue;
    const m = t.getScreenCTM();
    const px = m ? parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b) : 0;
    if (px > 0 && px < min) min = px;
  }
  return min;
}
// The smallest text once a drawing held down by the screen's height (a CSS max-height) is let grow to
// where its text is 11 px (no further: a drawing held by the width stays as it is).
function heightToText(svg) {
  svg.style.maxHeight = "";
  const min = smallestText(svg);
  if (min >= MIN_TEXT_PX || getComputedStyle(svg).maxHeight === "none") return min;
  svg.style.maxHeight = `${Math.ceil((svg.getBoundingClientRect().height * MIN_TEXT_PX) / min) + 1}px`;
  return smallestText(svg);
}
function fitText() {
  const svg = $("board").querySelector("svg");
  $("board").classList.remove("zoomed");
  $("play").classList.remove("board-wide");
  if (!svg) return;
  if (heightToText(svg) >= MIN_TEXT_PX) return;
  // first give the board the whole width (the panel goes under it), then scroll if still too small
  $("play").classList.add("board-wide");
  if (heightToText(svg) >= MIN_TEXT_PX) return;
  svg.style.maxHeight = "";
  const min = smallestText(svg), w = svg.getBoundingClientRect().width;
  $("board").classList.add("zoomed");
  svg.style.width = `${Math.ceil((w * MIN_TEXT_PX) / min) + 1}px`;
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
  if (!before || before.game !== v.game || v.browsing || v.terminal || v.moves.length <= before.moves.length) return;
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

// ----- buttons -------------------------------------------------------------------------------------
$("undo").addEventListener("click", guarded(async () => render(await call("undo"))));
$("redo").addEventListener("click", guarded(async () => render(await call("redo"))));
// A greyed Undo or Redo gets no click, but a tap or a press on it still comes as pointer events: it says
// why it is off in the why line under the buttons (its tooltip, which a phone never shows).
for (const id of ["undo", "redo"]) {
  $(id).addEventListener("pointerup", () => { if ($(id).disabled) sayWhy($(id).title); });
}
$("browse-back").addEventListener("click", guarded(async () => render(await call("view", {}))));
function newGame() {
  clearTimeout(app.botTimer);
  clearTimeout(app.forcedTimer);
  const id = app.view ? app.view.game : app.games[0].id;
  location.hash = `new=${id}`;
}
$("new").addEventListener("click", newGame);
$("gameover-new").addEventListener("click", newGame);
// Review: back to the first position, to step through the game (and its chart, when the bridge has one)
$("review").addEventListener("click", guarded(async () => {
  if (features.review) await showReview();
  else { await embedGo(0); $("moves").scrollIntoView({ block: "nearest" }); }
}));
// Play again: the same game and options, the seats turned one place (two players swap sides)
$("rematch").addEventListener("click", () => {
  const a = app.lastArgs;
  if (!a) return;
  startGame({ game: a.game, options: a.options, seats: [...a.seats.slice(1), a.seats[0]] });
});
$("pace").value = stored("pygames:pace") || "normal";
// ?autoplay=0 in the address turns it off for this page only (browser tests of forced moves use it)
$("autoplay").checked = stored("pygames:autoplay") !== "off" && params.get("autoplay") !== "0";
$("autoplay").addEventListener("change", () => {
  store("pygames:autoplay", $("autoplay").checked ? "on" : "off");
  if (app.view) render(app.view);
});
$("pace").addEventListener("change", () => { store("pygames:pace", $("pace").value); });
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
