"""Pyodide's wasm in two parts (build/runtime/wasm_split.py): what a start runs, and the rest after ready.

Without a browser: the parts are valid modules, the hot part is the one a
start downloads, and Pyodide in Node.js computes with the parts exactly what
npm's whole wasm computes, loading the cold part at its first call.
tests/browser/test_wasm_split.py shows the page's side (after ready, at a
call, offline).
"""

import json
import subprocess

import build_helpers
import pytest
from build_helpers import ROOT, built_site, wasm_parts  # noqa: F401 (built_site: the dist fixture)
from runtime import wasm_dead_code as dead_code
from runtime import wasm_split as split

NPM_WASM = ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm"
needs_binaryen = pytest.mark.skipif(not dead_code.available(), reason="npm ci installs binaryen")


def test_the_instruction_reader_reads_every_body_of_npm_s_wasm_to_its_end():
    data = NPM_WASM.read_bytes()
    module = split.read(data)
    count = 0
    for start, end in module.bodies:
        read = list(split.instructions(data, start, end))
        count += len(read)
        assert read[-1].end == end and data[read[-1].start] == 0x0B
    assert count > 2_000_000


def test_the_list_of_hot_functions_is_of_npm_s_wasm():
    assert split.hot_functions(NPM_WASM.read_bytes()) is not None, "record it: bench/wasm_calls.py"


def test_every_build_a_recorded_test_makes_keeps_npm_s_function_numbers(monkeypatch, tmp_path):
    """bench/wasm_calls.py --suite reads each function the tests' Chromium
    compiles by its index in npm's wasm, so every build of the run must be
    whole, a test's own (build_from: the CSP, update, start-path tests) as
    much as the session's. One that split its wasm put 0.48 MB of code that
    nothing calls into the list, before every first visit's ready."""
    whole = ["--no-wasm-split", "--keep-dead-code"]
    commands: list[list[str]] = []
    monkeypatch.setenv("BAZA_TEST_BUILD_OPTIONS", " ".join(whole))
    monkeypatch.setattr(build_helpers.subprocess, "run", lambda command, **_: commands.append(command))
    monkeypatch.setattr(build_helpers, "file_list", lambda _out: {})
    build_helpers.build_from(tmp_path / "src", tmp_path / "own", "--csp-meta")
    build_helpers.build_site(tmp_path / "session")
    assert len(commands) == 2
    assert all(command[-2:] == whole for command in commands), commands


def test_the_hot_part_keeps_every_function_and_the_cold_part_holds_the_rest(dist):
    hot, cold = wasm_parts(dist)
    hot_module, cold_module = split.read(hot), split.read(cold)
    assert len(hot) < 0.7 * (len(hot) + len(cold))
    # The hot part: the same functions, imports and exports as a whole build's, one table more.
    assert {name for name, _, _ in hot_module.exports} >= {"memory", "__indirect_function_table", "baza_cold"}
    assert cold_module.function_imports == 0 and len(cold_module.bodies) > 5_000
    stubs = sum(1 for start, end in hot_module.bodies if end - start < 40)
    assert stubs >= len(cold_module.bodies)


@needs_binaryen
def test_both_parts_are_valid_modules(dist, tmp_path):
    for name, data in zip(("hot", "cold"), wasm_parts(dist)):
        path = tmp_path / f"{name}.wasm"
        path.write_bytes(data)
        command = ["node", str(dead_code.WASM_OPT), str(path), *dead_code.FEATURES, "--enable-tail-call"]
        run = subprocess.run(
            [*command, "-o", str(tmp_path / "out.wasm")],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert run.returncode == 0, f"{name}: {run.stderr[-2000:]}"


# Pyodide from npm and from the build, side by side in Node.js: code that no
# start runs (decimal's C module, unicodedata, a zlib round trip, a sort of
# many strings) gives the same answers, with the build's cold part loaded at
# the first call of one of its functions.
COLD_CHECK = """
const { pathToFileURL } = await import("node:url");
for (const name of ["Suspending", "Suspender"]) delete WebAssembly[name];
const quiet = () => {};
const code = %(python)s;
async function run(dir) {
  const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
  const pyodide = await loadPyodide({ indexURL: dir, stdout: quiet, stderr: quiet });
  const before = pyodide._module.bazaCold?.state ?? "whole";
  const answer = pyodide.runPython(code);
  return { before, after: pyodide._module.bazaCold?.state ?? "whole", answer };
}
console.log(JSON.stringify([await run(%(npm)s), await run(%(ours)s)]));
"""
CJK_CODECS = [
    *("shift_jis", "cp932", "euc_jp", "euc_jis_2004", "shift_jis_2004", "iso2022_jp", "iso2022_jp_2", "iso2022_jp_3"),
    *("gb2312", "gbk", "gb18030", "hz", "big5", "cp950", "big5hkscs", "euc_kr", "cp949", "johab"),
]
CJK_TEXT = "日本語の文字列、中文字符串、繁體中文、한국어 문자열 ½ ♠ 𠀋"
COLD_PYTHON = """
import decimal, hashlib, json, unicodedata, zlib
d = decimal.Decimal(1) / decimal.Decimal(7)
text = unicodedata.normalize("NFKD", "Ça fait \u00bd \u2660")
packed = zlib.decompress(zlib.compress(b"spades and hearts" * 50)) == b"spades and hearts" * 50
cjk = [(c, CJK_TEXT.encode(c, "replace").hex(), CJK_TEXT.encode(c, "replace").decode(c)) for c in CJK_CODECS]
numbers = sorted(str(i * 7919 % 1000) for i in range(300))[:5]
u = unicodedata
database = hashlib.sha256()
for db in (u, u.ucd_3_2_0):
    for code in range(0, 0x110000, 11):
        c = chr(code)
        row = (db.name(c, ""), db.category(c), db.bidirectional(c), db.combining(c), db.east_asian_width(c),
               db.mirrored(c), db.decomposition(c), db.numeric(c, None), db.digit(c, None), db.decimal(c, None))
        database.update(repr(row).encode())
        if row[0]:
            database.update(repr(db.lookup(row[0]) == c).encode())
sample = "".join(map(chr, range(0xA0, 0x3000, 5))) + "\uac00\ud7a3\ufb01"
for form in ("NFC", "NFD", "NFKC", "NFKD"):
    database.update(u.normalize(form, sample).encode("utf-8", "surrogatepass"))
    database.update(repr(u.is_normalized(form, sample)).encode())
database.update(u.lookup("LATIN SMALL LETTER SHARP S").encode() + "\N{BLACK SPADE SUIT}".encode())
json.dumps([str(d), text, unicodedata.name("\u2665"), packed, numbers, cjk, database.hexdigest()])
""".replace("CJK_CODECS", repr(CJK_CODECS)).replace("CJK_TEXT", repr(CJK_TEXT))


def test_code_no_start_runs_answers_as_on_npm_s_whole_wasm(dist, tmp_path):
    (folder,) = (dist / "runtime").glob("pyodide-*")
    script = tmp_path / "cold.mjs"
    script.write_text(
        COLD_CHECK
        % {
            "python": json.dumps(COLD_PYTHON),
            "npm": json.dumps(str(ROOT / "node_modules" / "pyodide") + "/"),
            "ours": json.dumps(str(folder) + "/"),
        }
    )
    result = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    npm, ours = json.loads(result.stdout.strip().splitlines()[-1])
    assert (npm["before"], npm["after"]) == ("whole", "whole")
    # Here Python compiles the standard library from its sources, which no
    # start of the page does (its start zip holds bytecode): the compiler's
    # rarer functions load the cold part while Python starts.
    assert ours["after"] == "loaded at a call"
    assert ours["answer"] == npm["answer"]
    answer = json.loads(npm["answer"])
    assert answer[0] == "0.1428571428571428571428571429"
    # The CJK codecs and unicodedata read their tables, which the cold part writes into memory.
    encoded = {c: CJK_TEXT.encode(c, "replace") for c in CJK_CODECS}
    assert answer[-2] == [[c, encoded[c].hex(), encoded[c].decode(c)] for c in CJK_CODECS]
