// Precompressed copies of the build's files, for hosts that serve them
// (nginx's brotli_static and gzip_static, Netlify, Cloudflare Pages;
// build/serve.py's default): FILE.br and FILE.gz beside FILE.
//
//   node build/compress.mjs CACHE_DIR FILE...
//
// Brotli at its best setting (quality 11, a 16 MB window) takes most of a
// minute for Pyodide's 9 MB wasm, so each result is kept in CACHE_DIR
// under the SHA-256 of its input: a rebuild compresses only what changed.
// A copy is written only when it is at most 95 % of the file: a host
// serves the file itself otherwise. Node's zlib has brotli built in; the
// gzip copies are Zopfli's (@gfx/zopfli, a devDependency: WebAssembly, no
// install script), a deflate that any gzip reader reads and 4 to 5 % smaller
// than zlib's best: on a host that compresses nothing the wasm and zips
// travel as these copies (assets/packed.js), the wasm's 1,608 kB as 1,529.
// Prints one JSON line: {file: [bytes, br, gz]}.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import zopfli from "@gfx/zopfli";

const [cache, ...files] = process.argv.slice(2);
if (!cache) {
  console.error("usage: node build/compress.mjs CACHE_DIR FILE...");
  process.exit(2);
}
mkdirSync(cache, { recursive: true });

const CODERS = {
  br: (data) =>
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_LGWIN]: 24,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  // Three iterations: 15 (Zopfli's default) take three times as long for under 0.1 % more.
  gz: (data) => zopfli.gzipAsync(data, { numiterations: 3 }),
};
// The name of each coder's result in CACHE_DIR: another coder, another name.
const KEPT_AS = { br: "br", gz: "zopfli.gz" };

const sizes = {};
for (const file of files) {
  const data = readFileSync(file);
  const hash = createHash("sha256").update(data).digest("hex");
  sizes[file] = [data.length];
  for (const [extension, code] of Object.entries(CODERS)) {
    const kept = join(cache, `${hash}.${KEPT_AS[extension]}`);
    if (!existsSync(kept)) {
      const partial = `${kept}.${process.pid}.tmp`;
      writeFileSync(partial, await code(data));
      renameSync(partial, kept); // whole or not at all, if two builds run at once
    }
    const packed = readFileSync(kept);
    if (packed.length <= 0.95 * data.length) writeFileSync(`${file}.${extension}`, packed);
    sizes[file].push(packed.length <= 0.95 * data.length ? packed.length : null);
  }
}
console.log(JSON.stringify(sizes));
