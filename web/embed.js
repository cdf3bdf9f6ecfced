// <pygames-board> for rules pages and other documents, on any site: one classic script, then e.g.
//   <script src="https://your.host/pygames/embed.js"></script>
//   <pygames-board game="GAME-ID"></pygames-board>                        the starting position
//   <pygames-board record='{"game":"GAME-ID","options":{},"seed":1,"actions":[…]}'></pygames-board>
//   <pygames-board game="GAME-ID" interactive seats="human,easy"></pygames-board>   a game to play
// Attributes: game, record (JSON), interactive, seats, title. A bad attribute shows a small error in
// place of that board only. A classic script (not a module) so that a page of another origin can load
// it from a static host that sends no CORS headers.
//
// A page of many boards costs one Python at most (issue 20; web/EMBED.md says how it works):
// - A board that shows a position or steps through a record is a picture: build.py drew it ahead
//   (boards/<key>-<ply>.svg, key = boardKey below, the same hash as tools/embed_boards.py). It is an
//   <img>, which any page may show from our host without CORS (reading the SVG's text would need
//   CORS or a frame of ours; the picture needs neither, costs no script and no frame). Python is not
//   started at all. A record or ply that was not drawn ahead (the <img> fails) falls back to a live
//   board at that ply.
// - Live boards (interactive, or the fall-back) are frames of the site's embed mode (index.html?embed
//   &shared), and all of a page's live boards share ONE Python: a small frame of ours (runtime.html,
//   1 px, added once) runs it, and each board frame finds it among its host page's frames (it is of
//   the board's own origin) and sends it its commands. Until a live board is drawn, its place shows
//   the pre-drawn picture of its first position.
// - Nothing starts before the board comes near the screen (RADIUS), so a page that never shows a live
//   board never starts Python. No request leaves our origin; the frames need no storage.
(() => {
  const script = document.currentScript;
  const base = new URL(".", script && script.src ? script.src : location.href);
  const RADIUS = "2500px";  // a still board this far below (or above) the screen is made (as lazy images are)
  const FRAME_RATIO = "780/610";

  // ----- the pre-drawn picture's name: 64-bit FNV-1a of the canonical JSON (tools/embed_boards.py) ---
  function canonical(v) {
    if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
    if (v && typeof v === "object") {
      return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`;
    }
    return JSON.stringify(v);
  }
  function boardKey(game, options, actions) {
    const mask = (1n << 64n) - 1n;
    let h = 0xcbf29ce484222325n;
    for (const b of new TextEncoder().encode(canonical({ game, options, actions }))) {
      h = ((h ^ BigInt(b)) * 0x100000001b3n) & mask;
    }
    return h.toString(16).padStart(16, "0");
  }

  function b64url(text) {
    let bin = "";
    for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fail(el, message) {
    const p = document.createElement("p");
    p.setAttribute("role", "alert");
    p.className = "pygames-board-error";
    p.style.cssText = "margin:0;padding:.5em .75em;border:1px solid #b00020;border-radius:4px;"
      + "color:#8a0019;background:#fff5f6;font:14px/1.4 system-ui,sans-serif";
    p.textContent = `This game board cannot be shown: ${message}`;
    el.replaceChildren(p);
  }

  // ----- the page's one Python: a frame of ours that runs it for every live board (runtime.js) -------
  let runtime = null;
  function startRuntime() {
    if (runtime) return;
    runtime = document.createElement("iframe");
    runtime.name = "pygames-runtime";
    runtime.title = "pygames engine";
    runtime.tabIndex = -1;
    runtime.setAttribute("aria-hidden", "true");
    // drawn, not display:none: browsers pause the frames they do not draw (PyScript waits for a frame)
    runtime.style.cssText = "position:fixed;left:0;bottom:0;width:1px;height:1px;border:0;opacity:0;"
      + "pointer-events:none";
    runtime.src = new URL("runtime.html?nosw", base).href;
    document.body.append(runtime);
  }

  // board frames say when their board is drawn (app.js): the picture in front of it goes
  const frames = new Map();
  window.addEventListener("message", (e) => {
    if (e.origin !== base.origin || !e.data || e.data.pygamesBoard !== "drawn") return;
    const el = frames.get(e.source);
    if (el) el.querySelector(".pygames-board-poster")?.remove();
  });

  // A live board: its frame, and in front of it the picture of its first position until it is drawn.
  // The frame (and the page's Python) starts loading once that picture is loaded: pictures in view come
  // first, and a lazy board's picture (the browser loads it as it comes near the screen) is also what
  // tells that the board is near. Without a picture (a picture that turned live) it starts at once.
  function liveFrame(el, spec, hash, lazy = false) {
    const box = document.createElement("div");
    box.style.cssText = `position:relative;width:100%;aspect-ratio:${FRAME_RATIO}`;
    const frame = document.createElement("iframe");
    const query = ["embed", "nosw", "shared", ...(spec.interactive ? ["interactive"] : [])];
    const src = new URL(`index.html?${query.join("&")}#${hash}`, base).href;
    frame.title = el.getAttribute("title") || "game board";
    frame.style.cssText = "position:absolute;inset:0;width:100%;height:100%;border:0;display:block";
    box.append(frame);
    const go = () => {
      if (frame.src) return;
      startRuntime();
      frame.src = src;
    };
    if (spec.poster) {
      const img = picture(spec, spec.poster);
      img.className = "pygames-board-poster";
      if (lazy) img.loading = "lazy";
      img.style.cssText += ";position:absolute;inset:0;height:100%;object-fit:contain;object-position:top;"
        + "background:#fff;pointer-events:none";
      img.addEventListener("load", () => afterPictures(go));
      img.addEventListener("error", () => { img.remove(); afterPictures(go); });
      box.append(img);
    }
    el.replaceChildren(box);
    frames.set(frame.contentWindow, el);
    if (!spec.poster) go();
  }

  // Live boards wait for the still pictures near the screen (those made so far) to load: a frame and
  // above all Python's start (compiling its WebAssembly) would slow them down
  let loading = 0;
  const waiting = [];
  function flush() {
    if (!loading) for (const fn of waiting.splice(0)) fn();
  }
  function afterPictures(fn) {
    waiting.push(fn);
    setTimeout(flush, 0);
  }
  function counted(img) {
    loading += 1;
    const done = () => {
      img.removeEventListener("load", done);
      img.removeEventListener("error", done);
      loading -= 1;
      setTimeout(flush, 0);
    };
    img.addEventListener("load", done);
    img.addEventListener("error", done);
    return img;
  }

  function picture(spec, ply) {
    const img = document.createElement("img");
    img.src = new URL(`boards/${spec.key}-${ply}.svg`, base).href;
    img.alt = `${spec.game} board${spec.plies ? `, position after ${ply} of ${spec.plies} moves` : ""}`;
    img.decoding = "async";
    img.style.cssText = "display:block;width:100%;height:auto";
    return img;
  }

  function recordHash(spec, ply) {
    let hash = `record=${b64url(spec.record)}`;
    if (ply !== undefined && ply !== spec.plies) hash += `&ply=${ply}`;
    if (spec.seats) hash += `&seats=${encodeURIComponent(spec.seats)}`;
    return hash;
  }

  function button(text, label, go) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.style.cssText = "font:inherit;min-width:2.2em;padding:.15em .4em";
    b.addEventListener("click", go);
    return b;
  }

  // A picture of a record, stepped through with the same buttons as the live board's; a ply that was
  // not drawn ahead turns the board into a live one there.
  function stillBoard(el, spec) {
    const img = counted(picture(spec, spec.start));
    img.addEventListener("error", () => {
      const ply = Number(img.dataset.ply ?? spec.start);
      spec.poster = null;  // that picture is the one missing
      if (spec.record === null) liveFrame(el, spec, spec.newHash);
      else liveFrame(el, spec, recordHash(spec, ply));
    });
    el.replaceChildren(img);
    if (spec.record === null) return;
    const nav = document.createElement("div");
    nav.className = "pygames-board-nav";
    nav.style.cssText = "display:flex;gap:.3em;align-items:center;flex-wrap:wrap;margin-top:.3em;"
      + "font:14px/1.4 system-ui,sans-serif";
    const at = document.createElement("span");
    at.className = "pygames-board-ply";
    at.setAttribute("aria-live", "polite");
    let ply = spec.start;
    const go = (n) => {
      ply = Math.max(0, Math.min(spec.plies, n));
      at.textContent = `${ply} / ${spec.plies}`;
      img.dataset.ply = String(ply);
      const src = new URL(`boards/${spec.key}-${ply}.svg`, base).href;
      if (img.src !== src) { img.src = src; img.alt = picture(spec, ply).alt; }
    };
    const open = document.createElement("a");
    open.href = new URL(`index.html#record=${b64url(spec.record)}`, base).href;
    open.target = "_blank";
    open.rel = "noopener";
    open.textContent = "Open in pygames";
    nav.append(button("|◀", "first position", () => go(0)), button("◀", "previous position", () => go(ply - 1)),
      at, button("▶", "next position", () => go(ply + 1)), button("▶|", "last position", () => go(spec.plies)),
      open);
    el.append(nav);
    go(ply);
  }

  // What a board's attributes ask for, checked; a string is the error to show in its place.
  function readSpec(el) {
    const seats = el.getAttribute("seats");
    const spec = { interactive: el.hasAttribute("interactive"), seats, record: null };
    const record = el.getAttribute("record");
    if (record !== null) {
      let parsed;
      try {
        parsed = JSON.parse(record);
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      } catch (e) {
        return "its record is not a JSON object.";
      }
      const actions = Array.isArray(parsed.actions) ? parsed.actions : [];
      Object.assign(spec, { record, game: String(parsed.game), plies: actions.length, start: actions.length,
        key: boardKey(parsed.game, parsed.options ?? {}, actions) });
      spec.poster = String(spec.plies);
      return spec;
    }
    const game = el.getAttribute("game");
    if (game === null) return "it needs a game or a record attribute.";
    if (!/^[a-z0-9_]+$/.test(game)) return `"${game}" is not a game name.`;
    let hash = `new=${encodeURIComponent(game)}&quick`;
    if (seats) hash += `&seats=${encodeURIComponent(seats)}`;
    return Object.assign(spec, { game, plies: 0, start: 0, key: boardKey(game, {}, []), newHash: hash,
      poster: "0" });
  }

  // A still board near the screen: its picture is made
  function start(el) {
    stillBoard(el, readSpec(el));
  }

  const near = "IntersectionObserver" in window ? new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      near.unobserve(e.target);
      start(e.target);
    }
  }, { rootMargin: `${RADIUS} 0px` }) : null;

  class PygamesBoard extends HTMLElement {
    connectedCallback() {
      if (this.dataset.pygamesBoard) return;
      this.dataset.pygamesBoard = "1";
      if (!this.style.display) this.style.display = "block";
      // errors at once; everything else when the board comes near the screen
      const spec = readSpec(this);
      if (typeof spec === "string") { fail(this, spec); return; }
      // a live board (or a picture, only for the seats of a board without the attribute: the picture
      // shows what the first seat sees)
      if (spec.interactive || spec.seats) liveFrame(this, spec, spec.record === null ? spec.newHash : recordHash(spec), true);
      else if (near) near.observe(this);
      else start(this);
    }
  }

  if (!customElements.get("pygames-board")) customElements.define("pygames-board", PygamesBoard);
})();
