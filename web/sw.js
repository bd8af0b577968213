// Chuhan's service worker: the page installed as an app, and playable offline.
//
// Built by tools/web.sh, which puts the build's hashes below (one cache per build). At install
// it keeps the whole build: the page, the game's module and its glue, the engine's module and
// its glue, the manifest and the icons (the game's own assets are inside its module). Then:
// - the page itself (a navigation) is asked of the network first, so that a new build on the
//   server is what the next visit opens; with no network, the page kept at install answers;
// - a file whose name carries its build's hash never changes: the cache answers it;
// - anything else is asked of the network, the cache answering when it cannot.
// The kept page is never replaced by a newer one in the same cache: a page and the files it
// names are kept together, by the service worker of their own build, and the new build's worker
// deletes the old build's cache once it has kept its own (no mix of old and new files).
// The online game's WebSocket never passes through a service worker.
const BUILD = 'chuhan-@HASH@-@EHASH@';
const FILES = [
  './',
  './chuhan-@HASH@.js',
  './chuhan-@HASH@_bg.wasm',
  './engine-@EHASH@.js',
  './engine-@EHASH@_bg.wasm',
  './manifest.webmanifest',
  './icon-32.png',
  './icon-192.png',
  './icon-256.png',
  './icon-512.png',
];

self.addEventListener('install', (event) => {
  // The hashed files come from the browser's HTTP cache when the page just fetched them (their
  // names change with their content, so the copy there is this build's); the rest is revalidated.
  event.waitUntil(caches.open(BUILD)
    .then((cache) => cache.addAll(FILES))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('chuhan-') && k !== BUILD)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

const hashed = (url) => /-[0-9a-f]{16}[._]/.test(new URL(url).pathname);

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // The page: the network's (a new build), else the one kept with this build's files.
    event.respondWith(fetch(request).catch(() =>
      caches.open(BUILD).then((cache) => cache.match('./')).then((kept) => kept || Response.error())));
  } else if (hashed(request.url)) {
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request)));
  } else {
    event.respondWith(fetch(request).catch(() =>
      caches.match(request, { ignoreSearch: true }).then((kept) => kept || Response.error())));
  }
});
