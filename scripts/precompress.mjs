// Compresses the built frontends once, at build time (issue 18): next to every text file worth
// it, `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9). The API serves these as
// they are (apps/api/src/http/static-frontend.ts), so no request pays for quality 11.
// index.html is not among them: the server writes each page's head into it per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The same rule as the server's (compression.ts): text formats of 1 KB and more. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map', '.webmanifest', '.xml']);
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Dot folders are never served (a lean page's .server/ renderer is the API's, decision 0059).
    if (entry.isDirectory() && entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes .br and .gz beside each compressible file under `distDir`; resolves { files, bytes, br, gz }. */
export async function precompress(distDir) {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  const work = [];
  for await (const path of files(distDir)) {
    if (!COMPRESSIBLE.has(extname(path)) || (await stat(path)).size < MIN_BYTES) continue;
    work.push(
      (async () => {
        const body = await readFile(path);
        const [br, gz] = await Promise.all([
          brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
          gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        totals.files += 1;
        totals.bytes += body.byteLength;
        totals.br += br.byteLength;
        totals.gz += gz.byteLength;
      })(),
    );
  }
  await Promise.all(work);
  return totals;
}
