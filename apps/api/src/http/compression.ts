import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Response compression for the built frontends. The first visit to the landing page on a
 * slow phone network is dominated by JavaScript bytes: React and the federation runtime are
 * about 340 kB as built and about 105 kB gzipped, which is a second and more on "Slow 4G".
 * There is no proxy in front of the one-command server, so it compresses itself.
 */
export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this size the headers cost more than compression saves. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/**
 * The encoding to use for an Accept-Encoding header: the acceptable one with the highest
 * q-value, brotli on a tie. `q=0` refuses an encoding; `*` stands for any not named.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding): number => weights.get(encoding) ?? weights.get('*') ?? 0;
  const [best] = (['br', 'gzip'] as const).filter((encoding) => weightOf(encoding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
  return best;
}

/** Text formats worth compressing; images and fonts are compressed already. */
export function isCompressible(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type.startsWith('text/') || type === 'application/json' || type.endsWith('+xml') || type.endsWith('+json') || type === 'application/javascript' || type === 'application/manifest+json';
}

/**
 * `thorough` (the build's hashed files, compressed once and cached) uses the best ratio;
 * otherwise (index.html, written per request) a fast level.
 */
export async function compress(body: Uint8Array, encoding: Encoding, thorough: boolean): Promise<Buffer<ArrayBuffer>> {
  const output =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: thorough ? constants.BROTLI_MAX_QUALITY : 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : await gzipAsync(body, { level: thorough ? constants.Z_BEST_COMPRESSION : constants.Z_DEFAULT_COMPRESSION });
  // zlib's output never lives in a SharedArrayBuffer; Hono's body type wants that said.
  return output as Buffer<ArrayBuffer>;
}

/**
 * Compressed files by path, version (ETag) and encoding. The build is a few megabytes at
 * most; the cache is emptied if it ever grows past `maxBytes` (a new build under a running
 * server leaves old versions behind).
 */
export function compressedFileCache(maxBytes = 64 * 1024 * 1024) {
  const entries = new Map<string, Promise<Buffer<ArrayBuffer>>>();
  let bytes = 0;
  return {
    get(key: string, produce: () => Promise<Buffer<ArrayBuffer>>): Promise<Buffer<ArrayBuffer>> {
      const cached = entries.get(key);
      if (cached) return cached;
      const pending = produce().then(
        (buffer) => {
          bytes += buffer.byteLength;
          if (bytes > maxBytes) {
            entries.clear();
            bytes = 0;
          }
          return buffer;
        },
        (error: unknown) => {
          entries.delete(key);
          throw error;
        },
      );
      entries.set(key, pending);
      return pending;
    },
  };
}
