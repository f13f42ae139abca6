"""Bytecode made by the build for the source texts a start hands to exec() and eval().

Not a build script: build/precompile.mjs puts this file into the start zip
as the module ``_baza_start_code``, beside ``_baza_start_code.bin``, and
edits two modules of the standard library to ask it first (SOURCE_EDITS):
``dataclasses``, which writes the methods of each data class as Python
source and compiles it as the class is made, and ``collections``, whose
``namedtuple`` does the same for ``__new__``. The game defines 38 data
classes and Python's own ``_colorize`` a dozen more; compiling their
methods was 60 of the 130 ms that importing the game took in Pyodide on
Node.js, work a first visit does on a cold interpreter.

The build records every text that a start compiles this way (``MISSED``,
after it has imported the game), compiles each with Pyodide's own Python
and stores the code objects keyed by (mode, text). A text found here is
exactly one the build compiled, so the class is the same; any other text
(a class defined after the start, a build without the file) is compiled as
usual. Each entry is used once and then dropped, so a memory snapshot made
after the start does not keep them.

>>> code("eval", "1 + 1")  # not recorded: the text comes back, compiled by the caller
'1 + 1'
>>> MISSED[-1]
('eval', '1 + 1')
"""

import marshal

# (mode, text) of every text asked for and not found, for the build's record.
MISSED: list[tuple[str, str]] = []

_found: dict[tuple[str, str], object] | None = None


def _load() -> dict[tuple[str, str], object]:
    """The build's code objects, from the file beside this module in its zip; none elsewhere."""
    try:
        folder = __file__.rpartition("/")[0]
        table = marshal.loads(__loader__.get_data(f"{folder}/_baza_start_code.bin"))  # noqa: F821 (set by the import system)
    except Exception:  # outside the start zip (sources, the stock zip) or unreadable: compile as usual
        return {}
    return table if isinstance(table, dict) else {}


def code(mode: str, text: str) -> object:
    """The build's code object for ``text`` compiled in ``mode``, else ``text`` itself."""
    global _found
    if _found is None:
        _found = _load()
    found = _found.pop((mode, text), None)
    if found is None:
        MISSED.append((mode, text))
        return text
    return found
