// <pygames-board> for rules pages and other documents: one script, then e.g.
//   <pygames-board game="verquere" interactive seats="human,easy"></pygames-board>
//   <pygames-board record='{"game":"verquere","options":{},"seed":1,"actions":[…]}'></pygames-board>
// It frames the site's embed mode (index.html?embed), loaded lazily when scrolled into view, so a page
// that never shows the board never starts Python. Attributes: game, record (JSON), interactive, seats.
const base = new URL(".", import.meta.url);

function b64url(text) {
  let bin = "";
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

class PygamesBoard extends HTMLElement {
  connectedCallback() {
    if (this.querySelector("iframe")) return;
    const query = ["embed", "nosw"];
    if (this.hasAttribute("interactive")) query.push("interactive");
    const record = this.getAttribute("record");
    const seats = this.getAttribute("seats");
    let hash;
    if (record) {
      hash = `record=${b64url(record)}`;
    } else {
      hash = `new=${encodeURIComponent(this.getAttribute("game") || "verquere")}&quick`;
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
