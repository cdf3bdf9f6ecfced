// The computer as a teacher, when the bridge offers it: a Hint button on your turn (on by default against
// the computer; `hint` names a move and its targets, marked on the board) and, once a game is over, a
// review chart under the board (`review`: each side's chance of winning after every ply, the moves that
// lost the most marked; a click on the chart shows that position). Both are left out while the worker
// does not know these commands. The review itself is review.js.
import { $, app, call, guarded, store, stored, INTERACTIVE } from "./shell.js";
import { showReview as showReviewOf, reviewFollows } from "./review.js";

export const features = { hint: false, review: false };

/** Which of the optional commands the worker has: ``names``, the bridge's commands (its `hello`). */
export function knowCommands(names) {
  for (const name of Object.keys(features)) features[name] = names.includes(name);
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
  $("hint-text").textContent = `Hint (${h.level || "computer"}): ${h.label || h.notation}${win}.`;
  $("hint-text").hidden = false;
}));

export function afterRender(v) {
  $("hint-text").hidden = true;
  $("hint-option").hidden = !features.hint;
  $("show-hints").checked = hintsOn(v);
  $("hint").hidden = !(features.hint && INTERACTIVE && !app.tutorial && !v.terminal && !app.over && hintsOn(v));
  $("hint").disabled = !v.human_turn;
  $("hint").title = v.human_turn ? "The computer suggests a move" : "A hint is for your turn: wait for it";
  reviewFollows(v);
}

/** The review of the game just over (review.js). */
export const showReview = () => showReviewOf(features);
