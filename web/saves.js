// Never lose a game: every game is kept in this browser as it is played, each under its own id, newest
// first; the start page lists them (resume, discard) and a reload of a game's page (#play=ID) resumes
// it. A game that shows its record (no hidden information, or over) is kept as its record. A game that
// hides cards never gives its record to the page: the worker seals it (web_saves.py: `seal`) under a
// key derived from a non-extractable HMAC key that stays in this browser's IndexedDB, and only the
// sealed text is stored; on resume the worker unseals it and, in hot seat, shows the hand-over first.
import { $, app, call, store, stored, EMBED } from "./shell.js";

const SAVES = "pygames:saves";
const OLD = "pygames:autosave";  // the single autosave of earlier versions
const MAX = 20;                  // the oldest saves beyond this are dropped

/** The games in progress, newest first: [{id, game, title, seats, status, ply, updated, record|sealed}].
 * Throws when the stored list is damaged. */
export function savedGames() {
  if (EMBED) return [];
  let list = JSON.parse(stored(SAVES) || "[]");
  if (!Array.isArray(list)) throw new Error("damaged");
  const old = stored(OLD);
  if (old) {  // one saved game from an earlier version: moved into the list
    store(OLD, null);
    const o = JSON.parse(old);
    if (!o || !o.record || typeof o.record.game !== "string") throw new Error("damaged");
    list.push({ id: newId(), game: o.record.game, title: o.record.game, seats: o.seats, status: "",
      ply: (o.record.actions || []).length, updated: Date.now(), record: o.record });
    write(list);
  }
  list = list.filter((s) => s && typeof s.id === "string" && typeof s.game === "string");
  return list.sort((a, b) => b.updated - a.updated);
}

export function findSave(id) {
  return savedGames().find((s) => s.id === id) || null;
}

function write(list) { return store(SAVES, JSON.stringify(list.slice(0, MAX))); }

export function discardSave(id) {
  let list;
  try { list = savedGames(); } catch (e) { list = []; }
  write(list.filter((s) => s.id !== id));
}

/** Forget every saved game (the stored list was damaged). */
export function dropAllSaves() { store(SAVES, null); store(OLD, null); }

function newId() {
  const b = crypto.getRandomValues(new Uint8Array(6));
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/** A fresh id for a game just started or loaded (it is stored at its first autosave). */
export function newSave() { return newId(); }

// ----- the sealing key ---------------------------------------------------------------------------------
// One HMAC key per browser, made non-extractable by WebCrypto and kept in IndexedDB (a structured clone
// of the CryptoKey: its bytes never reach script); each saved game's key is HMAC(key, its id).
let baseKey = null;
function idb(fn) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("pygames", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("keys");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction("keys", "readwrite");
      const req = fn(tx.objectStore("keys"));
      tx.oncomplete = () => { open.result.close(); resolve(req.result); };
      tx.onerror = () => reject(tx.error);
    };
  });
}
async function sealingBase() {
  if (baseKey) return baseKey;
  let key = await idb((s) => s.get("seal"));
  if (!key) {
    key = await crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    await idb((s) => s.put(key, "seal"));
    key = await idb((s) => s.get("seal"));  // whichever tab stored first wins
  }
  baseKey = key;
  return key;
}
async function saveKey(id) {
  const sig = await crypto.subtle.sign("HMAC", await sealingBase(), new TextEncoder().encode(`pygames save ${id}`));
  return [...new Uint8Array(sig)].map((x) => x.toString(16).padStart(2, "0")).join("");
}

// ----- autosave ----------------------------------------------------------------------------------------
let chain = Promise.resolve();
/** Keep the game of view ``v`` (called after every view of the game in play); a finished game leaves
 * the list of games in progress. */
export function autosave(v) {
  const id = app.saveId;
  if (!id || EMBED) return;
  const entry = { id, game: v.game, title: v.title, seats: v.seats, status: v.status, ply: v.plies,
    updated: Date.now() };
  chain = chain.then(async () => {
    if (v.terminal) { discardSave(id); return; }
    if (v.record) {
      entry.record = v.record;
    } else {
      entry.sealed = (await call("seal", { key: await saveKey(id) })).sealed;
    }
    let list;
    try { list = savedGames(); } catch (e) { list = []; }
    if (!write([entry, ...list.filter((s) => s.id !== id)])) throw new Error("no storage");
  }).catch(() => unsaved(v));  // no storage or no WebCrypto here: the game plays on unsaved
}

// Said once per page, in the game panel, so nobody counts on a save that is not there
let told = false;
function unsaved(v) {
  if (told) return;
  told = true;
  const note = $("save-note");
  note.textContent = v.record
    ? "This browser does not let the site keep data, so this game is not saved: a reload or a closed tab loses it."
    : "This browser does not let the site keep data, so games that hide cards are not saved here: a reload or a closed tab loses this one.";
  note.hidden = false;
}

/** Resume saved game ``s`` in the worker: its view (the hand-over curtain first in hot seat). */
export async function resumeSaved(s) {
  if (s.sealed) return call("unseal", { sealed: s.sealed, key: await saveKey(s.id) });
  return call("load", { record: s.record, seats: s.seats });
}
