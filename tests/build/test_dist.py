"""What build/build.py puts into dist/ (no browser needed)."""

import doctest
import hashlib
import json
import lzma
import re
import subprocess
import tomllib
from pathlib import Path

import pytest
from build_helpers import ROOT, build_from, built_site, copy_sources, file_list  # noqa: F401 (built_site: the dist fixture)
from runtime import pipeline, pyodide_edits, pyscript_edits, wasm_dead_code, wasm_exports, wasm_split
from start_folder import slim

NOT_LISTED = {"files.json", "sw.js", ".nojekyll"}  # host and worker files, not game files


def precompressed(dist: Path) -> list[Path]:
    """The .br and .gz copies that the build writes beside the files, for hosts, and the
    .xz copies of the wasm and zips, for the page (build/xz_copies.py)."""
    return [p for p in dist.rglob("*") if p.suffix in (".br", ".gz", ".xz") and p.with_suffix("").is_file()]


def test_file_list_is_complete_and_true(dist):
    build = file_list(dist)
    copies = {p.relative_to(dist).as_posix() for p in precompressed(dist)}
    on_disk = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()} - copies
    assert {f["path"] for f in build["files"]} == on_disk - NOT_LISTED
    for f in build["files"]:
        data = (dist / f["path"]).read_bytes()
        assert (len(data), hashlib.sha256(data).hexdigest()) == (f["bytes"], f["sha256"]), f["path"]
    assert build["count"] == len(build["files"])
    assert build["bytes"] == sum(f["bytes"] for f in build["files"])


def test_nothing_but_the_game(dist):
    paths = [f["path"] for f in file_list(dist)["files"]]
    assert not [p for p in paths if p.endswith(".map") or "__pycache__" in p or p.endswith("__main__.py")]
    assert not [p for p in paths if p.startswith("tests/") or "/test_" in p]
    pyscript = sorted(re.sub(r"-[\w-]+\.js$", ".js", p.rsplit("/", 1)[1]) for p in paths if "/pyscript-" in p)
    # The core, its error display and TOML parser: no editor, terminal, zip, ...
    # (its core.css is in the page's one style sheet).
    assert pyscript == ["core.js", "core.js", "error.js", "toml.js"]
    assert [p for p in paths if p.endswith(".css")] == ["assets/page.css"]


def test_references_are_versioned_files(dist):
    build = file_list(dist)
    urls = {f["url"] for f in build["files"]}
    html = (dist / "index.html").read_text(encoding="utf-8")
    refs = re.findall(r"""\b(?:src|href|config)="\./([^"]+)\"""", html)
    assert len(refs) >= 8
    for ref in refs:
        # The start zip's xz copy, preloaded on a first visit (assets/packed.js): a copy of a listed file.
        listed = ref.removesuffix(".xz") in urls and (dist / ref.split("?")[0]).is_file()
        assert listed, f"index.html refers to {ref}, not a file of the build"
        assert "?v=" in ref or ref.startswith("runtime/"), f"{ref} has no version"
    config = tomllib.loads((dist / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"].removeprefix("./") in urls
    assert "files" not in config  # the loader writes the game's modules (test_startup_paths.py)
    manifest = json.loads((dist / "assets" / "baza.webmanifest").read_text(encoding="utf-8"))
    for icon in manifest["icons"]:
        assert "assets/" + icon["src"] in urls, icon


def test_service_worker_knows_this_build(dist):
    build = file_list(dist)
    sw = (dist / "sw.js").read_text(encoding="utf-8")
    embedded = json.loads(re.search(r"^const BUILD = (\{.*\});$", sw, re.MULTILINE).group(1))
    assert embedded["version"] == build["version"]
    assert embedded["files"] == [[f["url"], f["bytes"], f["sha256"]] for f in build["files"]]


def test_pyodide_s_glue_and_module_carry_each_edit_once_and_v8_s_hint(dist):
    """The shipped glue has each edit of build/runtime/pyodide_edits.py's GLUE_PATCHES
    that the exports cut leaves in place exactly once, and V8's file-wide
    compile hint as its first line (its functions compiled on a background
    thread as it loads); pyodide.mjs has each of PYODIDE_PATCHES once and
    no hint. What each edit does is tested where it shows: a restore
    (test_snapshot.py), the cold part (test_wasm_split.py), the page's start
    (test_startup_paths.py)."""
    (folder,) = (dist / "runtime").glob("pyodide-*")
    glue = (folder / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert glue.startswith("//# allFunctionsCalledOnLoad\n")
    found = [edit.why for edit in pyodide_edits.GLUE_PATCHES if edit.is_in(glue)]
    assert len(found) >= len(pyodide_edits.GLUE_PATCHES) - 1, found  # (one edits a line the exports cut rewrites)
    module = (folder / "pyodide.mjs").read_text(encoding="utf-8")
    assert all(edit.is_in(module) for edit in pyodide_edits.PYODIDE_PATCHES)
    assert not module.startswith("//# allFunctions")


def test_the_glue_leaves_out_the_graphics_libraries_that_pyodide_s_wasm_never_imports(dist):
    """OpenGL, EGL, SDL and OpenAL are in npm's glue for packages' side
    modules, which Baza never loads: of the names build/runtime/glue_dead.mjs drops,
    the shipped wasm (both parts) imports none, and the shipped glue neither
    defines nor offers them (a fifth of its text)."""
    (folder,) = (dist / "runtime").glob("pyodide-*")
    npm_glue = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    _, dropped = pipeline.without_graphics(npm_glue, (folder / "pyodide.asm.wasm").read_bytes())
    assert len(dropped) > 500 and {"glClear", "SDL_Init", "eglGetDisplay"} <= set(dropped)
    read = wasm_exports.imports
    imported = {name for part in folder.glob("*.wasm") for _, name, _ in read(part.read_bytes())}
    assert len(imported) > 200 and not imported & set(dropped)
    shipped = (folder / "pyodide.asm.mjs").read_text(encoding="utf-8")
    offered = re.compile(r"\b(_(?:glClear|glDrawArrays|SDL_Init|SDL_Quit|eglGetDisplay))\b")
    assert len(set(offered.findall(npm_glue))) == 5
    assert offered.findall(shipped) == []
    assert not [name for name in dropped if re.search(rf"[{{,]{re.escape(name)}:", shipped)]


@pytest.fixture(scope="module")
def all_exports(tmp_path_factory) -> Path:
    """A build with Pyodide's wasm as npm has it (build.py --all-wasm-exports)."""
    out = tmp_path_factory.mktemp("all-exports")
    build_from(copy_sources(out / "src"), out / "dist", "--all-wasm-exports")
    return out / "dist"


def test_a_build_with_all_wasm_exports_ships_npm_s_wasm(all_exports):
    """For a page that loads side modules (a package with C code): npm's wasm
    byte for byte, and a glue that assigns every export, behind V8's
    file-wide hint."""
    (folder,) = (all_exports / "runtime").glob("pyodide-*")
    npm = ROOT / "node_modules" / "pyodide"
    assert (folder / "pyodide.asm.wasm").read_bytes() == (npm / "pyodide.asm.wasm").read_bytes()
    glue = (folder / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert glue.startswith("//# allFunctionsCalledOnLoad\n")
    every = wasm_exports.Glue((npm / "pyodide.asm.mjs").read_text(encoding="utf-8")).statements
    assert wasm_exports.Glue(glue).statements == every and len(every) > 4_000


def test_pyodide_wasm_keeps_only_the_exports_javascript_names(dist):
    """build/runtime/wasm_exports.py: the shipped wasm is npm's with a shorter export
    section and nothing else changed (the code and data byte for byte), then
    without the functions only the dropped exports reached
    (build/runtime/wasm_dead_code.py, when npm installed binaryen), and no script
    of the page names an export it no longer has, by its own name, its glue
    variable or its Module key. The memory, the table and the tags stay;
    most of the 8,500 symbols meant for side modules go."""
    dead_code, split = wasm_dead_code, wasm_split
    (folder,) = (dist / "runtime").glob("pyodide-*")
    npm = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").read_bytes()
    shipped = (folder / "pyodide.asm.wasm").read_bytes()
    every = wasm_exports.exports(npm)
    kept = {name for name, _, _ in wasm_exports.exports(shipped)} - {split.COLD_TABLE}
    cut = wasm_exports.with_exports(npm, kept)
    # The wasm before the split: the cut one, without its dead code when binaryen is there.
    whole = dead_code.without_dead_code(cut) if dead_code.available() else cut
    if dead_code.available():  # then split in two parts (build/runtime/wasm_split.py, tests/build/test_wasm_split.py)
        hot, cold = pipeline.split_wasm(npm, whole, dead_code.kept_functions(cut))
        assert (shipped, (folder / split.COLD_FILE).read_bytes()) == (hot, cold)
    else:
        assert shipped == whole
    npm_sections, cut_sections = wasm_exports.sections(npm), wasm_exports.sections(cut)
    assert [s[0] for s in npm_sections] == [s[0] for s in cut_sections]
    for (section_id, start, end), (_, start2, end2) in zip(npm_sections, cut_sections, strict=True):
        if section_id != wasm_exports.EXPORT_SECTION:  # every other section byte for byte
            assert npm[start:end] == cut[start2:end2], section_id
    assert [e for e in every if e[0] in kept] == wasm_exports.exports(cut)  # same kinds, indexes, order
    # The dead-code pass renumbers the functions, not the exports' names and kinds.
    assert [e[:2] for e in wasm_exports.exports(cut)] == [e[:2] for e in wasm_exports.exports(whole)]
    if dead_code.available():
        assert len(whole) < len(cut) - 400_000  # 562 kB of Pyodide 314.0.7's code was dead
        # The split adds one export, its table of cold functions, and keeps the rest.
        cold_table = (split.COLD_TABLE, 1, split.read(whole).tables)  # a table, after the module's own
        assert wasm_exports.exports(shipped) == [*wasm_exports.exports(whole), cold_table]
    assert {name for name, kind, _ in every if kind not in wasm_exports.SYMBOLS} <= kept  # memory, table, tags
    assert len(kept) < 2_000 and len(every) > 8_000, (len(kept), len(every))
    # No shipped script (after GLUE_PATCHES, the marks, PyScript's edits and
    # the loader's fill-ins) names a dropped export: not its own name, nor
    # its glue variable or Module key ("_" + name), outside the glue's two
    # lists of what it assigns.
    dropped = {name for name, _, _ in every} - kept
    glue = wasm_exports.Glue((folder / "pyodide.asm.mjs").read_text(encoding="utf-8")).outside()
    scripts = [p for p in (dist / "runtime").rglob("*") if p.suffix in (".js", ".mjs") and p.name != "pyodide.asm.mjs"]
    # The loader's fill-ins by the build are data (file and module names), not code.
    filled = re.compile(r"^const (PRECOMPILED|GAME|LATER|LOCK) ?= ?.*;$", re.M)  # "=" without spaces: build/slim.mjs
    texts = [filled.sub("", p.read_text(encoding="utf-8")) for p in scripts]
    words = set(wasm_exports.IDENTIFIER.findall("\n".join([glue, *texts])))
    assert len(scripts) >= 5 and {"_malloc", "_PyErr_Occurred"} <= words
    assert not sorted(name for name in dropped if name in words or "_" + name in words)[:20]


def test_wasm_exports_cuts_a_small_module_and_refuses_what_it_cannot_read():
    """build/runtime/wasm_exports.py on a hand-made module and glue: only what the
    scripts name (or the module imports back through GOT) stays exported
    and assigned; anything it cannot read is refused, never guessed at."""
    assert doctest.testmod(wasm_exports).failed == 0

    def name(text: str) -> bytes:
        return bytes([len(text)]) + text.encode()

    def section(section_id: int, entries: list[bytes]) -> bytes:
        body = bytes([len(entries)]) + b"".join(entries)
        return bytes([section_id, len(body)]) + body

    imports = section(2, [
        name("env") + name("f") + bytes([0, 0]),  # a function of type 0
        name("env") + name("t") + bytes([1, 0x64, 0x70, 1, 1, 2]),  # a table of (ref func), 1 to 2
        name("env") + name("m") + bytes([2, 0, 1]),  # a memory of 1 page or more
        name("env") + name("e") + bytes([4, 0, 0]),  # a tag
        name("GOT.func") + name("back") + bytes([3, 0x7F, 1]),  # a mutable i32 global
    ])
    exported = section(7, [name(n) + bytes([kind, i]) for i, (n, kind) in enumerate(
        [("used", 0), ("back", 0), ("unused", 0), ("data", 3), ("memory", 2), ("wasmTable", 1)]
    )])
    module = b"\0asm\1\0\0\0" + imports + exported
    glue = (
        "var _used,_back,_unused,_data,wasmTable,other;function f(){return _used()}"
        'function assignWasmExports(wasmExports){_used=Module["_used"]=wasmExports["used"];'
        '_back=Module["_back"]=wasmExports["back"];_unused=Module["_unused"]=wasmExports["unused"];'
        '_data=Module["_data"]=wasmExports["data"].value>>>0;wasmTable=Module["wasmTable"]=wasmExports["wasmTable"]}'
    )
    cut_glue, cut_module = wasm_exports.cut(glue, module, ['Module["_data"]'])
    assert [n for n, _, _ in wasm_exports.exports(cut_module)] == ["used", "back", "data", "memory", "wasmTable"]
    assert cut_module.endswith(b"wasmTable\x01\x05") and cut_module.startswith(b"\0asm\1\0\0\0" + imports)
    assert cut_glue == (  # the table is assigned though no script names it: it is always exported
        "var _used,_back,_data,wasmTable,other;function f(){return _used()}"
        'function assignWasmExports(wasmExports){_used=Module["_used"]=wasmExports["used"];'
        '_back=Module["_back"]=wasmExports["back"];_data=Module["_data"]=wasmExports["data"].value>>>0;'
        'wasmTable=Module["wasmTable"]=wasmExports["wasmTable"]}'
    )
    assert wasm_exports.got_imports(module) == {"back"}
    alone = 'var _unused;function assignWasmExports(wasmExports){_unused=Module["_unused"]=wasmExports["unused"]}'
    assert wasm_exports.cut(alone, module, [])[0] == "function assignWasmExports(wasmExports){}"
    for bad_module, said in [
        (b"\0asm\2\0\0\0", "not a WebAssembly module"),
        (module[:-3], "runs past the end"),
        (b"\0asm\1\0\0\0" + imports + exported[:2] + bytes([7]) + exported[3:], "ends inside"),  # 7 of 6
        (module.replace(b"unused", b"unus\xffd"), "not UTF-8"),
        (b"\0asm\1\0\0\0" + imports + bytes([7, exported[1] + 1]) + exported[2:] + b"\0", "after its last"),
    ]:
        with pytest.raises(wasm_exports.WasmError, match=said):
            wasm_exports.cut(glue, bad_module, [])
    for bad_glue, said in [
        ("var _used;", "must define assignWasmExports once"),
        (glue.replace('=wasmExports["used"]', '=wasmExports.used'), "cannot read"),
        (glue.replace("var _used,", "var "), "declare the variables"),
    ]:
        with pytest.raises(wasm_exports.WasmError, match=said):
            wasm_exports.cut(bad_glue, module, [])


# The game played by its bots in Pyodide under Node.js, on npm's runtime and
# on the build's: the same deals, the same cards, the same scores.
GAME_CHECK = """
const { pathToFileURL } = await import("node:url");
const { readFileSync, readdirSync, statSync } = await import("node:fs");
for (const name of ["Suspending", "Suspender"]) delete WebAssembly[name];
const quiet = () => {};
async function play(dir) {
  const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
  const pyodide = await loadPyodide({ indexURL: dir, stdout: quiet, stderr: quiet });
  const copy = (host, to) => {
    pyodide.FS.mkdirTree(to);
    for (const name of readdirSync(host)) {
      if (name === "__pycache__") continue;
      const path = host + "/" + name;
      if (statSync(path).isDirectory()) copy(path, to + "/" + name);
      else pyodide.FS.writeFile(to + "/" + name, readFileSync(path));
    }
  };
  copy(%(game)s, "/home/pyodide/game");
  return pyodide.runPython(%(python)s);
}
console.log(JSON.stringify([await play(%(npm)s), await play(%(ours)s)]));
"""
GAME_PYTHON = """
import json, random
from game.bots import choose
from game.rules import preset
from game.state import Match
played = []
for game, name in (("spades", "partnership"), ("hearts", "standard")):
    rules = preset(game, name)
    match = Match(rules, seed="the cut wasm")
    rngs = [random.Random(f"seat {seat}") for seat in range(rules.players)]
    while match.phase != "game_over" and len(match.records) < 2:
        seat = match.to_act
        match.apply(choose(match.view(seat), ("easy", "normal")[seat % 2], rngs[seat]))
    played.append([record["result"] for record in match.records])
json.dumps(played)
"""


def test_the_game_plays_the_same_on_the_cut_wasm(dist, tmp_path):
    """Two hands of Spades and two of Hearts, bots on every seat, give the same
    results on npm's Pyodide and on the build's."""
    (folder,) = (dist / "runtime").glob("pyodide-*")
    script = tmp_path / "game.mjs"
    script.write_text(
        GAME_CHECK
        % {
            "game": json.dumps(str(ROOT / "game")),
            "python": json.dumps(GAME_PYTHON),
            "npm": json.dumps(str(ROOT / "node_modules" / "pyodide") + "/"),
            "ours": json.dumps(str(folder) + "/"),
        }
    )
    result = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    npm, ours = (json.loads(answer) for answer in json.loads(result.stdout.strip().splitlines()[-1]))
    assert len(npm) == 2 and all(len(hands) == 2 for hands in npm)
    assert ours == npm


# Pyodide started plainly by npm's glue and by the build's, side by side,
# then every symbol of npm's table of symbols asked for (as a side module's
# link would): each symbol's value, and what every table slot holds (wasm
# functions are named by their index in their module; a slot holding a
# JavaScript function holds a wrapper, a function of a small module made for
# it, named "0" to "63"), and what Python answers.
LINKER_CHECK = """
const { pathToFileURL } = await import("node:url");
const { readFileSync } = await import("node:fs");
for (const name of ["Suspending", "Suspender"]) delete WebAssembly[name];
const quiet = () => {};
async function start(dir) {
  const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
  const pyodide = await loadPyodide({ indexURL: dir, stdout: quiet, stderr: quiet });
  return { module: pyodide._module, answer: pyodide.runPython("6 * 7") };
}
const npm = await start(%(npm)s);
const ours = await start(%(ours)s);
const slotsBefore = [npm.module.wasmTable.length, ours.module.wasmTable.length];
const asked = Object.keys(ours.module.GOT).length; // symbols made into Globals before any is asked for
const npmWasm = new WebAssembly.Module(readFileSync(%(npm)s + "pyodide.asm.wasm"));
const kinds = Object.fromEntries(WebAssembly.Module.exports(npmWasm).map((e) => [e.name, e.kind]));
const held = (module, slot) => {
  const func = module.wasmTable.get(slot);
  return func ? (Number(func.name) < 64 ? "a wrapper" : func.name) : null;
};
const symbols = Object.keys(npm.module.GOT);
const differ = symbols.filter((name) => {
  const [a, b] = [npm.module.GOT[name], ours.module.GOT[name]];
  if (!b) return true;
  return kinds[name] === "global" ? a.value !== b.value : held(npm.module, a.value) !== held(ours.module, b.value);
});
const slots = (module) => Array.from({ length: module.wasmTable.length }, (_, i) => held(module, i));
const table = (module) => slots(module).sort().join();
// The JavaScript functions (imported through GOT.func, not exports): the
// same symbols in the same slot order, and the k-th wrapper of the build
// the k-th function of its modules of 64.
// (Aliases share their function's slot.)
const javascript = (module) =>
  symbols
    .filter((name) => !(name in kinds))
    .sort((a, b) => module.GOT[a].value - module.GOT[b].value || (a < b ? -1 : 1));
const jsOrder = javascript(npm.module).join() === javascript(ours.module).join();
const jsSlots = [...new Set(javascript(ours.module).map((name) => ours.module.GOT[name].value))];
const inTurn = jsSlots.every((slot, k) => ours.module.wasmTable.get(slot).name === String(k %% 64));
console.log(JSON.stringify({
  slotsBefore,
  slots: [npm.module.wasmTable.length, ours.module.wasmTable.length],
  sameTable: table(npm.module) === table(ours.module),
  wrappers: slots(ours.module).filter((x) => x === "a wrapper").length,
  javascript: jsSlots.length,
  jsOrder,
  inTurn,
  symbols: symbols.length,
  differ: differ.slice(0, 20),
  asked,
  answers: [npm.answer, ours.answer],
}));
"""


def test_the_lazy_linker_links_as_emscripten_does(all_exports, tmp_path):
    """GLUE_PATCHES' lazy symbols, batched wrappers and lazily mapped table
    change when work is done, never its result: once a side module would
    have asked for every symbol, each symbol's value is npm's (a data
    symbol's address, or a slot holding the same function) and the table
    holds the same functions. Until then the build takes fewer slots: the
    slots of the main module's functions wait to be asked for (the
    snapshot's memory holds slot numbers; the Worker that makes it links
    with the same glue, test_snapshot.py). Measured on a build with every
    export, as npm's (the shipped wasm has fewer:
    test_the_game_plays_the_same_on_the_cut_wasm)."""
    # The premise of mapping the table only for a function without `.sig`:
    # the glue signs JavaScript functions only, never a wasm export.
    npm = ROOT / "node_modules" / "pyodide"
    signed = set(re.findall(r'([\w$]+)\.sig="', (npm / "pyodide.asm.mjs").read_text(encoding="utf-8")))
    exported = {name for name, _, _ in wasm_exports.exports((npm / "pyodide.asm.wasm").read_bytes())}
    assert len(signed) > 1_000 and not {name.removeprefix("_") for name in signed} & exported
    (folder,) = (all_exports / "runtime").glob("pyodide-*")
    script = tmp_path / "linker.mjs"
    script.write_text(
        LINKER_CHECK
        % {
            "npm": json.dumps(str(ROOT / "node_modules" / "pyodide") + "/"),
            "ours": json.dumps(str(folder) + "/"),
        }
    )
    result = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["differ"] == [] and report["symbols"] > 8_000, report
    assert report["sameTable"] and report["slots"][0] == report["slots"][1] > 10_000, report
    assert 100 < report["wrappers"] < 1_000 and 100 < report["javascript"] <= report["wrappers"], report
    assert report["jsOrder"] and report["inTurn"], report
    # Until asked for, most symbols had no Global and the main module's
    # functions no slot: the saving is real.
    assert report["asked"] < report["symbols"] / 10, report
    npm_before, ours_before = report["slotsBefore"]
    assert ours_before < npm_before - 1_000, report
    assert report["answers"] == [42, 42]


def test_pyscript_core_chunk_has_each_edit_of_the_build(dist, tmp_path):
    """build/runtime/pyscript_edits.py's CORE_PATCHES (strict CSP, a refused IndexedDB, PyScript's own package) are each
    in the shipped chunk once, and none of the text they replace is left."""
    (chunk,) = (dist / "runtime").glob("pyscript-*/core-*.js")
    text = chunk.read_text(encoding="utf-8")
    for edit in pyscript_edits.CORE_PATCHES:
        assert edit.is_in(text), edit.why
        assert edit.count(text) <= edit.times, edit.why  # (an edit that adds after its pattern keeps it)


def test_build_is_reproducible(tmp_path):
    """The same sources give the same version: a rebuild alone never prompts an update."""
    src = copy_sources(tmp_path / "src")
    assert build_from(src, tmp_path / "one")["version"] == build_from(src, tmp_path / "two")["version"]


# Decodes every precompressed copy with Node's zlib (the build's own coder,
# and Python's standard library has no brotli) and prints, per copy, the
# SHA-256 of what it decodes to.
DECODE = """
const { readFileSync } = require("node:fs");
const { createHash } = require("node:crypto");
const { brotliDecompressSync, gunzipSync } = require("node:zlib");
const out = {};
for (const path of process.argv.slice(1)) {
  const data = readFileSync(path);
  const plain = path.endsWith(".br") ? brotliDecompressSync(data) : gunzipSync(data);
  out[path] = createHash("sha256").update(plain).digest("hex");
}
console.log(JSON.stringify(out));
"""


def test_every_precompressed_file_decodes_to_exactly_its_source(dist):
    copies = [p for p in precompressed(dist) if p.suffix != ".xz"]
    names = {p.relative_to(dist).as_posix() for p in copies}
    # The big files of a first start have both, and so do the page and its config.
    for wanted in ("index.html", "sw.js", "files.json", "pyscript.toml"):
        assert {wanted + ".br", wanted + ".gz"} <= names, wanted
    for suffix in ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip", "python_stdlib_pyc.zip", "loader.mjs"):
        assert sum(name.endswith(suffix + ".br") for name in names) == 1, suffix
        assert sum(name.endswith(suffix + ".gz") for name in names) == 1, suffix
    # Images are compressed already: no copy of them.
    assert not [name for name in names if name.endswith((".png.br", ".png.gz"))]
    result = subprocess.run(["node", "-e", DECODE, *map(str, copies)], capture_output=True, text=True, check=True)
    decoded = json.loads(result.stdout)
    for copy in copies:
        source = copy.with_suffix("")
        assert decoded[str(copy)] == hashlib.sha256(source.read_bytes()).hexdigest(), copy
        assert copy.stat().st_size < source.stat().st_size, copy


def test_every_wasm_and_zip_of_runtime_has_an_xz_copy_of_exactly_its_bytes(dist):
    """The copies the page takes where the host does not send brotli (assets/packed.js), and their decoder."""
    packed = [p for p in dist.glob("runtime/*/*") if p.suffix in (".wasm", ".zip")]
    assert {p.name for p in packed} >= {"pyodide.asm.wasm", "pyodide.cold.wasm", "python_stdlib_pyc.zip", "game.zip"}
    for source in packed:
        copy = source.with_name(source.name + ".xz")
        assert lzma.decompress(copy.read_bytes()) == source.read_bytes(), copy
        assert copy.stat().st_size < 0.95 * source.stat().st_size, copy
    (decoder,) = dist.glob("runtime/unxz-*.wasm")
    assert decoder.read_bytes()[:4] == b"\0asm"
    assert f'data-packed="{decoder.name}"' in (dist / "index.html").read_text(encoding="utf-8")
    assert decoder.name in (dist / "sw.js").read_text(encoding="utf-8")


def test_the_shipped_loader_is_one_module_with_its_parts_written_in(dist, tmp_path):
    """build/snapshot-pages.mjs and build/stdlib-later.mjs are files of their
    own in the repository, and part of the loader the page loads: no second
    module to fetch at start."""
    (loader,) = dist.glob("runtime/start-*/loader.mjs")
    text = loader.read_text(encoding="utf-8")
    for name in ("snapshot-pages.mjs", "stdlib-later.mjs"):
        part = (ROOT / "build" / name).read_text(encoding="utf-8")
        assert f'{name}";' not in text
        body = tmp_path / name  # past its opening comment, as build/slim.mjs writes it
        body.write_text(part[part.index("\n\n") + 2 : part.rindex("export {")], encoding="utf-8")
        slim([body])
        assert text.count(body.read_text(encoding="utf-8").strip()) == 1, name
    assert not list(loader.parent.glob("*.mjs"))[1:]  # the loader alone
