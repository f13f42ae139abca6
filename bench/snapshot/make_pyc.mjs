// Precompiled bytecode for the start-up prototype: compiles Python sources to
// .pyc with Pyodide's own CPython (the browser's magic number), in Node.js.
//
//   node bench/snapshot/make_pyc.mjs stdlib OUT.zip [--only|--hybrid MODULES.json]
//   node bench/snapshot/make_pyc.mjs tree OUTDIR game ui
//   node bench/snapshot/make_pyc.mjs modules OUT.json
//
// Pyodide 314.0.7 ships python_stdlib.zip with .py sources only, so every
// standard-library module imported at start (about 150, Pyodide's own
// bootstrap imports asyncio, inspect, zipfile, logging...) is compiled in
// the browser on every start. `stdlib` writes a copy of the zip whose .py
// files are replaced by sourceless .pyc (zipimport loads a .pyc when no .py
// is there); --only keeps just the modules listed (a JSON list of module
// names, packages with their __init__) plus every non-Python file, for the
// "smaller standard library" lever; --hybrid precompiles the listed modules
// and keeps every other one as .py source (all still importable, only the
// start is precompiled). `tree` compiles the game's own modules into
// OUTDIR/<same paths>.pyc. `modules` lists the stdlib modules that a start
// of the page imports: Pyodide's bootstrap, what ui/main.py imports, and
// PyScript's own Python (`html`, seen in the browser, bench/README.md).
//
// Tracebacks through a sourceless module show no source lines: the price.
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PYODIDE = join(ROOT, "node_modules", "pyodide");
const [mode, out, ...rest] = process.argv.slice(2);
if (!["stdlib", "tree", "modules"].includes(mode) || !out) {
  console.error("usage: make_pyc.mjs stdlib OUT.zip [--only|--hybrid MODULES.json] | tree OUTDIR DIR... | modules OUT.json");
  process.exit(2);
}
const pyodide = await loadPyodide({ indexURL: PYODIDE });

// A timestamp .pyc with mtime 0: zipimport and the path finder only compare
// it with a source file, and there is none next to it.
const COMPILE = `
import importlib._bootstrap_external as ext
def to_pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(ext._code_to_timestamp_pyc(code, 0, len(source)))
`;
pyodide.runPython(COMPILE);

if (mode === "stdlib") {
  const listed = ["--only", "--hybrid"].includes(rest[0]);
  const only = listed ? JSON.stringify(JSON.parse(readFileSync(rest[1], "utf8"))) : "null";
  const hybrid = rest[0] === "--hybrid" ? "True" : "False";
  pyodide.FS.writeFile("/tmp/in.zip", readFileSync(join(PYODIDE, "python_stdlib.zip")));
  const summary = pyodide.runPython(`
import json, zipfile
only = json.loads(${JSON.stringify(only)})
keep = None
if only is not None:
    keep = set()
    for name in only:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):  # a module needs its packages
            keep.add("/".join(parts[:i]) + ".py")
            keep.add("/".join(parts[:i]) + "/__init__.py")
src = zipfile.ZipFile("/tmp/in.zip")
hybrid = ${hybrid}
kept = dropped = source = 0
with zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in src.infolist():
        if info.is_dir():
            continue
        data = src.read(info)
        if info.filename.endswith(".py"):
            if keep is not None and info.filename not in keep:
                if hybrid:  # not needed at start: stays a source file
                    dst.writestr(info.filename, data)
                    source += 1
                else:
                    dropped += 1
                continue
            data = to_pyc(data, "/lib/python314.zip/" + info.filename)
            dst.writestr(info.filename + "c", data)
        else:
            dst.writestr(info.filename, data)
        kept += 1
json.dumps({"kept": kept, "dropped": dropped, "source": source})
`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, pyodide.FS.readFile("/tmp/out.zip"));
  console.log(JSON.stringify({ out, bytes: statSync(out).size, ...JSON.parse(summary) }));
} else if (mode === "modules") {
  const copyIn = (rel) => {
    const host = join(ROOT, rel);
    if (statSync(host).isDirectory()) {
      pyodide.FS.mkdirTree(`/home/pyodide/${rel}`);
      for (const name of readdirSync(host)) if (name !== "__pycache__") copyIn(join(rel, name));
    } else if (rel.endsWith(".py")) {
      pyodide.FS.writeFile(`/home/pyodide/${rel}`, readFileSync(host, "utf8"));
    }
  };
  copyIn("game");
  copyIn("ui");
  const names = pyodide.runPython(`
import game, game.bots, ui.settings, ui.table_model, ui.controller, ui.dom
import html, html.entities
import sys, json
json.dumps(sorted(n for n, m in sys.modules.items()
    if (getattr(m, "__file__", None) or "").startswith("/lib/python314.zip/")))
`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, names + "\n");
  console.log(JSON.stringify({ out, modules: JSON.parse(names).length }));
} else {
  const toPyc = pyodide.globals.get("to_pyc");
  let count = 0;
  const walk = (rel) => {
    const host = join(ROOT, rel);
    if (statSync(host).isDirectory()) {
      for (const name of readdirSync(host)) if (name !== "__pycache__") walk(join(rel, name));
    } else if (rel.endsWith(".py")) {
      // The name the browser gives the file: PyScript writes [files] under
      // /home/pyodide, so tracebacks name the same path as today.
      const pyc = toPyc(readFileSync(host, "utf8"), `/home/pyodide/${rel}`).toJs();
      mkdirSync(dirname(join(out, rel)), { recursive: true });
      writeFileSync(join(out, `${rel}c`), pyc);
      count += 1;
    }
  };
  for (const dir of rest) walk(dir);
  console.log(JSON.stringify({ out, files: count }));
}
