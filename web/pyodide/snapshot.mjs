// The snapshot maker: a worker loader.js starts once a page the service worker controls is idle and its
// Python did not start from a snapshot. It makes this wheel's memory snapshot (site.mjs's
// `makeSnapshotFile`: a Python of its own, every game imported), keeps it in Cache Storage for the next
// visits, says {made} or {error}, and is ended.
import { makeSnapshotFile } from "./site.mjs";

makeSnapshotFile().then((made) => postMessage({ made }), (e) => postMessage({ error: String(e && e.message ? e.message : e) }));
