// Baza's service worker: plays offline after the first visit, and never
// mixes the files of two builds.
//
// build/build.py writes dist/sw.js from this template, filling in BUILD: the
// build's version and every file of dist/ as [url, bytes, sha256]. Browsers
// compare sw.js byte for byte on each visit, so any change to any file of a
// new build installs a new worker.
//
//   install   fetch every file of the build into the cache "baza-<version>",
//             checking size and SHA-256 (a host or cache in between that
//             hands out an old file never gets it in: never a mix; without
//             the page the install fails; the page is kept without its
//             first visit's preloads); a file that cannot be had waits for
//             the page's "fill" message; the files that come after ready
//             (LATER) are taken if the HTTP cache has them, else at that
//             message (sent when the page's own later downloads end, so
//             that the worker finds them in the HTTP cache rather than
//             downloading them a second time), until all are in: a visit
//             whose link dropped after ready plays offline all the same;
//   waiting   while a page of the old build is open, the new worker waits;
//             the page (assets/sw-register.js) shows "New version, reload",
//             and a click posts {type: "skip-waiting"} here;
//   activate  delete every other "baza-" cache;
//   fetch     answer same-origin GETs from the cache, else from the network;
//             the .wasm and pyodide.asm.mjs are left to the browser's
//             HTTP cache while online.
"use strict";

const BUILD = null; // filled in by build/build.py
// assets/packed.js, written here by build/build.py: self.bazaPacked.

const PREFIX = "baza-";
const CACHE = PREFIX + BUILD.version;
const scoped = (url) => new URL(url, self.registration.scope).href;
// The page is requested as "./" or "./index.html", with or without a query.
const PAGE = scoped("index.html");

const VERSIONED = (url) => url.includes("?v=") || url.startsWith("runtime/");
// What the page fetches after ready, and a start can do without: the rest
// of Pyodide's wasm, the whole standard library, the other languages
// (build/pyodide-loader.mjs, loadCold and downloadLater).
const LATER = (url) => /^runtime\/(pyodide-[^/]+\/(pyodide\.cold\.wasm|python_stdlib\.zip)|start-[^/]+\/lang-\w+\.zip)$/.test(url);

async function intact(response, bytes, sha256) {
  const body = await response.clone().arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  return body.byteLength === bytes && hex === sha256;
}

// The wasm and zip files where the host sent them as they are or gzipped:
// the page took their xz copies (assets/packed.js), which the HTTP cache
// holds. Decoded here and kept under the file's own URL. Null if not there.
async function fromCopy(url, bytes, sha256) {
  if (!self.bazaPacked?.isPacked(scoped(url))) return null;
  try {
    // The xz copy, or the gzip one that a page takes of a file it fetches while the player plays.
    for (const suffix of [".xz", ".gz"]) {
      const address = self.bazaPacked.copyOf(scoped(url), suffix);
      const copy = await fetch(address, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
      if (!copy?.ok) continue;
      const type = url.endsWith(".wasm") ? "application/wasm" : "application/zip";
      const response = await self.bazaPacked.unpacked(copy, type);
      if (response && (await intact(response, bytes, sha256))) return response;
    }
    return null;
  } catch {
    return null;
  }
}

// fetch(), with the xz copy in place of a file that the host sends as it is or gzipped.
const fetchFile = (url, init) => (self.bazaPacked ? self.bazaPacked.fetchPacked(fetch, url, init) : fetch(url, init));

async function download(url, bytes, sha256) {
  // A versioned URL (?v=<hash>, or a runtime/<package>-<version>-<hash>/
  // folder) names one content for good: take it from an older build's cache,
  // else from the HTTP cache (on a first visit the page has just downloaded
  // it), and only then from the server. index.html and other plain URLs are
  // revalidated with the server. A second try bypasses every HTTP cache.
  if (VERSIONED(url)) {
    const old = await caches.match(scoped(url));
    if (old && (await intact(old, bytes, sha256))) return old;
    const copy = await fromCopy(url, bytes, sha256);
    if (copy) return copy;
  }
  // With the link down, what the page has just downloaded is still in the
  // HTTP cache, stale or not: "force-cache" last (checked like the rest, so
  // never another build's).
  for (const cache of VERSIONED(url) ? ["default", "reload", "force-cache"] : ["no-cache", "reload", "force-cache"]) {
    let response;
    try {
      response = await fetchFile(scoped(url), { cache, credentials: "same-origin" });
    } catch {
      continue; // no network: the next way may still have it
    }
    if (response.ok && (await intact(response, bytes, sha256))) return response;
  }
  throw new Error(`${url} is not the file of build ${BUILD.version}`);
}

// The page as the browser has just shown it, with the link down: the HTTP
// cache keeps it under the address it was opened with ("./?game=hearts"),
// not as index.html. Checked like any file; null for any other file.
async function shown(url, bytes, sha256) {
  if (scoped(url) !== PAGE) return null;
  for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: "window" })) {
    if (!client.url.startsWith(self.registration.scope)) continue;
    try {
      const response = await fetch(client.url, { cache: "force-cache", credentials: "same-origin" });
      if (response.ok && (await intact(response, bytes, sha256))) return response;
    } catch {
      // not in the HTTP cache either
    }
  }
  return null;
}

// A later file from an older build's cache or the HTTP cache, never the network; or null.
async function cached(url, bytes, sha256) {
  const old = await caches.match(scoped(url));
  if (old && (await intact(old, bytes, sha256))) return old;
  const copy = await fromCopy(url, bytes, sha256);
  if (copy) return copy;
  try {
    const response = await fetch(scoped(url), { cache: "only-if-cached", mode: "same-origin", credentials: "same-origin" });
    return response.ok && (await intact(response, bytes, sha256)) ? response : null;
  } catch {
    return null;
  }
}

// The files this worker's cache does not hold yet. The later ones from the
// HTTP cache only: the page sends "fill" when a later download of its own
// has ended, so each file crosses the network once. The others (an icon
// the install could not fetch) as the install fetches them. One not had
// waits for the next call.
let filling = null;
function fill() {
  filling ??= (async () => {
    const cache = await caches.open(CACHE);
    for (const file of BUILD.files) {
      if (await cache.match(scoped(file[0]))) continue;
      const response = LATER(file[0]) ? await cached(...file) : await download(...file).catch(() => null);
      if (response) await cache.put(scoped(file[0]), await kept(file[0], response));
    }
  })().finally(() => (filling = null));
  return filling;
}

// The page's preloads of a first visit (build/build.py marks them): the
// page kept here is the one of return visits, whose loader asks for what a
// restore needs itself, and whose wasm must come from the HTTP cache, where
// V8 keeps its compiled code, not from a preload.
const FIRST_VISIT = /\n[ \t]*<link [^>]*\bdata-first-visit\b[^>]*>/g;

async function kept(url, response) {
  if (!response || scoped(url) !== PAGE) return response;
  const text = (await response.text()).replace(FIRST_VISIT, "");
  const headers = new Headers(response.headers);
  headers.delete("content-length"); // the page is shorter now
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}

// The page registers this worker as soon as it can and says "copy" once
// the table is ready (assets/sw-register.js): until then the install waits,
// so that its fetches find the start's files in the HTTP cache instead of
// competing with the start for the link and the CPU. A page that never
// says so (an older page, a closed tab) is waited for COPY_WAIT ms at most.
const COPY_WAIT = 30_000;
let copy;
const copyAllowed = new Promise((resolve) => {
  copy = resolve;
  setTimeout(resolve, COPY_WAIT);
});

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await copyAllowed;
      // Every file that arrives intact goes in (each is checked, so the
      // cache never mixes two builds); the page must, or the install fails
      // and the page registers again later. A file that could not be had
      // (the link dropped after ready: an icon the page never asked for)
      // comes at the page's next "fill" message. The later files come
      // from the HTTP cache only, as the page's own downloads of them end.
      const responses = await Promise.all(
        BUILD.files.map(async (file) =>
          LATER(file[0]) ? cached(...file) : kept(file[0], await download(...file).catch(() => shown(...file))),
        ),
      );
      if (!responses[BUILD.files.findIndex(([url]) => scoped(url) === PAGE)]) throw new Error("no page to keep");
      const cache = await caches.open(CACHE);
      await Promise.all(responses.map((response, i) => response && cache.put(scoped(BUILD.files[i][0]), response)));
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data && event.data.type === "copy") copy();
  if (event.data && event.data.type === "fill") event.waitUntil(fill());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
    })(),
  );
});

// Opened once per worker: every request of a start needs it. A failed open
// is not kept: the next request tries again.
let opened = null;
const ourCache = () =>
  (opened ??= caches.open(CACHE).catch((error) => {
    opened = null;
    throw error;
  }));

async function respond(request) {
  let cache;
  try {
    cache = await ourCache();
  } catch {
    return fetch(request); // the storage failed: the network may still answer
  }
  const url = new URL(request.url);
  url.hash = "";
  const bare = url.origin + url.pathname;
  const isPage = request.mode === "navigate" && (bare === scoped("./") || bare === PAGE);
  // The exact URL first: an indexed lookup. Then ignoreSearch, which reads
  // every entry of the cache: "./?game=hearts" is the page, and a file
  // requested without its ?v= (say by Python code) is still the file of
  // this build.
  const key = isPage ? PAGE : request;
  const hit = (await cache.match(key)) || (await cache.match(key, { ignoreSearch: true }));
  if (hit) return hit;
  // Not kept yet (a later file before the install took it): from the
  // network, as an xz copy where the host would send it uncompressed or gzipped.
  return self.bazaPacked?.isPacked(request.url) ? fetchFile(request.url, { credentials: "same-origin" }) : fetch(request);
}

// The wasm binary and Pyodide's glue, pyodide.asm.mjs (0.8 MB), while online: not
// answered here, so the browser takes them from its HTTP cache (the runtime
// folder is served immutable), where V8 keeps the compiled code next to the
// entry. A wasm module compiled from a service worker's response gets no
// code cache and starts on baseline code on every visit: 1.3-2.5 s more per
// return visit; pyodide.asm.mjs from the worker was parsed whole on every
// visit, 70-160 ms, and Pyodide's load took about 100 ms more
// (docs/PERFORMANCE.md). Offline the worker answers from its cache as for
// every other file.
// A wasm's xz or gzip copy likewise (a host that sends the wasm
// uncompressed or gzipped: assets/loading.js asks for the copy on return
// visits).
const TO_HTTP_CACHE = (url) =>
  /(\.wasm|\.wasm\.xz|\.wasm\.gz|\/pyodide\.asm\.mjs)$/.test(url.pathname) && self.navigator.onLine;

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  if (TO_HTTP_CACHE(new URL(request.url))) return;
  event.respondWith(respond(request));
});
