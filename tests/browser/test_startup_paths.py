"""Both ways into Python reach a working table: the fast one and the fallback.

The build starts Pyodide through runtime/start-*/loader.mjs (from
build/pyodide-loader.mjs) with the start zip (python_stdlib_pyc.zip,
build/precompile.mjs) as its standard library: the .pyc of the modules a
start imports, and the game's .pyc; the stock python_stdlib.zip is mounted
behind it after ready. If that zip is missing, is not the build's, or
breaks the start, the loader starts from the stock zip alone and fetches
the game's sources one by one. Each path here is served
from an origin of its own (no shared HTTP cache), with service workers
blocked (the shared browser), and must end on a table where a card is
played. The loader says which path it took in globalThis.bazaStart.

No timing is asserted: docs/PERFORMANCE.md has the figures (bench/startup.py).
"""

import hashlib
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

from conftest import ROOT, SW_READY, build_from, copy_sources, logged, wait_ready
from playwright.sync_api import expect
from table_helpers import play_first_card

PLAY = "?game=hearts&preset=standard&speed=instant&seed=11"
ZIP = "python_stdlib_pyc.zip"
GAME_ZIP = "game.zip"


def start_folder(dist: Path) -> Path:
    """runtime/start-<hash>/: loader.mjs and the precompiled zip."""
    (folder,) = (dist / "runtime").glob("start-*")
    return folder


def copy_build(dist: Path, dest: Path) -> Path:
    """A copy of the build to change: without its precompressed and xz copies, which would be stale."""
    shutil.copytree(dist, dest, ignore=shutil.ignore_patterns("*.br", "*.gz", "*.xz"))
    return dest


def set_precompiled(folder: Path, data: bytes, name: str = ZIP, constant: str = "PRECOMPILED") -> None:
    """Replace a zip (the start zip, or the game's) and the loader's record of it, as if the build had made it."""
    (folder / name).write_bytes(data)
    loader = folder / "loader.mjs"
    record = json.dumps({"url": f"./{name}", "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()})
    line = f"const {constant} = {record};"
    text, count = re.subn(rf"^const {constant} ?= ?.*;$", line, loader.read_text(), flags=re.M)  # slimmed: no spaces
    assert count == 1
    loader.write_text(text)


def start_and_play(browser, serve, dist: Path, under: str = "") -> dict:
    """Open the build on a new origin (in its folder ``under``, e.g. "baza/"),
    wait for the table, play one card; return bazaStart."""
    site = serve(dist)
    page = logged(browser.new_page())
    try:
        page.goto(site.url + under + PLAY)
        wait_ready(page)
        started = page.evaluate("globalThis.bazaStart")
        started["page_has_jspi"] = page.evaluate("'Suspending' in WebAssembly")
        play_first_card(page)
        page.log.assert_same_origin(site.url)
        assert not page.log.page_errors, page.log.page_errors
        assert page.locator(".py-error").count() == 0
        started["console_errors"] = page.log.console_errors
        # The game's modules requested one by one (ui/main.py is PyScript's script: always fetched).
        assert all(url.startswith(site.url + under) for url in page.log.requests), page.log.requests
        modules = [url.removeprefix(site.url + under).split("?")[0] for url in page.log.requests]
        started["module_requests"] = [url for url in modules if url.endswith(".py") and url != "ui/main.py"]
        return started
    finally:
        page.close()


def assert_no_stack_switching(started: dict) -> None:
    """Python started without JSPI (it crashed Chromium's renderer now and
    then; the loader hides it from Pyodide while it loads), and the page's
    WebAssembly object has it back (Chromium since 137 has it)."""
    assert started["stackSwitching"] is False
    assert started["page_has_jspi"] is True


def test_build_ships_the_precompiled_stdlib(dist):
    folder = start_folder(dist)
    with zipfile.ZipFile(folder / ZIP) as archive:
        infos = archive.infolist()
    names = [info.filename for info in infos]
    # Stored, so that the host's brotli or gzip works across the whole zip.
    assert {info.compress_type for info in infos} == {zipfile.ZIP_STORED}
    stdlib = [name for name in names if not name.startswith("baza-home/")]
    # .pyc, and the bytecode of the data classes' methods (build/start_code.py).
    assert stdlib and all(name.endswith(".pyc") for name in stdlib if name != "_baza_start_code.bin")
    assert "_baza_start_code.bin" in stdlib
    # The game's modules as sourceless .pyc, for the loader to write under
    # /home/pyodide: in a zip of their own, fetched once the wasm is in.
    assert not any(name.startswith(("baza-home/game/", "baza-home/ui/")) for name in names)
    with zipfile.ZipFile(folder / GAME_ZIP) as archive:
        game_infos = archive.infolist()
    game_names = [info.filename for info in game_infos]
    assert {info.compress_type for info in game_infos} == {zipfile.ZIP_STORED}
    assert {"baza-home/game/state.pyc", "baza-home/ui/controller.pyc", "baza-home/ui/lang/en.pyc"} <= set(game_names)
    # With the bytecode of the game's data classes' methods (build/start_code.py, GAME_PART).
    modules = [name for name in game_names if name != "baza-home/_baza_start_code_game.bin"]
    assert len(modules) == len(game_names) - 1
    assert all(name.startswith(("baza-home/game/", "baza-home/ui/")) and name.endswith(".pyc") for name in modules)
    assert not any(name.startswith("baza-home/ui/main.") for name in game_names)  # run as a script
    game = {name.removeprefix("baza-home/") for name in modules}
    shipped = {f["path"] for f in json.loads((dist / "files.json").read_text())["files"]}
    # Every module the build ships, but the page's script and the other languages' catalogues...
    others = {f"ui/lang/{code}{part}.py" for code in ("es", "pt", "sv") for part in ("", "_game")}
    assert {name[:-1] for name in game} == {path for path in shipped if path.endswith(".py")} - {"ui/main.py"} - others
    # ...which lie beside the zip, one file a language (its two modules), fetched for the player's language only.
    assert sorted(p.name for p in folder.glob("lang-*.zip")) == ["lang-es.zip", "lang-pt.zip", "lang-sv.zip"]
    with zipfile.ZipFile(folder / "lang-pt.zip") as bundle:
        assert bundle.namelist() == ["baza-home/ui/lang/pt.pyc", "baza-home/ui/lang/pt_game.pyc"]
        assert all(info.compress_type == zipfile.ZIP_STORED for info in bundle.infolist())  # HTTP compresses it
    # PyScript's package beside them, which PyScript would write itself (test_snapshot.py).
    sources = {name.removeprefix("baza-home/") for name in names if name.endswith(".py")}
    assert len(sources) >= 10 and "pyscript/__init__.py" in sources
    assert all(path.startswith("pyscript/") for path in sources)
    # What Pyodide's own start imports, and what PyScript and the game import.
    for module in ("asyncio/__init__.pyc", "json/decoder.pyc", "random.pyc", "html/__init__.pyc"):
        assert module in names
    assert "encodings/utf_8.pyc" in names
    assert "email/__init__.pyc" not in names and "json/tool.pyc" not in names  # not imported at start
    files = {f["path"]: f for f in json.loads((dist / "files.json").read_text())["files"]}
    for name in (ZIP, GAME_ZIP):
        assert f"{folder.relative_to(dist).as_posix()}/{name}" in files  # precached by the service worker
    config = (dist / "pyscript.toml").read_text()
    assert f'interpreter = "./{folder.relative_to(dist).as_posix()}/loader.mjs"' in config


# Python started in Node.js with the start zip as its standard library, as
# the loader starts it, and the whole stock zip (the build's stored copy)
# mounted behind it, as the loader mounts it after ready; then modules that
# the start zip does not hold: in packages that are partly in it (json,
# encodings) and in one that is not (email).
NODE_CHECK = """
import { loadPyodide } from "%(pyodide)s";
import { readFileSync } from "node:fs";
const pyodide = await loadPyodide({ indexURL: %(index)s, stdLibURL: %(zip)s });
pyodide.FS.writeFile("/lib/python_stdlib.zip", readFileSync(%(full)s));
console.log(pyodide.runPython(`
import sys
sys.path.append("/lib/python_stdlib.zip")
import json, asyncio, json.tool, encodings.idna, email.message, email.parser
json.dumps([asyncio.__file__, json.tool.__file__, encodings.idna.__file__, email.message.__file__,
            email.parser.Parser().parsestr("Subject: hi\\\\n\\\\nbody")["Subject"]])
`));
"""


def test_precompiled_stdlib_keeps_every_module_importable(dist, tmp_path):
    folder = start_folder(dist)
    pyodide = ROOT / "node_modules" / "pyodide"
    script = tmp_path / "check.mjs"
    script.write_text(
        NODE_CHECK
        % {
            "pyodide": (pyodide / "pyodide.mjs").as_uri(),
            "zip": json.dumps(str(folder / ZIP)),
            "full": json.dumps(str(next((dist / "runtime").glob("pyodide-*/python_stdlib.zip")))),
            "index": json.dumps(f"{pyodide}/"),
        }
    )
    result = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    asyncio_file, tool, idna, message, subject = json.loads(result.stdout.strip().splitlines()[-1])
    assert asyncio_file == "/lib/python314.zip/asyncio/__init__.pyc"
    assert tool == "/lib/python_stdlib.zip/json/tool.py"
    assert idna == "/lib/python_stdlib.zip/encodings/idna.py"
    assert message == "/lib/python_stdlib.zip/email/message.py"
    assert subject == "hi"


def test_precompiled_start_plays(browser, serve, dist):
    started = start_and_play(browser, serve, dist)
    assert started["stdlib"] == "precompiled"
    assert started["game"] == "precompiled"
    assert started["console_errors"] == []
    assert started["module_requests"] == []  # they came in the zip
    assert_no_stack_switching(started)


def test_damaged_zip_falls_back_to_sources(browser, serve, dist, tmp_path):
    copy = copy_build(dist, tmp_path / "damaged")
    zip_file = start_folder(copy) / ZIP
    data = bytearray(zip_file.read_bytes())
    data[len(data) // 2 : len(data) // 2 + 4096] = bytes(4096)  # same size, other bytes
    zip_file.write_bytes(bytes(data))
    started = start_and_play(browser, serve, copy)
    assert started["stdlib"] == "source"
    assert "SHA-256" in started["reason"]
    assert started["game"] == "files"
    assert "game/state.py" in started["module_requests"]
    assert_no_stack_switching(started)


def test_missing_zip_falls_back_to_sources(browser, serve, dist, tmp_path):
    copy = copy_build(dist, tmp_path / "missing")
    (start_folder(copy) / ZIP).unlink()
    started = start_and_play(browser, serve, copy)
    assert started["stdlib"] == "source"
    assert "404" in started["reason"]
    assert started["game"] == "files"


def test_both_paths_play_from_a_folder_of_a_site(browser, serve, dist, tmp_path):
    """Hosted in a folder (https://example.org/baza/, as GitHub Pages does):
    every URL stays inside it, on the fast path and on the fallback."""
    host = tmp_path / "host"
    host.mkdir()
    (host / "baza").symlink_to(dist, target_is_directory=True)
    started = start_and_play(browser, serve, host, under="baza/")
    assert (started["stdlib"], started["game"], started["module_requests"]) == ("precompiled", "precompiled", [])
    (host / "baza-nozip").symlink_to(copy_build(dist, tmp_path / "nozip"), target_is_directory=True)
    (start_folder(host / "baza-nozip") / ZIP).unlink()
    started = start_and_play(browser, serve, host, under="baza-nozip/")
    assert (started["stdlib"], started["game"]) == ("source", "files")
    assert "game/state.py" in started["module_requests"]


def test_a_game_file_that_cannot_be_downloaded_is_named_on_the_loading_screen(browser, serve, dist, tmp_path):
    """No zip, and one of the game's files missing on the host: no table can
    start, and the loading screen says which file and what to do."""
    copy = copy_build(dist, tmp_path / "no-game-file")
    (start_folder(copy) / ZIP).unlink()
    (copy / "game" / "state.py").unlink()
    site = serve(copy)
    page = browser.new_page()
    try:
        page.goto(site.url + PLAY)
        expect(page.locator("html")).to_have_attribute("data-failed", "true", timeout=120_000)
        expect(page.locator("#loading-text")).to_contain_text("game/state.py")
        expect(page.locator("#loading-text")).to_contain_text("reload")
        assert page.locator("html").get_attribute("data-ready") != "true"
        # Only the loading screen is painted until the table is ready (assets/baza.css).
        expect(page.locator("#table")).to_be_hidden()
        expect(page.get_by_role("button", name="New game")).to_be_hidden()
    finally:
        page.close()


def damage_bytecode(folder: Path, tmp_path: Path, which, name: str = ZIP, constant: str = "PRECOMPILED") -> None:
    """Reverse the marshal data of the zip's entries that which(name) picks; header intact."""
    broken = tmp_path / "broken.zip"
    with zipfile.ZipFile(folder / name) as good, zipfile.ZipFile(broken, "w") as bad:
        for info in good.infolist():
            data = good.read(info)
            damage = info.filename.endswith(".pyc") and which(info.filename)
            bad.writestr(info.filename, data[:16] + bytes(reversed(data[16:])) if damage else data)
    set_precompiled(folder, broken.read_bytes(), name, constant)


def test_broken_game_bytecode_falls_back_to_sources(browser, serve, dist, tmp_path):
    """The game's .pyc are not written when one cannot load: its sources are fetched one by one."""
    copy = copy_build(dist, tmp_path / "broken-game")
    damage_bytecode(start_folder(copy), tmp_path, lambda name: name.startswith("baza-home/game/"), GAME_ZIP, "GAME_ZIP")
    started = start_and_play(browser, serve, copy)
    assert started["stdlib"] == "precompiled"
    assert started["game"] == "files"
    assert "game/state.py" in started["module_requests"]


def test_broken_bytecode_falls_back_to_sources(browser, serve, dist, tmp_path):
    """A zip that passes the loader's checks but whose bytecode cannot load."""
    copy = copy_build(dist, tmp_path / "broken")
    damage_bytecode(start_folder(copy), tmp_path, lambda name: True)
    started = start_and_play(browser, serve, copy)
    assert started["stdlib"] == "source"
    assert started["reason"]


def test_wasm_and_pyodide_module_come_from_the_http_cache_while_online(fresh_browser, serve, dist):
    """The service worker leaves the .wasm and pyodide.asm.mjs to the browser
    (V8 caches their code with the HTTP cache entry) and answers the rest;
    offline it answers them too (test_offline.py)."""
    site = serve(dist)
    page = logged(fresh_browser.new_page())
    page.goto(site.url + PLAY)
    wait_ready(page)
    page.evaluate(SW_READY)
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.reload()
    wait_ready(page)
    by_worker = {r.url.removeprefix(site.url): r.from_service_worker for r in responses}
    browser_cached = [url for url in by_worker if url.endswith((".wasm", "/pyodide.asm.mjs"))]
    # (The wasm's cold part too, when it was asked for after ready before the list was read.)
    names = {url.rsplit("/", 1)[-1] for url in browser_cached}
    start = {"pyodide.asm.wasm", "pyodide.asm.mjs"}
    assert start <= names <= start | {"pyodide.cold.wasm"}, by_worker
    assert not any(by_worker[url] for url in browser_cached), by_worker
    others = [url for url in by_worker if url.startswith("runtime/") and url not in browser_cached]
    assert others and all(by_worker[url] for url in others), by_worker
    assert page.evaluate("globalThis.bazaStart")["stdlib"] == "precompiled"
    page.log.assert_no_errors()


def test_new_import_changes_the_start_folder_only(tmp_path):
    """The zip follows the game's imports; Pyodide's folder (14 MB) keeps its name."""
    src = copy_sources(tmp_path / "src")
    first = build_from(src, tmp_path / "first")
    module = src / "game" / "zz_start_probe.py"
    module.write_text('"""A module that imports what the game did not."""\n\nimport colorsys  # noqa: F401\n')
    with (src / "game" / "__init__.py").open("a", encoding="utf-8") as file:
        file.write("\nfrom . import zz_start_probe  # noqa: E402, F401\n")
    second = build_from(src, tmp_path / "second")

    def folders(listing: dict) -> dict[str, str]:
        return {
            f["path"].split("/")[1].rsplit("-", 1)[0]: f["path"].split("/")[1]
            for f in listing["files"]
            if f["path"].startswith("runtime/")
        }

    before, after = folders(first), folders(second)
    assert before["pyodide-314.0.7"] == after["pyodide-314.0.7"]
    assert before["start"] != after["start"]
    assert "colorsys.pyc" in zipfile.ZipFile(start_folder(tmp_path / "second") / ZIP).namelist()
    assert "colorsys.pyc" not in zipfile.ZipFile(start_folder(tmp_path / "first") / ZIP).namelist()
