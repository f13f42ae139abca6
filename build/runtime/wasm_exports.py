"""Pyodide's wasm with only the exports something on the page can call.

Pyodide's main module exports about 7,400 functions and 1,100 data symbols:
the whole C API, libc and libc++, for side modules (a package's .so) that
might import them. The game loads no side module. Every export still costs
every start: the browser makes a function object for each when it
instantiates the module, and Emscripten's linker walks them all to give each
function a slot in the function table (commit 3cee9b6).

So the build cuts the export section down to the functions and data symbols
that JavaScript names: the ones the glue (``pyodide.asm.mjs``) reads outside
its list of every export (``assignWasmExports``), and the ones PyScript,
``pyodide.mjs`` and our loader name. As a safeguard it also keeps any the
module imports back through its own table of symbols (``GOT.func``,
``GOT.mem``; none in Pyodide 314.0.7). The memory, the table and the tags
stay. The code, the data and every other section are
copied byte for byte, so nothing else about the module changes.

What this gives up: a side module loaded at run time (``loadPackage`` of a
package with C code) would miss the symbols it imports, and a lookup by
name (C's ``dlsym``, so ``ctypes``; Emscripten's ``ccall``/``cwrap``) finds
only what stayed. The game does none of these; ``build.py
--all-wasm-exports`` ships npm's wasm as it is.

Standard library only, as build.py.

>>> module = bytes([0, 97, 115, 109, 1, 0, 0, 0])  # "\\0asm", version 1
>>> section = [2, 1, ord("f"), 0, 0, 1, ord("g"), 0, 1]  # exports f and g
>>> module += bytes([7, len(section)] + section)
>>> [name for name, kind, index in exports(module)]
['f', 'g']
>>> [name for name, kind, index in exports(with_exports(module, {"g"}))]
['g']
"""

import re
from collections.abc import Iterable

MAGIC = b"\0asm\1\0\0\0"
EXPORT_SECTION = 7
IMPORT_SECTION = 2
# An export's kind byte: 0 function, 1 table, 2 memory, 3 global, 4 tag.
# Functions and globals (data symbols) are cut; the table, the memory and
# the tags always stay.
SYMBOLS = {0, 3}

# Emscripten's glue assigns every export to Module in one function, each as
# `_name=Module["_name"]=wasmExports["name"]` (a data symbol's with
# `.value>>>0` after it), and declares those variables in one `var`
# statement: neither is a use.
ASSIGN_ALL = re.compile(r"function assignWasmExports\(wasmExports\)\{([^}]*)\}")
ASSIGNMENT = re.compile(
    r'([\w$]+)=Module\["([\w$]+)"\]=(?:[\w$]+=|Module\["[\w$]+"\]=)*wasmExports\["([\w$]+)"\](?:\.value>>>0)?'
)
IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")


class WasmError(ValueError):
    """The file is not a WebAssembly module this script can read."""


def _leb(data: bytes, at: int, limit: int = 5) -> tuple[int, int]:
    """An unsigned LEB128 number at ``at`` of at most ``limit`` bytes: (value, offset after it)."""
    value = 0
    for shift in range(0, 7 * limit, 7):
        byte = _byte(data, at)
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
    raise WasmError(f"a number is longer than {limit} bytes")


def _byte(data: bytes, at: int) -> int:
    if at >= len(data):
        raise WasmError("the module ends inside a section")
    return data[at]


def _uleb(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | 0x80 if value else byte)
        if not value:
            return bytes(out)


def sections(data: bytes) -> list[tuple[int, int, int]]:
    """Each section as (id, start of its content, end of its content)."""
    if data[:8] != MAGIC:
        raise WasmError("not a WebAssembly module (version 1)")
    found, at = [], 8
    while at < len(data):
        section_id = data[at]
        size, start = _leb(data, at + 1)
        if start + size > len(data):
            raise WasmError(f"section {section_id} runs past the end of the module")
        found.append((section_id, start, start + size))
        at = start + size
    return found


def _name(data: bytes, at: int) -> tuple[str, int]:
    length, at = _leb(data, at)
    if at + length > len(data):
        raise WasmError("a name runs past the end of its section")
    try:
        return data[at : at + length].decode("utf-8"), at + length
    except UnicodeDecodeError:
        raise WasmError("a name is not UTF-8") from None


def _export_entries(data: bytes, start: int, end: int) -> list[tuple[str, int, int]]:
    body = data[:end]
    count, at = _leb(body, start)
    found = []
    for _ in range(count):
        name, at = _name(body, at)
        kind = _byte(body, at)
        index, at = _leb(body, at + 1)
        found.append((name, kind, index))
    if at != end:
        raise WasmError("the export section has bytes after its last export")
    return found


def exports(data: bytes) -> list[tuple[str, int, int]]:
    """The module's exports as (name, kind, index), in their order."""
    return [
        entry
        for section_id, start, end in sections(data)
        if section_id == EXPORT_SECTION
        for entry in _export_entries(data, start, end)
    ]


def imports(data: bytes) -> list[tuple[str, str, int]]:
    """The module's imports as (module, name, kind), in their order."""
    found = []
    for section_id, start, end in sections(data):
        if section_id != IMPORT_SECTION:
            continue
        body = data[:end]
        count, at = _leb(body, start)
        for _ in range(count):
            module, at = _name(body, at)
            field, at = _name(body, at)
            kind = _byte(body, at)
            if kind == 0:  # function: a type index
                _, at = _leb(body, at + 1)
            elif kind == 1:  # table: a reference type, then limits
                at = _limits(body, _value_type(body, at + 1))
            elif kind == 2:  # memory: limits
                at = _limits(body, at + 1)
            elif kind == 3:  # global: a value type, then whether it is mutable
                at = _value_type(body, at + 1) + 1
            elif kind == 4:  # tag: an attribute, then a type index
                _, at = _leb(body, at + 2)
            else:
                raise WasmError(f"import {module}.{field} has an unknown kind {kind}")
            found.append((module, field, kind))
        if at != end:
            raise WasmError("the import section does not end with its last import")
    return found


def got_imports(data: bytes) -> set[str]:
    """The names the module imports from its own table of symbols (GOT.func, GOT.mem)."""
    return {field for module, field, _ in imports(data) if module.startswith("GOT.")}


def _value_type(data: bytes, at: int) -> int:
    """The offset after the value type at ``at`` (a reference to a heap type takes more bytes)."""
    if _byte(data, at) in (0x63, 0x64):  # (ref null ht), (ref ht): a signed LEB heap type follows
        _, at = _leb(data, at + 1)
        return at
    return at + 1


def _limits(data: bytes, at: int) -> int:
    """The offset after the limits at ``at``: flags, minimum, maximum if any, page size if any."""
    flags = _byte(data, at)
    _, at = _leb(data, at + 1, limit=10)  # 64-bit memories and tables: up to 10 bytes
    if flags & 1:
        _, at = _leb(data, at, limit=10)
    if flags & 8:  # a custom page size
        _, at = _leb(data, at)
    return at


def with_exports(data: bytes, keep: Iterable[str]) -> bytes:
    """The module with only the functions and globals of ``keep`` among its exports.

    The table, the memory and the tags stay exported whatever ``keep`` says;
    every other section is copied byte for byte.
    """
    keep = set(keep)
    out, section_start = bytearray(MAGIC), len(MAGIC)
    for section_id, start, end in sections(data):
        if section_id == EXPORT_SECTION:
            kept = [
                _uleb(len(name.encode())) + name.encode() + bytes([kind]) + _uleb(index)
                for name, kind, index in _export_entries(data, start, end)
                if kind not in SYMBOLS or name in keep
            ]
            body = _uleb(len(kept)) + b"".join(kept)
            out += bytes([EXPORT_SECTION]) + _uleb(len(body)) + body
        else:
            out += data[section_start:end]
        section_start = end
    return bytes(out)


class Glue:
    """Emscripten's glue, with its list of every export and its declaration of their variables.

    Raises WasmError when the glue does not have them in the shape
    Emscripten writes (one ``assignWasmExports``, one ``var`` statement).
    """

    def __init__(self, glue: str):
        assign_all = list(ASSIGN_ALL.finditer(glue))
        if len(assign_all) != 1:
            raise WasmError("the glue must define assignWasmExports once")
        self.statements = []  # (statement, variable, Module key, export name)
        for statement in filter(None, assign_all[0].group(1).split(";")):
            match = ASSIGNMENT.fullmatch(statement)
            if match is None:
                raise WasmError(f"assignWasmExports holds a statement this script cannot read: {statement[:80]}")
            self.statements.append((statement, *match.groups()))
        variables = {variable for _, variable, _, _ in self.statements}
        declarations = [
            match
            for match in re.finditer(r"\bvar ([\w$,]+);", glue)
            if variables <= set(match.group(1).split(","))
        ]
        if len(declarations) != 1:
            raise WasmError("the glue must declare the variables of assignWasmExports in one statement")
        self.glue = glue
        self.body = assign_all[0].span(1)
        self.declaration = declarations[0].span()  # the whole `var ...;` statement
        self.declared = declarations[0].group(1).split(",")

    def outside(self) -> str:
        """The glue without the two places that name every export."""
        first, second = sorted([self.body, self.declaration])
        return self.glue[: first[0]] + self.glue[first[1] : second[0]] + self.glue[second[1] :]

    def text(self, keep: set[str]) -> str:
        """The glue with only the statements (and variables) of the exports in ``keep``."""
        dropped = {variable for _, variable, _, export in self.statements if export not in keep}
        declared = ",".join(name for name in self.declared if name not in dropped)
        edits = {
            self.declaration: f"var {declared};" if declared else "",
            self.body: ";".join(statement for statement, _, _, export in self.statements if export in keep),
        }
        text, at = [], 0
        for (start, end), replacement in sorted(edits.items()):
            text += [self.glue[at:start], replacement]
            at = end
        return "".join(text) + self.glue[at:]


    def named(self, others: Iterable[str]) -> set[str]:
        """The names by which this glue or the other scripts can reach an export.

        ``others`` are the texts of the other scripts on the page that may
        call into the wasm. The set holds every export whose name, glue
        variable or ``Module`` key they use, and every other word they hold
        as well (no export has most of those names).
        """
        used = set()
        for text in [self.outside(), *others]:
            used.update(IDENTIFIER.findall(text))  # string contents too: Module["_x"], wasmExports["x"]
        # An export counts as named when its variable or its Module key is
        # used, or when its own name is (wasmExports["malloc"], a name in a
        # string): a few libc names that are also common words stay for nothing.
        named = {export for _, variable, key, export in self.statements if variable in used or key in used}
        return named | used


def cut(glue: str, wasm: bytes, others: Iterable[str]) -> tuple[str, bytes]:
    """The glue and the wasm with only the exports JavaScript names.

    The glue no longer assigns (nor declares) what the wasm stops exporting:
    its list of every export is about 390 of its 1,250 kB.
    """
    parts = Glue(glue)
    always = {name for name, kind, _ in exports(wasm) if kind not in SYMBOLS}  # memory, table, tags
    keep = parts.named(others) | got_imports(wasm) | always
    return parts.text(keep), with_exports(wasm, keep)
