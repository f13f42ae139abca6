// A wrapper around pyodide.mjs that starts Python from a memory snapshot
// (prototype, see bench/snapshot/README.md). PyScript imports the module
// that pyscript.toml's `interpreter` names and calls its loadPyodide() and
// reads its version, so this file sits next to pyodide.mjs in the runtime
// folder and PyScript's indexURL (the folder of this file) stays right.
//
// bench/snapshot/variants.py writes a copy with SNAPSHOT filled in:
//   url      snapshot file, relative to this module (.gz: inflated here)
//   bytes    its size once inflated; sha256: its hash, checked if `verify`
// Any failure (missing, truncated or corrupt file, a restore that throws)
// falls back to a normal start, so the page always starts.
import { loadPyodide as loadPlain, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = null; // filled in by bench/snapshot/variants.py
const PAGE = 64 * 1024;
const MAGIC_OFFSET_WORDS = 2; // header: magic, offset of the memory, JSON length, ...

const timings = (globalThis.__snapshotTimings = {});
const mark = (name) => (timings[name] = Math.round(performance.now()));

async function fetchSnapshot() {
  mark("fetch_start");
  const response = await fetch(new URL(SNAPSHOT.url, import.meta.url));
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  let data;
  if (SNAPSHOT.url.endsWith(".gz")) {
    // A damaged gzip stream fails its CRC-32 and length check here.
    const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
    data = new Uint8Array(await new Response(stream).arrayBuffer());
  } else {
    data = new Uint8Array(await response.arrayBuffer());
  }
  mark("fetched");
  // Cheap checks first: the size, then the header's memory offset, which
  // must leave whole 64 KiB pages of memory (Pyodide checks the magic and
  // the build id itself, but not that the memory is complete).
  if (data.length !== SNAPSHOT.bytes) throw new Error(`snapshot: ${data.length} bytes, want ${SNAPSHOT.bytes}`);
  const header = new Uint32Array(data.buffer, data.byteOffset, MAGIC_OFFSET_WORDS);
  if ((data.length - header[1]) % PAGE !== 0) throw new Error("snapshot: memory is not whole pages");
  if (SNAPSHOT.verify) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    if (hex !== SNAPSHOT.sha256) throw new Error("snapshot: SHA-256 mismatch");
    mark("verified");
  }
  return data;
}

// Start the download as soon as PyScript imports this module, alongside the
// wasm and the standard library.
const pending = SNAPSHOT ? fetchSnapshot() : Promise.reject(new Error("no snapshot configured"));
pending.catch(() => {}); // handled in loadPyodide

export async function loadPyodide(options = {}) {
  let snapshot = null;
  try {
    snapshot = await pending;
  } catch (error) {
    console.warn(`Starting Python without a snapshot: ${error.message}`);
  }
  if (snapshot) {
    try {
      mark("restore_start");
      const pyodide = await loadPlain({ ...options, _loadSnapshot: snapshot });
      // Every restore starts with the snapshot's random state: reseed from
      // os.urandom (crypto.getRandomValues) before any card is shuffled.
      pyodide.runPython("import random as _r; _r.seed(); del _r");
      mark("restored");
      timings.used = true;
      return pyodide;
    } catch (error) {
      console.warn(`Snapshot restore failed, starting Python normally: ${error.message}`);
    }
  }
  timings.used = false;
  return loadPlain(options);
}
