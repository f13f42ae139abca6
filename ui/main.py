"""Baza's browser entry point: PyScript runs this file once Pyodide is up.

It only hands the page to ui/app.py, where everything else is. It is kept
this short because PyScript runs it from source: at every start Pyodide
tokenizes, parses and compiles this file (the 180 lines it once held made
PyScript's bootstrap with this script 40-60 ms longer on a return visit,
docs/PERFORMANCE.md, run 52), while ui/app.py comes precompiled with the
game, and already imported from the snapshot on a return visit.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from ui.app import App, Browser

# For bench/startup.py ("loader ms"), after the loader's own marks: PyScript
# has booted and runs this file ("baza:main"), the table is drawn and about
# to be shown ("baza:drawn", in ui/app.py; ready follows in the same task,
# once laid out).
window.performance.mark("baza:main")
App(Browser(document, window, create_proxy, to_js)).start()
