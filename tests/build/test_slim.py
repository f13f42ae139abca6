"""build/slim.mjs: our scripts, style sheet and page shipped without comments and indentation.

What must hold: a script does the very same (the same syntax tree, the same
output when run), a string or template literal keeps every blank, and the
shipped files are smaller than their sources.
"""

import json
import subprocess
from pathlib import Path

import pytest
from build_helpers import ROOT, built_site  # noqa: F401 (built_site: the dist fixture)
from start_folder import slim

# Every way a space or a line break between two tokens matters.
TRICKY = r"""// a comment
"use strict";
/* a block
   comment */
function f(a, b) {
  return a - -b;  // not a--b
}
function g() {
  return      // the automatic semicolon: g() is undefined
    42;
}
const n = 1 .toString() + 2..toString();
const r = /a\/\/b/g.test("a//b") / 2;
const t = `line one
    indented ${ f(1, 2) }  kept`;
const s = "a  /* not a comment */  b // nor this";
let i = 1;
const j = i
++i;
const k = i + +j;
console.log(JSON.stringify([f(5, 3), g(), n, r, t, s, i, j, k, typeof g]));
"""

AST_EQUAL = """
const fs = require("fs");
const acorn = require(process.argv[1]);
const tree = (file) => JSON.stringify(
  acorn.parse(fs.readFileSync(file, "utf8"), { ecmaVersion: "latest", sourceType: process.argv[4] }),
  (key, value) => (key === "start" || key === "end" ? undefined : value));
console.log(tree(process.argv[2]) === tree(process.argv[3]));
"""


def node(*args: str) -> str:
    return subprocess.run(["node", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def same_tree(a: Path, b: Path, kind: str = "script") -> bool:
    acorn = str(ROOT / "node_modules" / "acorn" / "dist" / "acorn.js")
    return node("-e", AST_EQUAL, acorn, str(a), str(b), kind).strip() == "true"


def test_a_slimmed_script_is_the_same_program(tmp_path):
    source, shipped = tmp_path / "source.js", tmp_path / "shipped.js"
    source.write_text(TRICKY, encoding="utf-8")
    shipped.write_text(TRICKY, encoding="utf-8")
    slim([shipped])
    text = shipped.read_text(encoding="utf-8")
    assert "comment" not in text.replace("not a comment", "") and "\n " not in text.split("`")[0]
    assert len(text) < 0.8 * len(TRICKY)
    assert same_tree(source, shipped)
    assert node(str(shipped)) == node(str(source))
    result = json.loads(node(str(shipped)))
    assert result[0] == 8 and result[1] is None  # a - -b; return + line break
    assert result[4] == "line one\n    indented 3  kept"


def test_a_style_sheet_and_a_page_lose_comments_and_indentation_not_strings(tmp_path):
    css = tmp_path / "a.css"
    css.write_text('/* head */\n.a {\n  content: "/* kept */";\n  margin: 0 auto; /* why */\n}\n', encoding="utf-8")
    page = tmp_path / "a.html"
    page.write_text("<!doctype html>\n<!-- a note -->\n<p>\n    Two\n    words</p>\n", encoding="utf-8")
    slim([css, page])
    assert css.read_text(encoding="utf-8") == '.a {\ncontent: "/* kept */";\nmargin: 0 auto;\n}\n'
    assert page.read_text(encoding="utf-8") == "<!doctype html>\n<p>\nTwo\nwords</p>\n"


def test_a_page_whose_text_keeps_its_blanks_is_refused(tmp_path):
    page = tmp_path / "a.html"
    page.write_text("<pre>\n  kept\n</pre>\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        slim([page])


def test_the_shipped_scripts_are_their_sources_without_the_blanks(dist):
    shipped = sorted((dist / "assets").glob("*.js"))
    assert len(shipped) >= 4
    for file in shipped:
        source = ROOT / "assets" / file.name
        assert same_tree(source, file), file.name
        assert file.stat().st_size < 0.8 * source.stat().st_size, file.name
    page = (dist / "index.html").read_text(encoding="utf-8")
    assert "<!--" not in page and "\n " not in page
    assert "/*" not in (dist / "assets" / "page.css").read_text(encoding="utf-8")
