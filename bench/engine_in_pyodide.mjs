// The engine's random-playout benchmark (`python -m game bench`) inside
// Pyodide under Node.js: the interpreter the browser runs.
//
//   node bench/engine_in_pyodide.mjs [seconds]       (needs `npm ci`)
//
// Prints the same JSON as the CPython command, with "python" added.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const seconds = Number(process.argv[2] ?? 3);
const pyodide = await loadPyodide();

function copyIn(rel) {
  const host = join(ROOT, rel);
  if (statSync(host).isDirectory()) {
    pyodide.FS.mkdirTree(`/baza/${rel}`);
    for (const name of readdirSync(host)) if (name !== "__pycache__") copyIn(join(rel, name));
  } else if (rel.endsWith(".py")) {
    pyodide.FS.writeFile(`/baza/${rel}`, readFileSync(host));
  }
}
copyIn("game");
const out = await pyodide.runPythonAsync(`
import json, sys
sys.path.insert(0, "/baza")
from game.__main__ import bench
result = bench(${seconds})
result["python"] = sys.version.split()[0] + " " + sys.platform
json.dumps(result)
`);
console.log(out);
