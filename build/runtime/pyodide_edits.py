"""Pyodide: the edits of its module (pyodide.mjs) and of its Emscripten glue (pyodide.asm.mjs)."""

from __future__ import annotations

from .edits import REQUIRED, SPEED, Edit

# V8's file-wide compile hint (Chromium 136 and later; a comment elsewhere):
# every function of the file compiled on a background thread as it loads.
# A list of the functions a start calls, marked one by one, saved 26-72 ms
# of a settled return visit at the price of recording the list again after
# every edit of the glue; it was given up for this hint (docs/PERFORMANCE.md).
EAGER_HINT = b"//# allFunctionsCalledOnLoad\n"


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
        # Pyodide's wasm in two parts (build/runtime/wasm_split.py): the functions a
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


