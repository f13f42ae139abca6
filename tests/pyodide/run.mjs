// Runs the engine's doctests and tests/engine with pytest inside Pyodide under Node.js: the engine is
// tested on the interpreter the browser runs (CPython 3.14 built for wasm32),
// not only on the developer's CPython.
//
//   node tests/pyodide/run.mjs [pytest args...]     (default: -q)
//
// Pyodide comes from node_modules (npm ci); pytest, hypothesis and their
// dependencies are wheels that tests/run.sh downloads from PyPI into
// .cache/pyodide-wheels (tests/pyodide/requirements.txt). Nothing is fetched
// at run time. Exits with pytest's exit code.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WHEELS = process.env.PYODIDE_WHEELS ?? join(ROOT, ".cache", "pyodide-wheels");
const WORKDIR = "/baza"; // the repo's copy inside Pyodide's in-memory filesystem

// What pytest needs to see: the code under test, its tests, and any pytest
// configuration shared with the CPython run.
const COPY = ["game", "tests/engine", "tests/conftest.py", "conftest.py", "pyproject.toml", "pytest.ini"];

if (!existsSync(join(ROOT, "tests", "engine"))) {
  console.log("pyodide: tests/engine does not exist yet; no engine tests to run in Pyodide.");
  process.exit(0);
}
if (!existsSync(WHEELS) || !readdirSync(WHEELS).some((f) => f.endsWith(".whl"))) {
  console.error(`pyodide: no wheels in ${WHEELS}; run \`bash tests/run.sh\` once, it downloads them.`);
  process.exit(2);
}

const pyodide = await loadPyodide();
// Raw writes, not console.log: pytest prints its progress dots without newlines.
const writer = (stream) => ({ write: (bytes) => (stream.write(bytes), bytes.length) });
pyodide.setStdout(writer(process.stdout));
pyodide.setStderr(writer(process.stderr));

// Copy (not mount) the sources: whatever pytest or hypothesis writes
// (__pycache__, .hypothesis/) stays in memory and never touches the repo.
function copyIn(rel) {
  const host = join(ROOT, rel);
  if (!existsSync(host)) return;
  if (statSync(host).isDirectory()) {
    if (rel.endsWith("__pycache__")) return;
    pyodide.FS.mkdirTree(`${WORKDIR}/${rel}`);
    for (const name of readdirSync(host)) copyIn(relative(ROOT, join(host, name)));
  } else if (!rel.endsWith(".pyc")) {
    pyodide.FS.writeFile(`${WORKDIR}/${rel}`, readFileSync(host));
  }
}
pyodide.FS.mkdirTree(WORKDIR);
COPY.forEach(copyIn);

// loadPackage() with a file path installs a wheel as is, without resolving
// dependencies (all are pinned and present), and it loads the shared
// library of hypothesis' native extension, which a plain unzip would not.
const wheels = readdirSync(WHEELS).filter((f) => f.endsWith(".whl")).map((f) => join(WHEELS, f));
await pyodide.loadPackage(wheels, { messageCallback: () => {} });

const args = process.argv.slice(2);
pyodide.globals.set("pytest_args", pyodide.toPy(["game", "tests/engine", "--doctest-modules", "-p", "no:cacheprovider", ...(args.length ? args : ["-q"])]));
const code = await pyodide.runPythonAsync(`
import os, sys
os.chdir("${WORKDIR}")  # the copy's pyproject.toml puts it on the path, so tests import game
import pytest
print(f"pyodide: Python {sys.version.split()[0]} on {sys.platform}, pytest {pytest.__version__}")
int(pytest.main(list(pytest_args)))
`);
process.exit(code);
