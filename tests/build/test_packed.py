"""assets/packed.js without a browser: Node.js runs it with a made-up host.

The browser tests (tests/browser/test_first_visit.py, test_dropped_link.py)
play whole visits on real hosts; these check single answers of
``fetchPacked`` that a visit meets rarely: a FILE.gz copy that cannot be
fetched (the link dropped between two files) falls back to FILE itself, and
a copy read back decompresses to the very bytes.
"""

import json
import subprocess

from build_helpers import ROOT

# The host: a.wasm sent as it is (no Content-Encoding), with its gzip copy
# beside it; b.wasm.gz cannot be fetched (a network error), b.wasm can.
SCRIPT = """
const fs = require("fs");
const zlib = require("zlib");
globalThis.self = globalThis;
self.location = new URL("https://host.example/");
(0, eval)(fs.readFileSync(process.argv[1], "utf8"));
const wasm = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
const asked = [];
// As the page's own origin answers it (a Response made here is of type "default").
const basic = (response) => Object.defineProperty(response, "type", { value: "basic" });
const fetcher = async (url) => {
  asked.push(new URL(url).pathname);
  const path = new URL(url).pathname;
  if (path === "/runtime/a.wasm") return basic(new Response(wasm, { headers: { "content-type": "application/wasm" } }));
  if (path === "/runtime/a.wasm.gz") return new Response(zlib.gzipSync(wasm));
  if (path === "/runtime/b.wasm.gz") throw new TypeError("Failed to fetch");
  if (path === "/runtime/b.wasm") return basic(new Response(wasm, { headers: { "content-type": "application/wasm" } }));
  return new Response("", { status: 404 });
};
(async () => {
  const packed = self.bazaPacked;
  const a = await packed.fetchPacked(fetcher, "https://host.example/runtime/a.wasm");
  const b = await packed.fetchPacked(fetcher, "https://host.example/runtime/b.wasm");
  console.log(JSON.stringify({
    a: [...new Uint8Array(await a.arrayBuffer())],
    aType: a.headers.get("content-type"),
    b: [...new Uint8Array(await b.arrayBuffer())],
    asked,
  }));
})().catch((error) => { console.log(JSON.stringify({ error: String(error) })); });
"""


def test_a_copy_that_cannot_be_fetched_falls_back_to_the_file_itself():
    done = subprocess.run(
        ["node", "-e", SCRIPT, str(ROOT / "assets" / "packed.js")], capture_output=True, text=True, timeout=60
    )
    out = json.loads(done.stdout)
    assert "error" not in out, out["error"]
    wasm = [0, 97, 115, 109, 1, 0, 0, 0]
    assert out["a"] == wasm and out["aType"] == "application/wasm", "the copy decompressed to the very bytes"
    assert out["b"] == wasm, "b.wasm itself when its copy cannot be had"
    # a.wasm as it is (cut off), its copy; then b.wasm's copy at once (the kind is known), and b.wasm.
    assert out["asked"] == ["/runtime/a.wasm", "/runtime/a.wasm.gz", "/runtime/b.wasm.gz", "/runtime/b.wasm"]
