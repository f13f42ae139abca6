"""PyScript: the edits of its core chunk, and which of its chunks the page can load."""

from __future__ import annotations

import re
from pathlib import Path

from .edits import REQUIRED, SPEED, Edit, die, patched

# A relative file name inside a string literal of a PyScript chunk:
# `from"./core-X.js"`, `import("./toml-Y.js")`, `new URL("./xterm.css", ...)`.
CHUNK_REF = re.compile(r"""["'`]\./([\w.-]+\.(?:m?js|css))["'`]""")
# PyScript's plugin table in its core chunk: `error:()=>import("./error-X.js")`.
PLUGIN_REF = re.compile(r"""["']?([\w-]+)["']?:\(\)=>import\(["']\./([\w.-]+\.js)["']\)""")

# Edits to PyScript's core chunk, each applied exactly once or the build fails
# (a new PyScript release must be looked at again, not patched blindly).
CORE_PATCHES: list[Edit] = [
    Edit(
        # PyScript's bootstrap is a Python script that holds the 14 sources of
        # its package as string literals (30 kB) and writes each with
        # pathlib: Pyodide tokenizes, parses and compiles it, and Python
        # writes the files, at every start (20-25 ms of cProfile's figures on
        # a return visit, commit 87147e9). The loader
        # writes the same sources from the build's zip with their .pyc, and
        # says so in bazaStart.pyscriptSources; Pyodide's script on the main
        # thread (never a worker's, nor MicroPython's) then leaves out the
        # lines that write them, one per line as JSON.stringify keeps them,
        # with the import of pathlib they needed (pathlib, glob and fnmatch
        # then stay out of the start zip), and is marked slim only if no
        # write nor path is left in it.
        "skip PyScript's writes of its own sources when the loader made them",
        'ko=(e,t,n,r)=>{e[n]=()=>{const e=r?[r]:[];return e.push(...t(n)),e.map(E).join("\\n")}},'
        'Bo=(e,t)=>{const n="mpy"===t?Ao.replace(bo,""):Ao,r={};'
        'return ko(r,e,"codeBeforeRun",n),ko(r,e,"codeBeforeRunAsync",n),',
        "ko=(e,t,n,r,b)=>{e[n]=()=>{const s=globalThis.bazaStart;let c=r;"
        'if(b&&r&&s?.pyscriptSources==="written"){const f=r.split("\\n").filter(l=>'
        "!/^(_path = _Path\\(|_path\\.write_text\\(|if not _os\\.path\\.exists\\(|    _path\\.mkdir\\(|"
        "from pathlib import Path as _Path$|_path = None$|del _Path$|del _path$)/.test(l))"
        '.join("\\n");if(!/write_text|mkdir|_Path|_path/.test(f))c=f,s.pyscriptBootstrap="slim"}'
        'const e=c?[c]:[];return e.push(...t(n)),e.map(E).join("\\n")}},'
        'Bo=(e,t)=>{const n="mpy"===t?Ao.replace(bo,""):Ao,r={},b="py"===t&&e===vo;'
        'return ko(r,e,"codeBeforeRun",n,b),ko(r,e,"codeBeforeRunAsync",n,b),',
        SPEED,
    ),
    Edit(
        # PyScript compiles its worker hooks with Function() while it boots,
        # even on a page without workers: under a Content-Security-Policy
        # without 'unsafe-eval' the page never starts. The hook is only ever
        # sent to a worker as source text, through String(hook), so a plain
        # closure whose toString() returns the very same source does the job
        # without eval, on the main thread and in workers alike.
        "compile worker hooks without eval (strict CSP)",
        "(«e»,«t»)=>{const «n»=[...«Eo»(«t»)];if(«n».length){const «r»=«_o»(«…»),«s»=«n».map(«_o»).join(\", \");"
        "return Function(`return(w,x)=>(${«r»})(w,x,...[${«s»}])`)()",
        "(«e»,«t»)=>{const «n»=[...«Eo»(«t»)];if(«n».length){const «r»=«_o»(«…»),«s»=«n».map(«_o»).join(\", \");"
        "{const bazaHook=«…»,bazaRun=(w,x)=>bazaHook(w,x,...«n»);"
        "return bazaRun.toString=()=>`(w,x)=>(${«r»})(w,x,...[${«s»}])`,bazaRun}",
        REQUIRED,
    ),
    # PyScript opens IndexedDB while it boots (its package cache, and the
    # handles of pyscript.fs) and cannot start without it. Browsers refuse
    # storage to a frame of another site when third-party cookies are
    # blocked (Chromium's incognito mode, Brave, ...): the game embedded in a
    # blog must still play, only without saves. So a refused IndexedDB
    # becomes an empty, forgetful one (Baza loads no packages and uses no
    # pyscript.fs), with no uncaught error. tests/browser/test_embed.py.
    Edit(
        "let a refused IndexedDB reject with its error, once",
        "onerror(«e»){«n»(«e»),this.dispatchEvent(«e»)}",  # re-dispatching the event throws
        "onerror(«e»){«n»(«e».target.error)}",
        REQUIRED,
        2,  # the bundle holds PyScript's IndexedDB store twice: both copies
    ),
    Edit(
        "not report a refused IndexedDB as an unhandled rejection, and close it quietly",
        "return «a»})}dispatchEvent(«e»){const{type:«t»,message:«n»,isTrusted:«r»}=«e»;"
        "return super.dispatchEvent(«r»?«p»(new Event(«t»),{message:«n»}):«e»)}"
        "async close(){(await this.«#e»).close()}",
        "return «a»}),this.«#e».catch(()=>{})}dispatchEvent(«e»){const{type:«t»,message:«n»,isTrusted:«r»}=«e»;"
        "return super.dispatchEvent(«r»?«p»(new Event(«t»),{message:«n»}):«e»)}"
        "async close(){(await this.«#e».catch(()=>null))?.close()}",
        REQUIRED,
        2,  # the bundle holds PyScript's IndexedDB store twice: both copies
    ),
    Edit(
        "start with an empty package cache when IndexedDB is refused",
        "class «h» extends Map{«#s»;«#o»;constructor(...«e»){super(),this.«#s»=new «y»(...«e»),"
        "this.«#o»=this.«#s».entries().then(«f»=>{for(const[«t»,«n»]of «f»)super.set(«t»,«n»)})",
        "class «h» extends Map{«#s»;«#o»;constructor(...«e»){super(),this.«#s»=new «y»(...«e»),"
        "this.«#o»=this.«#s».entries().then(«f»=>{for(const[«t»,«n»]of «f»)super.set(«t»,«n»)}).catch(()=>{})",
        REQUIRED,
        2,  # the bundle holds PyScript's IndexedDB store twice: both copies
    ),
]



def disabled_plugins(config: dict) -> set[str]:
    return {p[1:] for p in config.get("plugins", []) if p.startswith("!")}


def core_chunk(src: Path) -> Path:
    """PyScript's core chunk (core-<hash>.js): its plugin table and its Python package."""
    core = next(src.glob("core-*.js"), None)
    if core is None:
        die(f"no core-*.js in {src}")
    return core


def pyscript_files(src: Path, config: dict) -> list[str]:
    """core.js, core.css and every chunk the page can load with this config.

    Plugins (error display, editor, terminal, ...) are imported while
    PyScript boots unless pyscript.toml disables them (`"!py-editor"` in
    `plugins`, see patch_core); other chunks are imported only for a
    feature in use. So a chunk is left out only when nothing this config
    enables can reach it; the browser tests check that every request of a
    real session is a file of the build.
    """
    disabled = disabled_plugins(config)
    plugins = dict(PLUGIN_REF.findall(core_chunk(src).read_text(encoding="utf-8")))
    unknown = disabled - set(plugins) - {"codemirror"}
    if unknown:
        die(f"pyscript.toml disables unknown plugins {sorted(unknown)}; known: {sorted(plugins)}")
    # The error plugin is imported even when disabled (to turn it off).
    skip = {plugins[name] for name in disabled if name != "error" and name in plugins}
    skip_prefixes = []
    if "py-editor" in disabled:
        skip_prefixes.append("codemirror")  # the editor is its only user
    if "packages" not in config:
        skip_prefixes.append("pyodide_graph")  # checks the packages list
    if not any(str(target).endswith("/*") for target in config.get("files", {}).values()):
        skip_prefixes.append("zip")  # unpacks archives listed in [files]

    todo, seen = ["core.js", "core.css"], set()
    while todo:
        name = todo.pop()
        if name in seen or name in skip or name.startswith(tuple(skip_prefixes)):
            continue
        if not (src / name).is_file():
            die(f"{src / name} is referenced but missing")
        seen.add(name)
        if name.endswith(".js"):
            todo.extend(CHUNK_REF.findall((src / name).read_text(encoding="utf-8")))
    return sorted(seen)



def patch_core(path: Path, disabled: set[str], speed: bool = True) -> None:
    """Apply CORE_PATCHES, and take disabled plugins out of the plugin table.

    PyScript skips a plugin that the config disables (`"!py-editor"`) only
    for the config's own interpreter: it still imports every plugin for
    MicroPython, which this page never runs. Without their entries in the
    table no code imports them, and dist/ need not hold them.
    """
    text = patched(path.read_text(encoding="utf-8"), CORE_PATCHES, path.name, speed)
    for name in sorted(disabled - {"error"}):  # error is imported even when off
        entry = re.compile(rf"""(["']?){re.escape(name)}\1:\(\)=>import\(["']\./[\w.-]+\.js["']\),?""")
        text, count = entry.subn("", text)
        if count != 1:
            die(f"cannot disable plugin {name}: found {count} times in {path.name}")
    path.write_text(text, encoding="utf-8")


