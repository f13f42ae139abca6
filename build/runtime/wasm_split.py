"""Pyodide's wasm in two parts: the code a start runs, and the rest after ready.

A start of the page calls about 2,750 of the 13,900 functions of Pyodide's
wasm (V8 compiles each function at its first call: bench/wasm_calls.py
lists them into build/runtime/wasm-hot-functions.json); with what they call
directly (DIRECT_CALLS), 3,350 stay. The other 10,550 functions' bodies
were a third of the module over the wire (0.87 of its 2.50 MB with
brotli). This module moves them into a second module, the cold part,
which the page fetches after the table is ready:

- In the hot part every cold function keeps its index and its type; its
  body becomes a stub that calls the real body through a new table, the
  cold table, exported as ``baza_cold``. If the slot is still empty, the
  stub first calls slot 0, where the glue puts a function that loads the
  cold part at once (build/runtime/pyodide_edits.py, GLUE_PATCHES). Nothing else moves:
  the other functions, the function table, the data, the exports and the
  imports are the module's own, byte for byte.
- The cold part imports the hot part's memory, function table, cold table,
  globals and exception tags by their export names, holds the cold bodies
  and fills their slots when it is instantiated (an active element segment
  on the cold table). A cold body's call to a hot function (or to an
  import) goes through the cold table too: the hot part puts every function
  the cold bodies call into slots after the cold ones.

Only the function indices of the cold bodies are rewritten, which needs an
instruction reader (``instructions``) that knows every immediate of the
instructions Pyodide's wasm uses (MVP, sign extension, saturating
truncation, bulk memory, reference types, SIMD, exception handling, tail
calls). A function whose body holds an instruction this module does not
move (ref.func, memory.init, data.drop, table.init, elem.drop, a global the
hot part does not export) stays hot.

Standard library only, as build.py.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from .wasm_exports import MAGIC, WasmError, _leb, _limits, _uleb, _value_type, sections

HOT_LIST = Path(__file__).resolve().parent / "wasm-hot-functions.json"
COLD_TABLE = "baza_cold"
COLD_FILE = "pyodide.cold.wasm"

TYPE, IMPORT, FUNCTION, TABLE, MEMORY, GLOBAL, EXPORT, ELEMENT, CODE, TAG = 1, 2, 3, 4, 5, 6, 7, 9, 10, 13
FUNCREF = 0x70


class SplitError(WasmError):
    """The module (or the list of hot functions) is not one this module can split."""


# --- Reading ------------------------------------------------------------------


def _sleb(data: bytes, at: int) -> int:
    """The offset after the signed LEB128 number at ``at``."""
    while data[at] & 0x80:
        at += 1
    return at + 1


def sleb_value(data: bytes, at: int) -> tuple[int, int]:
    """The signed LEB128 number at ``at``, and the offset after it."""
    result = shift = 0
    while True:
        byte = data[at]
        at += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            break
    if byte & 0x40:
        result -= 1 << shift
    return result, at


class Module(NamedTuple):
    """What the split needs of a module: its sections and the parts of some."""

    data: bytes
    sections: list[tuple[int, int, int]]
    types: list[bytes]  # each type's bytes (0x60 params results)
    function_imports: int
    imported_tags: int
    function_types: list[int]  # the type of every function, imports first
    bodies: list[tuple[int, int]]  # (start, end) of each defined function's body
    exports: list[tuple[str, int, int]]
    tables: int  # tables, imports included
    memory: bytes  # the memory's type (limits), as defined
    tags: list[bytes]  # each defined tag's type bytes (attribute, type index)
    other_imports: int  # imported tables, memories and globals

    def section(self, section_id: int) -> tuple[int, int] | None:
        for found, start, end in self.sections:
            if found == section_id:
                return start, end
        return None


def _func_type(data: bytes, at: int) -> int:
    """The offset after the function type at ``at`` (0x60, params, results)."""
    if data[at] != 0x60:
        raise SplitError(f"type form {data[at]:#x} is not a function type")
    at += 1
    for _ in range(2):
        count, at = _leb(data, at)
        for _ in range(count):
            at = _value_type(data, at)
    return at


def read(data: bytes) -> Module:
    """The parts of ``data`` (a whole module) that the split reads."""
    found = sections(data)
    by_id = {section_id: (start, end) for section_id, start, end in found}
    types: list[bytes] = []
    if TYPE in by_id:
        count, at = _leb(data, by_id[TYPE][0])
        for _ in range(count):
            end = _func_type(data, at)
            types.append(data[at:end])
            at = end
    function_types: list[int] = []
    tables = imported_tags = other_imports = 0
    if IMPORT in by_id:
        count, at = _leb(data, by_id[IMPORT][0])
        for _ in range(count):
            for _ in range(2):
                length, at = _leb(data, at)
                at += length
            kind = data[at]
            at += 1
            if kind == 0:
                index, at = _leb(data, at)
                function_types.append(index)
            elif kind == 1:
                other_imports += 1
                at = _limits(data, _value_type(data, at))
            elif kind == 2:
                other_imports += 1
                at = _limits(data, at)
            elif kind == 3:
                other_imports += 1
                at = _value_type(data, at) + 1
            elif kind == 4:
                imported_tags += 1
                _, at = _leb(data, at + 1)
            else:
                raise SplitError(f"an import of unknown kind {kind}")
    function_imports = len(function_types)
    if FUNCTION in by_id:
        count, at = _leb(data, by_id[FUNCTION][0])
        for _ in range(count):
            index, at = _leb(data, at)
            function_types.append(index)
    if TABLE in by_id:
        count, _ = _leb(data, by_id[TABLE][0])
        tables += count
    memory = b""
    if MEMORY in by_id:
        count, at = _leb(data, by_id[MEMORY][0])
        if count != 1:
            raise SplitError(f"the module defines {count} memories")
        memory = data[at : _limits(data, at)]
    tags: list[bytes] = []
    if TAG in by_id:
        count, at = _leb(data, by_id[TAG][0])
        for _ in range(count):
            start = at
            _, at = _leb(data, at + 1)
            tags.append(data[start:at])
    bodies: list[tuple[int, int]] = []
    if CODE in by_id:
        count, at = _leb(data, by_id[CODE][0])
        for _ in range(count):
            size, at = _leb(data, at)
            bodies.append((at, at + size))
            at += size
    if len(bodies) != len(function_types) - function_imports:
        raise SplitError("the code section does not match the function section")
    from .wasm_exports import exports as read_exports

    return Module(
        data,
        found,
        types,
        function_imports,
        imported_tags,
        function_types,
        bodies,
        read_exports(data),
        tables,
        memory,
        tags,
        other_imports,
    )


# --- Instructions -------------------------------------------------------------

# Opcodes whose immediates are one unsigned LEB128 (an index or a label).
ONE_INDEX = {0x07, 0x08, 0x09, 0x0C, 0x0D, 0x14, 0x15, 0x18, 0x20, 0x21, 0x22, 0x3F, 0x40}
NO_IMMEDIATE = set(range(0x45, 0xC5)) | {0x00, 0x01, 0x05, 0x0A, 0x0B, 0x0F, 0x19, 0x1A, 0x1B, 0xD1}
MEMARG = set(range(0x28, 0x3F))
# 0xFC sub-opcodes: how many LEB immediates each has (0-7: saturating truncation).
FC_IMMEDIATES = {**{op: 0 for op in range(8)}, 8: 2, 9: 1, 10: 2, 11: 1, 12: 2, 13: 1, 14: 2, 15: 1, 16: 1, 17: 1}
# What a cold body may not hold: ref.func, memory.init, data.drop, table.init, elem.drop
# (the cold part has no declared functions, data or element segments of the hot part).
NOT_MOVED = {0xD2, 0xFC08, 0xFC09, 0xFC0C, 0xFC0D}
# 0xFD (SIMD) sub-opcodes with a memarg, with a memarg and a lane, with a lane, with 16 bytes.
SIMD_MEMARG = set(range(0, 12)) | {92, 93}
SIMD_MEMARG_LANE = set(range(84, 92))
SIMD_LANE = set(range(21, 35))
SIMD_BYTES16 = {12, 13}


class Instruction(NamedTuple):
    """One instruction of a body: where it is, its opcode and the index it names, if any."""

    start: int
    end: int
    opcode: int  # the first byte; (0xFC, n) and (0xFD, n) are given as 0xFC00 + n and 0xFD00 + n
    target: int | None  # the function of call/return_call/ref.func, the global of global.get/set
    table: int | None = None  # the table of call_indirect, table.get/set/grow/size/fill/copy/init


def _memarg(data: bytes, at: int) -> int:
    align, at = _leb(data, at)
    if align & 0x40:  # multi-memory: a memory index follows
        _, at = _leb(data, at)
    _, at = _leb(data, at, limit=10)
    return at


def _block_type(data: bytes, at: int) -> int:
    if data[at] == 0x40 or data[at] in (0x7F, 0x7E, 0x7D, 0x7C, 0x7B, 0x70, 0x6F, 0x69):
        return at + 1
    if data[at] in (0x63, 0x64):
        return _sleb(data, at + 1)
    return _sleb(data, at)


def body_start(data: bytes, start: int) -> int:
    """The offset of a body's first instruction, after its locals."""
    count, at = _leb(data, start)
    for _ in range(count):
        _, at = _leb(data, at)
        at = _value_type(data, at)
    return at


def instructions(data: bytes, start: int, end: int) -> Iterable[Instruction]:
    """Every instruction of the body at data[start:end], in order; the last is its `end`."""
    at = body_start(data, start)
    while at < end:
        first, op = at, data[at]
        at += 1
        index = table = None
        if op in NO_IMMEDIATE:
            pass
        elif op in ONE_INDEX:
            _, at = _leb(data, at)
        elif op in (0x10, 0x12, 0xD2, 0x23, 0x24):  # call, return_call, ref.func, global.get/set
            index, at = _leb(data, at)
        elif op in (0x02, 0x03, 0x04, 0x06):  # block, loop, if, try
            at = _block_type(data, at)
        elif op == 0x1F:  # try_table: a block type, then its catch clauses
            at = _block_type(data, at)
            count, at = _leb(data, at)
            for _ in range(count):
                kind = data[at]
                at += 1
                if kind in (0, 1):  # catch, catch_ref: a tag, then a label
                    _, at = _leb(data, at)
                _, at = _leb(data, at)
        elif op in (0x11, 0x13):  # call_indirect, return_call_indirect: type, table
            _, at = _leb(data, at)
            table, at = _leb(data, at)
        elif op in (0x25, 0x26):  # table.get, table.set
            table, at = _leb(data, at)
        elif op == 0x0E:  # br_table
            count, at = _leb(data, at)
            for _ in range(count + 1):
                _, at = _leb(data, at)
        elif op == 0x1C:  # select with types
            count, at = _leb(data, at)
            for _ in range(count):
                at = _value_type(data, at)
        elif op in MEMARG:
            at = _memarg(data, at)
        elif op in (0x41, 0x42):
            at = _sleb(data, at)
        elif op == 0x43:
            at += 4
        elif op == 0x44:
            at += 8
        elif op == 0xD0:  # ref.null: a heap type
            at = _sleb(data, at)
        elif op == 0xFC:
            sub, at = _leb(data, at)
            if sub not in FC_IMMEDIATES:
                raise SplitError(f"unknown instruction 0xFC {sub} at {first}")
            values = []
            for _ in range(FC_IMMEDIATES[sub]):
                value, at = _leb(data, at)
                values.append(value)
            if sub >= 14:  # table.copy (two tables), grow, size, fill
                table = max(values)
            op = 0xFC00 + sub
        elif op == 0xFD:
            sub, at = _leb(data, at)
            if sub in SIMD_MEMARG:
                at = _memarg(data, at)
            elif sub in SIMD_MEMARG_LANE:
                at = _memarg(data, at) + 1
            elif sub in SIMD_LANE:
                at += 1
            elif sub in SIMD_BYTES16:
                at += 16
            elif sub > 0x113:
                raise SplitError(f"unknown SIMD instruction {sub} at {first}")
            op = 0xFD00 + sub
        elif op == 0xFE:  # atomics: a memarg, but atomic.fence has one zero byte
            sub, at = _leb(data, at)
            at = at + 1 if sub == 3 else _memarg(data, at)
            op = 0xFE00 + sub
        else:
            raise SplitError(f"unknown instruction {op:#x} at {first}")
        if at > end:
            raise SplitError(f"an instruction at {first} runs past the end of its body")
        yield Instruction(first, at, op, index, table)
    if at != end or data[end - 1] != 0x0B:
        raise SplitError(f"the body at {start} does not end with its last instruction")


# --- The split ----------------------------------------------------------------


class Split(NamedTuple):
    """The two parts: ``hot`` replaces the module, ``cold`` is fetched after ready."""

    hot: bytes
    cold: bytes


def _section(section_id: int, body: bytes) -> bytes:
    return bytes([section_id]) + _uleb(len(body)) + body


def _name(text: str) -> bytes:
    raw = text.encode()
    return _uleb(len(raw)) + raw


def _sleb_bytes(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        if (value == 0 and not byte & 0x40) or (value == -1 and byte & 0x40):
            return bytes(out + bytes([byte]))
        out.append(byte | 0x80)


def _params(type_bytes: bytes) -> int:
    count, _ = _leb(type_bytes, 1)
    return count


def global_entries(module: Module) -> list[tuple[bytes, list[int]]]:
    """Each defined global's type (value type and mutability) as bytes, and the
    i32 constants of its initializer (as unsigned 32-bit values)."""
    found = module.section(GLOBAL)
    if not found:
        return []
    data, entries = module.data, []
    count, at = _leb(data, found[0])
    for _ in range(count):
        start = at
        at = _value_type(data, at) + 1
        global_type, constants = data[start:at], []
        while data[at] != 0x0B:  # the initializer: constants and global.get, maybe added
            op = data[at]
            at += 1
            if op == 0x41:
                value, at = sleb_value(data, at)
                constants.append(value & 0xFFFFFFFF)
            elif op in (0x42, 0xD0):
                at = _sleb(data, at)
            elif op in (0x23, 0xD2):
                _, at = _leb(data, at)
            elif op == 0x43:
                at += 4
            elif op == 0x44:
                at += 8
            elif op == 0xFD:  # v128.const
                _, at = _leb(data, at)
                at += 16
            elif op not in (0x6A, 0x6B, 0x6C, 0x7C, 0x7D, 0x7E):
                raise SplitError(f"a global's initializer has instruction {op:#x}")
        at += 1
        entries.append((global_type, constants))
    return entries


def _movable(module: Module, function: int, exported_globals: dict[int, str]) -> bool:
    start, end = module.bodies[function - module.function_imports]
    for ins in instructions(module.data, start, end):
        if ins.opcode in NOT_MOVED:
            return False
        if ins.opcode in (0x23, 0x24) and ins.target not in exported_globals:
            return False
        if ins.table:  # a table other than the function table, which the hot part does not export
            return False
    return True


# A function the record missed but a hot one calls directly is kept hot too,
# and so are its direct callees, DIRECT_CALLS calls deep. A record is one
# run of each visit: a path taken only now and then (an error message, a
# dict that grows at another moment) may be missing from it, and a call to
# a cold function before the rest has arrived waits for its download.
# Two calls deep: 3,341 functions and 1.72 MB of code instead of 2,743 and
# 1.47 MB (Pyodide 314.0.7).
DIRECT_CALLS = 2


def _with_callees(module: Module, hot: set[int], depth: int) -> set[int]:
    """``hot`` with the functions its functions call directly, ``depth`` calls deep."""
    first, frontier = module.function_imports, set(hot)
    for _ in range(depth):
        found: set[int] = set()
        for f in frontier:
            if f < first or f >= len(module.function_types):
                continue
            start, end = module.bodies[f - first]
            found |= {
                ins.target
                for ins in instructions(module.data, start, end)
                if ins.opcode in (0x10, 0x12) and ins.target is not None
            }
        frontier = found - hot
        hot |= found
    return hot


def split(data: bytes, hot: Iterable[int]) -> Split:
    """``data`` in two parts: the functions of ``hot`` (indices, imports counted
    first) and those that cannot move stay; every other function moves."""
    module = read(data)
    if not module.section(TABLE) or module.other_imports:
        raise SplitError("the module imports a table, its memory or a global")
    exported = {(kind, index): name for name, kind, index in module.exports}
    exported_globals = {index: name for (kind, index), name in exported.items() if kind == 3}
    memory_name, table_name = exported.get((2, 0)), exported.get((1, 0))
    tag_names = [exported.get((4, index)) for index in range(len(module.tags))]
    if not memory_name or not table_name or None in tag_names or module.imported_tags:
        raise SplitError("the module does not export its memory, its table and each of its tags")
    if any(name == COLD_TABLE for name, _, _ in module.exports):
        raise SplitError("the module is split already")
    first = module.function_imports
    hot = _with_callees(module, set(hot), DIRECT_CALLS)
    cold = [
        f for f in range(first, len(module.function_types)) if f not in hot and _movable(module, f, exported_globals)
    ]
    cold_index = {f: i for i, f in enumerate(cold)}  # its index in the cold part (which imports no function)

    # The cold bodies; their calls to hot functions go through slots after the cold ones.
    callees: dict[int, int] = {}  # a hot function (or an import) -> its slot in the cold table
    used_globals: dict[int, int] = {}  # a global of the hot part -> its index in the cold part
    code = bytearray(_uleb(len(cold)))
    for f in cold:
        start, end = module.bodies[f - first]
        copied = body_start(data, start)
        out = bytearray(data[start:copied])
        for ins in instructions(data, start, end):
            if ins.target is None:
                continue
            out += data[copied : ins.start]
            copied = ins.end
            if ins.opcode in (0x23, 0x24):
                out += bytes([ins.opcode]) + _uleb(used_globals.setdefault(ins.target, len(used_globals)))
            elif ins.target in cold_index:
                out += bytes([ins.opcode]) + _uleb(cold_index[ins.target])
            else:
                slot = callees.setdefault(ins.target, 1 + len(cold) + len(callees))
                indirect = 0x11 if ins.opcode == 0x10 else 0x13
                out += (
                    b"\x41" + _sleb_bytes(slot) + bytes([indirect]) + _uleb(module.function_types[ins.target]) + b"\x01"
                )
        out += data[copied:end]
        code += _uleb(len(out)) + out
    return Split(
        _hot_part(module, cold, callees),
        _cold_part(module, cold, used_globals, exported_globals, memory_name, table_name, tag_names, bytes(code)),
    )


def _void_type(types: list[bytes]) -> tuple[list[bytes], int]:
    """The types with one of no params and no results, and its index."""
    void = b"\x60\x00\x00"
    if void in types:
        return types, types.index(void)
    return [*types, void], len(types)


def _hot_part(module: Module, cold: list[int], callees: dict[int, int]) -> bytes:
    data = module.data
    types, void = _void_type(module.types)
    size = 1 + len(cold) + len(callees)
    table = _uleb(module.tables)  # the cold table comes after the module's own
    stubs = {}
    for slot, f in enumerate(cold, start=1):
        type_index = module.function_types[f]
        stubs[f - module.function_imports] = (
            b"\x00\x02\x40\x41"
            + _sleb_bytes(slot)
            + b"\x25"
            + table
            + b"\xd1\x45\x0d\x00\x41\x00\x11"
            + _uleb(void)
            + table
            + b"\x0b"
            + b"".join(b"\x20" + _uleb(i) for i in range(_params(module.types[type_index])))
            + b"\x41"
            + _sleb_bytes(slot)
            + b"\x11"
            + _uleb(type_index)
            + table
            + b"\x0b"
        )
    out, copied = bytearray(MAGIC), len(MAGIC)
    for section_id, start, end in module.sections:
        if section_id == TYPE:
            body = _uleb(len(types)) + b"".join(types)
        elif section_id == TABLE:
            count, at = _leb(data, start)
            body = _uleb(count + 1) + data[at:end] + bytes([FUNCREF, 1]) + _uleb(size) + _uleb(size)
        elif section_id == EXPORT:
            count, at = _leb(data, start)
            body = _uleb(count + 1) + data[at:end] + _name(COLD_TABLE) + b"\x01" + table
        elif section_id == ELEMENT and callees:
            count, at = _leb(data, start)
            ordered = sorted(callees, key=callees.__getitem__)
            segment = b"\x02" + table + b"\x41" + _sleb_bytes(1 + len(cold)) + b"\x0b\x00" + _uleb(len(ordered))
            body = _uleb(count + 1) + data[at:end] + segment + b"".join(_uleb(f) for f in ordered)
        elif section_id == CODE:
            code = bytearray(_uleb(len(module.bodies)))
            for i, (body_from, body_to) in enumerate(module.bodies):
                piece = stubs.get(i, data[body_from:body_to])
                code += _uleb(len(piece)) + piece
            body = bytes(code)
        else:
            out += data[copied:end]
            copied = end
            continue
        out += _section(section_id, bytes(body))
        copied = end
    if not module.section(ELEMENT) and callees:
        raise SplitError("the module has no element section to add the cold part's callees to")
    return bytes(out)


def _cold_part(
    module: Module,
    cold: list[int],
    used_globals: dict[int, int],
    exported_globals: dict[int, str],
    memory_name: str,
    table_name: str,
    tag_names: list,
    code: bytes,
) -> bytes:
    types, _ = _void_type(module.types)
    global_types = [global_type for global_type, _ in global_entries(module)]
    imports = [
        _name("p") + _name(table_name) + bytes([1, FUNCREF, 0, 0]),
        _name("p") + _name(COLD_TABLE) + bytes([1, FUNCREF, 0, 0]),
        _name("p") + _name(memory_name) + b"\x02" + module.memory,
    ]
    for g in sorted(used_globals, key=used_globals.__getitem__):
        imports.append(_name("p") + _name(exported_globals[g]) + b"\x03" + global_types[g])
    for name, tag in zip(tag_names, module.tags):
        imports.append(_name("p") + _name(name) + b"\x04" + tag)
    functions = _uleb(len(cold)) + b"".join(_uleb(module.function_types[f]) for f in cold)
    elements = b"\x01\x02\x01\x41\x01\x0b\x00" + _uleb(len(cold)) + b"".join(_uleb(i) for i in range(len(cold)))
    return (
        MAGIC
        + _section(TYPE, _uleb(len(types)) + b"".join(types))
        + _section(IMPORT, _uleb(len(imports)) + b"".join(imports))
        + _section(FUNCTION, functions)
        + _section(ELEMENT, elements)
        + _section(CODE, code)
    )


# --- The list of hot functions --------------------------------------------------


def digest(wasm: bytes) -> str:
    """What the list of hot functions is for: the module it was made on."""
    return hashlib.sha256(wasm).hexdigest()


def hot_functions(wasm: bytes, path: Path = HOT_LIST) -> list[int] | None:
    """The hot functions listed for this very module, or None (no list, or one made on another)."""
    if not path.is_file():
        return None
    listed = json.loads(path.read_text(encoding="utf-8"))
    if listed.get("pyodide_wasm_sha256") != digest(wasm):
        return None
    return listed["functions"]
