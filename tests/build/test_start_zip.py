"""The start zip's standard library (build/precompile.mjs), in Pyodide on Node.js, no browser.

Pyodide's package loader imports shutil, tempfile and zipfile when first
used, not at start (SOURCE_EDITS): the start zip leaves them, and what only
they import, to the whole standard library mounted after ready, where
loadPackage's machinery still finds them.
"""

from build_helpers import built_site, run_on_start_zip, start_zip_modules  # noqa: F401 (the dist fixture)

LATER = {"shutil", "tempfile", "zipfile", "bz2", "lzma", "compression"}

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
json.dumps({"at_start": at_start, "format": get_format("whl"), "answer": tiny.ANSWER})
"""


def test_the_start_leaves_shutil_tempfile_and_zipfile_for_later_and_wheels_still_unpack(dist, tmp_path):
    tops = start_zip_modules(dist)
    assert not tops & LATER and {"asyncio", "pyodide", "random"} <= tops
    found = run_on_start_zip(dist, tmp_path, CHECK % {"later": sorted(LATER)})
    assert found == {"at_start": [], "format": "whl", "answer": 42}
