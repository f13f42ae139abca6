// The start zip of the page: the standard-library modules that a start
// imports, compiled to .pyc by Pyodide's own CPython (same magic number as
// the browser's), and the game's modules as .pyc, in one zip that
// build/pyodide-loader.mjs hands to Pyodide as its standard library (it
// becomes /lib/python314.zip): the stock python_stdlib.zip is not
// downloaded before the table is ready.
//
//   node build/precompile.mjs OUT.zip SRC [PYSCRIPT_CORE_CHUNK]   (SRC: the folder with game/ and ui/)
//
// Prints one JSON line: the zip's size, its modules, the Python version.
//
// Why .pyc: Pyodide ships python_stdlib.zip with .py sources only, so the
// ~150 modules its bootstrap, PyScript and our game import at start
// (asyncio, inspect, zipfile, logging, ...) were compiled from source in
// wasm on every start (docs/PERFORMANCE.md: loadPyodide 1.9 s against
// 0.45 s in Node.js). Why only those: the first visit downloads them all
// before the table shows.
//
// What goes in: every module in sys.modules after loadPyodide() here, after
// importing every module of SRC's game/ and ui/ that imports without the
// browser (the others are skipped), and after the modules that PyScript's
// own Python imports in the browser (EXTRA, seen there). The rest of the
// standard library comes after ready: the loader mounts the whole stock zip
// at FULL_STDLIB (and, if a module is imported before it has arrived,
// fetches it there and then), so every module stays importable.
//
// A package in the zip is only partly there (its start modules), so its
// __init__ starts by appending the whole zip's folder of the package to its
// __path__: a submodule not in this zip is found there once mounted.
//
// Every entry is stored, not deflated: the host's HTTP compression (brotli
// or gzip) then works across the whole archive, which packs it smaller than
// deflating each file alone. The docstrings of modules and functions are
// left out (WithoutDocstrings), except in Pyodide's own packages.
//
// The zip is deterministic (fixed timestamps, sorted entries): the same
// inputs give the same bytes, so a rebuild without changes is the same build.
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PYODIDE = join(ROOT, "node_modules", "pyodide");

// Imported in the browser by PyScript's own Python (its `pyscript` package,
// written into the file system at start) and not by anything above: seen
// with sys.modules in a page of the build (PyScript 0.7.31). The snapshot
// imports them too (build/pyodide-loader.mjs, IMPORT_GAME): a restored start
// imports nothing more from the standard library (tests/browser/test_snapshot.py).
const EXTRA = ["html"];

// Speed edits of Pyodide's own Python: build/runtime/python-edits/<file>.diff, a
// unified diff of each edited module of the stock zip, whose every hunk is
// found exactly once or the build stops (`--no-speed-edits` leaves them
// out); the text before a diff's first line names its edits. Pyodide's package loader imports shutil, tempfile and zipfile
// at start (with bz2, lzma and compression.zstd through shutil) for
// loadPackage, which the game never calls: 280 kB of .pyc, 78 kB with
// brotli, on every first visit, and some 30 ms of imports. Here they are
// imported when first used: shutil (and the wheel format it is told about)
// through a stand-in, tempfile's NamedTemporaryFile and zipfile's ZipFile
// through functions of the same names. The start zip is made from the
// edited sources, so the modules nothing imports at start are left to the
// whole standard library after ready.
//
// The same for two imports that the game's modules bring in and a start
// never calls: urllib.parse imports ipaddress to check a bracketed host
// ("[::1]") in urlsplit, which the game's URLs never hold; secrets imports
// hmac for compare_digest, which the game never calls (it draws seeds and
// ids). What it gains is bytes: their .pyc were 73 kB and 20 kB of the
// start zip (20.7 kB of it with brotli). And for one that PyScript's own
// Python brings in: html imports its 2,000 named references (html.entities,
// 80 kB of .pyc, 21 kB with brotli) for unescape(), where PyScript calls
// only escape(). Their imports took 5-10 ms of a
// first visit on localhost (20-40 ms on a busy machine), a gain that
// bench/after_python_up.py does not tell from the noise.
const PYTHON_EDITS = join(ROOT, "build", "runtime", "python-edits");
// {"asyncio/events.py": the diff's text, ...}: every .diff below PYTHON_EDITS.
const pythonEdits = (folder = PYTHON_EDITS, edits = {}) => {
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) pythonEdits(path, edits);
    else if (name.endsWith(".diff")) edits[relative(PYTHON_EDITS, path).split(/[\\/]/).join("/").slice(0, -5)] = readFileSync(path, "utf-8");
  }
  return edits;
};

const args = process.argv.slice(2);
const speed = !args.includes("--no-speed-edits");
const [out, src, core] = args.filter((arg) => arg !== "--no-speed-edits");
if (!out || !src) {
  console.error("usage: node build/precompile.mjs OUT.zip SRC [PYSCRIPT_CORE_CHUNK] [--no-speed-edits]");
  process.exit(2);
}

// PyScript's own Python package, as its core chunk embeds it: an object
// literal of file names and (minified) sources, `{pyscript:{"__init__.py":
// "...", ...}}`, that PyScript's bootstrap writes into the working directory
// and imports at every start. Found by scanning the literal's braces outside
// strings, then evaluated: the pinned npm package is the page's own code.
function pyscriptPackage(chunk) {
  const start = chunk.indexOf('{pyscript:{"__init__.py":');
  if (start < 0 || chunk.indexOf('{pyscript:{"__init__.py":', start + 1) >= 0)
    throw new Error("PyScript's Python package is not found once in its core chunk");
  let depth = 0;
  let quote = null;
  for (let i = start; i < chunk.length; i++) {
    const c = chunk[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return Function(`return (${chunk.slice(start, i + 1)});`)();
  }
  throw new Error("PyScript's Python package does not end in its core chunk");
}

// {path below the working directory: source}, e.g. "pyscript/web.py".
const pyscriptFiles = {};
if (core) {
  const walk = (tree, folder) => {
    for (const [name, value] of Object.entries(tree)) {
      if (typeof value === "string") pyscriptFiles[`${folder}${name}`] = value;
      else walk(value, `${folder}${name}/`);
    }
  };
  walk(pyscriptPackage(readFileSync(core, "utf-8")), "");
}

// The stock zip with build/runtime/python-edits/ made, written by a first Pyodide; the
// second starts from it, so that what it imports is what a page imports.
let stdLibURL;
if (speed) {
  const first = await loadPyodide({ indexURL: `${PYODIDE}/` });
  first.globals.set("EDITS", first.toPy(pythonEdits()));
  first.globals.set("START_CODE", readFileSync(join(ROOT, "build", "start_code.py"), "utf-8"));
  try {
    first.runPython(`
import sys, zipfile
stock = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
with zipfile.ZipFile(stock) as src, zipfile.ZipFile("/tmp/edited.zip", "w", zipfile.ZIP_STORED) as dst:
    for info in src.infolist():
        data = src.read(info)
        if info.filename in EDITS:
            text = data.decode("utf-8")
            lines = EDITS[info.filename].splitlines(keepends=True)
            start = next(i for i, line in enumerate(lines) if line.startswith("--- ")) + 2
            hunks = []
            for line in lines[start:]:
                if line.startswith("@@"):
                    hunks.append(([], []))
                    continue
                if line[0] in " -":
                    hunks[-1][0].append(line[1:])
                if line[0] in " +":
                    hunks[-1][1].append(line[1:])
            for number, (old, new) in enumerate(hunks, 1):
                old, new = "".join(old), "".join(new)
                if text.count(old) != 1:
                    raise ValueError(f"cannot apply hunk {number} of build/runtime/python-edits/{info.filename}.diff:"
                                     f" found {text.count(old)} times (or build with --no-speed-edits)")
                text = text.replace(old, new)
            data = text.encode("utf-8")
        dst.writestr(info, data)
    dst.writestr(zipfile.ZipInfo("_baza_start_code.py", date_time=(1980, 1, 1, 0, 0, 0)), START_CODE)
`);
  } catch (error) {
    // Python's own last line (the edit that failed), not Pyodide's stack
    console.error(String(error?.message ?? error).trim().split("\n").at(-1));
    process.exit(1);
  }
  stdLibURL = join(tmpdir(), `baza-edited-stdlib-${process.pid}.zip`);
  writeFileSync(stdLibURL, first.FS.readFile("/tmp/edited.zip"));
  process.on("exit", () => rmSync(stdLibURL, { force: true }));
}
// The interpreter that compiles: without the column positions of each
// instruction (PYTHONNODEBUGRANGES, Python's -X no_debug_ranges) when
// speed edits are on. Tracebacks then give the file and line but no ^^^
// under the expression; nothing else reads them. Those tables compress
// badly: without them the start zip is 5 % smaller as it is, and 25 %
// smaller over the wire (brotli 1,087 -> 810 kB, gzip 1,490 -> 1,117 kB);
// tests/build/test_start_zip.py.
const compileEnv = speed ? { PYTHONNODEBUGRANGES: "1" } : {};
const pyodide = await loadPyodide({ indexURL: `${PYODIDE}/`, env: compileEnv, ...(stdLibURL ? { stdLibURL } : {}) });

// The game's modules, copied into the file system as the page's loader does.
const modules = [];
const files = []; // the game's modules, as paths below /home/pyodide
const copyIn = (rel) => {
  const host = join(resolve(src), rel);
  if (statSync(host).isDirectory()) {
    pyodide.FS.mkdirTree(`/home/pyodide/${rel}`);
    for (const name of readdirSync(host).sort()) if (name !== "__pycache__") copyIn(join(rel, name));
  } else if (rel.endsWith(".py")) {
    pyodide.FS.writeFile(`/home/pyodide/${rel}`, readFileSync(host));
    const name = relative(".", rel).replace(/\.py$/, "").split(/[\\/]/).filter((p) => p !== "__init__");
    if (name.at(-1) !== "__main__" && !(name.length === 2 && name.join(".") === "ui.main")) {
      modules.push(name.join("."));
      files.push(rel.split(/[\\/]/).join("/"));
    }
  }
};
for (const dir of ["game", "ui"]) {
  try {
    statSync(join(resolve(src), dir));
  } catch {
    continue;
  }
  copyIn(dir);
}

pyodide.globals.set("GAME_MODULES", pyodide.toPy(modules));
pyodide.globals.set("EXTRA", pyodide.toPy(EXTRA));
pyodide.globals.set("GAME_FILES", pyodide.toPy(files));
pyodide.globals.set("PYSCRIPT_FILES", pyodide.toPy(pyscriptFiles));
const summary = pyodide.runPython(`
import importlib, sys

for name in list(GAME_MODULES) + list(EXTRA):
    try:
        importlib.import_module(name)
    except Exception:  # needs the browser (js, pyscript): its imports stay uncompiled
        pass
started = list(sys.modules.values())  # before this script's own imports (zipfile)
# The texts that data classes and named tuples compiled so far (build/start_code.py).
start_code = sys.modules.get("_baza_start_code")
recorded = sorted(set(start_code.MISSED)) if start_code else []
# The game's classes' texts go in the game's zip (build/start_code.py, GAME_PART).
game_texts = {key for key, maker in zip(start_code.MISSED, start_code.MISSED_IN)
              if maker.split(".")[0] in ("game", "ui")} if start_code else set()

import ast, importlib.util, json, marshal, zipfile

STOCK = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
FULL_STDLIB = "/lib/python_stdlib.zip"  # where the loader mounts the whole stock zip after ready
stock = zipfile.ZipFile(STOCK)
names = set(stock.namelist())
wanted = set()  # paths in the zip of the start's modules, packages included
for module in started:
    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None) or ""  # "frozen" for the frozen ones: nothing to compile
    if origin.startswith(STOCK + "/") and origin.endswith(".py"):
        wanted.add(origin[len(STOCK) + 1 :])
for path in list(wanted):  # a module needs its packages' __init__
    parts = path.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        init = "/".join(parts[:i]) + "/__init__.py"
        if init in names:
            wanted.add(init)


def package_path(tree, folder):
    """__path__.append(<the stock zip's folder>), after the docstring and __future__ imports."""
    line = ast.parse(f"__path__.append({folder!r})").body[0]
    at = 0
    for at, node in enumerate(tree.body):
        docstring = at == 0 and isinstance(node, ast.Expr) and isinstance(getattr(node, "value", None), ast.Constant)
        future = isinstance(node, ast.ImportFrom) and node.module == "__future__"
        if not (docstring or future):
            break
    else:
        at = len(tree.body)
    tree.body.insert(at, line)
    return ast.fix_missing_locations(tree)


import importlib._bootstrap_external as ext


class WithoutDocstrings(ast.NodeTransformer):
    """Drops the docstrings of modules and functions, which nothing at a start
    reads (a third of the pyc's strings). Classes keep theirs: a dataclass
    without one has it made from inspect.signature() as the class is made."""

    def strip(self, node):
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            if isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
        self.generic_visit(node)
        return node

    visit_Module = visit_FunctionDef = visit_AsyncFunctionDef = strip


class WithoutAnyDocstrings(WithoutDocstrings):
    """Classes' docstrings too, for a module that defines no data class."""

    visit_ClassDef = WithoutDocstrings.strip


def without_docstrings(tree, classes=False):
    return ast.fix_missing_locations((WithoutAnyDocstrings if classes else WithoutDocstrings)().visit(tree))


# Pyodide's own packages keep their docstrings (doctests, help()), but for
# _pyodide._core_docs, whose docstrings are only the help text of the
# JavaScript types and their methods (_pyodide.docstring's
# get_cmeth_docstring makes a method's from its signature alone when it has
# none), and most of the module: 18 kB of the start zip with brotli.
KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")
DROP_DOCSTRINGS = ("_pyodide/_core_docs.py",)  # classes' too: it defines no data class

total_source = 0
with zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as dst:
    def add(name, data, compress=zipfile.ZIP_STORED):
        """One entry, with a fixed date and mode: the same sources give the same zip."""
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = compress
        info.external_attr = 0o644 << 16
        dst.writestr(info, data)

    for path in sorted(wanted):
        source = stock.read(path)
        total_source += len(source)
        filename = f"{FULL_STDLIB}/{path}"  # tracebacks name the source in the whole zip
        tree = ast.parse(source, filename)
        if not path.startswith(KEEP_DOCSTRINGS) or path in DROP_DOCSTRINGS:
            tree = without_docstrings(tree, classes=path in DROP_DOCSTRINGS)
        if path.endswith("/__init__.py"):
            tree = package_path(tree, f"{FULL_STDLIB}/{path.rsplit('/', 1)[0]}")
        code = compile(tree, filename, "exec", dont_inherit=True)
        # A timestamp .pyc (mtime 0): zipimport checks it only against a
        # source file next to it in the same zip, and there is none.
        add(path + "c", bytes(ext._code_to_timestamp_pyc(code, 0, len(source))))
    # The game's modules as sourceless .pyc (game/state.pyc), which Python
    # imports when no source lies beside them: the loader writes them under
    # the working directory (/home/pyodide); "baza-home" is no importable
    # name. Their sources stay in the build for the loader's fallback, which
    # fetches them one by one.
    def add_game_pyc(path, source):
        filename = f"/home/pyodide/{path}"
        code = compile(without_docstrings(ast.parse(source, filename)), filename, "exec", dont_inherit=True)
        add(f"baza-home/{path}c", bytes(ext._code_to_timestamp_pyc(code, 0, len(source))))

    # PyScript's package as the __pycache__ entries that Python reads next to
    # the sources: checked hash-based .pyc (PEP 552), used only while the
    # source beside them hashes the same, else compiled again.
    def add_checked_pyc(path, source, compress=zipfile.ZIP_STORED):
        code = compile(source, f"/home/pyodide/{path}", "exec", dont_inherit=True)
        folder, _, name = path.rpartition("/")
        cached = f"baza-home/{folder}/__pycache__/{name[:-3]}.{sys.implementation.cache_tag}.pyc"
        add(cached, bytes(ext._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=True)), compress)

    for path in sorted(GAME_FILES):
        add_game_pyc(path, open(f"/home/pyodide/{path}", "rb").read())
    # PyScript's package the same way: its bootstrap writes the same sources
    # at every start (text, UTF-8), and Python then finds these beside them.
    # Stored, not deflated (82 kB instead of about 39): a restored start
    # copies them out of the zip in JavaScript, before Python runs, without
    # an inflate per file (build/pyodide-loader.mjs, zipEntries).
    # With the sources themselves (30 kB), which the loader writes too:
    # PyScript then runs its bootstrap without them (build/runtime/,
    # CORE_PATCHES). Stored as the .pyc are: deflated they would be about
    # 10 kB, but a restored start copies them out without an inflate.
    # The code of the recorded texts, compiled as exec() and eval() compile
    # them there (no flags inherited; no column positions, as above).
    def start_code_table(keys):
        return marshal.dumps({key: compile(key[1], "<string>", key[0], dont_inherit=True) for key in keys})

    if recorded:
        add("_baza_start_code.bin", start_code_table(key for key in recorded if key not in game_texts))
        add(f"baza-home/{start_code.GAME_PART}", start_code_table(key for key in recorded if key in game_texts))
    for path, text in sorted(PYSCRIPT_FILES.items()):
        if path.endswith(".py"):
            add_checked_pyc(path, text.encode("utf-8"), zipfile.ZIP_STORED)
            add(f"baza-home/{path}", text.encode("utf-8"), zipfile.ZIP_STORED)
json.dumps({"modules": len(wanted), "game_modules": len(GAME_FILES), "pyscript_modules": len(PYSCRIPT_FILES), "python": sys.version.split()[0], "start_code": len(recorded), "start_code_game": len(game_texts), "magic": importlib.util.MAGIC_NUMBER.hex(),
            "source_bytes": total_source})
`);
writeFileSync(out, pyodide.FS.readFile("/tmp/out.zip"));
console.log(JSON.stringify({ out, bytes: statSync(out).size, ...JSON.parse(summary) }));
