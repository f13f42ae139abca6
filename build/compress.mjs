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
// serves the file itself otherwise. Node's zlib has brotli built in, so
// this needs no package. Prints one JSON line: {file: [bytes, br, gz]}.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

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
  gz: (data) => gzipSync(data, { level: 9 }),
};

const sizes = {};
for (const file of files) {
  const data = readFileSync(file);
  const hash = createHash("sha256").update(data).digest("hex");
  sizes[file] = [data.length];
  for (const [extension, code] of Object.entries(CODERS)) {
    const kept = join(cache, `${hash}.${extension}`);
    if (!existsSync(kept)) {
      const partial = `${kept}.${process.pid}.tmp`;
      writeFileSync(partial, code(data));
      renameSync(partial, kept); // whole or not at all, if two builds run at once
    }
    const packed = readFileSync(kept);
    if (packed.length <= 0.95 * data.length) writeFileSync(`${file}.${extension}`, packed);
    sizes[file].push(packed.length <= 0.95 * data.length ? packed.length : null);
  }
}
console.log(JSON.stringify(sizes));
