"""The page on the build's two kinds of runtime edits (build/runtime/edits.py's Edit).

A build with the required edits only (build.py --no-speed-edits: npm's
PyScript and Pyodide otherwise) plays a whole hand under the strict CSP: what
to ship when a new release breaks a speed edit. And on the shipped build,
every wasm export that the page's JavaScript names (the 270 that
build/runtime/wasm_exports.py keeps, renumbered by build/runtime/wasm_dead_code.py) is the
live function or symbol it was in npm's wasm.
"""

import shutil

from conftest import ROOT, build_from, copy_sources, logged, wait_ready
from playwright.sync_api import expect
from runtime import wasm_exports
from table_helpers import check_clean, play_hand

_leb = wasm_exports._leb
_name = wasm_exports._name

# The loader also hands the page its Python (the real build keeps it to PyScript).
# (The shipped loader has no indentation: build/slim.mjs.)
HOOK = ("return pyodide;\n}", "globalThis.__bazaPython = pyodide;\nreturn pyodide;\n}")

# Each named export as the running page has it on Pyodide's Module (under
# Emscripten's name for it: "_" and the export's, "_main" for
# __main_argc_argv): a function's number of parameters, a data symbol's
# type (a number, or a WebAssembly.Global for the stack pointer).
LIVE = """(names) => {
  const module = globalThis.__bazaPython._module;
  return Object.fromEntries(names.map((name) => {
    const value = module[name === "__main_argc_argv" ? "_main" : "_" + name];
    if (value instanceof WebAssembly.Global) return [name, "number"];
    return [name, typeof value === "function" ? value.length : typeof value];
  }));
}"""
# Called once by the glue as the module is instantiated, from its exports,
# and never put on Module: that Python runs at all is its test.
AT_INSTANTIATION = {"__wasm_call_ctors"}


def parameters_of_exports(wasm: bytes) -> dict[str, int | str]:
    """Each exported function's number of parameters, and "number" for each exported global."""
    sections = {kind: (start, end) for kind, start, end in wasm_exports.sections(wasm)}
    start, _ = sections[1]  # types: each a function type (0x60) in Pyodide's wasm
    count, at = _leb(wasm, start)
    types = []
    for _ in range(count):
        assert wasm[at] == 0x60
        params, at = _leb(wasm, at + 1)
        at += params
        results, at = _leb(wasm, at)
        at += results
        types.append(params)
    functions = []  # the type of each function, imports first
    start, _ = sections[2]
    count, at = _leb(wasm, start)
    for _ in range(count):
        _module, at = _name(wasm, at)
        _field, at = _name(wasm, at)
        kind = wasm[at]
        at += 1
        if kind == 0:
            index, at = _leb(wasm, at)
            functions.append(types[index])
        elif kind == 1:  # a table: reference type, limits
            at += 1
            flags, at = _leb(wasm, at + 0)
            _, at = _leb(wasm, at)
            if flags & 1:
                _, at = _leb(wasm, at)
        elif kind == 2:  # a memory: limits
            flags, at = _leb(wasm, at)
            _, at = _leb(wasm, at)
            if flags & 1:
                _, at = _leb(wasm, at)
        elif kind == 3:  # a global: value type, mutability
            at += 2
        else:  # a tag: attribute, type
            _, at = _leb(wasm, at + 1)
    start, _ = sections[3]
    count, at = _leb(wasm, start)
    for _ in range(count):
        index, at = _leb(wasm, at)
        functions.append(types[index])
    named = {}
    for name, kind, index in wasm_exports.exports(wasm):
        if kind == 0:
            named[name] = functions[index]
        elif kind == 3:
            named[name] = "number"
    return named


def test_a_build_with_the_required_edits_only_plays_under_the_strict_csp(fresh_browser, serve, tmp_path):
    build_from(copy_sources(tmp_path / "src"), tmp_path / "dist", "--no-speed-edits", "--no-compress")
    site = serve(tmp_path / "dist", csp=True)
    page = logged(fresh_browser.new_page())
    page.goto(site.url + "?game=hearts&preset=standard&speed=instant&seed=3")
    wait_ready(page)
    play_hand(page)
    expect(page.locator("#summary")).to_be_visible()
    check_clean(page, site.url)


def test_every_wasm_export_the_page_names_is_live_with_npm_s_signature(fresh_browser, serve, dist, tmp_path):
    copy = tmp_path / "hooked"
    shutil.copytree(dist, copy)
    (loader,) = copy.glob("runtime/start-*/loader.mjs")
    text = loader.read_text(encoding="utf-8")
    assert text.count(HOOK[0]) == 1
    loader.write_text(text.replace(*HOOK), encoding="utf-8")
    for stale in loader.parent.glob("loader.mjs.*"):  # its .br and .gz copies would be served instead
        stale.unlink()
    (wasm,) = copy.glob("runtime/pyodide-*/pyodide.asm.wasm")
    shipped = parameters_of_exports(wasm.read_bytes())
    npm = parameters_of_exports((ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").read_bytes())
    assert 200 < len(shipped) < 2_000
    assert shipped == {name: npm[name] for name in shipped}  # renumbered, each still npm's function
    site = serve(copy)
    page = logged(fresh_browser.new_page())
    page.goto(site.url + "?game=spades&speed=instant")
    wait_ready(page)
    named = sorted(set(shipped) - AT_INSTANTIATION)
    assert page.evaluate(LIVE, named) == {name: shipped[name] for name in named}
    page.log.assert_no_errors()
