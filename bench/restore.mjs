// What a restored start does with its stored snapshot, in Node.js with a
// build's own loader and Pyodide, the two ways in alternation:
//
//   whole   the stored pages unpacked into a whole snapshot (31 MB), which
//           Pyodide copies into its memory: the page until run 43, though
//           it unpacked page by page, where unpackSnapshot now copies runs
//           of pages (so this understates what the old page did)
//   pages   snapshotParts() and restoreMemory(): only the stored pages are
//           written into Pyodide's memory, the zeros only where the new
//           instance has written (commit a04b644)
//
// And what a restored start then writes into Python's file system:
// PyScript's .pyc, from the build's zip, by the loader's unpackGame (its
// zip reader, then Python's marshal check of every .pyc) or by its zip
// reader alone (writePyscriptPackage, what a restored start does).
//
//   node bench/restore.mjs [DIST] [rounds]      (default dist/ and 7 rounds;
//                                                build it first: python3 build/build.py)
//
// Each round makes no snapshot: one is made first, by the build's Pyodide
// with the game's start zip, then every round restores it in a fresh
// instance. Reports the medians of the main-thread work that differs
// (`prepare`: unpacking or splitting the stored pages; `restore`: writing
// the memory) and of the whole loadPyodide() call. Node.js is not the
// browser, but this work is plain JavaScript on typed arrays. Prints a
// table, then JSON.
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dist = resolve(process.argv[2] ?? "dist");
const rounds = Number(process.argv[3] ?? 7);
const folder = (prefix) => {
  const found = readdirSync(join(dist, "runtime")).filter((name) => name.startsWith(prefix));
  if (found.length !== 1) throw new Error(`expected one runtime/${prefix}* folder in ${dist}`);
  return join(dist, "runtime", found[0]);
};
const pyodideDir = folder("pyodide-");

globalThis.self = globalThis; // the loader then takes itself for its Worker, and starts nothing
const loader = await import(pathToFileURL(join(folder("start-"), "loader.mjs")).href);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
for (const name of ["Suspending", "Suspender"]) delete WebAssembly[name]; // as the loader: no JSPI

const indexURL = pyodideDir + "/";
const quiet = () => {};
const maker = await loadPyodide({ indexURL, stdout: quiet, stderr: quiet, _makeSnapshot: true });
maker.runPython("import asyncio, decimal, json, random");
const snapshot = maker.makeMemorySnapshot();
const packed = loader.packSnapshot(snapshot);
const table = maker._module.wasmTable.length; // the function table's size, as the loader's record keeps it

const ways = {
  whole: () => {
    const whole = loader.unpackSnapshot(packed, snapshot.length);
    return { _loadSnapshot: whole, _restoreMemory: (Module, memory) => Module.HEAP8.set(memory) };
  },
  pages: () => {
    const parts = loader.snapshotParts(packed, snapshot.length, table);
    return { _loadSnapshot: parts.head, _restoreMemory: (Module, memory) => loader.restoreMemory(Module, memory, parts) };
  },
};
const times = Object.fromEntries(Object.keys(ways).map((way) => [way, { prepare: [], restore: [], load: [] }]));
for (let round = 0; round < rounds; round++) {
  const order = round % 2 ? ["pages", "whole"] : ["whole", "pages"];
  for (const way of order) {
    const start = performance.now();
    const { _loadSnapshot, _restoreMemory } = ways[way]();
    const prepared = performance.now();
    let restore = 0;
    const timed = (Module, memory) => {
      const before = performance.now();
      _restoreMemory(Module, memory);
      restore = performance.now() - before;
    };
    const pyodide = await loadPyodide({ indexURL, stdout: quiet, stderr: quiet, _loadSnapshot, _restoreMemory: timed });
    if (pyodide.runPython("1 + 1") !== 2) throw new Error(`${way}: the restored Python does not run`);
    times[way].prepare.push(prepared - start);
    times[way].restore.push(restore);
    times[way].load.push(performance.now() - prepared);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const rows = Object.fromEntries(
  Object.entries(times).map(([way, t]) => [
    way,
    Object.fromEntries(Object.entries(t).map(([key, values]) => [key, Math.round(median(values) * 10) / 10])),
  ]),
);
for (const row of Object.values(rows)) row.work = Math.round((row.prepare + row.restore) * 10) / 10;
console.log(`restore: ${rounds} rounds, snapshot ${snapshot.length} bytes, ${packed.length} stored; medians in ms`);
console.log(`${"way".padEnd(8)}${"prepare".padStart(10)}${"restore".padStart(10)}${"work".padStart(8)}${"loadPyodide".padStart(13)}`);
for (const [way, row] of Object.entries(rows)) {
  console.log(`${way.padEnd(8)}${String(row.prepare).padStart(10)}${String(row.restore).padStart(10)}${String(row.work).padStart(8)}${String(row.load).padStart(13)}`);
}
const ratio = Math.round((rows.pages.work / rows.whole.work) * 100) / 100;
console.log(`pages / whole, prepare + restore: ${ratio}`);

// PyScript's .pyc into the file system of a restored instance (each round a
// fresh one, as a page's start; the first round's JIT is cold, as a page's).
const zip = new Uint8Array(readFileSync(join(folder("start-"), "python_stdlib_pyc.zip")));
const zipPath = "/lib/baza-stdlib-pyc.zip"; // the loader's ZIP_PATH
const writes = {
  python: async (pyodide) => loader.unpackGame(pyodide, zip, "pyscript/"),
  js: async (pyodide) => loader.writePyscriptPackage(pyodide, await loader.zipEntries(zip, "baza-home/pyscript/")),
};
const written = { python: [], js: [] };
for (let round = 0; round < rounds; round++) {
  for (const way of round % 2 ? ["js", "python"] : ["python", "js"]) {
    const parts = loader.snapshotParts(packed, snapshot.length, table);
    const pyodide = await loadPyodide({
      indexURL,
      stdout: quiet,
      stderr: quiet,
      env: { PYTHONPATH: zipPath },
      fsInit: (FS) => FS.writeFile(zipPath, zip),
      _loadSnapshot: parts.head,
      _restoreMemory: (Module, memory) => loader.restoreMemory(Module, memory, parts),
    });
    const start = performance.now();
    await writes[way](pyodide);
    written[way].push(performance.now() - start);
    const count = pyodide.runPython("import os; len(os.listdir('pyscript/__pycache__'))");
    if (count < 10) throw new Error(`${way}: ${count} .pyc of PyScript written`);
  }
}
const pyc = Object.fromEntries(
  Object.entries(written).map(([way, t]) => [way, { median: Math.round(median(t) * 10) / 10, first: Math.round(t[0] * 10) / 10 }]),
);
console.log(`PyScript's .pyc written, ms: checked (unpackGame) ${pyc.python.median} (first ${pyc.python.first}), unchecked (zipEntries) ${pyc.js.median} (first ${pyc.js.first})`);
console.log(
  JSON.stringify({
    bench: "restore",
    date: new Date().toISOString(),
    node: process.version,
    rounds,
    bytes: snapshot.length,
    stored: packed.length,
    medians_ms: rows,
    ratio,
    pyscript_pyc_ms: pyc,
  }),
);
