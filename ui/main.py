"""Baza's browser entry point: PyScript runs this file once Pyodide is up.

It is the one module that touches the page: it reads the DOM, calls pure
modules (game/, the ui view models) and draws. For now it only proves that
the whole stack works: Python runs, the engine imports, the page is ready.
"""

import sys

from pyscript import document


def engine_summary() -> str:
    """Import the engine and say which one loaded."""
    try:
        import game
    except ModuleNotFoundError as error:
        if error.name != "game":
            raise  # a broken import inside the engine must fail loudly
        return "no engine yet"
    return f"engine {getattr(game, '__version__', 'loaded')}"


def main() -> None:
    status = document.getElementById("status")
    status.textContent = f"Python {sys.version.split()[0]}, {engine_summary()}."
    # Hides the loading overlay (see assets/baza.css); tests wait for it.
    document.documentElement.dataset.ready = "true"


main()
