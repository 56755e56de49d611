import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const INDEX_HTML = '<!doctype html><html><body><div id="root">shell index</div></body></html>';
export const SECRET = 'do-not-serve-this-secret';

export interface TempDist {
  /** The dist folder the app serves. */
  distDir: string;
  cleanup(): Promise<void>;
}

/**
 * A small built-frontend layout like scripts/build-frontends.mjs produces, plus a secret
 * file beside (outside) dist that no request may reach.
 */
export async function createTempDist(files: Record<string, string> = {}): Promise<TempDist> {
  const base = await mkdtemp(join(tmpdir(), 'escrow-api-dist-'));
  const distDir = join(base, 'dist');
  const layout: Record<string, string> = {
    'index.html': INDEX_HTML,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    'assets/index-AbCd1234.js': 'console.log("shell");',
    'assets/index-AbCd1234.css': 'body{margin:0}',
    'remotes/buyer/remoteEntry.js': 'export const get = () => {};',
    'remotes/buyer/assets/buyer-order-page-Zz99Yy88.js': 'export default 1;',
    '.vite/manifest.json': '{}',
    ...files,
  };
  for (const [path, content] of Object.entries(layout)) {
    await mkdir(dirname(join(distDir, path)), { recursive: true });
    await writeFile(join(distDir, path), content);
  }
  await writeFile(join(base, 'secret.txt'), SECRET);
  return { distDir, cleanup: () => rm(base, { recursive: true, force: true }) };
}
