"""assets/packed.js without a browser: Node.js runs it with a made-up host.

The browser tests (tests/browser/test_first_visit.py, test_dropped_link.py)
play whole visits on real hosts; these check single answers of
``fetchPacked`` that a visit meets rarely, with the build's own xz copies
(build/xz_copies.py) and decoder: a copy read back decodes to the very
bytes, over many of the decoder's buffers; a gzipped answer makes way for
the copy, a brotli one does not; a copy that cannot be fetched (the link
dropped between two files), that is not xz (a host that answers a missing
file with a page) or that is cut short falls back to the file itself or
fails with a reason, never with wrong bytes.
"""

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

from build_helpers import ROOT

sys.path.insert(0, str(ROOT / "build"))
from xz_copies import decoder_wasm, xz

DECODER = "unxz-test.wasm"

# The host, from files in a folder: /runtime/NAME is the folder's NAME;
# "Content-Encoding" as the test says for each kind of file; a.zip.xz
# cannot be fetched (a network error). The page's own origin: basic answers.
SCRIPT = """
const fs = require("fs");
const path = require("path");
const [packedJs, folder, codings] = process.argv.slice(1);
globalThis.self = globalThis;
self.location = new URL("https://host.example/");
self.bazaCopies = "unxz-test.wasm";
(0, eval)(fs.readFileSync(packedJs, "utf8"));
const asked = [];
const basic = (response) => Object.defineProperty(response, "type", { value: "basic" });
const fetcher = async (url) => {
  const name = new URL(url).pathname.replace("/runtime/", "");
  asked.push(name);
  if (name === "a.zip.xz") throw new TypeError("Failed to fetch");
  const file = path.join(folder, name);
  if (!fs.existsSync(file)) return basic(new Response("<html>not here</html>", { status: 200 }));
  const coding = name.endsWith(".xz") ? null : JSON.parse(codings)[path.extname(name)];
  return basic(new Response(fs.readFileSync(file), { headers: coding ? { "content-encoding": coding } : {} }));
};
const digest = async (response) => {
  try {
    return [...new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()))]
      .map((b) => b.toString(16).padStart(2, "0")).join("");
  } catch (error) {
    return "error: " + String(error.message || error);
  }
};
(async () => {
  const out = {};
  for (const name of ["big.wasm", "a.zip", "b.zip", "html.zip", "short.wasm"]) {
    const response = await self.bazaPacked.fetchPacked(fetcher, "https://host.example/runtime/" + name);
    out[name] = [await digest(response), response.headers.get("content-type")];
  }
  // A gzip copy (what a page takes of a file it fetches while the player plays): the browser's own gunzip.
  const small = fs.readFileSync(path.join(folder, "a.zip"));
  const gzipped = new Response(require("zlib").gzipSync(small));
  out.gzip = [await digest(await self.bazaPacked.unpacked(gzipped, "application/zip")), null];
  out.asked = asked;
  console.log(JSON.stringify(out));
})().catch((error) => { console.log(JSON.stringify({ error: String(error) })); });
"""


def run(folder: Path, codings: dict[str, str | None]) -> dict:
    done = subprocess.run(
        ["node", "-e", SCRIPT, str(ROOT / "assets" / "packed.js"), str(folder), json.dumps(codings)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = json.loads(done.stdout)
    assert "error" not in out, out["error"]
    return out


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_copies_decode_to_the_very_bytes_or_give_way_to_the_file(tmp_path):
    folder = tmp_path / "runtime"
    folder.mkdir()
    (folder / DECODER).write_bytes(decoder_wasm())
    rng = random.Random(7)
    # 1 MB of words and noise: many of the decoder's 64 kB buffers, in and out.
    big = b"\0asm" + b"".join(rng.choice([b"spades ", b"hearts ", bytes([rng.randrange(256)])]) for _ in range(300_000))
    small = bytes(range(256)) * 40
    for name, data in {"big.wasm": big, "a.zip": small, "b.zip": small, "html.zip": small, "short.wasm": small}.items():
        (folder / name).write_bytes(data)
    (folder / "big.wasm.xz").write_bytes(xz(big))
    (folder / "b.zip.xz").write_bytes(xz(small))
    # html.zip has no copy (the host answers a page); short.wasm's copy is cut short.
    (folder / "short.wasm.xz").write_bytes(xz(small)[:-40])

    out = run(folder, {".wasm": "gzip", ".zip": None})
    assert out["big.wasm"] == [sha(big), "application/wasm"], "a gzipped wasm makes way for its copy, decoded whole"
    assert out["a.zip"][0] == sha(small), "a.zip itself when its copy cannot be had"
    assert out["b.zip"][0] == sha(small), "the next zip's copy at once, decoded"
    assert out["html.zip"][0] == sha(small), "a copy that is not xz: the file itself"
    assert out["short.wasm"][0].startswith("error: ") and "ended early" in out["short.wasm"][0]
    assert out["gzip"][0] == sha(small), "a gzip copy decodes too"
    assert out["asked"][:6] == ["big.wasm", "big.wasm.xz", DECODER, "a.zip", "a.zip.xz", "a.zip"]
    # The kinds are known now: each copy at once (html.zip's, not xz, then the file itself).
    assert out["asked"][6:] == ["b.zip.xz", "html.zip.xz", "html.zip", "short.wasm.xz"]


def test_a_host_that_sends_brotli_keeps_it(tmp_path):
    folder = tmp_path / "runtime"
    folder.mkdir()
    (folder / DECODER).write_bytes(decoder_wasm())
    for name in ("big.wasm", "a.zip", "b.zip", "html.zip", "short.wasm"):
        (folder / name).write_bytes(b"as the host sends it")
        (folder / (name + ".xz")).write_bytes(xz(b"a copy nobody asks for"))
    out = run(folder, {".wasm": "br", ".zip": "zstd", ".bin": "br", ".data": "br"})
    assert out["asked"] == ["big.wasm", "a.zip", "b.zip", "html.zip", "short.wasm"]
    assert {value[0] for key, value in out.items() if key not in ("asked", "gzip")} == {sha(b"as the host sends it")}
