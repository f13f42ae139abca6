"""The start zip's standard library (build/precompile.mjs), in Pyodide on Node.js, no browser.

Pyodide's package loader imports shutil, tempfile, zipfile and pathlib when
first used, not at start, and asyncio's futures and concurrent.futures
import logging when first used (build/runtime/python-edits/): the start zip leaves them,
and what only they import, to the whole standard library mounted after
ready, where loadPackage's machinery still finds them.
"""

from build_helpers import built_site, run_on_start_zip, start_zip_modules  # noqa: F401 (the dist fixture)

LATER = {"shutil", "tempfile", "zipfile", "bz2", "lzma", "compression", "pathlib", "glob", "fnmatch", "logging"}

# Pyodide started from the start zip as the page's loader starts it, then
# the stock zip put on the path as the loader mounts it after ready; a wheel
# unpacked through pyodide._package_loader as loadPackage unpacks one.
CHECK = """
import json, sys
at_start = sorted(m for m in %(later)s if m in sys.modules)
sys.path.append("/lib/python_stdlib.zip")
import io, zipfile
wheel = io.BytesIO()
with zipfile.ZipFile(wheel, "w") as z:
    z.writestr("tiny/__init__.py", "ANSWER = 42\\\\n")
    z.writestr("tiny-1.0.dist-info/METADATA", "Metadata-Version: 2.1\\\\nName: tiny\\\\nVersion: 1.0\\\\n")
    z.writestr("tiny-1.0.dist-info/WHEEL", "Wheel-Version: 1.0\\\\n")
    z.writestr("tiny-1.0.dist-info/RECORD", "")
from pyodide._package_loader import get_format, unpack_buffer
from pyodide.ffi import to_js
unpack_buffer(to_js(wheel.getvalue()), filename="tiny-1.0-py3-none-any.whl", extract_dir="/tmp/site")
sys.path.insert(0, "/tmp/site")
import tiny
import os, pathlib, logging, asyncio.futures, concurrent.futures
from pyodide import _package_loader as loader
os.makedirs(f"{loader.SITE_PACKAGES}/tiny-1.0.dist-info", exist_ok=True)
with open(f"{loader.SITE_PACKAGES}/tiny-1.0.dist-info/METADATA", "w") as file:
    file.write("Name: tiny\\\\n")
loader.init_loaded_packages()
from pyodide_js import loadedPackages
failed = concurrent.futures.Future()
def callback(future):
    raise ValueError("a failing callback")
failed.add_done_callback(callback)
logged = []
class Keep(logging.Handler):
    def emit(self, record):
        logged.append(record.getMessage())
logging.getLogger("concurrent.futures").addHandler(Keep())
failed.set_result(1)
json.dumps({"at_start": at_start, "format": get_format("whl"), "answer": tiny.ANSWER,
            "site": [str(loader.SITE_PACKAGES), loader.get_install_dir(), loader.get_install_dir("dynlib"),
                     isinstance(loader.SITE_PACKAGES / "tiny", pathlib.Path), loader.SITE_PACKAGES.name],
            "loaded": loadedPackages.tiny, "logged": logged,
            "stack_debug": asyncio.futures.STACK_DEBUG == logging.DEBUG - 1})
"""


def test_the_start_leaves_shutil_tempfile_and_zipfile_for_later_and_wheels_still_unpack(dist, tmp_path):
    tops = start_zip_modules(dist)
    assert not tops & LATER and {"asyncio", "pyodide", "random"} <= tops
    found = run_on_start_zip(dist, tmp_path, CHECK % {"later": sorted(LATER)})
    assert [found["at_start"], found["format"], found["answer"]] == [[], "whl", 42]
    # pathlib at first use: the folders as text, a pathlib.Path for anything more;
    # the packages already installed are still found.
    site = found["site"][0]
    assert site.endswith("site-packages") and found["site"] == [site, site, "/usr/lib", True, "site-packages"]
    assert found["loaded"] == "Unknown"
    # logging at first use: a failing callback is still logged; asyncio's constant is logging's.
    assert found["logged"] == ["exception calling callback for <Future at 0x" + found["logged"][0].split("0x")[1]]
    assert found["stack_debug"] is True


# Every code object of the start zip's .pyc (the standard library's and
# PyScript's) and of the game's zip, and a traceback raised inside one of
# the start zip's modules.
POSITIONS = """
import json, marshal, sys, traceback, types
start_zip = [path for path in sys.path if path.endswith(".zip")][0]
sys.path.append("/lib/python_stdlib.zip")  # zipfile is not in the start zip
import zipfile
def codes(code):
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from codes(const)
with_columns, without_lines, pycs = [], [], 0
for archive in (start_zip, "/lib/game.zip"):
    with zipfile.ZipFile(archive) as start:
        for name in start.namelist():
            if name.endswith(".pyc"):
                pycs += 1
                for code in codes(marshal.loads(start.read(name)[16:])):
                    positions = list(code.co_positions())
                    if any(column is not None for _, _, column, _ in positions):
                        with_columns.append(name)
                    if positions and all(line is None for line, _, _, _ in positions):
                        without_lines.append(name)
try:
    json.loads("[1, 2")
except ValueError:
    trace = traceback.format_exc()
json.dumps({"pycs": pycs, "with_columns": sorted(set(with_columns)), "without_lines": sorted(set(without_lines)),
            "trace": trace})
"""


def test_the_start_zip_s_bytecode_keeps_line_numbers_and_leaves_out_column_positions(dist, tmp_path):
    """Column positions (the ^^^ under an expression in a traceback) are a
    quarter of the start zip over the wire; the file and line of every frame
    stay, so an error report still says where it happened."""
    found = run_on_start_zip(dist, tmp_path, POSITIONS)
    assert found["pycs"] > 150
    assert found["with_columns"] == []
    assert found["without_lines"] == []
    assert 'json/decoder.py", line ' in found["trace"] and "JSONDecodeError" in found["trace"]


# The build's bytecode for the methods of data classes and named tuples
# (build/start_code.py): every module of the game imported as the build
# imports them, then each stored code object set beside what Python
# compiles of the same text here (this Python keeps column positions,
# which the build's leaves out: those tables are set aside).
START_CODE = """
import importlib, json, marshal, os, sys, types
start_zip = [path for path in sys.path if path.endswith(".zip")][0]
import _baza_start_code
at_init = list(_baza_start_code.MISSED)
sys.path.append("/lib/python_stdlib.zip")  # zipfile is not in the start zip
import zipfile
with zipfile.ZipFile(start_zip) as start:
    table = marshal.loads(start.read("_baza_start_code.bin"))
with zipfile.ZipFile("/lib/game.zip") as start:
    game_part = marshal.loads(start.read("baza-home/_baza_start_code_game.bin"))
    game = [name for name in start.namelist() if name.startswith("baza-home/") and name.endswith(".pyc")
            and not name.startswith(("baza-home/pyscript/", "baza-home/ui/main."))]
    for name in [*game, "baza-home/_baza_start_code_game.bin"]:
        path = name.removeprefix("baza-home/")
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path, "wb") as file:
            file.write(start.read(name))
sys.path.insert(0, os.getcwd())
before = len(_baza_start_code.MISSED)
imported = 0
for name in sorted(game):
    module = name.removeprefix("baza-home/").removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
    try:
        importlib.import_module(module)
        imported += 1
    except ImportError:  # needs PyScript, as in the build
        pass
def bare(code):
    consts = tuple(bare(const) if isinstance(const, types.CodeType) else const for const in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)
both = {**table, **game_part}
differ = [text[:60] for (mode, text), code in both.items()
          if bare(code) != bare(compile(text, "<string>", mode, dont_inherit=True))]
kinds = sorted({(mode, text.split("(")[0].split(",")[0]) for mode, text in both})
json.dumps({"entries": len(table), "game_entries": len(game_part), "in_both": len(table.keys() & game_part.keys()),
            "kinds": kinds, "differ": differ, "imported": imported,
            "missed_at_init": [text[:60] for _, text in at_init],
            "missed_by_the_game": [text[:60] for _, text in _baza_start_code.MISSED[before:]]})
"""


def test_a_start_compiles_no_data_class_and_the_build_s_bytecode_is_python_s(dist, tmp_path):
    """A data class writes its methods as source and compiles them as it is
    made: 38 of the game's and a dozen of Python's own at every start. The
    start zip holds that bytecode for Python's own, the game's zip for the
    game's, compiled by the build; a start finds every text there, and each
    stored code object is what Python makes of its text."""
    found = run_on_start_zip(dist, tmp_path, START_CODE)
    assert found["entries"] >= 10 and found["game_entries"] >= 30, found
    assert found["in_both"] == 0
    assert found["kinds"] == [["eval", "lambda _cls"], ["exec", "def __create_fn__"]]  # namedtuple, dataclass
    assert found["differ"] == []
    assert found["imported"] >= 60
    assert found["missed_at_init"] == []
    assert found["missed_by_the_game"] == []


# asyncio's loops for sockets, subprocesses and TLS, left for later
# (build/runtime/python-edits/): what a start imports, then each of their names asked for
# once the whole standard library is mounted, and the values that the
# edited signatures of asyncio.events write out.
ASYNCIO_LATER = {"asyncio.base_events", "asyncio.streams", "asyncio.subprocess", "asyncio.unix_events",
                 "asyncio.selector_events", "asyncio.sslproto", "socket", "ssl", "selectors", "subprocess", "locale"}
ASYNCIO = """
import asyncio, inspect, json, sys, types
at_start = sorted(m for m in %(later)s if m in sys.modules)
loop = asyncio.get_event_loop()
sys.path.append("/lib/python_stdlib.zip")
import socket, subprocess
names = {name: getattr(asyncio, name) for name in ("BaseEventLoop", "Server", "StreamReader", "open_connection",
                                                   "create_subprocess_exec", "SelectorEventLoop", "EventLoop")}
star = {}
exec("from asyncio import *", star)
parts = ("base_events coroutines events exceptions futures graph locks protocols runners queues streams "
         "subprocess tasks taskgroups timeouts threads transports unix_events").split()
expected = sorted(name for part in parts for name in getattr(asyncio, part).__all__)
server = inspect.signature(asyncio.AbstractEventLoop.create_server).parameters
shell = inspect.signature(asyncio.AbstractEventLoop.subprocess_shell).parameters
run = inspect.signature(asyncio.AbstractEventLoop.subprocess_exec).parameters
async def answer():
    await asyncio.sleep(0)
json.dumps({
    "at_start": at_start,
    "loop": type(loop).__name__,
    "policy_base": [c.__name__ for c in type(asyncio.get_event_loop_policy()).__mro__[1:]],
    "names": {name: f"{value.__module__}.{value.__qualname__}" for name, value in names.items()},
    "all": sorted(asyncio.__all__) == expected,
    "star": all(name in star for name in expected),
    "defaults": [server["family"].default == socket.AF_UNSPEC, server["flags"].default == socket.AI_PASSIVE,
                 all(p[k].default == subprocess.PIPE for p in (shell, run) for k in ("stdin", "stdout", "stderr"))],
    "default_policy": asyncio.DefaultEventLoopPolicy.__name__,
    "task": type(asyncio.ensure_future(answer())).__name__,  # run by the page's event loop (not in Node.js)
})
"""


def test_asyncio_s_loops_for_sockets_and_subprocesses_come_at_first_use(dist, tmp_path):
    """Pyodide runs its own WebLoop and the game opens no socket: asyncio's
    other loops, and the socket, ssl, selectors and subprocess modules, stay
    out of the start zip (113 kB with brotli) and import when first asked for."""
    tops = start_zip_modules(dist)
    assert not tops & {"socket", "ssl", "selectors", "subprocess", "locale"}
    found = run_on_start_zip(dist, tmp_path, ASYNCIO % {"later": sorted(ASYNCIO_LATER)})
    assert found["at_start"] == []
    assert found["loop"] == "WebLoop"
    assert found["policy_base"][0] == "_BaseDefaultEventLoopPolicy"
    assert found["names"] == {
        "BaseEventLoop": "asyncio.base_events.BaseEventLoop",
        "Server": "asyncio.base_events.Server",
        "StreamReader": "asyncio.streams.StreamReader",
        "open_connection": "asyncio.streams.open_connection",
        "create_subprocess_exec": "asyncio.subprocess.create_subprocess_exec",
        "SelectorEventLoop": "asyncio.unix_events._UnixSelectorEventLoop",
        "EventLoop": "asyncio.unix_events._UnixSelectorEventLoop",
    }
    assert found["all"] and found["star"]
    assert found["defaults"] == [True, True, True]
    assert found["default_policy"] == "_UnixDefaultEventLoopPolicy"
    assert found["task"] == "PyodideTask"


# The JavaScript types of _pyodide._core_docs, from the start zip, in use.
CORE_DOCS = r"""
import json, _pyodide._core_docs as docs
from pyodide.code import run_js
from pyodide.ffi import JsProxy, create_proxy
obj = run_js("({first: 'aa', second: 22})")
proxy = create_proxy(lambda x: x + 1)
json.dumps({"docs": [docs.__doc__, JsProxy.__doc__, JsProxy.object_entries.__doc__, create_proxy.__doc__],
            "entries": [[key, value] for key, value in obj.object_entries()],
            "called": run_js("(f) => f(41)")(proxy), "is_proxy": isinstance(obj, JsProxy)})
"""


def test_the_javascript_types_help_text_stays_out_of_the_start_zip_and_the_types_work(dist, tmp_path):
    """_pyodide._core_docs is compiled without its docstrings (build/precompile.mjs,
    DROP_DOCSTRINGS): help() text nobody at the table reads, 8 kB with brotli."""
    got = run_on_start_zip(dist, tmp_path, CORE_DOCS)
    assert got["docs"] == [None, None, None, None]
    assert got["entries"] == [["first", "aa"], ["second", 22]]
    assert (got["called"], got["is_proxy"]) == (42, True)
