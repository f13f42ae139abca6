"""Static tables of Pyodide's wasm that no start reads, moved into its cold part.

Four groups of ``static const`` data sit in the hot part's data, which a
first visit downloads before Python can start, and no game reads them:

- the CJK codecs' maps (``_codecs_jp``, ``_codecs_cn``, ``_codecs_kr``,
  ``_codecs_tw``, ``_codecs_hk``): 580 kB, 155 kB with brotli;
- unicodedata's database and names (Modules/unicodedata_db.h,
  unicodename_db.h): 690 kB, 265 kB with brotli;
- musl's iconv tables (src/locale/iconv.c's character sets): 126 kB, 94 kB
  with brotli; iconv itself is among the code the dead-code pass took out
  (Python has its own codecs), so nothing can read them at all;
- and the C modules' docstrings that only data names (``docstrings``):
  about 1,500 texts, 275 kB, the hot part 52 kB smaller with brotli and
  70 kB with gzip; read before the cold part is in, one is empty text.

This module takes them out of the hot part's data and gives them to the
cold part (build/runtime/wasm_split.py) as active data segments, written into the
memory the moment the cold part is instantiated: after ready, or at the
first call of a cold function, whichever comes first.

Why that is safe without the wasm's symbols:

- A ``static const`` array of a C file can only be named by that file's
  code. The codecs and unicodedata are never imported by a start, so all
  their code is cold, and iconv's is gone: no table is read before the
  cold part is in. The checks do not take that on trust: a table that a
  constant of the hot part (or of any other function) points into or next
  to (within ``GUARD`` bytes), or whose first byte other data points at,
  stays in the hot part.
- Where a table ends is known without symbols. A CJK map is found by its
  index, 256 ``{map, bottom, top}`` entries (``struct dbcs_index`` and
  ``struct unim_index``) whose maps follow each other; each entry's
  ``top - bottom + 1`` two-byte codes are exactly what the codec may read.
  unicodedata's and iconv's tables are what their functions alone point
  at, in address order, each up to the next address anything points at;
  the linker lays a file's data out together, and the last table stops
  where other data points (the next file's docstrings begin there).
- The tables are never written, so writing them again over a restored
  memory snapshot (which holds them once the cold part had loaded) leaves
  the same bytes.

Standard library only, as build.py.
"""

from __future__ import annotations

import re
import struct
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Set
from typing import NamedTuple

from . import wasm_split
from .wasm_exports import MAGIC, WasmError, _leb, _uleb, sections

DATA, DATA_COUNT = 11, 12
GUARD = 64  # bytes around a table that no constant of the hot part may point into
ENTRIES = 256  # an index has an entry for each lead byte
CHAINED = 0.9  # the share of an index's maps that start where the one before ended

# An i32.const followed by one of these is a number, not an address used as
# one: a multiplier (1664525), a mask (0x1FC000), a shift, a bound compared
# with (0x110000), something subtracted.
NUMERIC = {0x6B, *range(0x6C, 0x79), *range(0x46, 0x50)}


class Segment(NamedTuple):
    """An active data segment: where it goes in memory and its bytes."""

    offset: int
    data: bytes


def segments(data: bytes) -> list[Segment]:
    """The data segments of a module; each must be active at a constant offset of memory 0."""
    found = [(start, end) for section_id, start, end in sections(data) if section_id == DATA]
    if not found:
        return []
    at, end = found[0]
    count, at = _leb(data, at)
    out = []
    for _ in range(count):
        flags, at = _leb(data, at)
        if flags != 0 or data[at] != 0x41:
            raise WasmError("a data segment that is passive, of another memory or at a computed offset")
        offset, at = wasm_split.sleb_value(data, at + 1)
        if data[at] != 0x0B:
            raise WasmError("a data segment's offset is not one constant")
        size, at = _leb(data, at + 1)
        out.append(Segment(offset, data[at : at + size]))
        at += size
    if at != end:
        raise WasmError("the data section does not end with its last segment")
    return out


def image(segs: Iterable[Segment]) -> bytes:
    """The memory the segments make, from address 0 to the last byte they write."""
    segs = list(segs)
    memory = bytearray(max((s.offset + len(s.data) for s in segs), default=0))
    for s in segs:
        memory[s.offset : s.offset + len(s.data)] = s.data
    return bytes(memory)


def addresses(data: bytes) -> set[int]:
    """Every constant of a module that may be an address: each i32.const not
    used as a number (``NUMERIC``: followed by a multiplication, a mask, a
    comparison...), each load's and store's offset, a constant and the
    offset of the access right after it added, and the globals' values."""
    found = {v for _, constants in wasm_split.global_entries(wasm_split.read(data)) for v in constants}
    for each in body_addresses(data):
        found |= each
    return found


def body_addresses(data: bytes) -> list[set[int]]:
    """What ``addresses`` finds in each function body of a module, body by body."""
    out = []
    for start, end in wasm_split.read(data).bodies:
        found: set[int] = set()
        constant = None
        for ins in wasm_split.instructions(data, start, end):
            if constant is not None and ins.opcode not in NUMERIC:
                found.add(constant)
            offset = _memarg_offset(data, ins)
            if offset is not None:
                found.add(offset)
                if constant is not None:
                    found.add((constant + offset) & 0xFFFFFFFF)
            constant = (wasm_split.sleb_value(data, ins.start + 1)[0] & 0xFFFFFFFF) if ins.opcode == 0x41 else None
        out.append(found)
    return out


def _memarg_offset(data: bytes, ins: wasm_split.Instruction) -> int | None:
    op = ins.opcode
    simd = 0xFD00 <= op < 0xFE00 and op - 0xFD00 in wasm_split.SIMD_MEMARG | wasm_split.SIMD_MEMARG_LANE
    if op in wasm_split.MEMARG:
        at = ins.start + 1
    elif simd or (op >= 0xFE00 and op != 0xFE03):  # past the sub-opcode (atomic.fence has no memarg)
        at = _leb(data, ins.start + 1)[1]
    else:
        return None
    align, at = _leb(data, at)
    if align & 0x40:
        _, at = _leb(data, at)
    return _leb(data, at, limit=10)[0]


def indexes(memory: bytes, start: int) -> list[tuple[int, list[tuple[int, int]]]]:
    """Each CJK index in ``memory`` at or after address ``start``: its address and its maps' (address, end).

    >>> entry = lambda k: (4096 + 188 * k).to_bytes(4, "little") + bytes([0x21, 0x7E, 0, 0])  # 94 codes each
    >>> found = indexes(b"\\xff" * 16 + b"".join(entry(k) for k in range(8)) + bytes(8 * 248) + bytes(8192), 0)
    >>> found[0][0], found[0][1][:2]
    (16, [(4096, 4284), (4284, 4472)])
    """
    words = struct.unpack_from(f"<{len(memory) // 4}I", memory)
    found = []
    i = start // 4
    last = len(words) - 2 * ENTRIES
    while i <= last:
        maps = _index_at(words, i, len(memory))
        if maps is None:
            i += 1
            continue
        found.append((4 * i, maps))
        i += 2 * ENTRIES
    return found


def _index_at(words: tuple[int, ...], i: int, size: int) -> list[tuple[int, int]] | None:
    maps = []
    for k in range(i, i + 2 * ENTRIES, 2):
        pointer, bounds = words[k], words[k + 1]
        if bounds >> 16:  # the two bytes of padding after bottom and top
            return None
        bottom, top = bounds & 0xFF, bounds >> 8
        if pointer == 0:
            if bounds:
                return None
            continue
        if bottom > top or not 0 < pointer < size:
            return None
        maps.append((pointer, pointer + 2 * (top - bottom + 1)))
    if len(maps) < 8:
        return None
    chained = sum(1 for a, b in zip(maps, maps[1:]) if b[0] == a[1])
    if chained < CHAINED * (len(maps) - 1) or any(end > size for _, end in maps):
        return None
    return maps


def cjk_tables(segs: list[Segment], hot_addresses: set[int]) -> list[tuple[int, int]]:
    """The (start, end) ranges of the CJK maps that may move: see the module's docstring."""
    memory = image(segs)
    base = min((s.offset for s in segs), default=0)
    found = indexes(memory, base)
    family = sorted({(a, a + 8 * ENTRIES) for a, _ in found} | {m for _, maps in found for m in maps})
    near = sorted(hot_addresses)

    def hot_near(start: int, end: int) -> bool:
        k = bisect_left(near, start - GUARD)
        return k < len(near) and near[k] < end + GUARD

    starts = {start for start, _ in family}
    pointed_to = set()  # first bytes of the family that a word of other data points to
    inside = _Ranges(family)
    words = struct.unpack_from(f"<{len(memory) // 4}I", memory)
    for i, word in enumerate(words):
        if word in starts and not inside.holds(4 * i):
            pointed_to.add(word)
    moved = []
    for at, maps in found:
        if hot_near(at, at + 8 * ENTRIES) or at in pointed_to:
            continue
        moved += [(s, e) for s, e in maps if not hot_near(s, e) and s not in pointed_to]
    return _merged(moved)


# unicodedata's own error messages: the cold functions that name one are its
# functions, and the functions next to them in the code section (the linker
# lays out a file's functions together) are the rest of that file.
UNICODEDATA_MESSAGES = (
    b"invalid normalization form\0",
    b"not a decimal\0",
    b"not a digit\0",
    b"not a numeric character\0",
)
# The first names of musl's iconv.c list of character sets: the functions that
# name it are iconv's, which the dead-code pass took out (Python has its own codecs).
ICONV_CHARSETS = (b"utf8\0char\0\0",)
NEIGHBOURS = 4  # functions on either side of the first and last that name a message
CLUSTER_GAP = 128 * 1024  # other data between two of its tables that still leaves them one group
CLUSTER_MIN = 64 * 1024  # a smaller group stays hot


def naming(memory: bytes, bodies: list[set[int]], texts: Iterable[bytes]) -> list[int]:
    """The functions (indices into ``bodies``) that point at the first byte of one of these texts in ``memory``."""
    addresses = set()
    for text in texts:
        at = memory.find(b"\0" + text)
        while at >= 0:
            addresses.add(at + 1)
            at = memory.find(b"\0" + text, at + 1)
    return [i for i, found in enumerate(bodies) if found & addresses]


def unicodedata_tables(
    segs: list[Segment], hot_addresses: set[int], cold_bodies: list[set[int]]
) -> list[tuple[int, int]]:
    """The (start, end) ranges of unicodedata's tables that may move (``cold_bodies``:
    what ``body_addresses`` finds in each body of the cold part)."""
    return named_tables(segs, hot_addresses, cold_bodies, UNICODEDATA_MESSAGES)


def iconv_tables(
    segs: list[Segment], hot_addresses: set[int], npm_bodies: list[set[int]], kept: set[int]
) -> list[tuple[int, int]]:
    """The (start, end) ranges of musl's iconv tables that may move (``npm_bodies``:
    what ``body_addresses`` finds in each body of npm's wasm; ``kept``: the bodies
    the dead-code pass kept, whose tables stay)."""
    return named_tables(segs, hot_addresses, npm_bodies, ICONV_CHARSETS, kept)


def named_tables(
    segs: list[Segment],
    foreign: set[int],
    bodies: list[set[int]],
    texts: Iterable[bytes],
    excluded: Set[int] = frozenset(),
) -> list[tuple[int, int]]:
    """``private_tables`` of the functions that name one of ``texts`` and of those
    within ``NEIGHBOURS`` of them, none of ``excluded``."""
    found = [i for i in naming(image(segs), bodies, texts) if i not in excluded]
    if not found:
        return []
    owners = {i for i in range(min(found) - NEIGHBOURS, max(found) + NEIGHBOURS + 1) if i not in excluded}
    return private_tables(segs, foreign, bodies, owners)


def private_tables(
    segs: list[Segment], foreign: set[int], bodies: list[set[int]], owners: set[int]
) -> list[tuple[int, int]]:
    """The (start, end) ranges of the tables only the functions ``owners`` point at.

    ``bodies`` is what ``body_addresses`` finds in each function body,
    ``foreign`` what else points into memory (the hot part's constants). The
    tables are the data that only ``owners`` point at, in address order, each
    up to the next address anything points at: static const arrays of one C
    file, laid out together by the linker. What any other function points at
    in between, from ``GUARD`` bytes before it up to the owners' next table,
    stays, and so does the part of the last table from the first byte that
    other data points at (the next file's data may start there). A group of
    tables under ``CLUSTER_MIN`` bytes stays whole.
    """
    memory = image(segs)
    base = min((s.offset for s in segs), default=0)
    pointed_by: dict[int, set[int]] = {}
    for i, found in enumerate(bodies):
        for address in found:
            if base <= address < len(memory):
                pointed_by.setdefault(address, set()).add(i)
    others = {a for a in foreign if base <= a < len(memory)}
    starts = sorted(set(pointed_by) | others | {base})
    ends = [*starts[1:], len(memory)]
    tables = [a not in others and a in pointed_by and pointed_by[a] <= owners for a in starts]
    # A table whose first byte other data points at stays (as a CJK map does).
    inside = _Ranges([(a, e) for a, e, t in zip(starts, ends, tables) if t])
    words = struct.unpack_from(f"<{len(memory) // 4}I", memory)
    outside = sorted({w for i, w in enumerate(words) if base <= w < len(memory) and not inside.holds(4 * i)})
    pointed_at = set(outside)
    tables = [t and a not in pointed_at for a, t in zip(starts, tables)]
    clusters: list[list[list[int]]] = []
    gap = CLUSTER_GAP + 1
    for a, e, table in zip(starts, ends, tables):
        if not table:
            if clusters and gap == 0:
                clusters[-1][-1][1] = a - GUARD
            gap += e - a
            continue
        if gap > CLUSTER_GAP:
            clusters.append([])
        clusters[-1].append([a, e])
        gap = 0
    moved = []
    for cluster in clusters:
        last = cluster[-1]
        k = bisect_right(outside, last[0])
        if k < len(outside) and outside[k] < last[1]:
            last[1] = outside[k] - GUARD
        pieces = [(a, e) for a, e in cluster if a < e]
        if sum(e - a for a, e in pieces) >= CLUSTER_MIN:
            moved += pieces
    return _merged(moved)


# A docstring of a C module: printable text of at least DOC_MIN bytes, with
# at least DOC_SPACES spaces, between two NULs (names, keyword lists and
# format strings are shorter, or have no spaces).
DOCSTRING = re.compile(rb"(?<=\x00)[\t\n\x20-\x7e]{%d,}(?=\x00)" % 48)
DOC_SPACES = 6


def docstrings(segs: list[Segment], foreign: set[int]) -> list[tuple[int, int]]:
    """The (start, end) ranges of the C modules' docstrings that may move.

    A docstring (``PyDoc_STRVAR``) is named by data only: a method table's
    ``ml_doc``, a type's ``tp_doc``, a module's ``m_doc``; CPython reads it
    when something asks for ``__doc__`` or ``__text_signature__`` (help(),
    inspect.signature of a builtin), and a static type copies it into its
    ``__doc__`` once, when it is readied. Read before the cold part has
    arrived, a moved docstring is empty text (its bytes are zero): a valid
    C string, so such a read gives ``""`` or no signature, never a crash,
    and a builtin readied then keeps an empty ``__doc__``; every read after
    the cold part is in gets the text.

    A text moves only when it is one: data points at its first byte, no
    data points inside it, and no constant of ``foreign`` (the hot part's
    code) points into it or within ``GUARD`` bytes of it, as for a table,
    so no hot code prints it as a message or reads it as a format.
    """
    memory = image(segs)
    base = min((s.offset for s in segs), default=0)
    words = struct.unpack_from(f"<{len(memory) // 4}I", memory)
    pointed = sorted({w for w in words if base <= w < len(memory)})
    near = sorted(a for a in foreign if base - GUARD <= a < len(memory) + GUARD)
    found = []
    for text in DOCSTRING.finditer(memory, base):
        start, end = text.start(), text.end() + 1  # with its NUL
        if text.group().count(b" ") < DOC_SPACES:
            continue
        k = bisect_left(pointed, start)
        if k == len(pointed) or pointed[k] != start or (k + 1 < len(pointed) and pointed[k + 1] < end):
            continue
        j = bisect_left(near, start - GUARD)
        if j < len(near) and near[j] < end + GUARD:
            continue
        found.append((start, end))
    return found


class _Ranges:
    """Sorted, possibly overlapping ranges, asked whether they hold an address."""

    def __init__(self, ranges: list[tuple[int, int]]):
        self.ranges = _merged(ranges)
        self.starts = [s for s, _ in self.ranges]

    def holds(self, address: int) -> bool:
        k = bisect_right(self.starts, address) - 1
        return k >= 0 and address < self.ranges[k][1]


def _merged(ranges: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[list[int]] = []
    for start, end in sorted(ranges):
        if out and start <= out[-1][1]:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end])
    return [(s, e) for s, e in out]


def _data_section(segs: list[Segment]) -> bytes:
    body = bytearray(_uleb(len(segs)))
    for s in segs:
        body += b"\x00\x41" + wasm_split._sleb_bytes(s.offset) + b"\x0b" + _uleb(len(s.data)) + s.data
    return bytes([DATA]) + _uleb(len(body)) + bytes(body)


def without(segs: list[Segment], ranges: list[tuple[int, int]]) -> list[Segment]:
    """The segments with the bytes of ``ranges`` (merged, sorted) left out."""
    out = []
    for s in segs:
        pieces = [(s.offset, s.offset + len(s.data))]
        for start, end in ranges:
            if end <= s.offset or start >= s.offset + len(s.data):
                continue
            pieces = [p for a, b in pieces for p in ((a, min(b, start)), (max(a, end), b)) if p[0] < p[1]]
        out += [Segment(a, s.data[a - s.offset : b - s.offset]) for a, b in pieces]
    return out


def move(hot: bytes, cold: bytes, ranges: list[tuple[int, int]]) -> tuple[bytes, bytes]:
    """The hot part without the bytes of ``ranges``, and the cold part writing them."""
    segs = segments(hot)
    memory = image(segs)
    kept = without(segs, ranges)
    out, copied = bytearray(MAGIC), len(MAGIC)
    for section_id, _, end in sections(hot):
        if section_id == DATA:
            out += _data_section(kept)
        elif section_id == DATA_COUNT:
            out += bytes([DATA_COUNT, len(_uleb(len(kept)))]) + _uleb(len(kept))
        else:
            out += hot[copied:end]
        copied = end
    if any(section_id == DATA for section_id, _, _ in sections(cold)):
        raise WasmError("the cold part has data already")
    moved = [Segment(start, memory[start:end]) for start, end in ranges]
    return bytes(out), cold + _data_section(moved)


def with_cold_tables(
    hot: bytes, cold: bytes, npm: bytes | None = None, kept: Iterable[int] = ()
) -> tuple[bytes, bytes, int]:
    """The two parts of a split wasm with the CJK maps and unicodedata's tables moved,
    and musl's iconv tables if given npm's wasm and the functions (by their index in
    it) that the dead-code pass kept; and how many bytes moved."""
    segs, hot_addresses = segments(hot), addresses(hot)
    cold_bodies = body_addresses(cold)
    ranges = cjk_tables(segs, hot_addresses) + unicodedata_tables(segs, hot_addresses, cold_bodies)
    ranges += docstrings(segs, hot_addresses)
    if npm is not None:
        imported = wasm_split.read(npm).function_imports
        kept_bodies = {f - imported for f in kept if f >= imported}
        ranges += iconv_tables(segs, hot_addresses, body_addresses(npm), kept_bodies)
    ranges = _merged(ranges)
    if not ranges:
        return hot, cold, 0
    hot, cold = move(hot, cold, ranges)
    return hot, cold, sum(end - start for start, end in ranges)
