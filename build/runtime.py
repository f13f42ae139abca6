"""PyScript's and Pyodide's files in dist/: which are copied, and what is edited in them.

build/build.py calls copy_runtime() for each package. It copies the files
a page of this config can load into runtime/<package>-<version>-<hash>/
and edits some of them:

- PyScript's core chunk (CORE_PATCHES, and the plugin table of patch_core);
- Pyodide's Emscripten glue, pyodide.asm.mjs (GLUE_PATCHES), and its own
  module, pyodide.mjs (PYODIDE_PATCHES);
- Pyodide's wasm, pyodide.asm.wasm, cut down to the exports the page's
  JavaScript names, and the glue's list of exports with it
  (build/wasm_exports.py; ``--all-wasm-exports`` leaves both whole);
- the glue gets V8's file-wide compile hint (EAGER_HINT): its functions
  are compiled on a background thread as it loads, not on the main thread
  when first called.

Each edit is applied exactly once or the build fails: a new release of
either package must be looked at again, not patched blindly.

Standard library only, as build.py.
"""

import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import NamedTuple, NoReturn

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "build") not in sys.path:  # read through runpy.run_path (tests, bench/)
    sys.path.insert(0, str(ROOT / "build"))
import wasm_cold_data  # noqa: E402 (after the path it needs)
import wasm_dead_code  # noqa: E402
import wasm_exports  # noqa: E402
import wasm_split  # noqa: E402

GLUE_DEAD = ROOT / "build" / "glue_dead.mjs"
# V8's file-wide compile hint (Chromium 136 and later; a comment elsewhere):
# every function of the file compiled on a background thread as it loads.
# A list of the functions a start calls, marked one by one, saved 26-72 ms
# of a settled return visit at the price of recording the list again after
# every edit of the glue; it was given up for this hint (docs/PERFORMANCE.md).
EAGER_HINT = b"//# allFunctionsCalledOnLoad\n"


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


# Edits to Pyodide's own module, pyodide.mjs, each applied exactly once or the
# build fails, as CORE_PATCHES.
PYODIDE_PATCHES: list[Edit] = [
    Edit(
        # loadPyodide() fetches its standard library from stdLibURL. The
        # loader fetches the build's start zip itself, early, and checks it
        # (size, SHA-256) before Python may use it: it hands Pyodide the
        # promise of those bytes instead of a URL, so that the zip is
        # downloaded once and the stock zip not at all before the table is
        # ready. A string is fetched as before. Required: the loader hands
        # over bytes.
        "let the standard library be given as bytes",
        "function «he»(«e»){let «t»=«j»(«e»);",
        'function «he»(«e»){let «t»=typeof «e»=="string"?«j»(«e»):«e»;',
        REQUIRED,
    ),
]


# Edits to Pyodide's Emscripten glue, each applied exactly once or the build
# fails, as CORE_PATCHES.
GLUE_PATCHES: list[Edit] = [
    Edit(
        # A restore copies the snapshot's whole memory (31 MB, half of it
        # zeros) into the WebAssembly memory, from a buffer the loader had to
        # unpack first. The loader's _restoreMemory option writes the stored
        # pages straight into that memory instead (build/pyodide-loader.mjs,
        # restoreMemory); without the option Pyodide copies as before (the
        # Worker that makes the snapshot never restores one). Required: the
        # loader hands a restore the snapshot's head only.
        "let the loader write a restored snapshot's memory",
        "l=JSON.parse(s);return Module.HEAP8.set(t),l}",
        "l=JSON.parse(s);return API.config._restoreMemory?API.config._restoreMemory(Module,t):Module.HEAP8.set(t),l}",
        REQUIRED,
    ),
    Edit(
        # Emscripten's dynamic linker gives every function the main module
        # exports a slot in the function table, and each of its symbols a
        # WebAssembly.Global in its table of symbols (GOT), for side modules
        # that might import them: 20-25 ms of every start in Chromium with
        # npm's 8,500 exports (commit e0c35a4). Only a side
        # module (a .so, which the game never loads) reads those symbols. So
        # the main module's symbols wait in a Map, each made into its Global
        # when first asked for: a data symbol with the value it would have
        # had, a function with a slot found or taken then (commit db2e93f). The loop
        # is updateGOT's, for a GOT of the module's imports. The snapshot's
        # memory holds slot numbers: the Worker that makes it links with
        # this same glue, so a restore finds the slots it was made with.
        "keep the main module's symbols in a Map until asked for",
        "var GOT={};",
        "var GOTOwn={},GOTLazy=new Map;var GOT=new Proxy(GOTOwn,{get(target,symName){"
        "if(symName in target||!GOTLazy.has(symName))return target[symName];"
        "var value=GOTLazy.get(symName);"
        'var entry=new WebAssembly.Global({value:"i32",mutable:true},'
        'typeof value=="function"?addFunction(value):value);'
        "GOTLazy.delete(symName);return target[symName]=entry}});"
        "var linkMainExports=exports=>{for(var symName in exports){if(isInternalSym(symName))continue;"
        "var value=exports[symName];var entry=GOTOwn[symName];if(entry&&entry.value!=-1)continue;"
        'if(typeof value=="function"){if(entry)entry.value=addFunction(value);else GOTLazy.set(symName,value)}'
        'else if(typeof value.value=="number"){if(entry)entry.value=value;else GOTLazy.set(symName,+value)}}};',
        SPEED,
    ),
    Edit(
        # addFunction first looks a function up among those in the table;
        # the first lookup maps the whole table, a function object made for
        # each of its thousands of slots (5-23 ms of every start, run 70).
        # Only a wasm function can be found there: a JavaScript function
        # goes in as a wrapper, and the map has it from addFunction itself.
        # Emscripten's JavaScript functions carry their wasm signature
        # (`.sig`, which a wrapper needs); a wasm function has none. So the
        # table is mapped at the first lookup of a function without a
        # signature, and the JavaScript functions reportUndefinedSymbols
        # wraps at every start never cause it. Once mapped, the map is the
        # one npm's glue would have made.
        "map the function table only when a wasm function is looked up",
        "var getFunctionAddress=func=>{if(!functionsInTableMap){functionsInTableMap=new WeakMap;"
        "updateTableMap(0,wasmTable.length)}return functionsInTableMap.get(func)||0};",
        "var tableMapped=false;var getFunctionAddress=func=>{functionsInTableMap??=new WeakMap;"
        'if(!tableMapped&&typeof func.sig!="string"){tableMapped=true;updateTableMap(0,wasmTable.length)}'
        "return functionsInTableMap.get(func)||0};",
        SPEED,
    ),
    Edit(
        # Pyodide's call trampoline is a wasm function made just before it
        # is added, so it cannot be in the table yet: it takes a fresh slot,
        # the one addFunction would give it, without a lookup (which would
        # map the whole table, above).
        "give Pyodide's new trampoline a fresh slot without a lookup",
        "return addFunction(trampolineInstance.exports.trampoline_call)}",
        "var fresh=trampolineInstance.exports.trampoline_call,slot=getEmptyTableSlot();"
        "setWasmTableEntry(slot,fresh);(functionsInTableMap??=new WeakMap).set(fresh,slot);return slot}",
        SPEED,
    ),
    Edit(
        "link the main module's symbols lazily",
        "updateGOT(origExports);",
        "linkMainExports(origExports);",
        SPEED,
    ),
    Edit(
        # reportUndefinedSymbols puts about 260 JavaScript functions into
        # the function table, each wrapped in a wasm module of its own: 10-20
        # ms of every start in Chromium (commit e0c35a4). Their
        # slots are taken as before, in the same order; the wrappers are made
        # together once every symbol is resolved (no wasm runs in between),
        # in modules of 64 functions: a few kB each, since some browsers
        # refuse to compile a module of more than 4 kB synchronously on the
        # main thread. Outside reportUndefinedSymbols (dlsym, at run time) a
        # function is wrapped alone, as before.
        "leave a JavaScript function's slot to the batch of wrappers",
        "var wrapped=convertJsFunctionToWasm(func,sig);setWasmTableEntry(ret,wrapped)}",
        "if(wrapperBatch){wrapperBatch.push([ret,func,sig])}"
        "else{var wrapped=convertJsFunctionToWasm(func,sig);setWasmTableEntry(ret,wrapped)}}",
        SPEED,
    ),
    Edit(
        "wrap the JavaScript functions of reportUndefinedSymbols in one module",
        "var reportUndefinedSymbols=()=>{for(var[symName,entry]of Object.entries(GOT)){",
        "var wrapperBatch=null;"
        "var convertJsFunctionsToWasm=list=>{"
        "var uleb=n=>{var out=[];do{var low=n&127;n>>>=7;out.push(n?low|128:low)}while(n);return out};"
        "var vec=items=>[...uleb(items.length),...items.flat()];"
        "var section=(id,body)=>[id,...uleb(body.length),...body];"
        "var name=i=>{var text=String(i);return[...uleb(text.length),...Array.from(text,c=>c.charCodeAt(0))]};"
        "var types=new Map,typeBytes=[],imports=[],exports=[],funcs={};"
        "list.forEach(([slot,func,sig],i)=>{if(!types.has(sig)){types.set(sig,types.size);"
        'typeBytes.push([96,...generateTypePack(sig.slice(1)),...generateTypePack(sig[0]==="v"?"":sig[0])])}'
        "imports.push([1,101,...name(i),0,...uleb(types.get(sig))]);exports.push([...name(i),0,...uleb(i)]);funcs[i]=func});"
        "var bytes=Uint8Array.of(0,97,115,109,1,0,0,0,"
        "...section(1,vec(typeBytes)),...section(2,vec(imports)),...section(7,vec(exports)));"
        "var instance=new WebAssembly.Instance(new WebAssembly.Module(bytes),{e:funcs});"
        "return list.map((_,i)=>instance.exports[i])};"
        "var reportUndefinedSymbols=()=>{var outer=wrapperBatch;wrapperBatch=[];"
        "try{reportEachUndefinedSymbol()}finally{"
        "var batch=wrapperBatch;wrapperBatch=outer;for(var start=0;start<batch.length;start+=64){"
        "var part=batch.slice(start,start+64);var wrapped=convertJsFunctionsToWasm(part);"
        "part.forEach(([slot],i)=>setWasmTableEntry(slot,wrapped[i]))}}};"
        "var reportEachUndefinedSymbol=()=>{for(var[symName,entry]of Object.entries(GOT)){",
        SPEED,
    ),
    Edit(
        # Pyodide's wasm in two parts (build/wasm_split.py): the functions a
        # start calls, and the rest (pyodide.cold.wasm), whose stubs call
        # through the hot part's table `baza_cold`. Slot 0 of that table is
        # loadNow, which a stub calls when it finds its slot empty. It never
        # waits for the network where a player would see it:
        # - the part compiled, or its bytes arrived: instantiated there and
        #   then (a synchronous compile, allowed up to 8 MB on Chromium's
        #   main thread);
        # - else, where part.mayWait() says so (Node.js, a Worker, a page
        #   still starting: the loader decides) read synchronously
        #   (readBinary, or a synchronous request);
        # - else part.missed is called and loadNow throws: Python cannot go
        #   on, and the loader finishes the download in the background and
        #   then starts the page again on the saved game
        #   (build/pyodide-loader.mjs, coldMissed).
        # load() fetches the part in the background, counting its bytes in
        # part.received, keeps them, compiles and instantiates. A whole
        # wasm (no `baza_cold`) is left as it is. Required once the wasm is
        # split.
        "load the cold part of a split wasm",
        "function getWasmImports(){",
        "var coldPart=exports=>{var table=exports.baza_cold;if(!table)return undefined;"
        'var url=Module["locateFile"]?locateFile("pyodide.cold.wasm")'
        ':new URL("pyodide.cold.wasm",import.meta.url).href;'
        'var part={state:"not needed",url,received:0,mayWait:()=>true,missed:()=>{}};var imports={p:exports};'
        'var readSync=()=>{if(readBinary)return readBinary(url);var xhr=new XMLHttpRequest;xhr.open("GET",url,false);'
        'xhr.overrideMimeType("text/plain; charset=x-user-defined");xhr.send(null);'
        "if(xhr.status!=200)throw new Error(`${url}: HTTP ${xhr.status}`);"
        "var text=xhr.responseText,bytes=new Uint8Array(text.length);"
        "for(var i=0;i<text.length;i++)bytes[i]=text.charCodeAt(i);return bytes};"
        "var loadNow=()=>{if(part.instance)return;"
        "var module=part.module??(part.bytes&&new WebAssembly.Module(part.bytes));"
        'if(!module&&!part.mayWait()){part.state="missing at a call";part.missed();'
        'throw new Error("the rest of Pyodide\'s wasm has not arrived yet")}'
        "part.instance=new WebAssembly.Instance(module??new WebAssembly.Module(readSync()),imports);"
        'part.bytes=null;part.state="loaded at a call"};'
        "var loader=new WebAssembly.Instance(new WebAssembly.Module(Uint8Array.of(0,97,115,109,1,0,0,0,1,4,1,96,0,0,"
        "2,7,1,1,98,1,108,0,0,3,2,1,0,7,5,1,1,108,0,1,10,6,1,4,0,16,0,11)),{b:{l:loadNow}});"
        "table.set(0,loader.exports.l);"
        "part.load=async signal=>{if(part.instance)return part.state;"
        'if(!part.bytes){var response=await fetch(url,{credentials:"same-origin",signal});'
        "if(!response.ok)throw new Error(`HTTP ${response.status}`);"
        "var reader=response.body.getReader(),chunks=[],received=0;part.received=0;"
        "for(;;){var{done,value}=await reader.read();if(done)break;"
        "chunks.push(value);received+=value.length;part.received=received}"
        "var bytes=new Uint8Array(received),at=0;for(var chunk of chunks){bytes.set(chunk,at);at+=chunk.length}"
        "if(!part.instance)part.bytes=bytes}"
        "if(!part.module&&part.bytes)part.module=await WebAssembly.compile(part.bytes);"
        "if(!part.instance){var instance=await WebAssembly.instantiate(part.module,imports);"
        'if(!part.instance){part.instance=instance;part.bytes=null;part.state="loaded after ready"}}return part.state};'
        "return part};function getWasmImports(){",
        REQUIRED,
    ),
    Edit(
        "set up the cold part as the wasm is instantiated",
        "wasmExports=instance.exports;var origExports=wasmExports;",
        "wasmExports=instance.exports;Module.bazaCold=coldPart(wasmExports);var origExports=wasmExports;",
        REQUIRED,
    ),
]


# --- PyScript: which chunks the page can load -------------------------------


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


class StaleHotList(SystemExit):
    """build/wasm-hot-functions.json is not of this wasm: it stops the
    build, unless the build is told to go on with the wasm whole (build.py
    --stale-hot-list warn, as build/play.sh does)."""


RECORD_HOT = "record it again with bench/wasm_calls.py"


def stale(message: str) -> NoReturn:
    raise StaleHotList(f"build: {message}")


def without_graphics(glue: str, wasm: bytes) -> tuple[str, list[str]]:
    """The glue without OpenGL, EGL, SDL and OpenAL, which only packages' side
    modules link to (build/glue_dead.mjs), but for what ``wasm`` imports;
    and the names of wasmImports it dropped."""
    imported = json.dumps(sorted({name for _, name, _ in wasm_exports.imports(wasm)}))
    try:
        result = subprocess.run(["node", str(GLUE_DEAD), imported], input=glue, capture_output=True, text=True)
    except FileNotFoundError:
        die("Node.js is needed to take the graphics libraries out of the glue (or build with --all-wasm-exports)")
    if result.returncode != 0:
        die(f"build/glue_dead.mjs failed:\n{result.stderr.strip()}")
    return result.stdout, json.loads(result.stderr)["imports"]


def copy_runtime(
    out: Path,
    package: str,
    version: str,
    src: Path,
    names: list[str],
    config: dict,
    wasm_readers: list[Path] | None = None,
    dead_code: bool = False,
    speed: bool = True,
    split: bool = False,
) -> str:
    """Copy a runtime into runtime/<package>-<version>-<hash>/; return that path.

    ``wasm_readers``: the page's other scripts that may call Pyodide's wasm
    by an export's name; the wasm keeps only the exports they and the glue
    name, and the glue assigns only those (build/wasm_exports.py). None
    ships both as npm has them. ``dead_code``: leave in the functions that
    only the cut exports reached (build/wasm_dead_code.py takes them out
    when npm installed binaryen). ``speed``: make the speed edits (Edit's
    kind) and V8's file-wide hint; without them the files are npm's with
    the required edits only. ``split``: ship the wasm in two parts, the
    functions a start calls and the rest (build/wasm_split.py), when the
    dead-code pass ran.
    """
    staging = out / "runtime" / f".{package}"
    edited = {}  # file name -> its content as shipped, before the compile hint
    if package == "pyodide":
        glue = patched((src / "pyodide.asm.mjs").read_bytes().decode("utf-8"), GLUE_PATCHES, "pyodide.asm.mjs", speed)
        npm_wasm = wasm = (src / "pyodide.asm.wasm").read_bytes()
        origins = None  # each function's index in npm's wasm, where the dead-code pass renumbered them
        if wasm_readers is not None:  # cut from the glue as it will run: its patches may name exports too
            try:
                glue, wasm = wasm_exports.cut(glue, wasm, [path.read_text(encoding="utf-8") for path in wasm_readers])
            except wasm_exports.WasmError as error:
                die(f"cannot cut the exports of Pyodide's wasm ({error}); build with --all-wasm-exports")
            if not dead_code and wasm_dead_code.available():
                try:
                    origins = wasm_dead_code.kept_functions(wasm)
                    wasm = wasm_dead_code.without_dead_code(wasm)
                except wasm_dead_code.DeadCodeError as error:
                    die(f"cannot take the dead code out of Pyodide's wasm ({error}); build with --keep-dead-code")
        if wasm_readers is not None:
            glue, _ = without_graphics(glue, wasm)
        # Split only after the dead-code pass: before it the module still
        # imports the globals of side modules (GOT), which a part cannot share.
        split = split and origins is not None
        if split:
            wasm, cold = split_wasm(npm_wasm, wasm, origins)
            names = [*names, wasm_split.COLD_FILE]
        module = patched((src / "pyodide.mjs").read_bytes().decode("utf-8"), PYODIDE_PATCHES, "pyodide.mjs", speed)
        edited = {  # bytes: no newline translation
            "pyodide.asm.mjs": glue.encode("utf-8"),
            "pyodide.asm.wasm": wasm,
            "pyodide.mjs": module.encode("utf-8"),
            "python_stdlib.zip": stored_zip((src / "python_stdlib.zip").read_bytes()),
        }
        if split:
            edited[wasm_split.COLD_FILE] = cold
    for name in names:
        (staging / name).parent.mkdir(parents=True, exist_ok=True)
        if name in edited:
            (staging / name).write_bytes(edited[name])
        else:
            shutil.copyfile(src / name, staging / name)
        if package == "pyscript" and name.startswith("core-") and name.endswith(".js"):
            patch_core(staging / name, disabled_plugins(config), speed)
        if f"{package}/{name}" == "pyodide/pyodide.asm.mjs" and speed:
            (staging / name).write_bytes(EAGER_HINT + (staging / name).read_bytes())
    return publish(out, staging, names, f"{package}-{version}")


def split_wasm(npm_wasm: bytes, wasm: bytes, origins: list[int]) -> tuple[bytes, bytes]:
    """``wasm`` (npm's, cut and renumbered by the dead-code pass: ``origins``) as its hot and cold parts.

    build/wasm-hot-functions.json lists the hot functions by their index in
    npm's wasm; one recorded for another Pyodide stops the build, as the
    list of start-up functions does (bench/wasm_calls.py records it again).
    The CJK codecs', unicodedata's and musl's iconv tables go with the cold
    part (build/wasm_cold_data.py).
    """
    hot = wasm_split.hot_functions(npm_wasm)
    if hot is None:
        stale(f"{wasm_split.HOT_LIST.name} is not of this Pyodide's wasm: {RECORD_HOT} (or build with --no-wasm-split)")
    listed = set(hot)
    try:
        parts = wasm_split.split(wasm, [index for index, origin in enumerate(origins) if origin in listed])
        hot, cold, _ = wasm_cold_data.with_cold_tables(parts.hot, parts.cold, npm_wasm, origins)
    except wasm_split.WasmError as error:
        die(f"cannot split Pyodide's wasm ({error}); build with --no-wasm-split")
    return hot, cold


def stored_zip(data: bytes) -> bytes:
    """The same zip with every entry stored, not deflated, in the same order.

    npm's python_stdlib.zip deflates each file alone, so a host's brotli or
    gzip cannot shrink it further (2.5 MB either way); stored, the host's
    compression works across the whole archive and packs it smaller. The
    loader mounts it after the table is ready; zipimport reads stored
    entries without inflating them.
    """
    source, stored = zipfile.ZipFile(io.BytesIO(data)), io.BytesIO()
    with zipfile.ZipFile(stored, "w", zipfile.ZIP_STORED) as archive:
        for info in source.infolist():
            copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            copy.external_attr, copy.create_system = info.external_attr, info.create_system
            archive.writestr(copy, source.read(info), zipfile.ZIP_STORED)
    return stored.getvalue()


def publish(out: Path, staging: Path, names: list[str], prefix: str) -> str:
    """Move a staged runtime folder to runtime/<prefix>-<hash of its files>/; return that path."""
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0" + sha256((staging / name).read_bytes()).encode())
    final = f"runtime/{prefix}-{digest.hexdigest()[:8]}"
    staging.rename(out / final)
    return final


def package_version(path: Path) -> str:
    return json.loads((path / "package.json").read_text(encoding="utf-8"))["version"]
