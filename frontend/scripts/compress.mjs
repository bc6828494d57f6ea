// After `vite build`: writes a gzip (.gz) and a brotli (.br) copy beside every text asset of dist/,
// so the Go binary can send the smaller one the browser accepts (backend/internal/platform/spa)
// without compressing on each request. Node's own zlib does both, at their highest levels (done once
// per build). A copy that is not smaller than the file is not written.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = new Set(['.js', '.css', '.svg', '.json', '.html', '.txt', '.map', '.webmanifest']);

/**
 * @param {string} dir
 * @returns {AsyncGenerator<string>}
 */
async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let raw = 0;
let gz = 0;
let br = 0;
for await (const file of files(dist)) {
  if (!TEXT.has(path.extname(file)) || (await stat(file)).size < 512) continue;
  const body = await readFile(file);
  const gzipped = gzipSync(body, { level: 9 });
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  raw += body.length;
  if (gzipped.length < body.length) {
    await writeFile(`${file}.gz`, gzipped);
    gz += gzipped.length;
  }
  if (brotli.length < body.length) {
    await writeFile(`${file}.br`, brotli);
    br += brotli.length;
  }
}
/** @param {number} n */
const kB = (n) => `${(n / 1024).toFixed(0)} kB`;
console.log(`compressed dist/: ${kB(raw)} of text → ${kB(gz)} gzip, ${kB(br)} brotli`);
