// A memory snapshot's pages: how the loader (build/pyodide-loader.mjs)
// stores a snapshot without its zero pages, and writes a stored one back
// into Python's memory. Pure functions of bytes, apart from restoreMemory,
// which Pyodide's glue calls with its Module.
//
// Its own file to keep the loader readable; build/build.py writes it into
// the loader it ships (in place of the loader's import of it), so that a
// page still loads one module. The loader's template imports it from here.

// Pyodide's memory grows by WebAssembly pages of 64 KiB.
const WASM_PAGE = 64 * 1024;

// Half of a snapshot's 4 KiB pages are zeros (memory Python has not used):
// only the others are stored, after a map of one bit per page, so that a
// start reads and hashes about 15 MB instead of 31.
const PAGE = 4096;
const pageCount = (bytes) => Math.ceil(bytes / PAGE);
const mapLength = (bytes) => Math.ceil(pageCount(bytes) / 8);

function isZero(bytes) {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}

function packSnapshot(snapshot) {
  const pages = [];
  for (let page = 0; page < pageCount(snapshot.length); page++) {
    const bytes = snapshot.subarray(page * PAGE, (page + 1) * PAGE);
    if (!isZero(bytes)) pages.push([page, bytes]);
  }
  const packed = new Uint8Array(mapLength(snapshot.length) + pages.reduce((sum, [, bytes]) => sum + bytes.length, 0));
  let at = mapLength(snapshot.length);
  for (const [page, bytes] of pages) {
    packed[page >> 3] |= 1 << (page & 7);
    packed.set(bytes, at);
    at += bytes.length;
  }
  return packed;
}

// The runs of a stored snapshot's pages: [from, to, at] byte ranges of the
// snapshot, `at` where a stored run starts in `packed`, null for a run of
// zero pages. Throws when the map and the packed bytes disagree.
function pageRuns(packed, bytes) {
  const runs = [];
  let at = mapLength(bytes);
  for (let page = 0; page < pageCount(bytes); page++) {
    const from = page * PAGE;
    const to = Math.min(from + PAGE, bytes);
    const stored = Boolean(packed[page >> 3] & (1 << (page & 7)));
    const last = runs.at(-1);
    if (last && (last[2] !== null) === stored) last[1] = to;
    else runs.push([from, to, stored ? at : null]);
    if (stored) at += to - from;
    if (at > packed.length) throw new Error("its pages do not add up");
  }
  if (at !== packed.length) throw new Error("its pages do not add up");
  return runs;
}

// Writes the snapshot's bytes from `start` on into `memory`, at 0, as far
// as `memory` goes: its stored pages copied, its zero pages zeroed below
// `top` only (past it `memory` is known to be zeros already).
function writePages(runs, packed, memory, start, top = memory.length) {
  for (const [from, to, at] of runs) {
    const first = Math.max(from, start); // snapshot offsets
    const end = Math.min(to, start + memory.length);
    if (first >= end) continue;
    if (at !== null) memory.set(packed.subarray(at + first - from, at + end - from), first - start);
    else if (first - start < top) memory.fill(0, first - start, Math.min(end - start, top));
  }
}

// The snapshot from its stored pages, whole: for the tests, which compare it
// with the one packed, and bench/restore.mjs (a start uses snapshotParts).
function unpackSnapshot(packed, bytes) {
  const snapshot = new Uint8Array(bytes); // zeros
  writePages(pageRuns(packed, bytes), packed, snapshot, 0, 0);
  return snapshot;
}

// What Pyodide is handed to restore a snapshot without unpacking all of it:
// `head`, the snapshot's header and metadata only (what Pyodide reads of
// it, up to where its memory starts), `start`, where its memory starts,
// `bytes`, its size, `table`, the size of the function table it was made
// with (see restoreMemory), and `restore(memory, top)`, which writes the
// snapshot's memory into the WebAssembly memory in place of Pyodide's copy
// of the whole buffer (build/runtime/pyodide_edits.py, GLUE_PATCHES). Half of the 31 MB
// are zeros that a fresh memory has already: they are written only below
// `top`, the end of what the new instance has used. The head once was a
// buffer of the snapshot's whole size, zeros past the metadata: V8 counts
// such a buffer whole, and its 31 MB set off a full garbage collection in
// the middle of restored starts (13-15 ms of the main thread, and its
// incremental marking: commit 10d390b). Pyodide
// sizes its memory from the wasm, not from the snapshot, so the head
// needs nothing past the metadata.
// Throws with why a snapshot is refused.
function snapshotParts(packed, bytes, table) {
  const runs = pageRuns(packed, bytes);
  const first = new Uint8Array(Math.min(8, bytes));
  writePages(runs, packed, first, 0, 0);
  const start = bytes < 8 ? bytes : new Uint32Array(first.buffer, 0, 2)[1]; // where the memory starts
  if (start > bytes || start % 16 !== 0 || (bytes - start) % WASM_PAGE !== 0) throw new Error("its memory is not whole pages");
  const head = new Uint8Array(start);
  writePages(runs, packed, head, 0, 0);
  return { head, start, bytes, table, restore: (memory, top) => writePages(runs, packed, memory, start, top) };
}

// Pyodide's glue calls this (build/runtime/pyodide_edits.py, GLUE_PATCHES) with its Module
// and the part of `head` past the metadata (empty: the head ends there),
// where it would copy the snapshot's memory into the WebAssembly memory
// whole. Everything the new instance has written so far lies below its
// program break (its data, its stack, what it allocated before the
// restore), so the zero pages past it need no writing.
//
// A C function pointer in the snapshot's memory is a slot number of the
// function table: the new instance must have laid its table out as the
// Worker's was when it made the snapshot, or Python would call the wrong
// functions. Both run the same glue, so the sizes match (8,992 slots);
// a table of another size is refused here, before Python runs.
function restoreMemory(Module, memory, parts) {
  const { head, start, bytes, table } = parts ?? {};
  if (memory.buffer !== head?.buffer || memory.byteOffset !== start || memory.length !== 0)
    throw new Error("not the memory of the snapshot handed to Pyodide");
  const slots = Module.wasmTable?.length;
  if (slots !== table) throw new Error(`it was made with a function table of ${table} slots, this Python has ${slots}`);
  const size = bytes - start;
  if (size > Module.HEAPU8.length) throw new Error(`its memory (${size} bytes) does not fit Python's (${Module.HEAPU8.length})`);
  const top = typeof Module._sbrk === "function" ? Module._sbrk(0) >>> 0 : size;
  parts.restore(Module.HEAPU8.subarray(0, size), top);
}

export { WASM_PAGE, mapLength, packSnapshot, restoreMemory, snapshotParts, unpackSnapshot };
