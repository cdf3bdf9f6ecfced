// The shared Python of a page of embedded boards (issue 20; web/EMBED.md). embed.js adds this page once
// per host page, as a 1-px frame of our origin; each live board (index.html?embed&shared, shared.js)
// finds it among its host page's frames (same origin as the board, so it may call it directly) and
// sends it its commands tagged with its board id; the worker's bridge keeps one game per board
// (bridge.py's call_as). Python starts through loader.js as everywhere else, at most once per page.
import { startPython } from "./loader.js";

const params = new URLSearchParams(location.search);
let testhooks = false;
testhooks = params.has("testhooks");  // @testhook
const status = { progress: [0.05, ""], ready: false, failed: null };
const watchers = new Set();

function tell(fn) {
  for (const w of [...watchers]) {
    try { fn(w); } catch (e) { watchers.delete(w); }  // that board's frame is gone
  }
}

const py = startPython({
  testhooks,
  offline: false,  // no service worker in a frame on another site (storage is often denied there)
  onProgress: (frac, text) => { status.progress = [frac, text]; tell((w) => w.onProgress(frac, text)); },
  onReady: () => { status.ready = true; tell((w) => w.onReady()); },
  onFailed: (message) => { status.failed = message; tell((w) => w.onFailed(message)); },
});

window.pygamesRuntime = {
  /** A board's {onProgress, onReady, onFailed}: told what happened so far, then what happens. */
  watch(w) {
    watchers.add(w);
    if (status.failed !== null) w.onFailed(status.failed);
    else if (status.ready) w.onReady();
    else w.onProgress(...status.progress);
  },
  /** Board `board`'s bridge command: the JSON answer as text (a promise), in the order asked. */
  call: (board, name, argsText) => py.call(name, argsText, board),
  /** The board's frame is going: its game is dropped. */
  drop: (board) => py.call("__drop__", "{}", board),
};
