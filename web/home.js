// The start page: the games in progress (resume, discard; newest first; never resumed by itself), then
// every game with "New game", "Learn" (its tutorial, when it has one) and its guide.
import { $, app, show, showError, EMBED, gameInfo } from "./shell.js";
import { savedGames, discardSave, dropAllSaves } from "./saves.js";
import { hasTutorial } from "./tutorial.js";

export function goHome() {
  if (EMBED) { show(null); return; }  // an embedded board has no start page: its error stays in its place
  app.tutorial = null;
  show("home");
  renderHome();
  performance.mark("pygames:home");
}

function ago(ms) {
  const min = Math.round((Date.now() - ms) / 60000);
  if (min < 1) return "just now";
  if (min < 60) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 24) return `${h} h ago`;
  return new Date(ms).toLocaleDateString();
}

function seatsText(seats) {
  const humans = seats.filter((s) => s === "human").length;
  const bots = seats.filter((s) => s !== "human");
  if (!bots.length) return `${humans} players on this device`;
  return `you against the computer (${[...new Set(bots)].join(", ")})`;
}

function renderSaved() {
  const box = $("in-progress");
  const ul = $("saved-list");
  ul.textContent = "";
  let list = [];
  try {
    list = savedGames();
  } catch (e) {
    dropAllSaves();
    showError("The saved games in this browser were damaged and were set aside.");
  }
  box.hidden = !list.length;
  for (const s of list) {
    const li = document.createElement("li");
    li.className = "saved";
    const g = gameInfo(s.game);
    const title = document.createElement("strong");
    title.textContent = g ? g.title : s.title;
    const info = document.createElement("span");
    info.className = "saved-info";
    info.textContent = `${seatsText(s.seats || [])} · ${s.ply} moves · ${ago(s.updated)}`
      + (s.sealed ? " · cards hidden" : "");
    const resume = document.createElement("button");
    resume.type = "button";
    resume.textContent = "Resume";
    resume.className = "resume";
    resume.setAttribute("aria-label", `Resume ${title.textContent}, ${info.textContent}`);
    resume.addEventListener("click", () => { location.hash = `play=${s.id}`; });
    const discard = document.createElement("button");
    discard.type = "button";
    discard.textContent = "Discard";
    discard.className = "discard";
    discard.addEventListener("click", () => {
      if (discard.dataset.sure) { discardSave(s.id); renderSaved(); return; }
      discard.dataset.sure = "1";
      discard.textContent = "Discard for good?";
    });
    const buttons = document.createElement("span");
    buttons.className = "buttons";
    buttons.append(resume, discard);
    li.append(title, info, buttons);
    ul.append(li);
  }
}

export function renderHome() {
  renderSaved();
  const ul = $("game-list");
  ul.textContent = "";
  for (const g of app.games) {
    const li = document.createElement("li");
    li.className = "game-card";
    li.innerHTML = `<h2></h2><p class="summary"></p><p class="buttons"></p>`;
    li.querySelector("h2").textContent = g.title;
    li.querySelector(".summary").textContent = g.summary;
    const buttons = li.querySelector(".buttons");
    if (!g.playable) {
      li.classList.add("coming");
      const soon = document.createElement("span");
      soon.className = "soon";
      soon.textContent = "Coming soon";
      buttons.append(soon);
      ul.append(li);
      continue;
    }
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "New game";
    b.id = `new-${g.id}`;
    b.addEventListener("click", () => { location.hash = `new=${g.id}`; });
    buttons.append(b);
    const learn = document.createElement("a");
    learn.href = `#tutorial=${g.id}`;
    learn.id = `learn-${g.id}`;
    learn.textContent = "Learn to play";
    learn.hidden = true;
    buttons.append(" ", learn);
    hasTutorial(g.id).then((yes) => { learn.hidden = !yes; });
    if (g.rules_page) {
      const a = document.createElement("a");
      a.href = `./${g.rules_page}`;
      a.textContent = "Guide and rules";
      buttons.append(" ", a);
    }
    ul.append(li);
  }
}
