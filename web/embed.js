// <pygames-board> for rules pages and other documents, on any site: one classic script, then e.g.
//   <script src="https://your.host/pygames/embed.js"></script>
//   <pygames-board game="GAME-ID" interactive seats="human,easy"></pygames-board>
//   <pygames-board record='{"game":"GAME-ID","options":{},"seed":1,"actions":[…]}'></pygames-board>
// It frames the site's embed mode (index.html?embed), loaded lazily when scrolled into view, so a page
// that never shows the board never starts Python. Attributes: game, record (JSON), interactive, seats.
// A classic script (not a module) so that a page of another origin can load it from a static host that
// sends no CORS headers. A bad attribute shows a small error in place of that board only.
(() => {
  const script = document.currentScript;
  const base = new URL(".", script && script.src ? script.src : location.href);

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

  class PygamesBoard extends HTMLElement {
    connectedCallback() {
      if (this.querySelector("iframe, .pygames-board-error")) return;
      const query = ["embed", "nosw"];
      if (this.hasAttribute("interactive")) query.push("interactive");
      const record = this.getAttribute("record");
      const seats = this.getAttribute("seats");
      let hash;
      if (record !== null) {
        try {
          const parsed = JSON.parse(record);
          if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
        } catch (e) {
          fail(this, "its record is not a JSON object.");
          return;
        }
        hash = `record=${b64url(record)}`;
      } else {
        const game = this.getAttribute("game");
        if (game === null) {
          fail(this, "it needs a game or a record attribute.");
          return;
        }
        if (!/^[a-z0-9_]+$/.test(game)) {
          fail(this, `"${game}" is not a game name.`);
          return;
        }
        hash = `new=${encodeURIComponent(game)}&quick`;
      }
      if (seats) hash += `&seats=${encodeURIComponent(seats)}`;
      const frame = document.createElement("iframe");
      frame.src = new URL(`index.html?${query.join("&")}#${hash}`, base).href;
      frame.loading = "lazy";
      frame.title = this.getAttribute("title") || "game board";
      frame.style.cssText = "width:100%;aspect-ratio:780/610;border:0;display:block";
      this.append(frame);
    }
  }

  if (!customElements.get("pygames-board")) customElements.define("pygames-board", PygamesBoard);
})();
