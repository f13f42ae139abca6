"""The CJK codecs', unicodedata's and iconv's tables in the cold part of Pyodide's wasm.

The module is build/runtime/wasm_cold_data.py.

Without a browser: the two parts together write npm's very memory, the hot
part holds none of the tables and nothing of it points at them, and a table
a constant of the hot part points into stays hot. The codecs' and
unicodedata's answers are checked against npm's whole wasm in
tests/build/test_wasm_split.py, and in the page in
tests/browser/test_wasm_split.py.
"""

import bisect

import pytest
from build_helpers import ROOT, built_site, wasm_parts  # noqa: F401 (built_site: the dist fixture)
from runtime import wasm_cold_data as cold_data

NPM_WASM = ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm"


@pytest.fixture(scope="module")
def split_parts(dist):
    return wasm_parts(dist)


def test_the_two_parts_write_npm_s_very_memory(split_parts):
    hot, cold = split_parts
    npm = cold_data.image(cold_data.segments(NPM_WASM.read_bytes()))
    memory = bytearray(cold_data.image(cold_data.segments(hot)))
    memory += bytes(len(npm) - len(memory))
    moved = cold_data.segments(cold)
    assert sum(len(s.data) for s in moved) > 1_300_000  # the codecs' maps, unicodedata's and iconv's tables
    for segment in moved:
        assert not any(memory[segment.offset : segment.offset + len(segment.data)]), "written by both parts"
        memory[segment.offset : segment.offset + len(segment.data)] = segment.data
    assert bytes(memory) == npm


def within(ranges: list[tuple[int, int]], margin: int = 0):
    """A test of whether an address lies in one of ``ranges`` (sorted, apart), widened by ``margin``."""
    starts = [start - margin for start, _ in ranges]

    def test(address: int) -> bool:
        k = bisect.bisect_right(starts, address) - 1
        return k >= 0 and address < ranges[k][1] + margin

    return test


def test_the_hot_part_neither_holds_nor_points_at_a_moved_table(split_parts):
    hot, cold = split_parts
    moved = within([(s.offset, s.offset + len(s.data)) for s in cold_data.segments(cold)])
    near_moved = within([(s.offset, s.offset + len(s.data)) for s in cold_data.segments(cold)], cold_data.GUARD)
    hot_addresses = cold_data.addresses(hot)
    assert not [a for a in hot_addresses if near_moved(a)]
    # The only data pointing at a moved map are the codecs' indexes, which only cold code reads.
    memory = cold_data.image(cold_data.segments(hot))
    found = cold_data.indexes(memory, 1024)
    in_index = within([(at, at + 8 * 256) for at, _ in found])
    firsts = {start for _, maps in found for start, _ in maps if moved(start)}
    words = memoryview(memory)[: len(memory) // 4 * 4].cast("I")
    pointing = [4 * i for i, word in enumerate(words) if word in firsts]
    assert len(firsts) > 1000 and len(pointing) >= len(firsts)
    assert all(in_index(at) for at in pointing)
    assert not [a for a in hot_addresses if in_index(a)]


def test_a_table_that_a_hot_constant_points_into_stays_hot(split_parts):
    hot, _ = split_parts
    segments = cold_data.segments(NPM_WASM.read_bytes())
    addresses = cold_data.addresses(hot)
    found = cold_data.cjk_tables(segments, addresses)
    start, end = found[len(found) // 2]
    middle = (start + end) // 2
    again = cold_data.cjk_tables(segments, addresses | {middle})
    assert not any(s <= middle < e for s, e in again)
    assert 0 < sum(e - s for s, e in found) - sum(e - s for s, e in again) <= 4 * 512  # that map and its neighbours


def test_unicodedata_s_tables_move_and_its_neighbours_docstrings_stay(split_parts):
    hot, cold = split_parts
    moved = b"".join(s.data for s in cold_data.segments(cold))
    kept = cold_data.image(cold_data.segments(hot))
    for name in (b"LATIN CAPITAL LETTER", b"This module provides access to the Unicode Character Database"):
        assert name in moved and name not in kept
    # The files laid out on either side, the CJK codecs' glue and fcntl, are not unicodedata's
    # tables: their docstrings move (or stay) by the docstrings' own rule, not with the tables.
    segments = cold_data.segments(NPM_WASM.read_bytes())
    memory = cold_data.image(segments)
    hot_addresses = cold_data.addresses(hot)
    tables = cold_data.unicodedata_tables(segments, hot_addresses, cold_data.body_addresses(cold))
    for docstring in (b"__create_codec($module, arg, /)", b"This module performs file control"):
        at = memory.find(docstring)
        assert at > 0 and not any(s <= at < e for s, e in tables)


def test_docstrings_move_when_only_data_points_at_them():
    """A C module's docstring moves when data points at its first byte and at
    nothing inside it, and no hot code points into it or near it; a name, a
    text that code prints, and a text that another name shares the tail of
    (data pointing inside it) stay."""
    doc = b"Return the number of items in a container, counted as the type counts them."
    printed = b"an error message that the hot part's code prints with its own format"
    shared = b"a docstring whose last word is also the name of something else: items"
    name = b"a short name"
    apart = b"-" * (2 * cold_data.GUARD)  # not a docstring (no spaces): keeps the printed text's code away
    text = b"\0" + doc + b"\0" + shared + b"\0" + name + b"\0" + apart + b"\0" + printed + b"\0"
    base = 1024
    at = {t: base + text.index(b"\0" + t + b"\0") + 1 for t in (doc, printed, shared, name)}
    inside = at[shared] + len(shared) - len(b"items")
    pointers = b"".join(a.to_bytes(4, "little") for a in (at[doc], at[printed], at[shared], inside, at[name]))
    segments = [cold_data.Segment(base, text), cold_data.Segment(base + 4096, pointers)]
    found = cold_data.docstrings(segments, foreign={at[printed]})
    assert found == [(at[doc], at[doc] + len(doc) + 1)]


def test_a_unicodedata_table_that_a_hot_constant_points_into_stays_hot(split_parts):
    hot, cold = split_parts
    segments = cold_data.segments(NPM_WASM.read_bytes())
    addresses = cold_data.addresses(hot)
    bodies = cold_data.body_addresses(cold)
    found = cold_data.unicodedata_tables(segments, addresses, bodies)
    start, end = max(found, key=lambda r: r[1] - r[0])
    middle = (start + end) // 2
    again = cold_data.unicodedata_tables(segments, addresses | {middle}, bodies)
    assert not any(s - cold_data.GUARD <= middle < e for s, e in again)
    assert any(s <= start < e for s, e in again)  # the table's start still moves


def test_musl_s_iconv_tables_move_and_no_shipped_code_points_at_them(split_parts):
    hot, cold = split_parts
    moved = b"".join(s.data for s in cold_data.segments(cold))
    memory = cold_data.image(cold_data.segments(hot))
    assert b"shiftjis\0sjis\0cp932\0" in moved and b"shiftjis\0sjis\0cp932\0" not in memory
    charsets = cold_data.image(cold_data.segments(NPM_WASM.read_bytes())).find(b"\0utf8\0char\0\0") + 1
    for part in (hot, cold):
        assert not any(charsets in found for found in cold_data.body_addresses(part))


def test_iconv_tables_stay_when_iconv_is_kept():
    npm = NPM_WASM.read_bytes()
    segments, bodies = cold_data.segments(npm), cold_data.body_addresses(npm)
    everything = set(range(len(bodies)))
    naming = cold_data.naming(cold_data.image(segments), bodies, cold_data.ICONV_CHARSETS)
    assert naming
    assert cold_data.iconv_tables(segments, set(), bodies, everything) == []
    around = cold_data.NEIGHBOURS
    taken_out = everything - set(range(min(naming) - around, max(naming) + around + 1))
    assert sum(e - s for s, e in cold_data.iconv_tables(segments, set(), bodies, taken_out)) > 100_000


def test_only_cjk_indexes_are_taken_for_tables():
    """An array of 256 {pointer, byte, byte} entries whose pointers do not follow each other is no index."""
    entries = bytearray()
    for k in range(256):
        entries += (100_000 + 97 * k).to_bytes(4, "little") + bytes([0, 10, 0, 0])  # 11 codes, 22 bytes: gaps
    beyond = cold_data.Segment(110_000, b"\x01")  # memory up to past the maps
    assert cold_data.cjk_tables([cold_data.Segment(1024, bytes(entries)), beyond], set()) == []
    chained = bytearray()
    for k in range(256):
        chained += (100_000 + 22 * k).to_bytes(4, "little") + bytes([0, 10, 0, 0])
    assert cold_data.cjk_tables([cold_data.Segment(1024, bytes(chained)), beyond], set()) == [
        (100_000, 100_000 + 22 * 256)
    ]


def test_without_cuts_ranges_out_of_segments():
    segment = cold_data.Segment
    segs = [segment(100, bytes(range(1, 41))), segment(200, b"\x07" * 10)]
    kept = cold_data.without(segs, [(110, 120), (135, 205)])
    assert kept == [segment(100, bytes(range(1, 11))), segment(120, bytes(range(21, 36))), segment(205, b"\x07" * 5)]


def test_the_module_s_examples_run():
    import doctest

    assert doctest.testmod(cold_data).failed == 0
