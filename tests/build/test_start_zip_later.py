"""The start zip without ipaddress and hmac (build/precompile.mjs, SOURCE_EDITS).

urllib.parse imports ipaddress only to check a bracketed host, and secrets
imports hmac only for compare_digest: neither is called at a start, so the
start zip leaves both to the whole standard library mounted after ready.
What the game calls works from the start zip alone, and what needs them
works once the whole zip is there, with the very same results.
"""

import json
import subprocess
import zipfile

from build_helpers import ROOT, built_site  # noqa: F401 (the dist fixture)

LATER = {"ipaddress", "hmac"}

# Pyodide started from the start zip as the page's loader starts it: the
# game's calls first (a seed, a tab id, a query, a URL), then the stock zip
# put on the path as the loader mounts it after ready, and the calls that
# need ipaddress and hmac.
CHECK = """
const { loadPyodide } = await import(%(pyodide)s + "pyodide.mjs");
const { readFileSync } = await import("node:fs");
const py = await loadPyodide({ indexURL: %(pyodide)s, stdLibURL: %(start)s });
py.FS.writeFile("/lib/python_stdlib.zip", readFileSync(%(pyodide)s + "python_stdlib.zip"));
console.log(py.runPython(`
import json, sys
import secrets
from urllib.parse import parse_qs, urlsplit
game = {
    "seed": 0 <= secrets.randbits(31) < 2**31,
    "tab": len(secrets.token_hex(6)),
    "query": parse_qs("game=hearts&seat=2"),
    "host": urlsplit("https://example.org:8443/baza/?embed=1").hostname,
}
at_start = sorted(m for m in %(later)s if m in sys.modules)
sys.path.append("/lib/python_stdlib.zip")
def refused(url):
    try:
        urlsplit(url)
    except ValueError as error:
        return str(error)
later = {
    "ipv6": urlsplit("http://[::1]:8000/x").hostname,
    "ipv4 in brackets": refused("http://[127.0.0.1]/"),
    "not an address": refused("http://[nohost]/") is not None,
    "same": secrets.compare_digest("abc", "abc"),
    "differ": secrets.compare_digest(b"abc", b"abd"),
}
json.dumps({"game": game, "at_start": at_start, "later": later,
            "imported": sorted(m for m in %(later)s if m in sys.modules)})
`));
"""


def test_the_start_leaves_ipaddress_and_hmac_for_later_and_they_still_work(dist, tmp_path):
    (start,) = dist.glob("runtime/start-*/python_stdlib_pyc.zip")
    tops = {name.split("/")[0].removesuffix(".pyc") for name in zipfile.ZipFile(start).namelist()}
    assert not tops & LATER and {"secrets", "urllib"} <= tops
    script = tmp_path / "check.mjs"
    pyodide = json.dumps(str(ROOT / "node_modules" / "pyodide") + "/")
    script.write_text(CHECK % {"pyodide": pyodide, "start": json.dumps(str(start)), "later": sorted(LATER)})
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.strip().splitlines()[-1]) == {
        "game": {"seed": True, "tab": 12, "query": {"game": ["hearts"], "seat": ["2"]}, "host": "example.org"},
        "at_start": [],
        "later": {
            "ipv6": "::1",
            "ipv4 in brackets": "An IPv4 address cannot be in brackets",
            "not an address": True,
            "same": True,
            "differ": False,
        },
        "imported": ["hmac", "ipaddress"],
    }
