"""FILE.xz beside each wasm and zip of runtime/, and the decoder that reads them in the page.

On a host that sends these files as they are, or only gzips them, the page
takes FILE.xz instead and decodes it itself (assets/packed.js): xz at its
best setting is a little smaller than brotli and a fifth smaller than
gzip, so that such a host's first visit carries about what a brotli host's
does (docs/HOSTING.md). Python's lzma writes the copies; the decoder is the
WebAssembly of the npm package xz-decompress (xz-embedded, 12 kB), taken
out of its script and shipped as runtime/unxz-<hash>.wasm (the page fetches
it only where it takes a copy).

Like build/compress.mjs, each copy is kept in a cache under the SHA-256 of
its input, and written only when it is at most 95 % of the file.
"""

import base64
import hashlib
import lzma
import os
import re
from pathlib import Path

from runtime import die, sha256

ROOT = Path(__file__).resolve().parent.parent
DECODER_SCRIPT = ROOT / "node_modules" / "xz-decompress" / "dist" / "package" / "xz-decompress.js"
CACHE = ROOT / ".cache" / "compressed"
WASM_MAGIC = b"\0asm"
# The exports the page's glue calls (assets/packed.js, unxz).
DECODER_EXPORTS = (b"create_context", b"destroy_context", b"supply_input", b"get_next_output")


def decoder_wasm() -> bytes:
    """The decoder's WebAssembly, out of the package's script (a data: URL there)."""
    if not DECODER_SCRIPT.is_file():
        die("node_modules/xz-decompress is missing; run `npm ci` first")
    found = re.search(r"data:application/wasm;base64,([A-Za-z0-9+/=]+)", DECODER_SCRIPT.read_text(encoding="utf-8"))
    data = base64.b64decode(found.group(1)) if found else b""
    if not data.startswith(WASM_MAGIC) or not all(name in data for name in DECODER_EXPORTS):
        die(f"{DECODER_SCRIPT} no longer holds the xz decoder's wasm as this build reads it")
    return data


def write_decoder(runtime: Path) -> str:
    """Write the decoder into runtime/ and return its file name, unxz-<hash>.wasm.

    The hash in the name, as the runtime folders have theirs, lets hosts and
    the service worker keep it for good.
    """
    data = decoder_wasm()
    name = f"unxz-{sha256(data)[:8]}.wasm"
    runtime.mkdir(parents=True, exist_ok=True)
    (runtime / name).write_bytes(data)
    return name


def packed_files(runtime: Path, decoder: str) -> list[Path]:
    """The files that get a copy (assets/packed.js, isPacked): runtime's wasm and zips, the decoder apart."""
    return sorted(
        path
        for path in runtime.rglob("*")
        if path.is_file() and path.suffix in (".wasm", ".zip") and path.name != decoder
    )


def xz(data: bytes) -> bytes:
    """data as xz at preset 9e, its dictionary no larger than data (the decoder allocates what the header says).

    A CRC32 check: a copy damaged on the way or in a cache fails to decode
    rather than giving wrong bytes.
    """
    options = {"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": max(4096, len(data))}
    return lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=[options])


def write_copies(runtime: Path, decoder: str, cache: Path = CACHE) -> None:
    """FILE.xz beside each packed file."""
    cache.mkdir(parents=True, exist_ok=True)
    for path in packed_files(runtime, decoder):
        data = path.read_bytes()
        kept = cache / f"{hashlib.sha256(data).hexdigest()}.xz"
        if not kept.is_file():
            partial = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
            partial.write_bytes(xz(data))
            partial.replace(kept)  # whole or not at all, if two builds run at once
        packed = kept.read_bytes()
        if len(packed) <= 0.95 * len(data):
            (path.parent / (path.name + ".xz")).write_bytes(packed)
