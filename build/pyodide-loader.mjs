// Baza's way into Pyodide: pyscript.toml's `interpreter` names this module,
// which build/build.py puts next to pyodide.mjs in the runtime folder (so
// PyScript's indexURL, the folder of this file, stays right). PyScript
// imports it, reads `version` and calls `loadPyodide({stdout, stderr,
// indexURL})`.
//
// It starts Python with the precompiled standard library of the build
// (build/precompile.mjs: the .pyc of the modules a start imports, made by
// Pyodide's own CPython) in front of the stock python_stdlib.zip on
// sys.path. Compiling those ~150 modules from source took most of the
// start (docs/PERFORMANCE.md).
//
// The stock zip stays in place behind it, so any failure falls back to a
// plain start from sources, and the page still reaches its table: the zip
// missing or not the build's (size or SHA-256), or a start with it that
// throws (a .pyc of another Python, damaged bytecode). What happened is in
// globalThis.bazaStart = {stdlib: "precompiled" | "source", reason}
// (tests/browser/test_startup_paths.py).
import { loadPyodide as loadPlain, version } from "./pyodide.mjs";

export { version };

const PRECOMPILED = null; // filled in by build/build.py
// Where the zip goes in Python's file system, and onto sys.path (PYTHONPATH
// comes before the stock zip, /lib/python314.zip).
const ZIP_PATH = "/lib/baza-stdlib-pyc.zip";

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

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

// The download starts when PyScript imports this module, alongside the
// wasm and the stock zip.
const pending = fetchPrecompiled();
pending.catch(() => {}); // handled in loadPyodide

export async function loadPyodide(options = {}) {
  let reason;
  try {
    const data = await pending;
    const pyodide = await loadPlain({
      ...options,
      env: { ...options.env, PYTHONPATH: ZIP_PATH },
      fsInit: async (FS, info) => {
        FS.writeFile(ZIP_PATH, data);
        if (options.fsInit) await options.fsInit(FS, info);
      },
    });
    globalThis.bazaStart = { stdlib: "precompiled" };
    return pyodide;
  } catch (error) {
    reason = String(error?.message ?? error).split("\n").slice(-2).join(" ").trim();
    console.warn(`Baza: starting Python from the standard library's sources (${reason})`);
  }
  const pyodide = await loadPlain(options);
  globalThis.bazaStart = { stdlib: "source", reason };
  return pyodide;
}
