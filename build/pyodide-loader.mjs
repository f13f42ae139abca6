// Baza's way into Pyodide: pyscript.toml's `interpreter` names this module,
// which build/build.py writes to runtime/start-<hash>/loader.mjs, beside
// the Pyodide folder (its ../pyodide/ below becomes that folder's real
// name). PyScript imports it, reads `version` and calls
// `loadPyodide({stdout, stderr, indexURL})` with the folder of this file as
// indexURL: replaced here by Pyodide's folder.
//
// It starts Python with the precompiled standard library of the build
// (build/precompile.mjs: the .pyc of the modules a start imports, made by
// Pyodide's own CPython) in front of the stock python_stdlib.zip on
// sys.path. Compiling those ~150 modules from source took most of the start.
//
// It puts the game's modules into Python's file system: from the same zip
// (their sources and .pyc: one request instead of ~40), or, when the zip
// cannot be used, fetched one by one (GAME.files). pyscript.toml has no
// [files] table.
//
// Any failure falls back to a plain start, and the page still reaches its
// table: the zip missing or not the build's (size or SHA-256), a start with
// it that throws (a .pyc of another Python, damaged bytecode), game bytecode
// that does not load. What happened is in globalThis.bazaStart =
// {stdlib: "precompiled" | "source", game: "precompiled" | "source" |
// "files", reason, stackSwitching} (tests/browser/test_startup_paths.py).
import { loadPyodide as loadPyodideItself, version } from "../pyodide/pyodide.mjs";

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
const GAME = null; // filled in by build/build.py
// Where the zip goes in Python's file system, and onto sys.path (PYTHONPATH
// comes before the stock zip, /lib/python314.zip).
const ZIP_PATH = "/lib/baza-stdlib-pyc.zip";

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
const lastLine = (error) => String(error?.message ?? error).trim().split("\n").at(-1);

async function fetchPrecompiled() {
  if (!PRECOMPILED) throw new Error("no precompiled standard library in this build");
  const response = await fetch(new URL(PRECOMPILED.url, import.meta.url));
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${PRECOMPILED.url}`);
  const data = new Uint8Array(await response.arrayBuffer());
  if (data.length !== PRECOMPILED.bytes) throw new Error(`${data.length} bytes, the build made ${PRECOMPILED.bytes}`);
  // crypto.subtle exists in secure contexts only (https, localhost): on a
  // plain-http LAN address the size check above has to do.
  if (globalThis.crypto?.subtle) {
    const digest = hex(await crypto.subtle.digest("SHA-256", data));
    if (digest !== PRECOMPILED.sha256) throw new Error("SHA-256 is not the build's");
  }
  return data;
}

// The zip's "baza-home/" entries are the game's sources and their checked
// hash-based .pyc (which Python uses only while the source hashes the
// same): written under the working directory, where the import system
// finds them. The .pyc only once every one of them has unmarshalled, else
// the sources alone (the game then compiles at import).
const UNPACK = `
import marshal, os, zipfile
with zipfile.ZipFile(ZIP_PATH) as archive:
    entries = [(name.removeprefix("baza-home/"), archive.read(name))
               for name in archive.namelist() if name.startswith("baza-home/")]
sources = [(name, data) for name, data in entries if name.endswith(".py")]
compiled = [(name, data) for name, data in entries if name.endswith(".pyc")]
if not sources:
    raise ValueError("the zip holds no game sources")
try:
    for name, data in compiled:
        marshal.loads(memoryview(data)[16:])
except Exception as error:
    problem = f"{type(error).__name__}: {error}"
    compiled = []
else:
    problem = ""
for name, data in sources + compiled:
    os.makedirs(os.path.dirname(name), exist_ok=True)
    with open(name, "wb") as file:
        file.write(data)
problem
`;

function unpackGame(pyodide) {
  const scope = pyodide.globals.get("dict")();
  try {
    scope.set("ZIP_PATH", ZIP_PATH);
    const problem = pyodide.runPython(UNPACK, { globals: scope });
    if (!problem) return "precompiled";
    console.warn(`Baza: the game's modules compile from source (${problem})`);
    return "source";
  } finally {
    scope.destroy();
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

// The download starts when PyScript imports this module (index.html
// preloads it), before PyScript asks for Python.
const pending = fetchPrecompiled();
pending.catch(() => {}); // handled in loadPyodide

export async function loadPyodide(options = {}) {
  let pyodide, stdlib, reason;
  try {
    const data = await pending;
    pyodide = await loadPlain({
      ...options,
      env: { ...options.env, PYTHONPATH: ZIP_PATH },
      fsInit: async (FS, info) => {
        FS.writeFile(ZIP_PATH, data);
        if (options.fsInit) await options.fsInit(FS, info);
      },
    });
    stdlib = "precompiled";
  } catch (error) {
    reason = String(error?.message ?? error).split("\n").slice(-2).join(" ").trim();
    console.warn(`Baza: starting Python from the standard library's sources (${reason})`);
    pyodide = await loadPlain(options);
    stdlib = "source";
  }
  // Python is up: from here on a failure is the game's files, never a
  // reason to start Python again. A download that fails rejects with a
  // sentence that names the file, shown on the loading screen
  // (assets/loading.js).
  let game;
  if (stdlib === "precompiled") {
    try {
      game = unpackGame(pyodide);
    } catch (error) {
      console.warn(`Baza: the game's modules are fetched one by one (${lastLine(error)})`);
    }
  }
  game ??= await fetchGame(pyodide);
  // Pyodide's own record (false when the hiding worked; undefined if it moved).
  const stackSwitching = pyodide._module?.jspiSupported;
  globalThis.bazaStart = { stdlib, game, reason, stackSwitching };
  return pyodide;
}
