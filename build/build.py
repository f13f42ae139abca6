"""Build dist/: the static site that a browser loads, with no CDN.

    python3 build/build.py [--out DIR] [--src DIR] [--csp-meta] [--no-precompile]   # after `npm ci`

Layout of dist/ (copy the folder as is to any static host, see docs/HOSTING.md):
    index.html, pyscript.toml     the page and PyScript's config
    sw.js                         the service worker (offline play, updates)
    files.json                    the build's file list: URL, size, SHA-256
    game/**.py, ui/**.py          Python sources: the loader fetches them one by
                                  one only when the start zip cannot be used
    assets/**                     scripts, icons, the web app manifest, and
                                  page.css: every style sheet of index.html
                                  (PyScript's core.css too) merged into one
    runtime/pyscript-V-H/         @pyscript/core: core.js and the chunks
                                  this page loads (V version, H content hash)
    runtime/pyodide-V-H/          the Pyodide files that loadPyodide() fetches
                                  (pyodide.asm.mjs with GLUE_PATCHES; build/runtime/)
    runtime/start-H/              loader.mjs (PyScript's interpreter, it starts
                                  Pyodide) and python_stdlib_pyc.zip, the
                                  precompiled standard library it puts in front
                                  of the stock one, with the game's sources and
                                  .pyc that it writes into Python's file system

Cache busting: a file under runtime/ never changes under its name, because
the directory name carries the package version and a hash of its content.
Every other file that the page, its config, its CSS or the web app manifest
refers to is referred to with `?v=<hash of its content>`, so no cache on the
way (a host's max-age, a CDN, the browser) can mix an old file into a new
build. Only index.html, sw.js and files.json keep plain URLs; hosts must
serve them with `Cache-Control: no-cache`.

The sources keep plain paths (`./runtime/pyscript/core.js`,
`./assets/baza.css`); only the copies in dist/ are rewritten.

Precompiled standard library: build/precompile.mjs (Node.js, the npm
pyodide package) compiles the standard-library modules a start imports to
.pyc with Pyodide's own CPython; build/pyodide-loader.mjs, the module that
pyscript.toml's `interpreter` names, puts that zip in front of the stock
python_stdlib.zip on sys.path, and starts from the stock zip alone if
anything about it fails. The zip is kept in .cache/precompiled/ under a
hash of its inputs, so a rebuild with the same sources does not run Node.js
again. --no-precompile leaves it out (the loader then starts from sources).

Start-up scripts: build/runtime/ copies PyScript's and Pyodide's files and
edits them.

--csp-meta writes the recommended Content-Security-Policy (build/serve.py's
RECOMMENDED_CSP) into index.html as a <meta> element, for hosts that cannot
send headers; a meta policy cannot hold frame-ancestors, so that one is left
to the header. An empty .nojekyll tells GitHub Pages not to run Jekyll, which
would drop every file whose name starts with "_" (__init__.py).

Standard library only, so that it runs before any virtualenv exists.
"""

import argparse
import hashlib
import html
import json
import posixpath
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from runtime import (  # build/ is first on sys.path: the script's folder
    StaleHotList,
    copy_runtime,
    core_chunk,
    die,
    package_version,
    pyscript_files,
    sha256,
)
from serve import COMPRESSIBLE, RECOMMENDED_CSP
from start_folder import GAME_ZIP, LOADER, LOADER_PARTS, LOADER_TEMPLATE, PRECOMPILED_ZIP, slim, write_start
from xz_copies import write_copies, write_decoder

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
SW_TEMPLATE = ROOT / "build" / "sw.js"
COMPRESS = ROOT / "build" / "compress.mjs"
COMPRESS_CACHE = ROOT / ".cache" / "compressed"

# Written next to index.html but not listed in files.json: the list cannot
# hold its own hash, and the browser fetches the service worker itself.
FILE_LIST = "files.json"
SERVICE_WORKER = "sw.js"
# Blogs: the page that writes an embed's snippet, and the snippet's script
# (docs/HOSTING.md, "Embedding in a blog"), copied from their sources.
EMBED_FILES = {"embed.html": "embed.html", "examples/baza-embed.js": "baza-embed.js"}
# Marks the head's preloads of a first visit; build/sw.js strips those lines
# from the page it keeps (its FIRST_VISIT says the same).
FIRST_VISIT = "data-first-visit"

# What loadPyodide() fetches from its indexURL for a plain start (no
# packages): the ES module, the Emscripten glue (an .mjs since Pyodide 0.28),
# the wasm binary and the zipped stdlib, and the lock file. The page never
# downloads the lock file (the loader hands Pyodide its own, without the
# package list: minimal_lock); it stays for a plain loadPyodide() of the
# folder (the benches' bare page, the tests' Node.js checks).
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]

# The logical runtime folders that index.html and pyscript.toml refer to;
# dist/ holds them under versioned names.
RUNTIME = {"pyscript": "runtime/pyscript", "pyodide": "runtime/pyodide", "start": "runtime/start"}

# --- Our own files ----------------------------------------------------------


def copy_tree(src_dir: Path, dst_dir: Path, pattern: str) -> list[Path]:
    """Copy files matching pattern under src_dir; return their relative paths.

    Skips caches, source maps and `__main__.py` (a command line entry point,
    never imported by the page).
    """
    copied = []
    for path in sorted(src_dir.glob(pattern)):
        rel = path.relative_to(src_dir)
        if (
            not path.is_file()
            or "__pycache__" in rel.parts
            or any(part.startswith(".") for part in rel.parts)
            or path.suffix in (".map", ".pyc")
            or path.name == "__main__.py"
        ):
            continue
        (dst_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dst_dir / rel)
        copied.append(rel)
    return copied


def read_config(src: Path) -> dict:
    text = src.read_text(encoding="utf-8")
    config = tomllib.loads(text)  # fail here, not in the browser, on bad TOML
    if "files" in config:
        die(f"{src.name} must not have a [files] table; it is generated")
    if "packages" in config:
        # Any `packages` key, even [], makes PyScript load micropip from a CDN.
        die(f"{src.name} must not have a packages key (no CDN at run time)")
    return config


def write_config(site: "Site", src: Path) -> None:
    """Copy pyscript.toml with its references versioned.

    No [files] table: the game's modules reach Python's file system through
    the loader (build/pyodide-loader.mjs), in the precompiled zip or one by
    one, so adding a module to game/ or ui/ never needs a config edit.
    """
    text = site.rewrite("pyscript.toml", src.read_text(encoding="utf-8"))
    (site.out / "pyscript.toml").write_text(text, encoding="utf-8")
    site.done.add("pyscript.toml")


class Site:
    """The files of dist/ and the URL each is referred to by.

    `urls` maps a logical path (as the sources write it, relative to the
    site root) to the URL that the built files use instead.
    """

    # References rewritten in text files, relative to the referring file.
    HTML_REF = re.compile(r"""(\b(?:src|href|config)=)(["'])([^"'#?:]+)\2""")
    CSS_REF = re.compile(r"""(url\(\s*)(["']?)([^"')#?:]+)\2(\s*\))""")
    JSON_REF = re.compile(r"""("(?:src|start_url)"\s*:\s*)(")([^"#?:]+)\2""")
    TOML_REF = re.compile(r"""(=\s*)(")(\.[^"#?:]+)\2""")
    PATTERNS = {".html": "HTML_REF", ".css": "CSS_REF", ".webmanifest": "JSON_REF", ".toml": "TOML_REF"}

    def __init__(self, out: Path):
        self.out = out
        self.urls: dict[str, str] = {}
        self.done: set[str] = set()

    def resolve(self, referrer: str, ref: str) -> str | None:
        """The logical path that ref (written in referrer) points to, if a file."""
        if ref.startswith("/") or ref.startswith("data:"):
            return None
        path = posixpath.normpath(posixpath.join(posixpath.dirname(referrer), ref))
        if path.startswith("../"):
            return None
        return path

    def url_of(self, path: str) -> str | None:
        """The versioned URL of a logical path, finalising that file first."""
        for logical, real in self.urls.items():
            if logical.endswith("/") and path.startswith(logical):
                return real + path[len(logical) :]  # a runtime folder
        if path not in self.urls and (self.out / path).is_file():
            self.finalise(path)
            data = (self.out / path).read_bytes()
            self.urls[path] = f"{path}?v={sha256(data)[:8]}"
        return self.urls.get(path)

    def known_url(self, path: str) -> str:
        """url_of() for a file the build wrote itself: one missing stops the build."""
        url = self.url_of(path)
        if url is None:
            die(f"{path} is not in the build")
        return url

    def finalise(self, path: str) -> None:
        """Rewrite the references inside a text file (once, before hashing it)."""
        if path in self.done:
            return
        self.done.add(path)
        file = self.out / path
        if posixpath.splitext(path)[1] in self.PATTERNS:
            file.write_text(self.rewrite(path, file.read_text(encoding="utf-8")), encoding="utf-8")

    def rewrite(self, path: str, text: str) -> str:
        """text (the content of path) with its references to files versioned."""
        pattern = getattr(self, self.PATTERNS[posixpath.splitext(path)[1]])

        def replace(match: re.Match) -> str:
            ref = match.group(3)
            target = self.resolve(path, ref)
            url = target is not None and target != path and self.url_of(target)
            if not url:
                return match.group(0)
            new = posixpath.relpath(url, posixpath.dirname(path) or ".")
            if ref.startswith("./") and not new.startswith("../"):
                new = "./" + new
            return match.group(0).replace(match.group(2) + ref, match.group(2) + new, 1)

        return pattern.sub(replace, text)


def add_csp_meta(index: Path) -> None:
    """Put the recommended CSP into index.html, before anything it governs."""
    policy = RECOMMENDED_CSP
    policy = [d for d in policy if not d.startswith(("frame-ancestors", "report-uri", "sandbox"))]
    meta = f'<meta http-equiv="Content-Security-Policy" content="{"; ".join(policy)}">'
    text = index.read_text(encoding="utf-8")
    charset = re.search(r"<meta charset=[^>]*>", text, re.IGNORECASE) or re.search(r"<head[^>]*>", text)
    if charset is None:
        die(f"{index.name} has no <head> to put the CSP in")
    index.write_text(text[: charset.end()] + "\n  " + meta + text[charset.end() :], encoding="utf-8")


STYLE_LINK = re.compile(r'[ \t]*<link rel="stylesheet" href="\./([^"?#]+)">\n')
MERGED_STYLES = "assets/page.css"


def merge_styles(site: "Site", packaged: dict[str, Path]) -> None:
    """The page's style sheets as one file, assets/page.css, in their order.

    Style sheets hold back the first paint until every one has arrived: one
    request instead of four (each a round trip through the service worker
    on a return visit). The sources keep their own files; in dist/ only the
    merged one is left. packaged: the sheets of a runtime package, read from
    the package (PyScript's core.css is not copied into its runtime folder).
    None of them may use url(): the merged file lives elsewhere.
    """
    index = site.out / "index.html"
    text = index.read_text(encoding="utf-8")
    links = STYLE_LINK.findall(text)
    if text.count('rel="stylesheet"') != len(links) or set(packaged) - set(links):
        die(f'index.html must link each style sheet as <link rel="stylesheet" href="./PATH">, {list(packaged)} too')
    parts = []
    for logical in links:
        if logical.startswith("runtime/") and logical not in packaged:
            die(f"index.html links {logical}, which the build does not know how to merge")
        css = (packaged.get(logical) or site.out / logical).read_text(encoding="utf-8")
        if "url(" in css:
            die(f"{logical} uses url(); merging it into {MERGED_STYLES} would move what it points to")
        parts.append(f"/* {logical} */\n{css.rstrip()}\n")
    (site.out / MERGED_STYLES).write_text("\n".join(parts), encoding="utf-8")
    first = STYLE_LINK.search(text)
    if first is None:
        die(f"index.html links no style sheet to merge into {MERGED_STYLES}")
    at = first.start()  # the merged sheet takes the first one's place
    merged = f'  <link rel="stylesheet" href="./{MERGED_STYLES}">\n'
    index.write_text(text[:at] + merged + STYLE_LINK.sub("", text[at:]), encoding="utf-8")
    for logical in links:
        if logical.startswith("assets/"):
            (site.out / logical).unlink()


def add_preloads(index: Path, site: "Site", pyscript_dir: str, pyodide_dir: str, start_dir: str) -> None:
    """Let the browser fetch what the start needs at once, not one after another.

    PyScript's start is a chain: core.js imports its core chunk, which
    fetches pyscript.toml, then imports the toml and error chunks, then our
    loader, which imports Pyodide's module. Each link waited for the one
    before (a round trip through the service worker each, on a return
    visit). Preloads ask for all of them while the page is parsed. The large
    files (the wasm, the start zip) are preloaded on a first visit only
    (add_start_files): on a return visit they delayed the style sheets and
    so the first paint (measured, docs/PERFORMANCE.md).
    """
    modules = [f"{pyscript_dir}/{p.name}" for p in sorted((index.parent / pyscript_dir).glob("*.js"))]
    modules += [f"{pyodide_dir}/pyodide.mjs"]
    # ui/main.py too: PyScript fetches it only once Python is up, a round
    # trip through the service worker on the way to the table.
    fetches = [site.url_of("pyscript.toml"), site.url_of("ui/main.py")]
    # Our loader is not only fetched but run at once (an async module script;
    # PyScript's import later finds the same module): it starts reading the
    # memory snapshot and fetching the start zip some 130 ms before PyScript
    # would import it, and the snapshot's read is what a return visit waits for.
    links = [f'<script type="module" async src="./{start_dir}/{LOADER}"></script>']
    # Low priority: a first visit's wasm and start zip come first. Over
    # HTTP/1.1 (six connections to a host) these small files took every
    # connection as the page was parsed, and the big ones, asked a moment
    # later by assets/packed.js, waited for one while the link stood idle.
    low = 'fetchpriority="low"'
    links += [f'<link rel="modulepreload" href="./{url}" {low}>' for url in modules if not url.endswith("/core.js")]
    links += [f'<link rel="preload" href="./{url}" as="fetch" crossorigin {low}>' for url in fetches]
    text = index.read_text(encoding="utf-8")
    anchor = re.search(r'<script type="module" src="\./runtime/pyscript[^"]*/core\.js"></script>', text)
    if anchor is None:
        die(f"{index.name} has no module script for PyScript's core.js")
    index.write_text(
        text[: anchor.end()] + "".join("\n  " + link for link in links) + text[anchor.end() :], encoding="utf-8"
    )


def add_start_files(
    index: Path, site: "Site", pyscript_dir: str, pyodide_dir: str, start_dir: str, decoder: str = ""
) -> None:
    """Tell the loading screen (assets/loading.js) what the start downloads.

    A <meta name="baza-start"> with the URLs and sizes of the files a first
    start fetches, so that the screen shows a bar and a percentage of real
    bytes from its first paint and names a file that fails. The language
    catalogues apart: only the player's is fetched.

    The big files (the wasm, the start zip) are named in the data-early
    of the head's first script, assets/packed.js, which asks for them as
    soon as it runs on a first visit; the wasm and zip files all go through
    it, so that the host's compression does not decide their bytes
    (docs/HOSTING.md). The start zip is named by its xz copy, which every
    host sends as it is: the head preloads it, and the copies' decoder,
    from its first lines, before the script has arrived. Pyodide's glue is
    preloaded right after the script. These preloads are marked
    FIRST_VISIT; the service worker leaves them out of the page it keeps
    (build/sw.js): a return visit restores from the snapshot.
    """
    def record(path: str | None) -> list:
        if path is None:
            die("a file the loader preloads is not in the build")
        return [path, (site.out / path.split("?")[0]).stat().st_size]

    files = [record(f"{pyscript_dir}/{p.name}") for p in sorted((site.out / pyscript_dir).glob("*.js"))]
    files += [record(site.url_of("pyscript.toml")), record(site.url_of("ui/main.py"))]
    files += [record(f"{start_dir}/{LOADER}")]
    files += [record(f"{pyodide_dir}/{name}") for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")]
    zip_path = f"{start_dir}/{PRECOMPILED_ZIP}"
    big = [f"{pyodide_dir}/pyodide.asm.wasm"]
    game_path = f"{start_dir}/{GAME_ZIP}"
    first = []  # the head's first requests: the start zip's copy and its decoder, host-independent
    if (site.out / zip_path).is_file():
        files += [record(zip_path), record(game_path)]
        # Not the game's zip: the loader asks for it once the wasm is in.
        if decoder:  # the build writes FILE.xz of every wasm and zip (write_copies)
            big.append(f"{zip_path}.xz")  # its copy, whatever the host (assets/packed.js, copyFirst)
            first = [f"{zip_path}.xz", f"runtime/{decoder}"]
        else:
            big.append(zip_path)
    catalogues = sorted((site.out / start_dir).glob("lang-*.zip"))
    languages = {p.stem.removeprefix("lang-"): record(f"{start_dir}/{p.name}") for p in catalogues}
    start = {
        "files": files,
        "languages": languages,
        "spare": [zip_path, game_path, *(path for path, _ in languages.values())],  # the loader starts without them
    }
    meta = f'<meta name="baza-start" content="{html.escape(json.dumps(start, separators=(",", ":")))}">'
    text = index.read_text(encoding="utf-8")
    anchor = text.find('<script src="./assets/loading.js')
    if anchor < 0:
        die(f"{index.name} has no <script> for assets/loading.js")
    text = text[:anchor] + meta + "\n  " + text[anchor:]
    script = re.search(r'<script src="\./assets/packed\.js[^"]*"', text)
    if script is None:
        die(f"{index.name} has no <script> for assets/packed.js")
    packed = f' data-packed="{decoder}"' if decoder else ""  # the .xz copies are there (assets/packed.js)
    text = text[: script.end()] + f' data-early="{" ".join(big)}"{packed}' + text[script.end() :]
    preload = f'<link rel="modulepreload" href="./{pyodide_dir}/pyodide.asm.mjs" {FIRST_VISIT}>'
    at = text.index("</script>", script.end()) + len("</script>")
    text = text[:at] + "\n  " + preload + text[at:]
    copies = [f'<link rel="preload" href="./{url}" as="fetch" crossorigin {FIRST_VISIT}>' for url in first]
    text = text[: script.start()] + "".join(link + "\n  " for link in copies) + text[script.start() :]
    index.write_text(text, encoding="utf-8")


def precompress(out: Path) -> None:
    """FILE.br and FILE.gz beside each compressible file of dist/ (build/compress.mjs).

    For hosts that serve precompressed files (docs/HOSTING.md); the others
    ignore them. Not in files.json, so the service worker never caches them:
    it gets the files themselves, which the browser decodes.
    """
    compressible = COMPRESSIBLE
    files = [str(p) for p in sorted(out.rglob("*")) if p.is_file() and p.suffix in compressible]
    node = shutil.which("node")
    if node is None:
        die("Node.js is needed to precompress the build (or build with --no-compress)")
    command = [node, str(COMPRESS), str(COMPRESS_CACHE), *files]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        die(f"build/compress.mjs failed:\n{result.stderr.strip()}")


def write_service_worker(out: Path, file_list: dict, src: Path = ROOT, decoder: str = "") -> None:
    """dist/sw.js: the template with this build's version and files filled in.

    Any change to any file changes sw.js, which is how browsers notice a new
    build: they compare the service worker script byte for byte.
    """
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    placeholder = "const BUILD = null; // filled in by build/build.py"
    if template.count(placeholder) != 1:
        die(f"{SW_TEMPLATE} must contain the line `{placeholder}` once")
    build = {
        "version": file_list["version"],
        "files": [[f["url"], f["bytes"], f["sha256"]] for f in file_list["files"]],
        "copies": decoder,  # the .xz copies of the wasm and zips are there, and their decoder (assets/packed.js)
    }
    line = "const BUILD = " + json.dumps(build, separators=(",", ":")) + ";"
    packed_line = "// assets/packed.js, written here by build/build.py: self.bazaPacked."
    if template.count(packed_line) != 1:
        die(f"{SW_TEMPLATE} must contain the line `{packed_line}` once")
    packed = (src / "assets" / "packed.js").read_text(encoding="utf-8")
    packed = "self.bazaCopies = BUILD.copies;\n" + packed.replace('"use strict";\n', "")
    text = template.replace(placeholder, line).replace(packed_line, packed)
    (out / SERVICE_WORKER).write_text(text, encoding="utf-8")


def build(
    out: Path,
    src: Path = ROOT,
    csp_meta: bool = False,
    precompile: bool = True,
    all_wasm_exports: bool = False,
    keep_dead_code: bool = False,
    compress: bool = True,
    speed_edits: bool = True,
    wasm_split: bool = True,
) -> dict:
    """Build the site from ``src`` into ``out``; return its file list (files.json).

    ``csp_meta`` writes the recommended Content-Security-Policy into
    index.html; ``precompile`` ships the precompiled standard library and
    game; ``all_wasm_exports`` ships Pyodide's wasm with every export
    (build/runtime/wasm_exports.py); ``keep_dead_code`` leaves in the functions that
    only the cut exports reached (build/runtime/wasm_dead_code.py); ``compress``
    writes the .br and .gz copies (precompress), and the .xz copies of the
    wasm and zips with their decoder (build/xz_copies.py). Without ``speed_edits``
    the runtime is npm's files with the required edits only
    (build/runtime/edits.py's Edit kinds): no speed edit, every wasm
    export, the dead code kept, the wasm whole. ``wasm_split`` ships
    Pyodide's wasm as the part a start runs and the rest, fetched after
    ready (build/runtime/wasm_split.py).
    """
    if not speed_edits:
        all_wasm_exports, keep_dead_code, wasm_split = True, True, False
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"
    pyodide_src = NODE_MODULES / "pyodide"
    if not pyscript_src.is_dir() or not pyodide_src.is_dir():
        die("node_modules is missing; run `npm ci` first")

    if out in (src, ROOT) or out in src.parents or out in ROOT.parents:
        die(f"refusing to replace {out}, it holds the repository")
    if out.exists():
        if any(out.iterdir()) and not (out / "runtime").is_dir():
            die(f"refusing to replace {out}, it is not an earlier build")
        shutil.rmtree(out)  # start clean so deleted sources leave no stale copies
    out.mkdir(parents=True)

    config = read_config(src / "pyscript.toml")
    site = Site(out)
    pyscript_names = [name for name in pyscript_files(pyscript_src, config) if name != "core.css"]  # in page.css
    versions = {"pyscript": package_version(pyscript_src.parent), "pyodide": package_version(pyodide_src)}
    pyscript_dir = copy_runtime(
        out, "pyscript", versions["pyscript"], pyscript_src, pyscript_names, config, speed=speed_edits
    )
    # Who may call the wasm's exports by name besides the glue: Pyodide's
    # module, PyScript (as shipped) and our loader (with assets/packed.js,
    # which build/start_folder.py writes into it).
    wasm_readers = [pyodide_src / "pyodide.mjs", LOADER_TEMPLATE, *LOADER_PARTS, src / "assets" / "packed.js"]
    wasm_readers += sorted((out / pyscript_dir).glob("*.js"))
    pyodide_dir = copy_runtime(
        out,
        "pyodide",
        versions["pyodide"],
        pyodide_src,
        PYODIDE_FILES,
        config,
        None if all_wasm_exports else wasm_readers,
        keep_dead_code,
        speed_edits,
        wasm_split,
    )
    shutil.copyfile(src / "index.html", out / "index.html")
    if csp_meta:
        add_csp_meta(out / "index.html")
    if (src / "assets").is_dir():
        copy_tree(src / "assets", out / "assets", "**/*")
    for source, target in EMBED_FILES.items():
        if (src / source).is_file():
            shutil.copyfile(src / source, out / target)
    py_paths = []
    for package in ("game", "ui"):
        if (src / package).is_dir():
            rels = copy_tree(src / package, out / package, "**/*.py")
            py_paths += [f"{package}/{rel.as_posix()}" for rel in rels]
    game = {path: site.known_url(path) for path in py_paths}
    # The xz copies' decoder (build/xz_copies.py), named to the page, the loader and the service worker.
    decoder = write_decoder(out / "runtime") if compress else ""
    start_dir = write_start(
        out, pyodide_dir, pyodide_src, core_chunk(pyscript_src), src, game, precompile, speed_edits, decoder
    )
    site.urls[RUNTIME["pyscript"] + "/"] = pyscript_dir + "/"
    site.urls[RUNTIME["pyodide"] + "/"] = pyodide_dir + "/"
    site.urls[RUNTIME["start"] + "/"] = start_dir + "/"
    write_config(site, src / "pyscript.toml")
    merge_styles(site, {RUNTIME["pyscript"] + "/core.css": pyscript_src / "core.css"})
    slim(sorted((out / "assets").glob("*.js")) + [out / MERGED_STYLES])  # before their hashes are taken
    site.finalise("index.html")
    add_preloads(out / "index.html", site, pyscript_dir, pyodide_dir, start_dir)
    add_start_files(out / "index.html", site, pyscript_dir, pyodide_dir, start_dir, decoder)
    slim([out / "index.html"])
    for path in sorted(out.rglob("*")):  # text files that nothing above refers to
        site.finalise(path.relative_to(out).as_posix())

    # Every file is final now: list them for the service worker and for hosts.
    files: list[dict[str, Any]] = []
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        if path.name.startswith("."):
            continue
        rel = path.relative_to(out).as_posix()
        data = path.read_bytes()
        files.append({"url": site.urls.get(rel, rel), "path": rel, "bytes": len(data), "sha256": sha256(data)})
    version = hashlib.sha256("".join(f"{f['url']}\0{f['sha256']}\n" for f in files).encode()).hexdigest()[:16]
    file_list = {
        "name": "Baza",
        "version": version,
        "runtime": {
            "pyscript": package_version(pyscript_src.parent),
            "pyodide": package_version(pyodide_src),
        },
        "note": f"every file of the build except {FILE_LIST} and {SERVICE_WORKER}",
        "count": len(files),
        "bytes": sum(f["bytes"] for f in files),
        "files": files,
    }
    (out / FILE_LIST).write_text(json.dumps(file_list, indent=1) + "\n", encoding="utf-8")
    write_service_worker(out, file_list, src, decoder)
    (out / ".nojekyll").write_bytes(b"")
    if compress:
        precompress(out)
        write_copies(out / "runtime", decoder)

    print(
        f"build: {out} version {version}: {len(files)} files, {file_list['bytes'] / 1e6:.1f} MB"
        f" ({len(py_paths)} Python files)"
    )
    return file_list


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output directory")
    parser.add_argument(
        "--src",
        type=Path,
        default=ROOT,
        help="folder with index.html, pyscript.toml, assets/, game/, ui/ (default: the repository)",
    )
    parser.add_argument(
        "--csp-meta",
        action="store_true",
        help="write the recommended Content-Security-Policy into index.html (hosts without headers)",
    )
    parser.add_argument(
        "--no-precompile",
        action="store_true",
        help="leave out the precompiled standard library (Python starts from the stdlib's sources)",
    )
    parser.add_argument(
        "--no-compress",
        action="store_true",
        help="leave out the .br, .gz and .xz copies of the files (for hosts that serve them)",
    )
    parser.add_argument(
        "--all-wasm-exports",
        action="store_true",
        help="ship Pyodide's wasm with every export, as npm has it (build/runtime/wasm_exports.py)",
    )
    parser.add_argument(
        "--keep-dead-code",
        action="store_true",
        help="leave in the wasm's functions that only the cut exports reached (build/runtime/wasm_dead_code.py)",
    )
    parser.add_argument(
        "--no-wasm-split",
        action="store_true",
        help="ship Pyodide's wasm whole, not as the part a start runs and the rest (build/runtime/wasm_split.py)",
    )
    parser.add_argument(
        "--no-speed-edits",
        action="store_true",
        help="npm's runtime files with the required edits only (runtime.edits' Edit kinds): for a new release",
    )
    parser.add_argument(
        "--stale-hot-list",
        choices=["fail", "warn"],
        default="fail",
        help="a wasm-hot-functions.json of another wasm stops the build (fail, for CI) or ships the wasm whole",
    )
    args = parser.parse_args()
    options = {
        "precompile": not args.no_precompile,
        "all_wasm_exports": args.all_wasm_exports,
        "keep_dead_code": args.keep_dead_code,
        "compress": not args.no_compress,
        "speed_edits": not args.no_speed_edits,
        "wasm_split": not args.no_wasm_split,
    }
    try:
        build(args.out.resolve(), args.src.resolve(), args.csp_meta, **options)
    except StaleHotList as stale:
        if args.stale_hot_list != "warn":
            raise
        print(f"{stale.code}\nbuild: WARNING: building with the wasm whole (a bigger first visit)", file=sys.stderr)
        build(args.out.resolve(), args.src.resolve(), args.csp_meta, **{**options, "wasm_split": False})


if __name__ == "__main__":
    main()
