// The same bytes from any host: the build's wasm and zip files travel
// compressed whether or not the host compresses them.
//
// The build writes FILE.gz beside each of them (build/compress.mjs). A host
// that compresses FILE (FILE.br or FILE.gz served with a Content-Encoding,
// or gzip made on the fly) is left to do so: brotli stays brotli. A host
// that sends FILE as it is (one that compresses nothing, or compresses by
// content type and not application/zip: docs/HOSTING.md) is found out from
// the headers of its answer, which is then cut off, and FILE.gz is fetched
// instead and decompressed here with DecompressionStream. That costs one
// round trip and what crossed the link meanwhile, on those hosts only. A
// host that serves FILE.gz itself with a Content-Encoding has the browser
// decode it: the first bytes tell whether there is gzip left to undo.
//
// A host that sends one file of a kind (.wasm, .zip) as it is is taken to
// send every file of that kind so: the next one of the kind is asked for
// as FILE.gz at once, with no answer to cut off (an answer whose headers
// arrive while Python starts on the main thread is cut off late, and the
// link carries it meanwhile).
//
// In the page it is the head's first script, and asks at once for the big
// files of a first visit that its tag names (data-early: the wasm, the
// start zip); assets/loading.js hands those answers to the first fetch()
// of each.
//
// A classic script with no import or export, so that one file serves the
// page, the service worker (build/build.py writes it into sw.js) and the
// loader's snapshot Worker (build/start_folder.py writes it into the
// loader), each defining self.bazaPacked once.
"use strict";

self.bazaPacked ??= (() => {
  // The files that have a FILE.gz: the wasm and zip files of the runtime folders.
  const isPacked = (url) => /\/runtime\/[^?#]*\.(wasm|zip)$/.test(new URL(url, self.location.href).pathname);

  // FILE.gz for FILE (the query, if any, stays on).
  const gzipped = (url) => {
    const address = new URL(url, self.location.href);
    address.pathname += ".gz";
    return address.href;
  };

  // Whether the build wrote the copies (not a build made with --no-compress):
  // the page's tag says so (data-packed), the service worker and the
  // snapshot Worker set self.bazaCopies first. Without them nothing is asked twice.
  const tag = typeof document === "object" ? document.currentScript : null;
  const copies = tag ? tag.dataset.packed !== undefined : self.bazaCopies !== false;

  // The URLs whose host sent FILE as it is, so that FILE.gz was taken.
  const sentPlain = new Set();
  // What the host does with each kind of file: "plain", "encoded" or "no copy".
  const kinds = new Map();
  const kindOf = (url) => new URL(url, self.location.href).pathname.split(".").pop();

  // A response of FILE.gz as a response of FILE, of the given type: its
  // gzip undone, unless the browser has already undone it.
  async function unpacked(response, type) {
    const reader = response.body.getReader();
    let head = new Uint8Array(0);
    while (head.length < 2) {
      const { done, value } = await reader.read();
      if (done) break;
      const joined = new Uint8Array(head.length + value.length);
      joined.set(head);
      joined.set(value, head.length);
      head = joined;
    }
    const body = new ReadableStream({
      start(controller) {
        if (head.length) controller.enqueue(head);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    const gzip = head[0] === 0x1f && head[1] === 0x8b;
    const plain = gzip ? body.pipeThrough(new DecompressionStream("gzip")) : body;
    return new Response(plain, { status: 200, headers: { "content-type": type || "application/octet-stream" } });
  }

  // fetch(url, init) through `fetcher`, FILE.gz in its place where the host
  // sends FILE as it is. A FILE.gz that cannot be had (a host given the
  // files without their copies) is answered with FILE after all.
  async function fetchPacked(fetcher, url, init = {}) {
    if (!copies || !isPacked(url) || typeof DecompressionStream !== "function") return fetcher(url, init);
    const kind = kindOf(url);
    const { signal } = init;
    let response = null;
    if (kinds.get(kind) === "encoded" || kinds.get(kind) === "no copy") return fetcher(url, init);
    if (kinds.get(kind) !== "plain") {
      const cut = new AbortController();
      signal?.addEventListener("abort", () => cut.abort(signal.reason), { once: true });
      response = await fetcher(url, { ...init, signal: signal?.aborted ? signal : cut.signal });
      // Another origin's answer (a frame sandboxed without allow-same-origin)
      // hides its Content-Encoding: it is taken as it comes.
      if (!response.ok || response.type !== "basic") return response;
      if (response.headers.has("content-encoding")) {
        kinds.set(kind, "encoded");
        return response;
      }
      kinds.set(kind, "plain");
      cut.abort();
    }
    let copy = null;
    try {
      copy = await fetcher(gzipped(url), init);
    } catch (error) {
      if (signal?.aborted) throw error;
    }
    if (!copy?.ok) {
      if (copy) kinds.set(kind, "no copy"); // a host given the files without their copies: asked once
      return fetcher(url, init);
    }
    sentPlain.add(new URL(url, self.location.href).href);
    return unpacked(copy, response?.headers.get("content-type") ?? (kind === "wasm" ? "application/wasm" : "application/zip"));
  }

  // Whether a service worker answers this page. A frame sandboxed without
  // allow-same-origin may not even ask (navigator.serviceWorker throws).
  const underWorker = () => {
    try {
      return Boolean(navigator.serviceWorker?.controller);
    } catch {
      return false;
    }
  };

  // The head's first fetches on a first visit: {absolute URL: answer}.
  const early = new Map();
  if (tag?.dataset.early && !underWorker()) {
    const plainFetch = self.fetch.bind(self);
    for (const path of tag.dataset.early.split(" ")) {
      const url = new URL(path, document.baseURI).href;
      const answer = fetchPacked(plainFetch, url, { credentials: "same-origin" });
      answer.catch(() => {}); // told where it is taken (assets/loading.js)
      early.set(url, answer);
    }
  }

  return { isPacked, gzipped, unpacked, fetchPacked, sentPlain, early, underWorker };
})();
