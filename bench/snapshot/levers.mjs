// Start-up levers measured in Node.js with the browser's Pyodide (same wasm,
// same stdlib zip): how long loadPyodide() and importing Baza's modules take
// under each lever, in fresh interpreters, the variants in alternation.
//
//   node bench/snapshot/levers.mjs [rounds]        (default 5; needs `npm ci`)
//
//   stock        loadPyodide(), then import the game from .py sources (today)
//   pyc-stdlib   the stdlib zip precompiled to .pyc (make_pyc.mjs stdlib)
//   pyc-trimmed  ... and only the stdlib modules a start imports
//   pyc-hybrid   the modules a start imports as .pyc, every other one as .py
//   pyc-all      pyc-stdlib, and the game's modules as .pyc too
//   snapshot     loadPyodide({_loadSnapshot}) of a snapshot that has
//                imported the game (make_snapshot.mjs --game): no imports left
//
// Node.js is not the browser (no PyScript, another JIT warm-up, files read
// from disk), so the absolute times differ from bench/startup.py's; the
// differences between levers carry over, and bench/startup.py --snapshot
// measures the snapshot in the browser. Prints a table, then JSON.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const HERE = join(ROOT, "bench", "snapshot");
const PYODIDE = join(ROOT, "node_modules", "pyodide");
const rounds = Number(process.argv[2] ?? 5);
const tmp = mkdtempSync(join(tmpdir(), "baza-levers-"));
const node = (script, ...args) =>
  JSON.parse(execFileSync("node", [join(HERE, script), ...args], { cwd: ROOT, encoding: "utf8" }).trim().split("\n").pop());

// What ui/main.py imports (ui.main itself needs the page).
const IMPORTS = "import game, game.bots, ui.settings, ui.table_model, ui.controller, ui.dom, ui.app";

function copyTree(pyodide, hostRoot, rel, suffix) {
  const host = join(hostRoot, rel);
  if (statSync(host).isDirectory()) {
    pyodide.FS.mkdirTree(`/home/pyodide/${rel}`);
    for (const name of readdirSync(host)) if (name !== "__pycache__") copyTree(pyodide, hostRoot, join(rel, name), suffix);
  } else if (rel.endsWith(suffix) && !rel.startsWith("game/__main__")) {
    pyodide.FS.writeFile(`/home/pyodide/${rel}`, readFileSync(host));
  }
}

// --- Inputs: precompiled zips, the trimmed module list, a snapshot ----------
console.error("levers: making the inputs (a minute)...");
const pycZip = node("make_pyc.mjs", "stdlib", join(tmp, "stdlib-pyc.zip"));
node("make_pyc.mjs", "tree", join(tmp, "pyc"), "game", "ui");
node("make_pyc.mjs", "modules", join(tmp, "modules.json"));
const trimmedZip = node("make_pyc.mjs", "stdlib", join(tmp, "stdlib-trimmed.zip"), "--only", join(tmp, "modules.json"));
const hybridZip = node("make_pyc.mjs", "stdlib", join(tmp, "stdlib-hybrid.zip"), "--hybrid", join(tmp, "modules.json"));
const snapMeta = node("make_snapshot.mjs", join(tmp, "game.bin"), "--game");
const snapshot = new Uint8Array(readFileSync(join(tmp, "game.bin")));

const VARIANTS = {
  stock: { options: {}, game: ".py" },
  "pyc-stdlib": { options: { stdLibURL: pycZip.out }, game: ".py" },
  "pyc-trimmed": { options: { stdLibURL: trimmedZip.out }, game: ".py" },
  "pyc-hybrid": { options: { stdLibURL: hybridZip.out }, game: ".py" },
  "pyc-all": { options: { stdLibURL: pycZip.out }, game: ".pyc" },
  snapshot: { options: { _loadSnapshot: snapshot }, game: null },
};

async function once(variant) {
  const t0 = performance.now();
  const py = await loadPyodide({ indexURL: PYODIDE, ...variant.options });
  const t1 = performance.now();
  if (variant.game) {
    const root = variant.game === ".py" ? ROOT : join(tmp, "pyc");
    copyTree(py, root, "game", variant.game);
    copyTree(py, root, "ui", variant.game);
  }
  if (variant.options._loadSnapshot) py.runPython("import random; random.seed()");
  py.runPython(IMPORTS); // instant when the snapshot holds them
  const t2 = performance.now();
  // A first move of the table: a new match and a bot decision.
  py.runPython(`
from game.state import Match
from game.rules import preset
from game.bots import choose
import random
m = Match(preset("hearts", "standard"), seed=1)
while m.phase in ("cut", "deal"):
    m.apply(m.legal_actions()[0])
choose(m.view(m.to_act), "normal", random.Random(1))
`);
  const t3 = performance.now();
  return { load: t1 - t0, imports: t2 - t1, first_move: t3 - t2, total: t3 - t0 };
}

const results = Object.fromEntries(Object.keys(VARIANTS).map((k) => [k, []]));
for (let r = 0; r < rounds; r++) {
  const names = Object.keys(VARIANTS);
  if (r % 2) names.reverse(); // alternate the order: the machine drifts
  for (const name of names) results[name].push(await once(VARIANTS[name]));
  console.error(`levers: round ${r + 1}/${rounds}`);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const summary = {};
console.log(`${"variant".padEnd(12)}${"load".padStart(8)}${"imports".padStart(9)}${"1st move".padStart(10)}${"total".padStart(8)}  ms, median of ${rounds}`);
for (const [name, runs] of Object.entries(results)) {
  const row = {};
  for (const key of ["load", "imports", "first_move", "total"]) row[key] = Math.round(median(runs.map((x) => x[key])));
  summary[name] = row;
  console.log(
    `${name.padEnd(12)}${String(row.load).padStart(8)}${String(row.imports).padStart(9)}${String(row.first_move).padStart(10)}${String(row.total).padStart(8)}`,
  );
}
const sizes = {
  stock_stdlib_zip: statSync(join(PYODIDE, "python_stdlib.zip")).size,
  pyc_stdlib_zip: pycZip.bytes,
  pyc_trimmed_zip: trimmedZip.bytes,
  pyc_hybrid_zip: hybridZip.bytes,
  trimmed_modules: JSON.parse(readFileSync(join(tmp, "modules.json"), "utf8")).length,
  snapshot: snapMeta.bytes,
};
console.log(`sizes: ${JSON.stringify(sizes)}`);
console.log(JSON.stringify({ bench: "levers", rounds, node: process.version, summary, sizes }));
rmSync(tmp, { recursive: true, force: true }); // the zips and the snapshot (35 MB)
