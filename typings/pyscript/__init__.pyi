# The names of PyScript that ui/main.py imports, for the type checker only:
# PyScript exists only in the page. Its objects are JavaScript proxies,
# typed as Any; ui/app.py's Browser is what the rest of the code types.
from typing import Any

document: Any
window: Any
