"""One edit of a runtime file, found by its pattern and made exactly as often as it is expected.

The edits themselves are data, one file per package they edit:
``pyscript_edits.py`` (PyScript's core chunk) and ``pyodide_edits.py``
(Pyodide's module and its Emscripten glue); Pyodide's own Python is edited
by the unified diffs of ``python-edits/`` (build/precompile.mjs applies
them). Each edit is applied exactly once (or ``times``) or the build fails:
a new release of either package must be looked at again, not patched
blindly (docs/UPGRADING.md).
"""

from __future__ import annotations

import hashlib
import re
import sys
from typing import NamedTuple, NoReturn


def die(message: str) -> NoReturn:
    sys.exit(f"build: {message}")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# What an edit is for. A required edit makes the page work at all (under the
# strict CSP, embedded with storage refused, with our loader); a speed edit
# only makes it start sooner, and `build.py --no-speed-edits` leaves every
# one of them out: the page then runs on npm's files with the required
# edits alone, which is what to ship when a new release of PyScript or
# Pyodide breaks a speed edit's pattern (docs/UPGRADING.md).
REQUIRED, SPEED = "required", "speed"


class Edit(NamedTuple):
    """One edit of a runtime file: ``old`` (found exactly once) becomes ``new``.

    ``old`` must be found ``times`` times (once, unless the bundle holds
    the same code twice) or the build stops. A name that a minifier chose
    is written «name» (a private field's
    «#name»): it matches whatever name the file has in its place, the same
    one wherever the edit repeats it, and ``new`` writes the name found.
    «…» is a stretch of code kept as it is (the shortest that lets the rest
    match). So a release whose bundler renamed its variables still takes
    the edit, and a pattern found twice still stops the build.

    >>> edit = Edit("why", "function «f»(«e»){let «t»=«j»(«e»);", "function «f»(«e»){let «t»=«e»;", REQUIRED)
    >>> edit.count("var a;function Xa(q){let r=Zz(q);return r}")
    1
    >>> edit.made("var a;function Xa(q){let r=Zz(q);return r}")
    'var a;function Xa(q){let r=q;return r}'
    >>> edit.count("function Xa(q){let r=Zz(p);")  # e and e must be one name
    0
    """

    why: str
    old: str
    new: str
    kind: str  # REQUIRED or SPEED
    times: int = 1  # how many times ``old`` is in the file: each is edited

    def pattern(self, text: str | None = None) -> re.Pattern[str]:
        """``old`` (or ``text``, say ``new``) as a regular expression with its names and stretches as groups."""
        parts = PLACEHOLDER.split(self.old if text is None else text)
        groups: dict[str, str] = {}
        regex = []
        for i, part in enumerate(parts):
            if i % 2 == 0:
                regex.append(re.escape(part))
            elif part in groups:
                regex.append(f"(?P={groups[part]})")
            else:
                groups[part] = f"p{len(groups)}"
                shape = r".*?" if part == "…" else r"#[\w$]+" if part.startswith("#") else r"[A-Za-z_$][\w$]*"
                regex.append(f"(?P<{groups[part]}>{shape})")
        return re.compile("".join(regex))

    def count(self, text: str) -> int:
        """How many times ``old`` is in ``text``."""
        return len(self.pattern().findall(text))

    def made(self, text: str) -> str:
        """``text`` with ``old`` replaced by ``new`` wherever it is, the names found written in."""
        names = {part: f"p{i}" for i, part in enumerate(dict.fromkeys(PLACEHOLDER.findall(self.old)))}

        def written(match: re.Match[str]) -> str:
            return PLACEHOLDER.sub(lambda name: match.group(names[name.group(1)]), self.new)

        return self.pattern().sub(written, text)

    def is_in(self, text: str) -> bool:
        """Whether ``new`` is in ``text`` as many times as ``old`` was (the edit made), whatever the names."""
        return len(self.pattern(self.new).findall(text)) == self.times


# «name», «#name», «…» in an Edit (see Edit).
PLACEHOLDER = re.compile(r"«([^»]+)»")


def patched(text: str, patches: list[Edit], name: str, speed: bool = True) -> str:
    """``text`` with each edit made, each ``old`` found exactly ``times``; the speed edits only if ``speed``."""
    for edit in patches:
        if edit.kind == SPEED and not speed:
            continue
        found = edit.count(text)
        if found != edit.times:
            hint = " (or build with --no-speed-edits)" if edit.kind == SPEED else ""
            die(f"cannot {edit.why}: pattern found {found} times in {name}{hint}")
        text = edit.made(text)
    return text


