// The same bytes from any host: the build's wasm and zip files travel
// compressed whether or not the host compresses them, and as small as
// brotli makes them where the host only gzips.
//
// The build writes FILE.xz beside each of them (build/xz_copies.py): xz at
// its best setting, a little smaller than brotli and a fifth smaller than
// gzip (the wasm's 3.95 MB: 1,060 kB against brotli's 1,080 and Zopfli's
// 1,327). A host that sends FILE with brotli or zstd is left to do so. A
// host that sends FILE as it is (one that compresses nothing, or compresses
// by content type and not application/zip: docs/HOSTING.md) or with gzip
// is found out from the headers of its answer, which is then cut off, and
// FILE.xz is fetched instead and decoded here. That costs one round trip
// and what crossed the link meanwhile, on those hosts only.
//
// The decoder is xz-embedded compiled to WebAssembly (the npm package
// xz-decompress; its 12 kB wasm is runtime/DECODER, named by the build,
// with glue of our own below), fetched only where a copy is taken. Browsers
// have no xz of their own: DecompressionStream knows gzip and deflate only.
//
// A host that sends one file of a kind (.wasm, .zip) as it is is taken to
// send every file of that kind so: the next one of the kind is asked for
// as FILE.xz at once, with no answer to cut off (an answer whose headers
// arrive while Python starts on the main thread is cut off late, and the
// link carries it meanwhile).
//
// The start zip goes as its FILE.xz from every host (copyFirst): its copy
// is host-independent, so the page's head preloads it from its first line,
// before this script has arrived and run (50-120 ms into a first visit at
// 10 Mbit/s and 40 ms; the link stood idle meanwhile). It is the smaller of
// the two anyway (429 kB against brotli's 432).
//
// In the page it is the head's first script, and asks at once for the big
// files of a first visit that its tag names (data-early: the wasm, and the
// start zip's FILE.xz, preloaded); assets/loading.js hands those answers
// to the first fetch() of each.
//
// A classic script with no import or export, so that one file serves the
// page, the service worker (build/build.py writes it into sw.js) and the
// loader's snapshot Worker (build/start_folder.py writes it into the
// loader), each defining self.bazaPacked once.
"use strict";

self.bazaPacked ??= (() => {
  // The decoder's file name in runtime/, or nothing (a build made with
  // --no-compress: no copies, nothing is asked twice). The page's tag says
  // it (data-packed); the service worker and the snapshot Worker set
  // self.bazaCopies first.
  const tag = typeof document === "object" ? document.currentScript : null;
  const decoderName = (tag ? tag.dataset.packed : self.bazaCopies) || "";
  const copies = /^[\w.-]+\.wasm$/.test(decoderName) && typeof WebAssembly === "object";

  // The files that have a FILE.xz: the wasm and zip files of the runtime
  // folders, the decoder apart.
  const isPacked = (url) => {
    const path = new URL(url, self.location.href).pathname;
    return /\/runtime\/[^?#]*\.(wasm|zip)$/.test(path) && !path.endsWith("/runtime/" + decoderName);
  };

  // The files that a page fetches while the player plays (the wasm's rest,
  // the whole standard library): their xz would be decoded on the page's
  // main thread, 0.3 s of it in all, while the player's first actions wait
  // for it. A page takes their gzip copies (FILE.gz, build/compress.mjs),
  // which the browser decodes off that thread (DecompressionStream); the
  // service worker and the loader's Worker take the xz ones.
  const LATER = /\/(pyodide\.cold\.wasm|python_stdlib\.zip)$/;
  const gunzips = typeof DecompressionStream === "function";

  // The copy of FILE to fetch: FILE.xz, or FILE.gz for a LATER file in a
  // page (or `suffix`, either; the query, if any, stays on).
  const copyOf = (url, suffix) => {
    const address = new URL(url, self.location.href);
    const later = typeof document === "object" && gunzips && LATER.test(address.pathname);
    address.pathname += suffix ?? (later ? ".gz" : ".xz");
    return address.href;
  };

  // The decoder, compiled once: from this origin's caches if the service
  // worker holds it (offline), else fetched beside the runtime folders.
  let decoder = null;
  const compiledDecoder = (fetcher, url) =>
    (decoder ??= (async () => {
      const address = new URL(url, self.location.href);
      address.pathname = address.pathname.replace(/\/runtime\/.*$/, "/runtime/" + decoderName);
      address.search = "";
      let response = null;
      try {
        response = await self.caches.match(address.href);
      } catch {
        // no caches here (a sandboxed frame): the network
      }
      response ??= await fetcher(address.href, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`${decoderName}: HTTP ${response.status}`);
      return WebAssembly.compile(await response.arrayBuffer());
    })().catch((error) => {
      decoder = null; // asked again next time
      throw error;
    }));

  // xz's stream header: FD 37 7A 58 5A 00; gzip's: 1F 8B.
  const XZ_MAGIC = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00];
  const GZIP_MAGIC = [0x1f, 0x8b];
  const starts = (head, magic) => magic.every((byte, at) => head[at] === byte);

  // The decoded bytes of an xz stream, as a ReadableStream. The decoder's
  // state in its memory, six 32-bit words at `context`: the buffers' size,
  // then xz-embedded's xz_buf (input at, input read, input size, output at,
  // output written). Each pull gives at most one buffer (64 kB) of output,
  // so that no task grows long. An instance per stream, dropped with it,
  // its memory (the dictionary: the file's size at most) with it.
  async function unxz(module, head, reader) {
    const { exports: xz } = await WebAssembly.instantiate(module, {});
    const context = xz.create_context();
    const state = () => new Uint32Array(xz.memory.buffer, context, 6);
    const [size, input, , , output] = state();
    let rest = head;
    let ended = false;
    let closed = false;
    const close = () => {
      if (!closed) xz.destroy_context(context);
      closed = true;
    };
    return new ReadableStream({
      async pull(controller) {
        try {
          for (;;) {
            let words = state();
            if (words[2] === words[3] && !ended) {
              if (!rest.length) {
                const { done, value } = await reader.read();
                if (done) ended = true;
                else rest = value;
              }
              // The decoder's input: its buffer's worth of what came, or none at all once all has come
              // (an input of 0 bytes tells it that the stream must end here).
              const length = Math.min(size, rest.length);
              new Uint8Array(xz.memory.buffer, input, length).set(rest.subarray(0, length));
              xz.supply_input(context, length);
              rest = rest.subarray(length);
            }
            const status = xz.get_next_output(context); // 0 more to come, 1 the end, else an error
            words = state();
            const chunk = new Uint8Array(xz.memory.buffer, output, words[5]).slice();
            words[5] = 0;
            if (status > 1 || (ended && !status && !chunk.length))
              throw new Error(ended ? "the xz copy ended early" : `the xz copy does not decode (error ${status})`);
            if (chunk.length) controller.enqueue(chunk);
            if (status === 1) {
              close();
              controller.close();
              reader.cancel().catch(() => {});
              return;
            }
            if (chunk.length) return;
          }
        } catch (error) {
          close();
          reader.cancel(error).catch(() => {});
          throw error;
        }
      },
      cancel(reason) {
        close();
        return reader.cancel(reason);
      },
    });
  }

  // A response of FILE.xz or FILE.gz (at `url`) as a response of FILE, of
  // the given type; null if it is neither (a host that answers a missing
  // file with a page) or the xz decoder cannot be had. `fetcher` fetches
  // the decoder.
  async function unpacked(response, type, fetcher = self.fetch.bind(self), url = response.url) {
    const reader = response.body.getReader();
    let head = new Uint8Array(0);
    while (head.length < XZ_MAGIC.length) {
      const { done, value } = await reader.read();
      if (done) break;
      const joined = new Uint8Array(head.length + value.length);
      joined.set(head);
      joined.set(value, head.length);
      head = joined;
    }
    const headers = { "content-type": type || "application/octet-stream" };
    if (starts(head, GZIP_MAGIC) && gunzips) {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(head);
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
      return new Response(body.pipeThrough(new DecompressionStream("gzip")), { status: 200, headers });
    }
    let module = null;
    try {
      if (starts(head, XZ_MAGIC)) module = await compiledDecoder(fetcher, url);
    } catch {
      // no decoder: the caller takes FILE itself
    }
    if (!module) {
      reader.cancel().catch(() => {});
      return null;
    }
    return new Response(await unxz(module, head, reader), { status: 200, headers });
  }

  // The URLs whose host did not send FILE with brotli, so that FILE.xz was taken.
  const sentPlain = new Set();
  // The URLs whose FILE.xz is taken whatever the host sends (the start zip:
  // the page's data-early names its copy; the loader's Worker adds it).
  const copyFirst = new Set();
  // What the host does with each kind of file: "copy" (FILE.xz is taken),
  // "kept" (brotli or zstd: FILE is) or "no copy" (a host given the files
  // without their copies: FILE is).
  const kinds = new Map();
  const kindOf = (url) => new URL(url, self.location.href).pathname.split(".").pop();
  const typeOf = (kind) => (kind === "wasm" ? "application/wasm" : "application/zip");

  // fetch(url, init) through `fetcher`, FILE.xz in its place where the host
  // sends FILE as it is or gzipped, or copyFirst names it (then not asked
  // for first). A FILE.xz that cannot be had or decoded is answered with
  // FILE after all.
  async function fetchPacked(fetcher, url, init = {}) {
    if (!copies || !isPacked(url)) return fetcher(url, init);
    const kind = kindOf(url);
    const { signal } = init;
    const first = copyFirst.has(new URL(url, self.location.href).href);
    if (kinds.get(kind) === "no copy" || (kinds.get(kind) === "kept" && !first)) return fetcher(url, init);
    if (kinds.get(kind) !== "copy" && !first) {
      const cut = new AbortController();
      signal?.addEventListener("abort", () => cut.abort(signal.reason), { once: true });
      const response = await fetcher(url, { ...init, signal: signal?.aborted ? signal : cut.signal });
      // Another origin's answer (a frame sandboxed without allow-same-origin)
      // hides its Content-Encoding: it is taken as it comes.
      if (!response.ok || response.type !== "basic") return response;
      if (/^(br|zstd)$/i.test(response.headers.get("content-encoding") ?? "")) {
        kinds.set(kind, "kept");
        return response;
      }
      kinds.set(kind, "copy");
      cut.abort();
    }
    const copyUrl = copyOf(url);
    let copy = null;
    try {
      copy = await fetcher(copyUrl, init);
    } catch (error) {
      if (signal?.aborted) throw error;
    }
    const answer = copy?.ok ? await unpacked(copy, typeOf(kind), fetcher, copyUrl) : null;
    if (!answer) {
      if (copy) kinds.set(kind, "no copy"); // a host given the files without their copies: asked once
      return fetcher(url, init);
    }
    sentPlain.add(new URL(url, self.location.href).href);
    return answer;
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
  // High priority: the page's other requests, asked for while it was parsed,
  // are low (build/build.py), so that these take the next free connection.
  const early = new Map();
  if (tag?.dataset.early && !underWorker()) {
    const plainFetch = self.fetch.bind(self);
    for (const path of tag.dataset.early.split(" ")) {
      // FILE.xz: the copy is taken, preloaded by the head (build/build.py).
      const url = new URL(path.replace(/\.xz$/, ""), document.baseURI).href;
      if (path.endsWith(".xz")) copyFirst.add(url);
      const answer = fetchPacked(plainFetch, url, { credentials: "same-origin", priority: "high" });
      answer.catch(() => {}); // told where it is taken (assets/loading.js)
      early.set(url, answer);
    }
  }

  return { isPacked, copyOf, unpacked, fetchPacked, sentPlain, copyFirst, early, underWorker };
})();
