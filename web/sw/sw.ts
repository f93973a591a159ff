// The service worker: keeps the app's shell (its page, script, stylesheet
// and icon) so that the app opens without a network, and the chess clock
// (/clock) and the rules guide (/learn), which run in the page, work there.
//
// Every request goes to the network first, so that an online page is
// always the server's newest; only when the network fails does the kept
// copy answer. The API (/api/) is never kept: its answers are live.

const sw = globalThis as unknown as ServiceWorkerGlobalScope;
/** The build's fingerprint (set by build.mjs): a new build, a new cache. */
declare const SAKK_BUILD: string;

/** The shell's cache, one a build (the guide keeps its answers apart). */
const PREFIX = 'sakk-shell-';
const CACHE = `${PREFIX}${SAKK_BUILD}`;
/** The app's shell: every page of the app is this one page. */
const SHELL = '/';
const KEEP = [SHELL, '/assets/app.js', '/assets/app.css', '/assets/favicon.svg'];

sw.addEventListener('install', ev => {
  ev.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(KEEP);
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', ev => {
  ev.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

/** Whether `url` is one of the files kept (the shell itself is kept under `/`). */
function kept(url: URL): boolean {
  return KEEP.includes(url.pathname);
}

sw.addEventListener('fetch', ev => {
  const req = ev.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== sw.location.origin || url.pathname.startsWith('/api/')) return;
  const page = req.mode === 'navigate';
  if (!page && !kept(url)) return;
  ev.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // The kept copy: the shell for any page, else the file by its path.
      const copy = () => cache.match(page ? SHELL : url.pathname);
      let res: Response;
      try {
        res = await fetch(req);
      } catch (e) {
        const c = await copy();
        if (c) return c;
        throw e;
      }
      // A proxy in front of a server that is down answers for it.
      if (res.status >= 502 && res.status <= 504) return (await copy()) ?? res;
      // The newest copy is kept for the next time the network is gone
      // (while the answer goes on its way).
      if (res.ok && kept(url)) ev.waitUntil(cache.put(url.pathname, res.clone()).catch(() => undefined));
      return res;
    })(),
  );
});
