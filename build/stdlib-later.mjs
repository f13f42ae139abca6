// The whole standard library after the table is ready: how the loader
// (build/pyodide-loader.mjs) mounts it for later imports, and the import
// hook that fetches it there and then when a module is wanted before it
// has arrived. Python is started from the start zip, which holds only what
// a start imports; everything else of the standard library is here.
//
// Its own file to keep the loader readable; build/start_folder.py writes it
// into the loader it ships (in place of the loader's import of it), so that
// a page still loads one module. The loader's template imports it from here.

// Where the whole standard library is mounted (build/precompile.mjs names
// it in the start zip's packages' __path__).
const FULL_STDLIB = "/lib/python_stdlib.zip";

// Makes the folders' finders look again at what files they hold (after the
// loader has written new modules). Not importlib.invalidate_caches(): it
// imports importlib.metadata, which the start zip does not hold.
const RESCAN = `
import importlib.machinery, sys
for finder in list(sys.path_importer_cache.values()):
    if isinstance(finder, importlib.machinery.FileFinder):
        finder.invalidate_caches()
`;

// Puts the whole standard library on sys.path, behind the start zip, and
// forgets that its folders were missing (the start zip's packages name
// them in their __path__, and Python keeps a failed path's answer).
const MOUNT = `
import sys
if FULL_STDLIB not in sys.path:
    sys.path.append(FULL_STDLIB)
for path in [path for path in sys.path_importer_cache if path.startswith(FULL_STDLIB)]:
    del sys.path_importer_cache[path]
`;

// Runs Python code with these names as its globals (JavaScript values
// become proxies), in a scope of its own that is then destroyed.
function runWith(pyodide, code, names) {
  const scope = pyodide.globals.get("dict")();
  try {
    for (const [name, value] of Object.entries(names)) scope.set(name, value);
    return pyodide.runPython(code, { globals: scope });
  } finally {
    scope.destroy();
  }
}

// Writes the zip's bytes at FULL_STDLIB and mounts it, once:
// report.later becomes "done" (globalThis.bazaStart).
function mountStdlib(pyodide, data, report) {
  if (report.later === "done") return;
  pyodide.FS.writeFile(FULL_STDLIB, data, { canOwn: true });
  runWith(pyodide, MOUNT, { FULL_STDLIB });
  report.later = "done";
}

// A module of the standard library imported before the whole zip has
// arrived (none is, at start: the start zip holds what a start imports;
// bazaStart.fallbackImports lists any that were): a finder at the end of
// sys.meta_path downloads the zip there and then, synchronously (the
// import cannot wait), mounts it, and finds the module in it. Only while
// the page is starting: once the table is ready a synchronous download
// would freeze the page for as long as the link takes, so the import fails
// (ImportError, which the game reports like any error of an action) and
// the loader's background download goes on.
const FALLBACK = `
import importlib.machinery, sys

class LaterStdlib:
    """Finds a module in the whole standard library, fetched on first need."""

    def find_spec(self, name, path=None, target=None):
        if FULL_STDLIB in sys.path or not FETCH(name):
            return None
        return importlib.machinery.PathFinder.find_spec(name, path, target)

sys.meta_path.append(LaterStdlib())
`;

// A file of the build ({url, bytes}, the url absolute), fetched
// synchronously: the bytes, or an error that names the file.
function fetchSync(url, file) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.overrideMimeType("text/plain; charset=x-user-defined"); // the bytes, one per character
  request.send();
  if (request.status !== 200) throw new Error(`HTTP ${request.status} for ${file.url}`);
  const text = request.responseText;
  const data = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) data[i] = text.charCodeAt(i) & 0xff;
  if (data.length !== file.bytes) throw new Error(`${data.length} bytes, the build made ${file.bytes}`);
  return data;
}

// Installs the finder. `later` is the build's record of the whole zip
// ({stdlib: {url, bytes}, modules: the dotted names it holds}), `base` the
// URL its url is relative to, `starting()` whether the page may still wait
// (the loader's, which the wasm's rest obeys too). Only a name the zip holds is fetched for: a
// try-import of another platform's module finds nothing, as it would.
function importFallback(pyodide, report, later, base, starting) {
  report.fallbackImports = [];
  const modules = new Set(later.modules);
  const fetchNow = (name) => {
    if (report.later === "done") return true;
    if (!modules.has(name)) return false;
    report.fallbackImports.push(name);
    if (!starting()) {
      console.warn(`Baza: ${name} is in the part of the standard library that has not arrived yet`);
      return false;
    }
    try {
      mountStdlib(pyodide, fetchSync(new URL(later.stdlib.url, base), later.stdlib), report);
      return true;
    } catch (error) {
      console.warn(`Baza: could not fetch the standard library for ${name} (${String(error?.message ?? error)})`);
      return false;
    }
  };
  runWith(pyodide, FALLBACK, { FULL_STDLIB, FETCH: fetchNow });
}

export { RESCAN, importFallback, mountStdlib, runWith };
