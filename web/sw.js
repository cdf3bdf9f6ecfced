// Service worker: caches what a player needs to play so a second visit works offline, and brings each
// new deployment to returning visitors. build.py fills in FILES: every file a game needs with the sha256
// of its bytes in this build, and a VERSION made from all the site's files, so a new build is a new
// cache. The rest (rules pages, tutorials, the embed script: build.py's ON_VISIT) is cached when a page
// first loads it (the fetch handler below), so it works offline once it has been seen.
//
// Install fills the new cache completely before anything changes, each file checked against its
// sha256: a copy this browser already holds is reused only if its bytes are this build's (an old
// version's cache, or the interpreter files the page's worker kept on a first visit), anything else is
// fetched past the HTTP cache. A file whose bytes are not the listed ones (a deployment half uploaded)
// fails the install: the old version stays, and the browser tries again on a later visit.
// The new worker then waits; the page (loader.js) tells it to take over ("skip-waiting") when no game
// is being played there, or when the player chooses to reload. Activation deletes every older cache.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `pygames-${VERSION}`;
const KEPT = "pygames-fetched";  // files the page's worker downloaded and kept on a first visit (entry.mjs)
// Python's memory snapshot (entry.mjs): not a file of the site; entry.mjs replaces it when the wheel changes
const SNAPSHOTS = "pygames-snapshot";
const older = (k) => k.startsWith("pygames-") && k !== CACHE && k !== SNAPSHOTS;

function hex(buf) {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function matches(res, sha) {
  if (!res || !res.ok) return false;
  return hex(await crypto.subtle.digest("SHA-256", await res.clone().arrayBuffer())) === sha;
}

async function fill(cache, path, sha, others) {
  const url = new URL(path, self.location.href).href;
  if (await matches(await cache.match(url), sha)) return;  // an install tried before
  for (const other of others) {
    const hit = await other.match(url);
    if (await matches(hit, sha)) return cache.put(url, hit);
  }
  for (const mode of ["no-cache", "reload"]) {  // revalidated, then fetched anew
    const res = await fetch(new Request(url, { cache: mode }));
    if (await matches(res, sha)) return cache.put(url, res);
  }
  throw new Error(`${path} is not this version's file`);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const names = (await caches.keys()).filter(older);
    const others = await Promise.all(names.map((k) => caches.open(k)));
    await Promise.all(FILES.map(([path, sha]) => fill(cache, path, sha, others)));
    await caches.delete(KEPT);
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  // the new cache is complete (install succeeded): every older one goes
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter(older).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== location.origin) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const hit = await cache.match(req, { ignoreSearch: true });
    if (hit) return hit;
    const res = await fetch(req);
    if (res.ok && res.type === "basic") cache.put(req, res.clone());
    return res;
  }));
});
