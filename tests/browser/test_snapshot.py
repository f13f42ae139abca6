"""A return visit starts from a memory snapshot; a bad one never stops the page.

After a start without one, the loader (build/pyodide-loader.mjs) runs itself
as a Worker a few seconds after the table is ready: a second Python starts
there as the page's did, imports the game, and its memory is kept in
IndexedDB ("baza-start") for this build. The next start restores it. A
snapshot that is damaged, cut short, another build's, or that Pyodide
refuses is not used: the page starts normally, plays, and makes a new one.

Each test has an origin of its own (fresh IndexedDB); the shared browser
blocks service workers. No timing is asserted: docs/PERFORMANCE.md has the
figures (bench/startup.py).
"""

import hashlib
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from conftest import logged, wait_ready
from table_helpers import play_first_card

PLAY = "?game=hearts&preset=standard&speed=instant"
STORED_MS = 90_000  # 3 s after ready, then a whole second start in the Worker: slow on a loaded machine

# A copy of the build whose loader also hands the page its Python, so that
# a test can look inside (the real build keeps it to PyScript), and the
# names in sys.modules when the loader hands Python over to PyScript.
# (The shipped loader has no indentation: build/slim.mjs.)
HOOK = (
    "return pyodide;\n}",
    "globalThis.__bazaPython = pyodide;\n"
    "globalThis.__bazaModulesUp = pyodide.runPython(\"import sys; ','.join(sys.modules)\");\n"
    "return pyodide;\n}",
)

# Change the stored record in place (IndexedDB "baza-start", store
# "snapshot", record "python": the snapshot's non-zero pages in a Blob),
# for each way a snapshot can go bad.
# The header case keeps the sizes and recomputes the SHA-256: only Pyodide's
# own check of the header can refuse it.
# The body of an async function: `db`, the snapshot's database, and
# run(mode, fn), which runs fn(store) in one transaction.
OPEN_STORE = """
  const db = await new Promise((ok, ko) => {
    const open = indexedDB.open("baza-start", 1);
    open.onsuccess = () => ok(open.result);
    open.onerror = () => ko(open.error);
  });
  const run = (mode, fn) => new Promise((ok, ko) => {
    const tx = db.transaction("snapshot", mode);
    const request = fn(tx.objectStore("snapshot"));
    tx.oncomplete = () => ok(request.result);
    tx.onerror = () => ko(tx.error);
  });
"""

TAMPER = (
    "async (how) => {"
    + OPEN_STORE
    + """  const record = await run("readonly", (store) => store.get("python"));
  const data = new Uint8Array(await record.data.arrayBuffer());
  if (how === "flipped") data[data.length >> 1] ^= 0xff;
  // The first byte of the snapshot, after the map of its pages (one bit
  // per 4 KiB page): the first page is never all zeros.
  const first = Math.ceil(Math.ceil(record.bytes / 4096) / 8);
  if (how === "header") data[first] ^= 0xff;
  if (how === "start") data[first + 4] ^= 0x01; // where its memory starts (a little-endian word)
  if (how === "header" || how === "start") {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
    record.sha256 = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  record.data = how === "truncated" ? new Blob([data.subarray(0, data.length >> 1)]) : new Blob([data]);
  if (how === "other-build") record.key = record.key.replace(/start-[0-9a-f]+/, "start-00000000");
  if (how === "huge") record.bytes = 2 ** 40;
  if (how === "tiny") record.bytes = 4096;
  if (how === "resized") record.bytes += 65536;
  if (how === "table") record.table += 64; // made with another function table
  if (how === "no-table") delete record.table;
  await run("readwrite", (store) => store.put(record, "python"));
  db.close();
}"""
)


# PyScript's own Python package, written by PyScript at every start: each
# of its modules imported here has a .pyc beside it (from the build's zip,
# written by the loader) that is checked against its source's hash and
# matches it, so that Python reads it instead of compiling the source.
PYSCRIPT_PYC = """
import importlib.util, sys
def compiled(name):
    spec = sys.modules[name].__spec__
    with open(spec.origin, "rb") as file:
        source = file.read()
    try:
        with open(spec.cached, "rb") as file:
            pyc = file.read()
    except OSError:
        return False
    checked = (3).to_bytes(4, "little")  # hash-based, checked against the source
    header = importlib.util.MAGIC_NUMBER + checked + importlib.util.source_hash(source)
    return pyc[:16] == header
# (pyscript.js_modules is a JavaScript object registered as a module: no file.)
names = [name for name in sys.modules if name.split(".")[0] == "pyscript"
         and (getattr(getattr(sys.modules[name], "__spec__", None), "origin", None) or "").endswith(".py")]
[len(names), [name for name in names if not compiled(name)]]
"""


# The standard library's modules imported after the loader handed Python
# over (PyScript's bootstrap, ui/main.py): each one is work at every start
# that the snapshot could have done once.
IMPORTED_AFTER_START = """
import sys
up = set(UP.split(","))
sorted(name for name, module in list(sys.modules.items()) if name not in up
       and (getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith("/lib/"))
"""


def imported_after_start(page) -> list[str]:
    return page.evaluate(
        """(code) => {
          const python = globalThis.__bazaPython;
          python.globals.set("UP", globalThis.__bazaModulesUp);
          return python.runPython(code).toJs();
        }""",
        IMPORTED_AFTER_START,
    )


# The stored record's sizes: the snapshot's, and its packed Blob's.
RECORD_SIZES = (
    "async () => {"
    + OPEN_STORE
    + """  const record = await run("readonly", (store) => store.get("python"));
  db.close();
  return { bytes: record.bytes, stored: record.stored, blob: record.data.size };
}"""
)


def hooked_build(dist: Path, dest: Path) -> Path:
    shutil.copytree(dist, dest)
    (loader,) = (dest / "runtime").glob("start-*/loader.mjs")
    text = loader.read_text(encoding="utf-8")
    assert text.count(HOOK[0]) == 1
    loader.write_text(text.replace(*HOOK), encoding="utf-8")
    return dest


def start(page, url: str) -> dict:
    page.goto(url)
    wait_ready(page)
    return page.evaluate("globalThis.bazaStart")


def assert_pyscript_compiled(page) -> None:
    count, not_compiled = page.evaluate("(code) => globalThis.__bazaPython.runPython(code).toJs()", PYSCRIPT_PYC)
    assert count >= 10 and not not_compiled, (count, not_compiled)


def wait_stored(page) -> None:
    page.wait_for_function("() => globalThis.bazaStart.made === 'stored'", timeout=STORED_MS)


def test_a_return_visit_starts_from_the_snapshot_with_fresh_randomness(browser, serve, dist, tmp_path):
    site = serve(hooked_build(dist, tmp_path / "site"))
    page = logged(browser.new_page())
    try:
        first = start(page, site.url + PLAY)
        assert (first["stdlib"], first["game"], first["snapshot"]) == ("precompiled", "precompiled", "none")
        assert first["pyscript"] == "unpacked"  # from the start zip, each .pyc checked
        # ... with PyScript's sources, so its bootstrap left them out (build/runtime/pyscript_edits.py, CORE_PATCHES).
        assert (first.get("pyscriptSources"), first.get("pyscriptBootstrap")) == ("written", "slim"), first
        assert_pyscript_compiled(page)
        wait_stored(page)
        # Only the snapshot's pages that are not all zeros are kept: about half.
        sizes = page.evaluate(RECORD_SIZES)
        assert sizes["blob"] == sizes["stored"] < 0.75 * sizes["bytes"], sizes
        draws = []
        for _ in range(2):
            seen = len(page.log.requests)  # the first visit fetched the other languages after ready
            again = start(page, site.url + PLAY)
            assert (again["stdlib"], again["game"], again["snapshot"]) == ("snapshot", "snapshot", "restored")
            assert "made" not in again  # nothing more to make
            assert again["pyscript"] == "zip reader"  # PyScript's .pyc copied out by the loader itself
            # The game came with the snapshot: its zip is not asked for.
            assert not [url for url in page.log.requests[seen:] if url.split("?")[0].endswith("/game.zip")]
            assert (again.get("pyscriptSources"), again.get("pyscriptBootstrap")) == ("written", "slim"), again
            assert again["stackSwitching"] is False  # made and restored without JSPI
            # PyScript's bootstrap and ui/main.py found every module they
            # use of the standard library in the snapshot already (checked
            # before the checks below import any).
            assert imported_after_start(page) == []
            # The page's application came with the snapshot too: PyScript
            # compiled only ui/main.py's few lines from source.
            assert "ui.app" in page.evaluate("globalThis.__bazaModulesUp").split(",")
            assert_pyscript_compiled(page)
            # Every restore starts from the same memory: without the reseed
            # both would draw the same number.
            draws.append(page.evaluate("globalThis.__bazaPython.runPython('import random; random.random()')"))
            # The start's steps, marked for bench/startup.py, came in order:
            # the loader's, then the page's (ui/main.py, ui/app.py).
            steps = page.evaluate("""() => performance.getEntriesByType("mark")
                .filter((m) => m.name.startsWith("baza:")).map((m) => m.name)""")
            assert steps == [
                "baza:loader",
                "baza:snapshot-record",
                "baza:snapshot-checked",
                "baza:python-up",
                "baza:main",
                "baza:drawn",
            ]
            # The snapshot's bytes are not kept once restored.
            config = "globalThis.__bazaPython._api.config"
            assert page.evaluate(f"{config}._loadSnapshot === undefined && {config}._restoreMemory === undefined")
            # The game's modules were imported in the Worker: none is fetched.
            requests = page.log.requests[seen:]
            assert not [url for url in requests if url.split("?")[0].endswith(("game/state.py", ".pyc"))]
        assert draws[0] != draws[1]
        play_first_card(page)
        page.log.assert_same_origin(site.url)
        page.log.assert_no_errors()
    finally:
        page.close()


# The sources of PyScript's package in Python's file system, by name.
PYSCRIPT_SOURCES = """
import hashlib, pathlib
{path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in pathlib.Path("pyscript").glob("*.py")}
"""


def test_pyscript_would_write_the_very_sources_the_loader_writes(browser, serve, dist, tmp_path):
    """The loader writes PyScript's sources from the build's zip, and
    PyScript's bootstrap then skips writing them: they must be the files
    PyScript itself writes. A build whose loader does not say so lets
    PyScript write them, and they hash as the zip's do."""
    site = hooked_build(dist, tmp_path / "site")
    (loader,) = (site / "runtime").glob("start-*/loader.mjs")
    said = 'if(pyscriptSources)report.pyscriptSources="written";\n'  # as build/slim.mjs writes it
    text = loader.read_text(encoding="utf-8")
    assert text.count(said) == 1
    loader.write_text(text.replace(said, ""), encoding="utf-8")
    (archive,) = (site / "runtime").glob("start-*/python_stdlib_pyc.zip")
    with zipfile.ZipFile(archive) as zipped:
        prefix = "baza-home/pyscript/"
        expected = {
            name.removeprefix(prefix): hashlib.sha256(zipped.read(name)).hexdigest()
            for name in zipped.namelist()
            if name.startswith(prefix) and name.endswith(".py") and "/" not in name.removeprefix(prefix)
        }
    page = logged(browser.new_page())
    try:
        started = start(page, serve(site).url + PLAY)
        assert "pyscriptSources" not in started and "pyscriptBootstrap" not in started, started
        as_object = "(code) => globalThis.__bazaPython.runPython(code).toJs({dict_converter: Object.fromEntries})"
        written = page.evaluate(as_object, PYSCRIPT_SOURCES)
        assert len(expected) >= 10 and written == expected
    finally:
        page.close()


@pytest.mark.parametrize(
    ("how", "said"),
    [
        ("flipped", r"refused: SHA-256 is not the stored one$"),
        ("truncated", r"refused: \d+ bytes, \d+ were stored$"),
        ("header", r"refused: Snapshot has invalid magic number$"),
        ("start", r"refused: its memory is not whole pages$"),
        ("other-build", r"another build's$"),
        ("huge", r"refused: 1099511627776 bytes is not a snapshot's size$"),
        ("tiny", r"refused: 4096 bytes is not a snapshot's size$"),
        ("resized", r"refused: its pages do not add up$"),
        ("table", r"refused: it was made with a function table of \d+ slots, this Python has \d+$"),
        ("no-table", r"refused: no size of its function table$"),
    ],
)
def test_a_bad_snapshot_is_left_out_and_made_again(how, said, browser, serve, dist):
    site = serve(dist)
    page = logged(browser.new_page())
    try:
        start(page, site.url + PLAY)
        wait_stored(page)
        page.evaluate(TAMPER, how)
        started = start(page, site.url + PLAY)
        assert re.match(said, started["snapshot"]), started
        assert (started["stdlib"], started["game"]) == ("precompiled", "precompiled")
        play_first_card(page)
        # A good snapshot replaces it, and the next start uses it.
        wait_stored(page)
        again = start(page, site.url + PLAY)
        assert (again["stdlib"], again["snapshot"]) == ("snapshot", "restored")
        play_first_card(page)
        page.log.assert_same_origin(site.url)
        assert not page.log.page_errors, page.log.page_errors
    finally:
        page.close()


# IndexedDB that never answers for the snapshot's database (PyScript's own
# keeps working): a stuck storage, as some browsers have had.
STUCK_STORE = """
const open = indexedDB.open.bind(indexedDB);
indexedDB.open = (name, ...rest) => (name === "baza-start" ? {} : open(name, ...rest));
"""


def test_a_storage_that_never_answers_does_not_hold_the_start(browser, serve, dist):
    site = serve(dist)
    page = logged(browser.new_page())
    try:
        page.add_init_script(STUCK_STORE)
        started = start(page, site.url + PLAY)
        assert started["snapshot"] == "off: IndexedDB did not answer", started
        assert (started["stdlib"], started["game"]) == ("precompiled", "precompiled")
        assert "made" not in started  # nowhere to keep one
        play_first_card(page)
        page.log.assert_no_errors()
    finally:
        page.close()


# The build's loader in Node.js (as a module: a Worker's `self` stands in):
# snapshots with their zero pages in every pattern, a last page cut short,
# and packed bytes that lose or gain one, or whose map of pages lost or
# gained a page.
PAGES_CHECK = """
globalThis.self = globalThis;
const { packSnapshot, unpackSnapshot } = await import(%(loader)s);
const PAGE = 4096;
const results = [];
const patterns = {
  "no zero page": (page) => false,
  "all zero": (page) => true,
  "every other page": (page) => page %% 2 === 1,
  "long runs": (page) => Math.floor(page / 5) %% 2 === 1,
  "zeros at the end": (page) => page >= 7,
};
for (const [name, zero] of Object.entries(patterns)) {
  const bytes = 20 * PAGE + 123; // a last page cut short, as a real snapshot's
  const snapshot = new Uint8Array(bytes);
  for (let page = 0; page * PAGE < bytes; page++) {
    if (zero(page)) continue;
    for (let i = page * PAGE; i < Math.min(bytes, (page + 1) * PAGE); i++) snapshot[i] = (i * 7 + page) %% 251 || 1;
  }
  const packed = packSnapshot(snapshot);
  const back = unpackSnapshot(packed, bytes);
  const refused = [];
  const toggled = packed.slice();
  toggled[0] ^= 1 << 3; // page 3: stored in some patterns, all zeros in others
  for (const wrong of [packed.subarray(0, packed.length - 1), new Uint8Array([...packed, 0]), toggled]) {
    try {
      unpackSnapshot(wrong, bytes);
      refused.push("unpacked");
    } catch (error) {
      refused.push(error.message);
    }
  }
  results.push([name, back.length === bytes && back.every((b, i) => b === snapshot[i]), packed.length, refused]);
}
console.log(JSON.stringify(results));
"""


def test_the_stored_pages_unpack_to_the_same_snapshot(dist, tmp_path):
    (loader,) = (dist / "runtime").glob("start-*/loader.mjs")
    script = tmp_path / "pages.mjs"
    script.write_text(PAGES_CHECK % {"loader": json.dumps(loader.as_uri())})
    result = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    results = json.loads(result.stdout.strip().splitlines()[-1])
    assert [name for name, *_ in results] == [
        "no zero page",
        "all zero",
        "every other page",
        "long runs",
        "zeros at the end",
    ]
    map_bytes = 3  # one bit for each of the 21 pages
    sizes = {"no zero page": 20 * 4096 + 123, "all zero": 0, "every other page": 10 * 4096 + 123}
    for name, same, packed, refused in results:
        assert same, name
        if name in sizes:
            assert packed == map_bytes + sizes[name], name  # only the pages that are not all zeros
        assert refused == ["its pages do not add up"] * 3, (name, refused)


# The build's loader and its patched Pyodide in Node.js: a snapshot made
# there, restored through the loader's restoreMemory (only the stored pages
# written, the zero pages only below the new instance's program break), and
# the memory compared with the snapshot's byte for byte at that moment.
RESTORE_CHECK = """
globalThis.self = globalThis;
const { packSnapshot, restoreMemory, snapshotParts } = await import(%(loader)s);
const { loadPyodide } = await import(%(pyodide)s);
for (const name of ["Suspending", "Suspender"]) delete WebAssembly[name]; // as the loader: no JSPI
const indexURL = %(index)s;
const quiet = () => {};
const maker = await loadPyodide({ indexURL, stdout: quiet, stderr: quiet, _makeSnapshot: true });
maker.runPython("import decimal; answer = decimal.Decimal(41)");
const snapshot = maker.makeMemorySnapshot();
const packed = packSnapshot(snapshot);
const parts = snapshotParts(packed, snapshot.length, maker._module.wasmTable.length);
const other = { ...parts, table: parts.table + 1 }; // said to be made with another function table
const report = {};
const _restoreMemory = (Module, memory) => {
  const start = memory.byteOffset;
  const want = snapshot.subarray(start);
  const top = Module._sbrk(0) >>> 0;
  const before = Module.HEAPU8.slice(0, want.length);
  try {
    restoreMemory(Module, memory, other);
  } catch (error) {
    report.otherTable = error.message;
  }
  report.untouched = Buffer.compare(Buffer.from(Module.HEAPU8.subarray(0, want.length)), Buffer.from(before)) === 0;
  restoreMemory(Module, memory, parts);
  const got = Module.HEAPU8.subarray(0, want.length);
  let zeroed = 0; // bytes below the break that the snapshot has as zeros and the new instance had not
  for (let i = 0; i < top; i++) if (want[i] === 0 && before[i] !== 0) zeroed++;
  let zerosAbove = 0;
  for (let i = top; i < want.length; i++) if (want[i] === 0) zerosAbove++;
  const same = Buffer.compare(Buffer.from(got), Buffer.from(want)) === 0;
  Object.assign(report, { same, top, length: want.length, zeroed, zerosAbove, start });
  Object.assign(report, { head: parts.head.byteLength, handed: memory.byteLength });
};
const options = { indexURL, stdout: quiet, stderr: quiet, _loadSnapshot: parts.head, _restoreMemory };
// Every wasm module compiled while the restore runs (Emscripten's function
// wrappers among them; the main wasm is instantiated from its bytes).
const Compile = WebAssembly.Module;
let compiled = 0;
WebAssembly.Module = Object.assign(function (bytes) {
  compiled++;
  return new Compile(bytes);
}, { customSections: Compile.customSections, imports: Compile.imports, exports: Compile.exports });
WebAssembly.Module.prototype = Compile.prototype;
const restored = await loadPyodide(options);
WebAssembly.Module = Compile;
report.answer = restored.runPython("str(answer + 1)");
report.compiled = compiled;
console.log(JSON.stringify(report));
"""


def test_a_restore_writes_the_very_memory_of_the_snapshot(dist, tmp_path):
    (loader,) = (dist / "runtime").glob("start-*/loader.mjs")
    (pyodide,) = (dist / "runtime").glob("pyodide-*/pyodide.mjs")
    script = tmp_path / "restore.mjs"
    script.write_text(
        RESTORE_CHECK
        % {
            "loader": json.dumps(loader.as_uri()),
            "pyodide": json.dumps(pyodide.as_uri()),
            "index": json.dumps(str(pyodide.parent) + "/"),
        }
    )
    result = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["same"], report
    assert report["answer"] == "42"  # the restored Python has the snapshot's state
    # The shortcut was taken and mattered: most zeros of the snapshot lie
    # past the break (left unwritten), and below it the new instance had
    # written bytes that the snapshot has as zeros (zeroed again).
    assert 0 < report["top"] < report["length"] and report["zerosAbove"] > report["length"] / 4, report
    assert report["zeroed"] > 0, report
    # Pyodide is handed the snapshot's header and metadata only: no buffer
    # of the snapshot's size (31 MB, counted whole by V8's garbage
    # collector) is made for a restore.
    assert report["head"] == report["start"] < 1 << 20 and report["handed"] == 0, report
    # A snapshot made with a function table of another size is refused
    # before a byte of memory is written (its function pointers are slots).
    assert report["otherTable"].startswith("it was made with a function table of"), report
    assert report["untouched"], report
    # Emscripten wraps its JavaScript functions (about 260) for the function
    # table in modules of 64 (build/runtime/pyodide_edits.py's GLUE_PATCHES), not in one module
    # each; beside them, two modules of Pyodide's own.
    assert 0 < report["compiled"] <= 10, report


# The loader's own zip reader against Python's zipfile, on the build's zip:
# every file, stored (PyScript's .pyc) or deflated (the rest), byte for byte.
ZIP_CHECK = """
globalThis.self = globalThis;
const { createHash } = await import("node:crypto");
const { readFileSync } = await import("node:fs");
const { zipEntries } = await import(%(loader)s);
const zip = new Uint8Array(readFileSync(%(zip)s));
const files = await zipEntries(zip, "");
const pyscript = await zipEntries(zip, "baza-home/pyscript/");
console.log(JSON.stringify({
  all: Object.fromEntries(files.map(([name, bytes]) => [name, createHash("sha256").update(bytes).digest("hex")])),
  pyscript: pyscript.map(([name]) => name),
}));
"""


def test_the_loader_reads_the_build_zip_as_python_does(dist, tmp_path):
    (loader,) = (dist / "runtime").glob("start-*/loader.mjs")
    zip_path = loader.parent / "python_stdlib_pyc.zip"
    script = tmp_path / "zip.mjs"
    script.write_text(ZIP_CHECK % {"loader": json.dumps(loader.as_uri()), "zip": json.dumps(str(zip_path))})
    result = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    read = json.loads(result.stdout.strip().splitlines()[-1])
    with zipfile.ZipFile(zip_path) as archive:
        infos = [info for info in archive.infolist() if not info.is_dir()]
        expected = {info.filename: hashlib.sha256(archive.read(info)).hexdigest() for info in infos}
        kinds = {info.compress_type for info in infos}
        stored = sorted(info.filename for info in infos if info.compress_type == zipfile.ZIP_STORED)
    assert read["all"] == expected
    assert kinds == {zipfile.ZIP_STORED}  # stored, for the host's compression to work across it
    assert stored == sorted(expected)
    # PyScript's package, what a restored start writes.
    assert len(read["pyscript"]) >= 10
    assert sorted(read["pyscript"]) == sorted(
        name.removeprefix("baza-home/pyscript/") for name in expected if name.startswith("baza-home/pyscript/")
    )
