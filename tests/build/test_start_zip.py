"""The start zip's standard library (build/precompile.mjs), in Pyodide on Node.js, no browser.

Pyodide's package loader imports shutil, tempfile and zipfile when first
used, not at start (SOURCE_EDITS): the start zip leaves them, and what only
they import, to the whole standard library mounted after ready, where
loadPackage's machinery still finds them.
"""

import json
import subprocess
import zipfile

from build_helpers import ROOT, built_site  # noqa: F401 (the dist fixture)

LATER = {"shutil", "tempfile", "zipfile", "bz2", "lzma", "compression"}

# Pyodide started from the start zip as the page's loader starts it, then
# the stock zip put on the path as the loader mounts it after ready; a wheel
# unpacked through pyodide._package_loader as loadPackage unpacks one.
CHECK = """
const { loadPyodide } = await import(%(pyodide)s + "pyodide.mjs");
const { readFileSync } = await import("node:fs");
const py = await loadPyodide({ indexURL: %(pyodide)s, stdLibURL: %(start)s });
py.FS.writeFile("/lib/python_stdlib.zip", readFileSync(%(pyodide)s + "python_stdlib.zip"));
console.log(py.runPython(`
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
json.dumps({"at_start": at_start, "format": get_format("whl"), "answer": tiny.ANSWER})
`));
"""


def test_the_start_leaves_shutil_tempfile_and_zipfile_for_later_and_wheels_still_unpack(dist, tmp_path):
    (start,) = dist.glob("runtime/start-*/python_stdlib_pyc.zip")
    tops = {name.split("/")[0].removesuffix(".pyc") for name in zipfile.ZipFile(start).namelist()}
    assert not tops & LATER and {"asyncio", "pyodide", "random"} <= tops
    script = tmp_path / "check.mjs"
    pyodide = json.dumps(str(ROOT / "node_modules" / "pyodide") + "/")
    script.write_text(CHECK % {"pyodide": pyodide, "start": json.dumps(str(start)), "later": sorted(LATER)})
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.strip().splitlines()[-1]) == {"at_start": [], "format": "whl", "answer": 42}
