"""The start-up functions V8 compiles with their file (build/eager.mjs, build/startup-functions.json)."""

import json
import subprocess
import textwrap

from conftest import ROOT, wait_ready

# Every kind of function build/eager.mjs rewrites or must leave alone, and
# what each returns: the same module, marked whole, must print the same.
SAMPLE = textwrap.dedent(
    """
    const log = [];
    log.push(typeof declaredLater, declaredLater.name);  // a module's declarations are set before it runs
    function declaredLater() {}
    function outer() { return inner(); function inner() { return "inner"; } }
    function strict() { "use strict"
      return helper(); function helper() { return "directive first"; } }
    log.push(outer(), strict());
    const add = (a, b = 2) => a + b;
    const curried = (a) => (b) => (c) => a + b + c;  // three arrows that end together
    const literal = () => ({ k: 1 });
    const broken = () => /* a line
      break */ "kept";
    const later = async (x) => x + 1;
    const defaults = (f = (x) => x * 2, g = y => y + 1) => f(4) + g(0);  // arrows in parameters
    log.push(add(1), curried(1)(2)(3), literal().k, broken(), defaults());
    const thing = {
      n: 3,
      method(x) { return this.n + x; },
      async slow() { return 5; },
      *numbers() { yield 6; },
      get seven() { return 7; },
      ["comp" + "uted"](z) { return z * 2; },
    };
    log.push(thing.method(1), [...thing.numbers()][0], thing.seven, thing.computed(4));
    function self() { return [1].map(() => this)[0]; }  // an arrow that reads `this` stays one
    function first() { return (() => arguments[0])(); }
    log.push(self.call("me"), first(9));
    class Box { constructor(v) { this.v = v; } get twice() { return this.v * 2; } static of(v) { return new Box(v); } }
    log.push(Box.of(4).twice);
    const fact = function f(n) { return n <= 1 ? 1 : n * f(n - 1); };
    function replaced() { replaced = () => "second"; return "first"; }
    log.push(fact(5), replaced(), replaced());
    if (true) { function inBlock() { return "block"; } log.push(inBlock()); }
    function pair() {
      return twice();
      function twice() { return "one"; }
      function twice() { return "two"; }  // the later one wins, marked or not
    }
    const called = (x) => x
    function betweenLines() {}
    ("not an argument");  // with the declaration moved away, still its own statement
    const proto = { __proto__() { return "own"; } };
    function evaluated() { return [1].map(() => eval("arguments[0]"))[0]; }
    log.push(pair(), typeof called(1), Object.keys(proto).join(), evaluated("outer"));
    const blockArrow = (x) => { return x; }
    (log.push("own statement"));  // not a call of the arrow, in parentheses or not
    if (false) (y) => 0, log.push("never");  // an arrow starting a statement stays one
    const parent = { m() { return eval("typeof super.toString"); } };
    const commented = (a /* => */) => a;
    log.push(blockArrow(5), parent.m(), commented(6));
    const loud = (text) => { return text.toUpperCase(); };
    log.push(loud("ok"), loud.name, add.name, thing.method.name);
    log.push(await later(1), await thing.slow());
    console.log(JSON.stringify(log));
    """
)

# Marks the functions whose key starts with one of the given names (all without).
MARK = """
import { readFileSync, writeFileSync } from "node:fs";
import { keysOf, mark } from "./build/eager.mjs";
const text = readFileSync(process.argv[1], "utf8");
const names = process.argv.slice(3);
const keys = keysOf(text).filter((key) => !names.length || names.includes(key.split("#")[0]));
const { text: marked, report } = mark(text, keys);
writeFileSync(process.argv[2], marked);
console.log(JSON.stringify(report));
"""


def node(*args: str) -> str:
    return subprocess.run(["node", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def test_marking_every_function_keeps_what_the_code_does(tmp_path):
    plain, marked = tmp_path / "plain.mjs", tmp_path / "marked.mjs"
    plain.write_text(SAMPLE, encoding="utf-8")
    report = json.loads(node("--input-type=module", "-e", MARK, str(plain), str(marked)))
    text = marked.read_text(encoding="utf-8")
    assert report["missing"] == []
    # What cannot be an eagerly compiled expression stays as it was.
    assert report["kept"] == {
        "arrow reading this, arguments or eval": 3,
        "arrow starting a statement": 1,
        "getter or setter": 1,
        "method using super or eval": 1,
        "class method": 3,
        "declaration in a block, exported, or at the top of a module that imports": 1,
        "declared twice in one body": 2,
        "method named __proto__": 1,
    }
    assert report["marked"] == 31
    assert "var declaredLater=(function() {})" in text and "(async function(x){return ( x + 1)})" in text
    assert node(str(marked)) == node(str(plain)) == json.dumps(
        ["function", "declaredLater", "inner", "directive first", 3, 6, 1, "kept", 9, 4, 6, 7, 8, "me", 9, 8, 120]
        + ["first", "second", "block", "two", "number", "__proto__", "outer"]
        + ["own statement", 5, "function", 6, "OK", "loud", "add", "method", 2, 5],
        separators=(",", ":"),
    ) + "\n"


def utf16_slice(text: str, start: int, end: int) -> str:
    """``text[start:end]`` in UTF-16 units, as V8's coverage counts."""
    return text.encode("utf-16-le")[2 * start : 2 * end].decode("utf-16-le", "replace")


def is_marked(text: str, start: int) -> bool:
    """Whether the function V8 starts at ``start`` is a `function` right after "(":
    not an arrow passed in a call's parentheses, say."""
    before, at = utf16_slice(text, start - 7, start), utf16_slice(text, start, start + 15)
    return (before.endswith("(") and at.startswith(("function", "async function"))) or (
        before == "(async " and at.startswith("function")
    )


def test_a_restored_start_finds_the_functions_it_calls_compiled(browser, serve, dist):
    """On a return visit nearly every function the start calls in Pyodide's
    glue, Pyodide's module and PyScript's core chunk is marked for V8's
    eager compile: what is not marked cannot be (class methods and
    fields, getters, arrows that read `this`). And only a fifth of the
    glue is marked: its other functions are never compiled at all."""
    listed = json.loads((ROOT / "build" / "startup-functions.json").read_text(encoding="utf-8"))["files"]
    site = serve(dist)
    page = browser.new_page()
    try:
        page.goto(site.url)
        wait_ready(page)
        page.wait_for_function("() => globalThis.bazaStart.made === 'stored'", timeout=90_000)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Profiler.enable")
        cdp.send("Profiler.startPreciseCoverage", {"callCount": True, "detailed": False})
        page.reload()
        wait_ready(page)
        assert page.evaluate("globalThis.bazaStart.snapshot") == "restored"
        scripts = cdp.send("Profiler.takePreciseCoverage")["result"]
    finally:
        page.close()
    # The start's scripts (an entry per script that V8 still holds: keep the one that ran).
    ran: dict[str, dict] = {}
    for script in scripts:
        if "/runtime/" not in script["url"]:
            continue
        folder, name = script["url"].split("?")[0].split("/")[-2:]
        logical = f"{folder.split('-')[0]}/{name}"
        firsts = [function["ranges"][0] for function in script["functions"]]
        called = [r for r in firsts if r["count"] and r["startOffset"]]  # not the module's own code
        if logical in listed and len(called) > len(ran.get(logical, {}).get("called", [])):
            ran[logical] = {"called": called, "functions": len(script["functions"]), "path": (folder, name)}
    assert set(ran) == set(listed)
    for logical, script in ran.items():
        folder, name = script["path"]
        text = (dist / "runtime" / folder / name).read_text(encoding="utf-8")
        called = script["called"]
        marked = [r for r in called if is_marked(text, r["startOffset"])]
        assert len(marked) >= 0.75 * len(called), (logical, len(marked), len(called))
        assert not text.startswith("//# allFunctionsCalledOnLoad"), logical
        if name == "pyodide.asm.mjs":
            assert text.count("(function") + text.count("(async function") < 0.25 * script["functions"]
