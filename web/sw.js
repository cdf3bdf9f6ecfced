// Service worker: caches the whole site on first visit so a second visit works offline.
// build.py fills in the version and the list of files; a new build gets a new cache.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `pygames-${VERSION}`;

self.addEventListener("install", (event) => {
  // Take what the page has just downloaded instead of fetching it a second time: the interpreter files
  // the page kept (index.html), the rest from the HTTP cache (force-cache).
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const kept = await caches.open("pygames-fetched");
    await Promise.all(FILES.map(async (f) => {
      const url = new URL(f, self.location.href).href;
      const hit = await kept.match(url);
      if (hit) return cache.put(url, hit);
      return cache.add(new Request(url, { cache: "force-cache" }));
    }));
    await caches.delete("pygames-fetched");
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("pygames-") && k !== CACHE).map((k) => caches.delete(k))))
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
