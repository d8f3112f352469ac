/*
 * The offline service worker (issue 17). Built into dist/sw.js by build/service-worker-plugin.ts, which puts the
 * release's file list and version in front of this file.
 * - The app shell (every built script, style, icon and the page) is cached at install: the app opens offline.
 * - Pages: the network, else the cached page (the app routes on the client).
 * - The member's reads (GET calls and the spec's read-only POST calls): the network, keeping a copy per signed-in
 *   token, keyed by method, path and body, stamped with the time it was fetched; offline, the last copy, or an
 *   envelope saying the app is offline.
 * - Videos the member saved for offline use: from the device (see MEDIA).
 * - Writes are never answered from here: the app queues its watch reports itself (web/src/lib/offline-queue.ts).
 */
/* global self, caches, crypto, Response, Request, URL, TextEncoder, PRECACHE, RELEASE */

const SHELL = `mm-shell-${RELEASE}`;
const DATA = 'mm-data';
/** Videos saved for offline use by the app (web/src/lib/offline-media.ts), keyed without the URL's expiry and signature. */
const MEDIA = 'mm-media';
const READ_ONLY_POSTS = new Set([
  '/api/learning_path_home',
  '/api/home_first_section',
  '/api/home_second_section',
  '/api/categoryVideos',
  '/api/get_category_id',
  '/api/sub_categories_videos',
  '/api/videos/view',
]);
/** The header of a kept copy naming when it was fetched (only answers from the device carry it: web/src/lib/api-client.ts). */
const SAVED_AT = 'X-Saved-At';
const OFFLINE_ENVELOPE = JSON.stringify({
  success: false,
  error_code: 503,
  code: 'offline',
  error_messages: 'You are offline: this screen has not been opened on this device yet.',
});

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(['/index.html', ...PRECACHE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('mm-shell-') && n !== SHELL).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

async function digest(text) {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(bytes)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 24);
}

/**
 * The cache key of a read: the caller, the method, the path with its query, and a hash of the body. The body's hash
 * goes in the key's query string: the Cache API ignores a URL's fragment, so a fragment would let every body of
 * one POST read (categoryVideos of category 1 and 2, videos/view of video 2 and 7) share one copy.
 * One copy per signed-in person (shared tablets).
 */
async function dataKey(request, body) {
  const url = new URL(request.url);
  const key = new URL(`/__offline-data/${await digest(request.headers.get('Authorization') ?? 'anonymous')}/${request.method}${url.pathname}`, url.origin);
  key.search = url.search;
  if (body) key.searchParams.set('__body', await digest(body));
  return new Request(key.href);
}

async function memberRead(request) {
  const body = request.method === 'POST' ? await request.clone().text() : '';
  const key = await dataKey(request, body);
  try {
    const response = await fetch(request);
    // Only the JSON answers screens read: files (PDFs, CSVs, exports) are not kept on the device.
    if (response.ok && (response.headers.get('Content-Type') ?? '').startsWith('application/json')) {
      // The copy says when it was fetched: offline, screens show it (and an older answer never passes for a newer one).
      const headers = new Headers(response.headers);
      headers.set(SAVED_AT, new Date().toISOString());
      // The copy holds the decoded bytes: the wire's length and encoding no longer describe it.
      headers.delete('Content-Length');
      headers.delete('Content-Encoding');
      const cache = await caches.open(DATA);
      await cache.put(key, new Response(await response.clone().arrayBuffer(), { status: response.status, headers }));
    }
    return response;
  } catch {
    const cached = await caches.match(key);
    return cached ?? new Response(OFFLINE_ENVELOPE, { status: 503, headers: { 'Content-Type': 'application/json' } });
  }
}

/** A saved video's file from the device, whatever the signed URL; anything else from the network. */
async function media(request) {
  const url = new URL(request.url);
  const key = `${url.origin}${url.pathname.replace(/^\/media\/\d+\/[A-Za-z0-9_-]+\//, '/media-offline/')}`;
  const cache = await caches.open(MEDIA);
  return (await cache.match(key)) ?? fetch(request);
}

async function page(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match('/index.html')) ?? Response.error();
  }
}

async function shellFile(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(SHELL);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(page(request));
  if (url.pathname.startsWith('/api/')) {
    if (request.method === 'GET' || (request.method === 'POST' && READ_ONLY_POSTS.has(url.pathname))) event.respondWith(memberRead(request));
    return;
  }
  if (request.method === 'GET' && url.pathname.startsWith('/media/')) return event.respondWith(media(request));
  if (request.method === 'GET' && (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/'))) event.respondWith(shellFile(request));
});
