// Never surprised: a move that cannot be taken back (it brings a roll, a card or anything else someone
// could not know before; the bridge's `lock` says so) is shown on the board and confirmed first. Where
// undo is allowed a click plays at once and Undo is one click away. A forced move (the only legal one)
// is not asked about.
import { $, app, optionalCall, store, stored } from "./shell.js";

$("ask-final").checked = stored("pygames:ask-final") !== "off";
$("ask-final").addEventListener("change", () => store("pygames:ask-final", $("ask-final").checked ? "on" : "off"));

let answer = null;

function ask(action, reason) {
  return new Promise((resolve) => {
    answer = resolve;
    $("confirm-text").textContent = `${action.label || action.notation}: you will not be able to take this move back. `
      + reason;  // the bridge's words, the same for every final move (they never name what it will bring)
    $("confirm-move").hidden = false;
    // the move is shown: its targets marked on the board
    const targets = new Set(action.targets);
    $("board").querySelectorAll("[data-target]").forEach((el) => {
      if (targets.has(el.dataset.target)) el.classList.add("selected");
    });
    document.body.dataset.turn = "confirm";
    $("confirm-yes").focus({ preventScroll: true });
    // below the board it can be off screen (a newcomer clicked a target and saw nothing happen): brought
    // in once the page is laid out for the question
    $("confirm-move").scrollIntoView({ block: "nearest" });
  });
}

function done(yes) {
  $("confirm-move").hidden = true;
  if (document.body.dataset.turn === "confirm") document.body.dataset.turn = "human";
  const a = answer;
  answer = null;
  if (a) a(yes);
}
$("confirm-yes").addEventListener("click", () => done(true));
$("confirm-no").addEventListener("click", () => done(false));

/** Resolves true to play ``notation`` now, false when the player kept it back. */
export async function confirmMove(notation) {
  const v = app.view;
  if (!v || v.legal.length < 2 || !$("ask-final").checked) return true;
  const out = await optionalCall("lock", { notation });
  if (!out || !out.final) return true;
  const action = v.legal.find((a) => a.notation === notation) || { notation, targets: [] };
  return ask(action, out.reason);
}

/** A new view came: a question about the previous one is dropped. */
export function dropQuestion() { if (answer) done(false); }
