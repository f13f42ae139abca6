"""ui/app.py, the page's application, under CPython: it must import nothing
from the browser, or the build could not put it into the memory snapshot
(build/pyodide-loader.mjs imports every ui module but ui.main in a Worker,
where PyScript's modules would bind the Worker's globals)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import sys
import ui.app
browser = sorted(name for name in sys.modules if name.split(".")[0] in ("pyscript", "js", "pyodide", "polyscript"))
print(",".join(browser) or "none")
print(ui.app.App.__name__, ui.app.Browser._fields)
"""


def test_the_application_imports_nothing_from_the_browser():
    done = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    imported, names = done.stdout.splitlines()
    assert imported == "none"
    assert names == "App ('document', 'window', 'create_proxy', 'to_js')"


def test_the_script_pyscript_runs_stays_a_few_lines():
    """PyScript compiles ui/main.py from source at every start; the rest comes precompiled."""
    source = (ROOT / "ui" / "main.py").read_text(encoding="utf-8")
    code = [line for line in source.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    docstring_end = next(i for i, line in enumerate(code[1:], 1) if line.rstrip().endswith('"""'))
    assert len(code) - docstring_end - 1 <= 6, code[docstring_end + 1 :]
