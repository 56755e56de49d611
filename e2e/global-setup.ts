import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const builtShell = fileURLToPath(new URL('../frontends/shell/dist/index.html', import.meta.url));
const builtRemotes = ['buyer', 'seller', 'rider', 'admin'].map((name) => fileURLToPath(new URL(`../frontends/shell/dist/remotes/${name}/remoteEntry.js`, import.meta.url)));
const builtApi = fileURLToPath(new URL('../apps/api/dist/server.mjs', import.meta.url));

/** Fails at once, with the fix, instead of a page of confusing 503s; cleans up the data dir. */
export default function globalSetup(): () => void {
  if (![builtShell, ...builtRemotes, builtApi].every((file) => existsSync(file))) {
    throw new Error('The product is not built. Run `npm run build` before `npm run test:e2e`.');
  }
  return () => {
    const dataDir = process.env.E2E_DATA_DIR;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
