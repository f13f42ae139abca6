"""Bytecode made by the build for the source texts a start hands to exec() and eval().

Not a build script: build/precompile.mjs puts this file into the start zip
as the module ``_baza_start_code``, beside ``_baza_start_code.bin``, and
edits two modules of the standard library to ask it first (build/runtime/python-edits/):
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

The game's own classes' texts (``MISSED_IN`` names the module that made
each text) come in a second file, ``GAME_PART``, in the game's zip, which
the loader unpacks into the working directory once Python is up: the
start zip, which travels beside the wasm, is that much smaller. It is
read at the first text not found in the first file.

>>> code("eval", "1 + 1")  # not recorded: the text comes back, compiled by the caller
'1 + 1'
>>> MISSED[-1]
('eval', '1 + 1')
"""

import marshal
import sys

# (mode, text) of every text asked for and not found, for the build's record.
MISSED: list[tuple[str, str]] = []
# The module whose class made each text of MISSED ("game.state"), for the build's split.
MISSED_IN: list[str] = []
# The game's part of the table, beside the game's modules in the working directory.
GAME_PART = "_baza_start_code_game.bin"
# The modules that write and compile the texts, between the class's module and here.
MAKERS = frozenset({__name__, "dataclasses", "collections", "typing", "functools", "abc"})

_found: dict[tuple[str, str], object] | None = None
_game_read = False


def _load() -> dict[tuple[str, str], object]:
    """The build's code objects, from the file beside this module in its zip; none elsewhere."""
    try:
        folder = __file__.rpartition("/")[0]
        table = marshal.loads(__loader__.get_data(f"{folder}/_baza_start_code.bin"))  # type: ignore[name-defined]  # the zip importer's, set on the module
    except Exception:  # outside the start zip (sources, the stock zip) or unreadable: compile as usual
        return {}
    return table if isinstance(table, dict) else {}


def _read_game_part() -> None:
    """Add the game's part to the table once the loader has written it (until then, nothing)."""
    global _game_read
    try:
        with open(GAME_PART, "rb") as file:
            table = marshal.loads(file.read())
    except OSError:  # not unpacked yet (or never: a build without it, the game's sources one by one)
        return
    except Exception:  # unreadable: compile as usual
        table = None
    _game_read = True
    if isinstance(table, dict) and _found is not None:
        _found.update(table)


def _maker() -> str:
    """The module whose class asks for a text: the first caller outside MAKERS."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__") in MAKERS:
        frame = frame.f_back  # type: ignore[assignment]  # None ends the loop
    return frame.f_globals.get("__name__", "?") if frame is not None else "?"


def code(mode: str, text: str) -> object:
    """The build's code object for ``text`` compiled in ``mode``, else ``text`` itself."""
    global _found
    if _found is None:
        _found = _load()
    found = _found.pop((mode, text), None)
    if found is None and not _game_read:
        _read_game_part()
        found = _found.pop((mode, text), None)
    if found is None:
        MISSED.append((mode, text))
        MISSED_IN.append(_maker())
        return text
    return found
