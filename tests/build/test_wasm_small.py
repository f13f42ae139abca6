"""The wasm reader, the splitter and the data mover on a module the test makes itself.

build/runtime/wasm_split.py and wasm_cold_data.py are checked on Pyodide's
own 9 MB wasm in tests/build/test_wasm_split.py and test_wasm_cold_data.py,
which need `npm ci` and a build. These run in seconds on a module of five
functions written here byte by byte, and Node.js runs both parts:

- the reader finds the imports, bodies and exports, and every call's index;
- the split's two parts answer as the whole module did; a cold function
  called before the cold part is there is refused (a trap), never run wrong;
- the moved data is zero in memory until the cold part is instantiated,
  then the very bytes, and the hot part's other data stays where it was;
- a module the reader cannot read is refused with a WasmError, not a crash.
"""

import json
import subprocess

import pytest
from runtime import wasm_cold_data, wasm_split
from runtime.wasm_exports import MAGIC, WasmError, sections
from runtime.wasm_exports import _uleb as uleb  # the module's bytes are checked by Node.js, not by these
from runtime.wasm_split import COLD_TABLE
from runtime.wasm_split import _sleb_bytes as sleb

I32 = 0x7F
TABLE_AT = 1024  # where the module's "table" of bytes lies in memory
TABLE = b"tables no start reads"
G0 = 100  # the exported global's value


def name(text: str) -> bytes:
    return uleb(len(text)) + text.encode()


def section(section_id: int, entries: list[bytes]) -> bytes:
    body = uleb(len(entries)) + b"".join(entries)
    return bytes([section_id]) + uleb(len(body)) + body


def body(code: bytes) -> bytes:
    code = b"\x00" + code + b"\x0b"  # no locals; end
    return uleb(len(code)) + code


def call(index: int) -> bytes:
    return b"\x10" + uleb(index)


# The functions, imports first: 0 the import env.twice (i32) -> i32, then
#   1 seven      () -> i32      7                      (the one hot function)
#   2 cold       (i32) -> i32   x + seven() + g + memory[16]
#   3 via_import (i32) -> i32   twice(x)
#   4 chain      () -> i32      cold(5)                (a cold call to a cold function)
#   5 table_byte (i32) -> i32   memory[TABLE_AT + x] (one byte)
SEVEN, COLD, VIA_IMPORT, CHAIN, TABLE_BYTE = 1, 2, 3, 4, 5
EXPORTS = {"seven": SEVEN, "cold": COLD, "via_import": VIA_IMPORT, "chain": CHAIN, "table_byte": TABLE_BYTE}


def module() -> bytes:
    """The whole module, as a compiler would write it (sections in order)."""
    types = section(1, [b"\x60\x00\x01\x7f", b"\x60\x01\x7f\x01\x7f"])  # 0: () -> i32, 1: (i32) -> i32
    imports = section(2, [name("env") + name("twice") + b"\x00\x01"])
    functions = section(3, [b"\x00", b"\x01", b"\x01", b"\x00", b"\x01"])
    table = section(4, [b"\x70\x00\x01"])  # one funcref table, at least 1 slot
    memory = section(5, [b"\x00\x01"])  # one page at least
    globals_ = section(6, [bytes([I32, 1]) + b"\x41" + sleb(G0) + b"\x0b"])
    exports = [name("memory") + b"\x02\x00", name("table") + b"\x01\x00", name("g") + b"\x03\x00"]
    exports += [name(n) + b"\x00" + uleb(f) for n, f in EXPORTS.items()]
    elements = section(9, [b"\x00\x41\x00\x0b" + uleb(1) + uleb(SEVEN)])  # slot 0: seven
    local0, i32_add = b"\x20\x00", b"\x6a"
    load = b"\x28\x02\x00"  # i32.load align 4, offset 0
    code = section(
        10,
        [
            body(b"\x41" + sleb(7)),
            body(local0 + call(SEVEN) + i32_add + b"\x23\x00" + i32_add + b"\x41" + sleb(16) + load + i32_add),
            body(local0 + call(0)),
            body(b"\x41" + sleb(5) + call(COLD)),
            body(local0 + b"\x2d\x00" + uleb(TABLE_AT)),  # i32.load8_u offset TABLE_AT
        ],
    )
    data = section(
        11,
        [
            b"\x00\x41" + sleb(16) + b"\x0b" + uleb(4) + (1).to_bytes(4, "little"),
            b"\x00\x41" + sleb(TABLE_AT) + b"\x0b" + uleb(len(TABLE)) + TABLE,
        ],
    )
    head = MAGIC + types + imports + functions + table + memory + globals_
    return head + section(7, exports) + elements + code + data


# Node.js runs the whole module, then the hot part alone (a cold call, the
# moved bytes), then with the cold part instantiated over its exports.
RUN = """
const [whole, hot, cold] = JSON.parse(require("fs").readFileSync(0, "utf8")).map((b) => new Uint8Array(b));
const env = { env: { twice: (x) => 2 * x } };
const answers = (e) => [e.seven(), e.cold(1), e.via_import(21), e.chain(), e.table_byte(0), e.table_byte(5)];
const tableText = (m) => Buffer.from(new Uint8Array(m.buffer, TABLE_AT, TABLE_LENGTH)).toString("latin1");
(async () => {
  const out = {};
  out.whole = answers((await WebAssembly.instantiate(whole, env)).instance.exports);
  const h = (await WebAssembly.instantiate(hot, env)).instance.exports;
  out.hotAlone = h.seven();
  try { h.cold(1); out.coldBefore = "ran"; } catch (error) { out.coldBefore = error.constructor.name; }
  out.tableBefore = tableText(h.memory);
  out.byte16 = new Uint8Array(h.memory.buffer)[16];
  await WebAssembly.instantiate(cold, { p: { memory: h.memory, table: h.table, COLD_TABLE: h.COLD_TABLE, g: h.g } });
  out.split = answers(h);
  out.tableAfter = tableText(h.memory);
  console.log(JSON.stringify(out));
})();
"""
RUN = RUN.replace("TABLE_AT", str(TABLE_AT)).replace("TABLE_LENGTH", str(len(TABLE))).replace("COLD_TABLE", COLD_TABLE)


def run(whole: bytes, hot: bytes, cold: bytes) -> dict:
    parts = json.dumps([list(whole), list(hot), list(cold)])
    done = subprocess.run(["node", "-e", RUN], input=parts, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_reader_finds_the_imports_the_bodies_the_exports_and_every_call():
    data = module()
    read = wasm_split.read(data)
    assert read.function_imports == 1 and len(read.bodies) == 5
    assert read.function_types == [1, 0, 1, 1, 0, 1]
    assert {n: i for n, kind, i in read.exports if kind == 0} == EXPORTS
    calls = {}
    for f, (start, end) in enumerate(read.bodies, start=read.function_imports):
        calls[f] = [ins.target for ins in wasm_split.instructions(data, start, end) if ins.opcode == 0x10]
    assert calls == {SEVEN: [], COLD: [SEVEN], VIA_IMPORT: [0], CHAIN: [COLD], TABLE_BYTE: []}
    global_types = wasm_split.global_entries(read)
    assert global_types == [(bytes([I32, 1]), [G0])]


def test_the_two_parts_answer_as_the_whole_and_a_cold_call_before_the_cold_part_is_refused():
    data = module()
    parts = wasm_split.split(data, [SEVEN])
    hot, cold = wasm_split.read(parts.hot), wasm_split.read(parts.cold)
    assert len(hot.bodies) == 5, "every function keeps its index in the hot part"
    assert len(cold.bodies) == 4 and cold.function_imports == 0, "the four others' bodies moved"
    assert COLD_TABLE in {n for n, _, _ in hot.exports}
    out = run(data, parts.hot, parts.cold)
    assert out["whole"] == [7, 1 + 7 + G0 + 1, 42, 5 + 7 + G0 + 1, TABLE[0], TABLE[5]]
    assert out["split"] == out["whole"]
    assert out["hotAlone"] == 7
    assert out["coldBefore"] == "RuntimeError", "a stub with an empty slot traps: nothing runs half-loaded"
    with pytest.raises(wasm_split.SplitError, match="split already"):
        wasm_split.split(parts.hot, [SEVEN])


def test_moved_data_is_zero_until_the_cold_part_is_in_and_then_the_very_bytes():
    data = module()
    parts = wasm_split.split(data, [SEVEN])
    moved = [(TABLE_AT, TABLE_AT + len(TABLE))]
    hot, cold = wasm_cold_data.move(parts.hot, parts.cold, moved)
    assert wasm_cold_data.segments(hot) == [wasm_cold_data.Segment(16, (1).to_bytes(4, "little"))]
    assert wasm_cold_data.segments(cold) == [wasm_cold_data.Segment(TABLE_AT, TABLE)]
    out = run(data, hot, cold)
    assert out["tableBefore"] == "\0" * len(TABLE) and out["byte16"] == 1
    assert out["tableAfter"] == TABLE.decode()
    assert out["split"] == out["whole"]
    with pytest.raises(WasmError, match="data already"):
        wasm_cold_data.move(hot, cold, moved)
    # A range within a segment leaves its two ends in the hot part.
    middle = wasm_cold_data.without(wasm_cold_data.segments(data), [(TABLE_AT + 3, TABLE_AT + 6)])
    assert [s.data for s in middle] == [(1).to_bytes(4, "little"), TABLE[:3], TABLE[6:]]


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: data[:-3], "runs past the end"),
        (lambda data: b"\0asm\2\0\0\0" + data[8:], "not a WebAssembly module"),
        (lambda data: data[:8] + b"\x01\x85\x80\x80\x80\x80\x80", "longer than"),
    ],
)
def test_a_module_it_cannot_read_is_refused(damage, message):
    with pytest.raises(WasmError, match=message):
        wasm_split.read(damage(module()))


def test_sections_are_read_in_order():
    found = [section_id for section_id, _, _ in sections(module())]
    assert found == [1, 2, 3, 4, 5, 6, 7, 9, 10, 11]
