// An embedded board on a page of several (index.html?embed&shared, issue 20; web/EMBED.md): it starts no
// Python of its own. It finds the page's shared one (runtime.js, in the frame embed.js added to the host
// page; that frame is of our origin like this one, so its window may be called directly) and sends it
// this board's commands under a board id of its own. Same shape as loader.js's startPython.
export function sharedPython({ onProgress = () => {}, onReady = () => {}, onFailed = () => {} } = {}) {
  const board = `b${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const runtime = new Promise((resolve) => {
    const look = () => {
      const frames = window.parent.frames;
      for (let i = 0; i < frames.length; i += 1) {
        try {
          const rt = frames[i].pygamesRuntime;
          if (rt) { resolve(rt); return; }
        } catch (e) { /* a frame of another origin */ }
      }
      setTimeout(look, 50);  // embed.js adds the runtime's frame as this board's comes near the screen
    };
    look();
  });
  runtime.then((rt) => rt.watch({ onProgress, onReady, onFailed }));
  window.addEventListener("pagehide", () => { runtime.then((rt) => rt.drop(board)); });
  return { call: (name, argsText) => runtime.then((rt) => rt.call(board, name, argsText)) };
}
