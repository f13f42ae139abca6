// Baza's way into Pyodide: pyscript.toml's `interpreter` names this module,
// which build/build.py writes to runtime/start-<hash>/loader.mjs, beside
// the Pyodide folder (its ../pyodide/ below becomes that folder's real
// name). PyScript imports it, reads `version` and calls
// `loadPyodide({stdout, stderr, indexURL})` with the folder of this file as
// indexURL: replaced here by Pyodide's folder.
//
// It starts Python with the build's start zip as its standard library
// (build/precompile.mjs: the .pyc of the modules a start imports, made by
// Pyodide's own CPython): compiling those ~150 modules from source took
// most of the start, and the stock python_stdlib.zip (2.5 MB) is not
// downloaded before the table is ready. Pyodide's lock file is not either
// (LOCK: Baza loads no packages).
//
// It puts the game's modules into Python's file system: from the same zip
// (their .pyc: one request instead of ~40), or, when the zip cannot be
// used, fetched one by one (GAME.files). pyscript.toml has no [files]
// table. Of the four languages' catalogues the zip holds English; the
// player's language, if another, is fetched beside it (LATER.languages).
//
// After the table is ready it fetches, in the background, the other
// languages and the whole standard library (LATER.stdlib), which it mounts
// at /lib/python_stdlib.zip for later imports; a module imported before
// that zip has arrived is fetched there and then (importFallback, in
// build/stdlib-later.mjs).
//
// A return visit starts from a memory snapshot: the whole WebAssembly
// memory of a Python that has started and imported the game, made by this
// same module run as a Worker a few seconds after a first start (a second
// interpreter: PyScript's own cannot be snapshotted) and kept in IndexedDB
// for this build only. Restoring it skips Python's start and the game's
// imports; nothing more is downloaded for it.
//
// Any failure falls back to a plain start, and the page still reaches its
// table: the zip missing or not the build's (size or SHA-256), a start with
// it that throws (a .pyc of another Python, damaged bytecode), game bytecode
// that does not load, a stored snapshot that is damaged (size, pages,
// SHA-256), made with a function table of another size, or whose restore
// throws (it is then deleted, and made again).
// What happened is in globalThis.bazaStart = {stdlib: "snapshot" |
// "precompiled" | "source", game: "snapshot" | "precompiled" | "source" |
// "files", reason, snapshot: "restored" | "none" | "another build's" |
// "refused: why" | "off: why" | "unused", and, once a snapshot is being
// made for the next visit, made: "scheduled" | "making" | "stored" |
// "failed: why", stackSwitching, and on a restored start pyscript: how
// PyScript's package was written, "zip reader" | "unpacked" | "source", and
// pyscriptSources: "written" once PyScript's sources are in place, which
// PyScript's bootstrap marks pyscriptBootstrap: "slim" when it skips them}
// (tests/browser/test_startup_paths.py, test_snapshot.py).
import { loadPyodide as loadPyodideItself, version } from "../pyodide/pyodide.mjs";
// The snapshot's pages; build/build.py writes the module in here.
import { mapLength, packSnapshot, restoreMemory, snapshotParts, unpackSnapshot } from "./snapshot-pages.mjs";
// Mounting the whole standard library after ready (and the import hook
// that fetches it sooner if a module needs it).
import { RESCAN, importFallback, mountStdlib, runWith } from "./stdlib-later.mjs";
export { version };

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

// Pyodide turns on stack switching (JSPI) when the browser has
// WebAssembly.Suspending: Chromium since 137. The game never needs it (no
// run_sync(): its asyncio tasks only await), and Chromium's renderer
// crashed now and then with it while Pyodide ran many short asyncio tasks,
// which our bots do (Pyodide issues 5702, 5705, 6106; a crashed tab in our
// own browser tests). Pyodide decides once, while it loads: the names are
// hidden from it for that time only.
const STACK_SWITCHING = ["Suspending", "Suspender"];

async function loadPlain(options) {
  const hidden = STACK_SWITCHING.flatMap((name) => {
    const property = Object.getOwnPropertyDescriptor(WebAssembly, name);
    return property && delete WebAssembly[name] ? [[name, property]] : [];
  });
  try {
    return await loadPyodideItself({ ...options, indexURL: INDEX_URL });
  } finally {
    for (const [name, property] of hidden) Object.defineProperty(WebAssembly, name, property);
  }
}

const PRECOMPILED = null; // filled in by build/build.py
const GAME_ZIP = null; // filled in by build/build.py
const GAME = null; // filled in by build/build.py
const LATER = null; // filled in by build/build.py
const LOCK = null; // filled in by build/build.py

// The steps of the page's start, for bench/startup.py ("loader ms"):
// performance.mark("baza:loader"), "baza:snapshot-record" (IndexedDB has
// answered), "baza:snapshot-checked" (read, hashed, its pages mapped and
// its header written: snapshotParts) and
// "baza:python-up" (loadPyodide has returned). Not in the Worker (inWorker, below).
const mark = (step) => inWorker || performance.mark(`baza:${step}`);

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
const lastLine = (error) => String(error?.message ?? error).trim().split("\n").at(-1);

// A file of the build ({url, bytes, sha256}, the url relative to this
// module), checked to be the build's before Python may use it.
async function fetchChecked(file) {
  const response = await fetch(new URL(file.url, import.meta.url));
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${file.url}`);
  const data = new Uint8Array(await response.arrayBuffer());
  if (data.length !== file.bytes) throw new Error(`${data.length} bytes, the build made ${file.bytes}`);
  // crypto.subtle exists in secure contexts only (https, localhost): on a
  // plain-http LAN address the size check above has to do.
  if (globalThis.crypto?.subtle) {
    const digest = hex(await crypto.subtle.digest("SHA-256", data));
    if (digest !== file.sha256) throw new Error("SHA-256 is not the build's");
  }
  return data;
}

async function fetchPrecompiled() {
  if (!PRECOMPILED) throw new Error("no precompiled standard library in this build");
  return fetchChecked(PRECOMPILED);
}

async function fetchGameZip() {
  if (!GAME_ZIP) throw new Error("no precompiled game in this build");
  return fetchChecked(GAME_ZIP);
}

// The game's modules (game.zip): Python starts without them, and PyScript
// boots before anything imports them. Asked for as Pyodide's wasm's last
// bytes come (assets/loading.js's "baza:nearly": what is left of the wasm
// would cross the link in the time a request waits for its first byte), so
// that the start zip and the wasm have the link to themselves, the link
// stands not idle between the wasm and the zip, and the game's 0.2 MB travel
// while Python starts (docs/PERFORMANCE.md); at the latest when Python is
// up (a page without assets/loading.js).
let gameZipPending = null;
const gameZip = () => (gameZipPending ??= fetchGameZip());

function afterTheWasm(then) {
  // assets/loading.js reads the wasm's bytes as they arrive, while the main
  // thread is free: its word comes before the long task of Python's start
  // (a PerformanceObserver's came after it, 0.4 s late).
  const isWasm = (url) => /\/pyodide\.asm\.wasm(\?|$)/.test(url);
  const seen = [...(globalThis.bazaFetched ?? []), ...(globalThis.bazaNearly ?? [])];
  if (seen.some(isWasm)) return then();
  const heard = (event) => {
    if (!isWasm(event.detail)) return;
    removeEventListener("baza:fetched", heard);
    removeEventListener("baza:nearly", heard);
    then();
  };
  addEventListener("baza:fetched", heard);
  addEventListener("baza:nearly", heard);
}

// The player's language as the page will pick it (ui/app.py): ?lang= in
// the link, else a saved choice, else the browser's languages; "en" when
// none is ours. Read here, before Python runs, to fetch its catalogue
// beside the start zip. A guess only: if it is wrong, the table shows
// English until the catalogue arrives after ready (ui/i18n.py).
function playerLanguage() {
  const ours = (tag) => String(tag ?? "").toLowerCase().split(/[-_]/)[0];
  const known = (code) => code === "en" || Boolean(LATER?.languages?.[code]);
  const linked = ours(new URLSearchParams(location.search).get("lang"));
  if (known(linked)) return linked; // a link's language wins over the saved one
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.endsWith(":settings")) continue;
      const saved = /"lang"\s*:\s*"([a-z]{2})"/.exec(localStorage.getItem(key) ?? "");
      if (saved && known(saved[1])) return saved[1];
    }
  } catch {
    // storage refused (a sandboxed or partitioned frame): the browser decides
  }
  return (navigator.languages ?? []).map(ours).find(known) ?? "en";
}

// Writes a language's catalogue where Python imports it from: its zip
// (build/start_folder.py, split_start) holds ui/lang/XX.pyc and XX_game.pyc,
// sourceless modules beside the English one. Only those two names are
// written: a zip of another shape throws, and the language stays English.
async function writeLanguage(pyodide, code, zip) {
  const entries = await zipEntries(zip, "baza-home/ui/lang/");
  const wanted = [`${code}.pyc`, `${code}_game.pyc`];
  const names = entries.map(([name]) => name).sort();
  if (names.join() !== wanted.join()) throw new Error(`lang-${code}.zip holds ${names.join(", ") || "nothing"}`);
  const folder = `${pyodide.FS.cwd()}/ui/lang`;
  pyodide.FS.mkdirTree(folder);
  for (const [name, bytes] of entries) pyodide.FS.writeFile(`${folder}/${name}`, bytes);
}

// The zip's "baza-home/" entries are the game's sources and their checked
// hash-based .pyc (which Python uses only while the source hashes the
// same), and PyScript's own Python package, sources and .pyc (PyScript's
// bootstrap would write the same sources): written under the working directory,
// where the import system finds them. The .pyc only once every one of them
// has unmarshalled, else the sources alone (they then compile at import).
// ONLY narrows it to one folder. After a restore the file system is new (it
// lives in JavaScript, not in the snapshot) and only PyScript's .pyc are
// needed, the game being imported already: zipEntries reads them.
// Python's check that every .pyc unmarshals (NAMES: their paths below the
// working directory); the first problem, or "".
const CHECK_PYC = `
import marshal
problem = ""
for name in NAMES:
    try:
        with open(name, "rb") as file:
            marshal.loads(memoryview(file.read())[16:])
    except Exception as error:
        problem = f"{type(error).__name__}: {error}"
        break
problem
`;

// Read with the loader's own zip reader (zipEntries), not Python's zipfile:
// the start zip does not hold zipfile (build/runtime/python-edits/),
// and the reader takes about a millisecond where zipfile took 15-19 ms.
async function unpackGame(pyodide, zip, only = "") {
  // Names below the working directory: zipEntries leaves out the prefix it is given.
  const entries = (await zipEntries(zip, `baza-home/${only}`)).map(([name, bytes]) => [`${only}${name}`, bytes]);
  const compiled = entries.filter(([name]) => name.endsWith(".pyc")).map(([name]) => name);
  if (!only && !compiled.some((name) => name.startsWith("game/"))) throw new Error("the zip holds no game modules");
  const { FS } = pyodide;
  const cwd = FS.cwd();
  for (const [name, bytes] of entries) {
    const path = `${cwd}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes);
  }
  const problem = runWith(pyodide, CHECK_PYC, { NAMES: pyodide.toPy(compiled) });
  if (!problem) return "precompiled";
  for (const name of compiled) FS.unlink(`${cwd}/${name}`); // the sources alone, compiled at import
  if (!only) throw new Error(`the game's bytecode does not load (${problem})`);
  console.warn(`Baza: ${only} compiles from source (${problem})`);
  return "source";
}

// The files of a zip whose names start with `prefix`, as [name, bytes]:
// what a restored start needs of the build's zip, PyScript's package (14
// sources and their .pyc, 112 kB), read here in about a millisecond where Python's zipfile took
// 15-19 ms (medians of bench/restore.mjs, in Node.js) between loadPyodide's
// return and the start going on. No marshal check, as unpackGame makes: the
// Worker that made the snapshot unmarshalled every .pyc of this very zip
// (its record is keyed on the zip, whose SHA-256 was checked). Only what a
// zip of the build holds: stored or deflated files, no zip64, no
// encryption, ASCII or UTF-8 names. Throws on anything else; the caller
// falls back to unpackGame.
async function zipEntries(zip, prefix) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22; // the end record, after an archive comment if any
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("no zip directory");
  if (view.getUint16(end + 10, true) === 0xffff || view.getUint32(end + 16, true) === 0xffffffff)
    throw new Error("a zip64 archive");
  const names = new TextDecoder();
  const found = [];
  for (let i = 0, at = view.getUint32(end + 16, true); i < view.getUint16(end + 10, true); i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("a damaged zip directory");
    const [flags, method] = [view.getUint16(at + 8, true), view.getUint16(at + 10, true)];
    const [packed, size, local] = [view.getUint32(at + 20, true), view.getUint32(at + 24, true), view.getUint32(at + 42, true)];
    const length = view.getUint16(at + 28, true);
    const name = names.decode(zip.subarray(at + 46, at + 46 + length));
    at += 46 + length + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (!name.startsWith(prefix) || name.endsWith("/")) continue;
    if (flags & 1) throw new Error(`${name}: encrypted`);
    if (!(flags & 0x800) && /[\u0080-\uffff]/.test(name)) throw new Error(`${name}: not a UTF-8 name`);
    if (view.getUint32(local, true) !== 0x04034b50) throw new Error(`a damaged zip entry: ${name}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = zip.subarray(start, start + packed);
    if (method !== 0 && method !== 8) throw new Error(`${name}: compression ${method}`);
    const bytes =
      method === 0
        ? raw
        : new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer());
    if (bytes.length !== size) throw new Error(`${name}: ${bytes.length} bytes, not ${size}`);
    found.push([name.slice(prefix.length), bytes]);
  }
  return found;
}

// PyScript's package, sources and .pyc (zipEntries of "baza-home/pyscript/"),
// where unpackGame would write them: under the working directory, in pyscript/.
function writePyscriptPackage(pyodide, files) {
  const { FS } = pyodide;
  if (!files.length) throw new Error("no PyScript package in the zip");
  for (const [name, bytes] of files) {
    const path = `${FS.cwd()}/pyscript/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes);
  }
}

async function fetchGame(pyodide) {
  if (!GAME) throw new Error("this build lists no game files");
  const files = await Promise.all(
    GAME.files.map(async ([path, url]) => {
      const response = await fetch(new URL(url, import.meta.url));
      if (!response.ok) throw new Error(`Baza could not download ${path} (HTTP ${response.status}): reload the page`);
      return [path, new Uint8Array(await response.arrayBuffer())];
    }),
  );
  const { FS } = pyodide;
  const home = FS.cwd();
  for (const [path, data] of files) {
    FS.mkdirTree(`${home}/${path.split("/").slice(0, -1).join("/")}`);
    FS.writeFile(`${home}/${path}`, data);
  }
  return "files";
}

// --- The memory snapshot ---------------------------------------------------

// One record in IndexedDB (see makeSnapshot). The key is this
// module's URL: its folder's name hashes the zip (the standard library and
// the game) and this file, which names Pyodide's folder (whose name hashes
// the wasm). A snapshot is only good with the exact same files.
const SNAPSHOT_KEY = import.meta.url;
const DB_NAME = "baza-start";
const STORE = "snapshot";
const RECORD = "python";
const SNAPSHOT_READ_LIMIT_MS = 3000;
const SNAPSHOT_MAX_BYTES = 2 ** 30; // ours is about 31 MB
const SNAPSHOT_DELAY_MS = 3000; // after ready: let the first moves and the service worker's install go first

// Run fn(store) in one transaction; resolve with its request's result once committed.
function inStore(mode, fn) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onerror = () => reject(open.error);
    open.onblocked = () => reject(new Error("the snapshot store is blocked by another tab"));
    open.onsuccess = () => {
      const db = open.result;
      let request;
      try {
        const transaction = db.transaction(STORE, mode);
        request = fn(transaction.objectStore(STORE));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onabort = transaction.onerror = () => reject(transaction.error ?? request.error);
      } catch (error) {
        reject(error);
      }
      // Closing now lets the transaction finish and never blocks an upgrade.
      db.close();
    };
  });
}

const snapshotsUsable = () => Boolean(globalThis.indexedDB && globalThis.crypto?.subtle);

// Whether a record's snapshot size fits its stored size (the page map, then
// at most the whole snapshot), checked before a buffer that size is made:
// the size is not covered by the SHA-256 of the stored bytes.
const sizeFits = (bytes, stored) =>
  Number.isInteger(bytes) &&
  bytes > 0 &&
  bytes <= SNAPSHOT_MAX_BYTES &&
  stored >= mapLength(bytes) &&
  stored <= mapLength(bytes) + bytes;

// For tests/browser/test_snapshot.py and bench/restore.mjs.
export { packSnapshot, restoreMemory, snapshotParts, unpackGame, unpackSnapshot, writePyscriptPackage, zipEntries };

// The snapshot's parts (snapshotParts) from its stored record, once whole:
// the packed bytes' SHA-256 the stored one, its pages adding up, its memory
// in whole WebAssembly pages. Else it rejects with why. On the page's main
// thread: in traces of return visits the Blob's 15 MB took 25-40 ms to
// arrive there and their hash about 10 ms. A Worker doing all of it was
// tried, and its own start cost more than it saved on two cores
// (commit 931954c); so was the service worker reading and
// hashing it on its own thread, with no gain in ready (runs 72 and 77).
async function checkedSnapshot(blob, record) {
  const packed = new Uint8Array(await blob.arrayBuffer());
  if (hex(await crypto.subtle.digest("SHA-256", packed)) !== record.sha256) throw new Error("SHA-256 is not the stored one");
  const parts = snapshotParts(packed, record.bytes, record.table);
  mark("snapshot-checked");
  return parts;
}

// {data: a promise of the snapshot's parts (snapshotParts)} when a snapshot
// of this build is stored, else {state}: why none is used. Never rejects;
// `data` rejects with why the snapshot is refused (a damaged snapshot can
// freeze the page for good once restored: it is checked whole first;
// Pyodide itself checks the header's magic and build id). The record holds
// a Blob: IndexedDB answers with a handle at once, and the bytes are read
// when they are checked.
async function readSnapshot() {
  if (!snapshotsUsable()) return { state: "off: no IndexedDB or no Web Crypto here" };
  let record;
  try {
    // A storage that never answers must not hold the start up: past this,
    // starting without the snapshot is faster anyway.
    const late = new Promise((_, reject) =>
      setTimeout(() => reject(new Error("IndexedDB did not answer")), SNAPSHOT_READ_LIMIT_MS),
    );
    record = await Promise.race([inStore("readonly", (store) => store.get(RECORD)), late]);
    mark("snapshot-record");
  } catch (error) {
    return { state: `off: ${lastLine(error)}` };
  }
  if (!record) return { state: "none" };
  if (record.key !== SNAPSHOT_KEY) return { state: "another build's" };
  const blob = record.data instanceof Blob ? record.data : null;
  const problem = !blob
    ? "not a stored file"
    : blob.size !== record.stored
      ? `${blob.size} bytes, ${record.stored} were stored`
      : !sizeFits(record.bytes, record.stored)
        ? `${record.bytes} bytes is not a snapshot's size`
        : !(Number.isInteger(record.table) && record.table > 0)
          ? "no size of its function table"
          : "";
  if (problem) return { state: `refused: ${problem}` };
  const data = checkedSnapshot(blob, record);
  data.catch(() => {}); // handled in loadPyodide
  return { data };
}

function forgetSnapshot() {
  inStore("readwrite", (store) => store.delete(RECORD)).catch(() => {});
}

// Every restore starts from the same memory, so from the same state of
// `random`: reseed it from the browser's entropy (os.urandom). The game's
// deals already come from `secrets` (entropy, not memory) and per-hand seeds.
// Called as a function, not run as source: Pyodide would tokenize, parse and
// compile even these two lines first.
function reseed(pyodide) {
  const random = pyodide.pyimport("random");
  try {
    random.seed();
  } finally {
    random.destroy();
  }
}

// In the Worker: every module of the game but the page's own script, so
// that a restored page finds them all in sys.modules (its file system,
// which lives in JavaScript, is not in the snapshot). And the standard
// library's modules that PyScript's own Python package imports at every
// start (build/precompile.mjs, EXTRA): `html`, which took about 9 ms of
// each restored start with its 2,000 entities (Node.js, Pyodide 314); the
// build's html imports those at first use, which a start never makes.
const IMPORT_GAME = `
import importlib
import html
for name in MODULES:
    importlib.import_module(name)
`;

// The game's module names, from its files (GAME.files): "game/bots/__init__.py"
// is game.bots. Not ui.main (the page's script) nor a __main__.
const gameModules = () =>
  GAME.files
    .map(([path]) => path.replace(/\.py$/, "").replace(/\/__init__$/, "").replaceAll("/", "."))
    .filter((name) => name !== "ui.main" && !name.endsWith(".__main__"));

// The Worker's job: start a second Python exactly as the page does, import
// the game, snapshot its memory, store it. Returns the snapshot's size.
async function makeSnapshot() {
  const [data, game, languages] = await Promise.all([
    fetchPrecompiled(),
    fetchGameZip(),
    Promise.all(Object.entries(LATER.languages).map(async ([code, file]) => [code, await fetchChecked(file)])),
  ]);
  const quiet = () => {};
  const pyodide = await loadPlain({
    stdLibURL: data, // see loadPyodide
    lockFileContents: LOCK,
    stdout: quiet,
    stderr: quiet,
    _makeSnapshot: true,
  });
  if ((await unpackGame(pyodide, game)) !== "precompiled") throw new Error("the game's bytecode does not load");
  for (const [code, bytes] of languages) await writeLanguage(pyodide, code, bytes);
  runWith(pyodide, IMPORT_GAME, { MODULES: pyodide.toPy(gameModules()) });
  const snapshot = pyodide.makeMemorySnapshot();
  const table = pyodide._module?.wasmTable?.length;
  if (!Number.isInteger(table)) throw new Error("no function table where the loader looks for it");
  const packed = packSnapshot(snapshot);
  const sha256 = hex(await crypto.subtle.digest("SHA-256", packed));
  // {key, bytes: the snapshot's size, stored: the packed size, sha256: the
  // packed bytes', table: the function table's size (restoreMemory), data,
  // made}. The data is a Blob, so that reading the record does not read its
  // bytes too (readSnapshot).
  const record = { key: SNAPSHOT_KEY, bytes: snapshot.length, stored: packed.length, sha256, table, data: new Blob([packed]), made: Date.now() };
  await inStore("readwrite", (store) => store.put(record, RECORD));
  return snapshot.length;
}

// Under the recommended CSP (Trusted Types: no script URL from a plain
// string) this policy, named in the CSP, vouches for this module's URL only.
const scriptURL = () =>
  globalThis.trustedTypes
    ? trustedTypes
        .createPolicy("baza-start", {
          createScriptURL: (url) => {
            if (url !== import.meta.url) throw new TypeError(`not Baza's start-up module: ${url}`);
            return url;
          },
        })
        .createScriptURL(import.meta.url)
    : import.meta.url;

// The rest of Pyodide's wasm, when the build split it (build/runtime/wasm_split.py):
// fetched, compiled and instantiated in the background from the moment
// Python is up (the start's own downloads are done then, and the link is
// idle while Python and the game start), so that no function of it waits
// for its download. A function of it called sooner (build/runtime/,
// GLUE_PATCHES) is instantiated there and then from what has arrived; if
// nothing has, it may wait for a synchronous read only while the page is
// still starting (the loading screen is up), in Node.js or in a Worker;
// once the table is ready it never waits: coldMissed (below) takes over.
// bazaStart.cold says which happened.
//
// A failed or stalled download is tried again: when the browser says it
// is back online, else after 2, 4, 8 ... 30 s; a download that has
// received nothing for STALLED ms is given up and tried again. The page
// hears of each change as a "baza:cold" event (assets/loading.js shows
// the player a line about it): detail {state, received, size}.
const STALLED = 20_000;

function coldEvent(cold, state) {
  if (inWorker) return;
  dispatchEvent(new CustomEvent("baza:cold", { detail: { state, received: cold.received, size: LATER?.cold ?? null } }));
}

async function loadCold(cold, report) {
  if (!cold || cold.instance) return;
  for (let attempt = 0; !cold.instance; attempt++) {
    const abort = new AbortController();
    let seen = -1;
    const watch = setInterval(() => {
      if (cold.received === seen) abort.abort(new Error(`nothing received for ${STALLED / 1000} s`));
      seen = cold.received;
    }, STALLED);
    try {
      if (attempt) coldEvent(cold, "downloading");
      report.cold = await cold.load(abort.signal);
      coldEvent(cold, "loaded");
      return;
    } catch (error) {
      report.cold = `not loaded yet: ${lastLine(error)}`;
      console.warn(`Baza: the rest of Pyodide's wasm did not arrive (${lastLine(error)}); trying again`);
      coldEvent(cold, "failed");
    } finally {
      clearInterval(watch);
    }
    await beforeRetry(attempt);
  }
}

// The pause before another try of a later download: until the browser says
// it is online again, or 2, 4, 8 ... 30 s (a link can drop while the
// browser still believes it is online).
function beforeRetry(attempt) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.min(30_000, 2000 * 2 ** attempt));
    addEventListener("online", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

// A function of the wasm's rest was called after ready, before the rest
// arrived. Python cannot go on from there (the call cannot wait, and a
// failed call is fatal to Pyodide), but nothing is lost: the game was saved
// after the last action that went through. The page says so (the
// "baza:cold" event with state "missed": assets/loading.js covers the
// table with a notice), finishes the download in the background, and
// starts again on the saved game as soon as the rest has arrived (the
// HTTP cache then has it). Never twice in a row: after such a restart the
// rest is waited for before the table is ready (see loadPyodide).
const RESTARTED = "baza:restarted-for-cold";

function coldMissed(cold, report, arrived) {
  if (inWorker || report.coldMissed) return;
  report.coldMissed = true;
  coldEvent(cold, "missed");
  const progress = setInterval(() => coldEvent(cold, "missed"), 500);
  // loadCold tries until the rest has arrived; the HTTP cache then has it for the restart.
  arrived.then(() => {
    clearInterval(progress);
    try {
      sessionStorage.setItem(RESTARTED, "1");
    } catch {
      // no session storage (a sandboxed frame): the restart happens all the same
    }
    location.reload();
  });
}

// Calls fn once the table is ready (<html data-ready="true">, set by ui/app.py).
function afterReady(fn) {
  const root = document.documentElement;
  if (root.dataset.ready === "true") return fn();
  const observer = new MutationObserver(() => {
    if (root.dataset.ready === "true") {
      observer.disconnect();
      fn();
    }
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// In the page, after a start without a snapshot: once the table is ready,
// the later downloads are done and a few seconds have passed, this module
// runs again as a Worker (Python's start there is off the main thread) and
// makes one.
function scheduleSnapshot(report, laterDone) {
  report.made = "scheduled";
  laterDone.then(() =>
    setTimeout(() => {
      report.made = "making";
      let worker;
      try {
        worker = new Worker(scriptURL(), { type: "module" });
      } catch (error) {
        report.made = `failed: ${lastLine(error)}`;
        return;
      }
      worker.onmessage = ({ data }) => {
        report.made = data.stored ? "stored" : `failed: ${data.reason}`;
        worker.terminate();
      };
      worker.onerror = (event) => {
        report.made = `failed: ${event.message || "the worker did not start"}`;
        worker.terminate();
      };
      worker.postMessage("make");
    }, SNAPSHOT_DELAY_MS),
  );
}

// --- After ready: the rest of the standard library, the other languages ---

// After ready, in the background: the other languages' catalogues (the
// player may switch; ui/app.py redraws on "baza:languages"), then the whole
// standard library. Never holds the table; a failure is tried again
// (beforeRetry). "baza:later" tells the service worker (assets/sw-register.js)
// to take what has arrived from the HTTP cache.
async function downloadLater(pyodide, report) {
  if (report.later !== "done") report.later = "downloading";
  let languagesDone = report.game === "snapshot" || report.game === "files";
  for (let attempt = 0; ; attempt++) {
    try {
      if (!languagesDone) {
        const wanted = Object.entries(LATER.languages).filter(([code]) => code !== language || report.language !== language);
        const files = await Promise.all(wanted.map(async ([code, file]) => [code, await fetchChecked(file)]));
        for (const [code, data] of files) await writeLanguage(pyodide, code, data);
        runWith(pyodide, RESCAN, {});
        languagesDone = true;
        dispatchEvent(new Event("baza:languages"));
      }
      if (report.later !== "done") mountStdlib(pyodide, await fetchChecked(LATER.stdlib), report);
      break;
    } catch (error) {
      report.later = `failed: ${lastLine(error)}`;
      console.warn(`Baza: the later downloads failed (${lastLine(error)}); trying again`);
    }
    // A first failure is told at once (assets/sw-register.js listens), the success again when it comes.
    if (!attempt) dispatchEvent(new Event("baza:later"));
    await beforeRetry(attempt);
  }
  dispatchEvent(new Event("baza:later"));
}

const inWorker = typeof document === "undefined";
// Until the table is ready a part that has not arrived may still be read
// synchronously (the loading screen is up); after, never. A Worker may always.
const starting = () => inWorker || document.documentElement.dataset.ready !== "true";
mark("loader");

// In the page, the downloads start when PyScript imports this module
// (index.html preloads it), before PyScript asks for Python.
const pending = inWorker ? null : fetchPrecompiled();
let pendingError = null; // why the zip was refused: the reason of the fallback start
pending?.catch((error) => (pendingError = error)); // handled in loadPyodide
const stored = inWorker ? null : readSnapshot();
// A start restored from a snapshot has the game in memory: no game.zip.
stored?.then(({ data }) => {
  if (!data) afterTheWasm(() => gameZip().catch(() => {})); // a failure: handled where it is used
});
const language = inWorker ? "en" : playerLanguage();
const languagePending = LATER?.languages?.[language] ? fetchChecked(LATER.languages[language]) : null;
languagePending?.catch(() => {}); // handled in loadPyodide: English until the later downloads

// The Worker's fetches of the wasm and zips (the page's go through
// assets/loading.js): as the page's, so that the HTTP cache's gzip copies
// serve it where the host sent the files uncompressed.
// assets/packed.js, written here by build/build.py: self.bazaPacked.
if (inWorker) {
  const plainFetch = self.fetch.bind(self);
  // The start zip as the page took it, its FILE.xz, which the HTTP cache holds.
  if (PRECOMPILED) self.bazaPacked.copyFirst.add(new URL(PRECOMPILED.url, import.meta.url).href);
  self.fetch = (input, init) =>
    input instanceof Request ? plainFetch(input, init) : self.bazaPacked.fetchPacked(plainFetch, String(input), init);
  self.onmessage = () =>
    makeSnapshot().then(
      (bytes) => self.postMessage({ stored: true, bytes }),
      (error) => self.postMessage({ stored: false, reason: lastLine(error) }),
    );
}

export async function loadPyodide(options = {}) {
  let pyodide, stdlib, reason;
  const found = await stored;
  const { data: snapshot, state } = found;
  // 15 MB stored that are garbage once restored: this module keeps `stored` for good.
  delete found.data;
  let snapshotState = state ?? "unused";
  // PyScript's package in the zip, read while Pyodide loads: a restored start
  // writes it from here, and every start checks below that it is in place.
  const pyscriptFiles = pending?.then((zip) => zipEntries(zip, "baza-home/pyscript/"));
  let pyscript; // how a restored start wrote PyScript's package, for tests/browser/test_snapshot.py
  pyscriptFiles?.catch(() => {}); // handled below
  try {
    // Pyodide takes the start zip's bytes as its standard library
    // (build/runtime/pyodide_edits.py, PYODIDE_PATCHES). Without a snapshot the
    // promise itself is handed over, so that the wasm compiles while the
    // zip is still on its way; a failed zip then fails this start, and the
    // catch below starts again from the stock zip.
    const withZip = { ...options, lockFileContents: LOCK, stdLibURL: snapshot ? await pending : pending };
    if (snapshot) {
      try {
        let parts;
        const head = snapshot.then((checked) => ((parts = checked), checked.head));
        const _restoreMemory = (Module, memory) => restoreMemory(Module, memory, parts);
        pyodide = await loadPlain({ ...withZip, _loadSnapshot: head, _restoreMemory });
        delete pyodide._api?.config?._loadSnapshot; // nor Pyodide's configuration
        delete pyodide._api?.config?._restoreMemory;
        reseed(pyodide);
        stdlib = "snapshot";
        snapshotState = "restored";
      } catch (error) {
        snapshotState = `refused: ${lastLine(error)}`;
        console.warn(`Baza: starting Python without the stored snapshot (${lastLine(error)})`);
        pyodide = undefined;
      }
    }
    if (snapshotState.startsWith("refused")) forgetSnapshot();
    if (!pyodide) {
      pyodide = await loadPlain(withZip);
      stdlib = "precompiled";
    }
  } catch (error) {
    // A refused zip fails the start inside Pyodide, which says only that Python exited: say why.
    reason = String((pendingError ?? error)?.message ?? pendingError ?? error).split("\n").slice(-2).join(" ").trim();
    console.warn(`Baza: starting Python from the standard library's sources (${reason})`);
    pyodide = await loadPlain({ ...options, lockFileContents: LOCK });
    stdlib = "source";
  }
  // Python is up: from here on a failure is the game's files, never a
  // reason to start Python again. A download that fails rejects with a
  // sentence that names the file, shown on the loading screen
  // (assets/loading.js).
  let game = stdlib === "snapshot" ? "snapshot" : undefined;
  if (game === "snapshot") {
    try {
      writePyscriptPackage(pyodide, await pyscriptFiles);
      pyscript = "zip reader";
    } catch (error) {
      console.warn(`Baza: PyScript's modules are unpacked and checked again (${lastLine(error)})`);
      try {
        pyscript = (await unpackGame(pyodide, await pending, "pyscript/")) === "precompiled" ? "unpacked" : "source";
      } catch (error) {
        pyscript = "source";
        console.warn(`Baza: PyScript's modules compile from source (${lastLine(error)})`);
      }
    }
  }
  if (stdlib === "precompiled") {
    // PyScript's package from the start zip (the game's zip does not hold it).
    try {
      pyscript = (await unpackGame(pyodide, await pending, "pyscript/")) === "precompiled" ? "unpacked" : "source";
    } catch (error) {
      console.warn(`Baza: PyScript writes its own modules (${lastLine(error)})`);
    }
    try {
      game = await unpackGame(pyodide, await gameZip());
    } catch (error) {
      console.warn(`Baza: the game's modules are fetched one by one (${lastLine(error)})`);
    }
  }
  game ??= await fetchGame(pyodide);
  // The player's language, if not English and not already in a restored
  // memory; a failed download leaves English until the later downloads.
  let languageState = language;
  if (languagePending && game !== "snapshot") {
    try {
      if (game !== "files") await writeLanguage(pyodide, language, await languagePending);
    } catch (error) {
      languageState = `en (${language}: ${lastLine(error)})`;
    }
  }
  // PyScript's own sources, written above from the zip (a restored start's
  // zip reader, or the game's unpacking): once every one of them is in
  // place, PyScript's bootstrap leaves them be (build/runtime/,
  // CORE_PATCHES), rather than compile a 30 kB script that holds them and
  // write them again.
  let pyscriptSources = false;
  try {
    const sources = (await pyscriptFiles)
      .map(([name]) => name)
      .filter((name) => name.endsWith(".py") && !name.includes("/"));
    const folder = `${pyodide.FS.cwd()}/pyscript`;
    pyscriptSources = sources.length > 0 && sources.every((name) => pyodide.FS.analyzePath(`${folder}/${name}`).exists);
  } catch {
    pyscriptSources = false; // no zip, or not one this loader reads: PyScript writes its package itself
  }
  mark("python-up");
  // Pyodide's own record (false when the hiding worked; undefined if it moved).
  const stackSwitching = pyodide._module?.jspiSupported;
  const report = (globalThis.bazaStart = {
    stdlib,
    game,
    reason,
    snapshot: snapshotState,
    stackSwitching,
    language: languageState,
  });
  // The whole standard library: on sys.path from the start for a start
  // from the stock zip, else mounted after ready (with a fallback).
  let laterDone;
  const cold = pyodide._module?.bazaCold;
  report.cold = cold ? cold.state : "whole";
  let coldDone = Promise.resolve();
  if (cold && !inWorker) {
    // Until the table is ready a call may still read the rest synchronously
    // (the loading screen is up); after, never (coldMissed).
    cold.mayWait = starting;
    coldDone = loadCold(cold, report);
    cold.missed = () => setTimeout(() => coldMissed(cold, report, coldDone));
    // After a restart for the rest, the table waits for it: the same call would miss it again.
    let restarted = false;
    try {
      restarted = sessionStorage.getItem(RESTARTED) === "1";
      sessionStorage.removeItem(RESTARTED);
    } catch {
      restarted = false;
    }
    if (restarted) await coldDone;
  }
  if (stdlib !== "source") {
    importFallback(pyodide, report, LATER, import.meta.url, starting);
    laterDone = new Promise((resolve) =>
      afterReady(() => Promise.all([coldDone, downloadLater(pyodide, report)]).then(resolve)),
    );
  } else {
    report.later = "not needed";
    laterDone = coldDone;
    afterReady(() => coldDone.then(() => dispatchEvent(new Event("baza:later"))));
  }
  if (pyscript) report.pyscript = pyscript;
  if (pyscriptSources) report.pyscriptSources = "written";
  if (game === "precompiled" && !snapshotState.startsWith("off")) scheduleSnapshot(report, laterDone);
  return pyodide;
}
