// Makes a Pyodide memory snapshot in Node.js, for the start-up prototype
// (bench/snapshot/README.md). Not used by the real page yet.
//
//   node bench/snapshot/make_snapshot.mjs OUT.bin [--game] [--gzip]
//
// The snapshot is the whole WebAssembly memory of an interpreter that has
// finished Pyodide's bootstrap (30 MiB, plus a small header), made from
// node_modules/pyodide: the same pyodide.asm.wasm and python_stdlib.zip as
// dist/runtime/pyodide-*/. A browser that restores it skips the
// interpreter's start (the bulk of a start-up) but must still compile the
// wasm and mount the same stdlib zip: Python's zipimporter keeps the zip's
// file offsets in memory, so a snapshot is only good with the exact zip it
// was made with. OUT.json records the hashes that the loader checks.
//
// --game  also imports Baza's modules (game/, ui/ except ui/main.py, which
//         needs the page), copied to /home/pyodide where PyScript puts the
//         [files] of pyscript.toml: the page then finds them in
//         sys.modules. Such a snapshot is tied to the game's sources too.
// --gzip  also writes OUT.bin.gz, for a loader that inflates it with the
//         browser's DecompressionStream (no server configuration needed).
//
// Every restore starts from the same memory, so the same random state: the
// loader reseeds `random` from os.urandom (crypto.getRandomValues) before
// any card is shuffled. String hashes (PYTHONHASHSEED) stay those of the
// snapshot; nothing in Baza depends on them being secret.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PYODIDE = join(ROOT, "node_modules", "pyodide");
const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith("--"));
if (!out) {
  console.error("usage: node bench/snapshot/make_snapshot.mjs OUT.bin [--game] [--gzip]");
  process.exit(2);
}
const withGame = args.includes("--game");
const sha256 = (data) => createHash("sha256").update(data).digest("hex");

const t0 = performance.now();
const pyodide = await loadPyodide({ indexURL: PYODIDE, _makeSnapshot: true });
const tLoad = performance.now() - t0;

let imported = [];
if (withGame) {
  // The modules ui/main.py imports, and what they import, without the page.
  const copyIn = (rel) => {
    const host = join(ROOT, rel);
    if (statSync(host).isDirectory()) {
      pyodide.FS.mkdirTree(`/home/pyodide/${rel}`);
      for (const name of readdirSync(host)) if (name !== "__pycache__") copyIn(join(rel, name));
    } else if (rel.endsWith(".py") && !rel.endsWith("__main__.py")) {
      pyodide.FS.writeFile(`/home/pyodide/${rel}`, readFileSync(host));
    }
  };
  copyIn("game");
  copyIn("ui");
  const before = new Set(pyodide.runPython("import sys; list(sys.modules)").toJs());
  pyodide.runPython(
    "import importlib, pkgutil, game, ui\n" +
      "for package in (game, ui):\n" +
      "    for info in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n" +
      "        if info.name not in ('ui.main', 'game.__main__'):\n" +
      "            importlib.import_module(info.name)\n",
  );
  imported = pyodide
    .runPython("import sys; list(sys.modules)")
    .toJs()
    .filter((m) => !before.has(m))
    .sort();
}

const snapshot = pyodide.makeMemorySnapshot();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, snapshot);
const meta = {
  made: new Date().toISOString(),
  pyodide: JSON.parse(readFileSync(join(PYODIDE, "package.json"), "utf8")).version,
  bytes: snapshot.length,
  sha256: sha256(snapshot),
  // The loader refuses the snapshot unless these match the files it runs with.
  wasm_sha256: sha256(readFileSync(join(PYODIDE, "pyodide.asm.wasm"))),
  stdlib_sha256: sha256(readFileSync(join(PYODIDE, "python_stdlib.zip"))),
  game: withGame,
  imported,
  node_load_ms: Math.round(tLoad),
};
if (args.includes("--gzip")) {
  const gz = gzipSync(snapshot, { level: 9 });
  writeFileSync(`${out}.gz`, gz);
  meta.gzip_bytes = gz.length;
  meta.gzip_sha256 = sha256(gz);
}
writeFileSync(out.replace(/\.bin$/, "") + ".json", JSON.stringify(meta, null, 1) + "\n");
console.log(JSON.stringify({ ...meta, imported: imported.length }));
