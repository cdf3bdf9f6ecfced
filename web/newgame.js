// The new-game form, drawn from games.json (the registry's typed options) before Python is ready. It
// starts from you against the computer at the middle level and remembers the last choice for each game
// (not for every game); option help shows the game's terms explained on hover or tap.
import { $, app, show, store, stored, gameInfo } from "./shell.js";
import { startGame } from "./records.js";
import { termsIn, loadGlossary } from "./explain.js";
import { goHome } from "./home.js";

const LAST = (id) => `pygames:newgame:${id}`;
let formGame = null;  // the game whose form is shown

/** The form's button ``id`` (made once: the form is drawn again for each game), labelled ``text``. */
function formButton(id, text, title) {
  let b = $(id);
  if (!b) {
    b = document.createElement("button");
    b.type = "button"; b.id = id; b.textContent = text; b.title = title;
  }
  return b;
}

/** The middle computer level of the game's levels (random, easy, medium, hard → medium). */
export function middleLevel(g) {
  const levels = g.levels || [];
  return levels[Math.floor(levels.length / 2)] || g.default_level;
}

function lastChoice(id) {
  try {
    const c = JSON.parse(stored(LAST(id)) || "null");
    return c && typeof c === "object" ? c : {};
  } catch (e) { return {}; }
}

/** Whether the form's option ``input`` differs from option ``o``'s default (the standard game). */
function differs(o, input) {
  if (o.type === "bool") return input.checked !== o.default;
  if (o.type === "int") return Number(input.value) !== o.default;
  return input.value !== o.default;
}

/** Show the "changed" mark of each option that differs from the standard game, and the reset button
 * while any does. */
function markChanged() {
  const g = gameInfo(formGame);
  if (!g) return;
  let any = false;
  for (const o of g.options) {
    const input = $("option-fields").querySelector(`[name="${o.name}"]`);
    if (!input) continue;
    const off = differs(o, input);
    input.closest("label").querySelector(".changed").hidden = !off;
    any = any || off;
  }
  const reset = $("options-reset");
  if (reset) reset.hidden = !any;
}

export function renderNewGame(id) {
  formGame = id;
  const g = gameInfo(id);
  const last = lastChoice(id);
  const lastOptions = last.options && typeof last.options === "object" ? last.options : {};
  const lastSeats = Array.isArray(last.seats) ? last.seats : [];
  show("newgame");
  $("newgame-title").textContent = `New game of ${g.title}`;
  const fields = $("option-fields");
  fields.textContent = "";
  const helps = [];
  for (const o of g.options) {
    const label = document.createElement("label");
    label.className = "option";
    const name = document.createElement("span");
    name.textContent = o.label || o.name;
    const was = lastOptions[o.name];
    let input;
    if (o.type === "choice") {
      input = document.createElement("select");
      const pick = o.allowed.includes(was) ? was : o.default;
      for (const v of o.allowed) {
        const opt = document.createElement("option");
        opt.value = v; opt.textContent = v; opt.selected = v === pick;
        input.append(opt);
      }
    } else if (o.type === "bool") {
      input = document.createElement("input");
      input.type = "checkbox"; input.checked = typeof was === "boolean" ? was : o.default;
    } else {
      input = document.createElement("input");
      input.type = "number"; input.min = o.allowed[0]; input.max = o.allowed[1];
      input.value = typeof was === "number" && was >= o.allowed[0] && was <= o.allowed[1] ? was : o.default;
    }
    input.name = o.name;
    input.dataset.type = o.type;
    input.id = `opt-${o.name}`;
    const help = document.createElement("small");
    help.textContent = o.help;
    helps.push([help, o.help]);
    // the form remembers the last choice: an option that is not the standard game's says so
    const mark = document.createElement("em");
    mark.className = "changed";
    mark.textContent = `changed (standard: ${o.type === "bool" ? (o.default ? "yes" : "no") : o.default})`;
    input.addEventListener("change", markChanged);
    input.addEventListener("input", markChanged);
    label.append(name, input, mark, help);
    fields.append(label);
  }
  const reset = formButton("options-reset", "Reset to the standard game",
    "Put every option back to the game's standard rules (the seats stay)");
  fields.after(reset);
  reset.onclick = () => {
    for (const o of g.options) {
      const input = fields.querySelector(`[name="${o.name}"]`);
      if (o.type === "bool") input.checked = o.default;
      else input.value = o.default;
      input.dispatchEvent(new Event("input"));  // the seats follow the number of players
    }
    markChanged();
  };
  markChanged();
  // the game's terms in the option help, explained on hover or tap, once its glossary is here
  loadGlossary(id).then(() => { for (const [el, text] of helps) termsIn(el, text); });
  const seatsBox = $("seat-fields");
  // one seat per player: the "players" option when the game has one, else its player count
  const playersInput = fields.querySelector('[name="players"]');
  const drawSeats = (first) => {
    const before = first ? lastSeats : [...seatsBox.querySelectorAll("select")].map((sel) => sel.value);
    seatsBox.querySelectorAll("label").forEach((l) => l.remove());
    const n = playersInput ? Math.max(g.min_players, Math.min(g.max_players, Number(playersInput.value) || g.min_players))
      : g.max_players;
    const choices = [["human", "Human"], ...(g.levels || []).map((l) => [l, `Computer (${l})`])];
    for (let i = 0; i < n; i++) {
      const label = document.createElement("label");
      label.className = "seat";
      label.textContent = `${g.player_names[i] || `Player ${i + 1}`}: `;
      const sel = document.createElement("select");
      sel.id = `seat-${i}`;
      // the computer levels come from the bridge (games.json), as everything about play does;
      // by default you play the first seat against the computer at its middle level
      const want = choices.some(([v]) => v === before[i]) ? before[i] : i === 0 ? "human" : middleLevel(g);
      for (const [v, t] of choices) {
        const opt = document.createElement("option");
        opt.value = v; opt.textContent = t; opt.selected = v === want;
        sel.append(opt);
      }
      label.append(sel);
      seatsBox.insertBefore(label, $("seat-lot"));  // the seats above the button that draws lots for them
    }
  };
  drawSeats(true);
  // drawing lots for the seats, as many rules texts choose who begins: the choices made stay, their
  // seats are shuffled (the first seat is the one that begins)
  const lot = formButton("seat-lot", "Draw lots for the seats", "Shuffle who sits where, as drawing lots at a table does");
  if (!lot.parentNode) seatsBox.append(lot);
  lot.onclick = () => {
    const sels = [...seatsBox.querySelectorAll("select")];
    const vals = sels.map((sel) => sel.value);
    const r = new Uint32Array(vals.length);
    crypto.getRandomValues(r);
    for (let i = vals.length - 1; i > 0; i--) {  // Fisher–Yates
      const j = r[i] % (i + 1);
      [vals[i], vals[j]] = [vals[j], vals[i]];
    }
    sels.forEach((sel, i) => { sel.value = vals[i]; });
  };
  if (playersInput) playersInput.addEventListener("input", () => drawSeats(false));
  $("newgame-form").onsubmit = (e) => {
    e.preventDefault();
    const options = {};
    for (const input of fields.querySelectorAll("[name]")) {
      const t = input.dataset.type;
      options[input.name] = t === "bool" ? input.checked : t === "int" ? Number(input.value) : input.value;
    }
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    store(LAST(id), JSON.stringify({ options, seats }));
    if (!app.ready) $("start").textContent = "Starting…";
    app.whenReady(() => { $("start").textContent = "Start game"; startGame({ game: id, options, seats }); });
  };
}
$("newgame-cancel").addEventListener("click", () => { location.hash = ""; goHome(); });
