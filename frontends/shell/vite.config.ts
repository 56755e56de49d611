import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { build, defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import { commonHead, REMOTE_PORTS, remoteEntry, SHARED_SINGLETONS, type RemoteName } from '../federation.ts';

// The API serves each remote's build under /remotes/<name>/ on the shell's own origin, so
// a root-relative entry works on any host and port (see scripts/build-frontends.mjs).
const remote = (name: RemoteName) => ({ type: 'module', name, entry: remoteEntry(name), entryGlobalName: name, shareScope: 'default' });
const remoteNames = Object.keys(REMOTE_PORTS) as RemoteName[];

/**
 * First load on a slow phone network (see docs/decisions/0018-public-site-audit-and-link-previews.md):
 * over HTTP/1.1 a browser fetches at most 6 files at a time, each paying the network's
 * latency, so the order of the modulepreload links decides when React arrives. The biggest
 * chunks start first, and the federation's small `pendingShares` chunk, which its bootstrap
 * imports only after React has loaded, is preloaded too instead of costing one more round trip.
 */
function orderFirstLoadPreloads(): Plugin {
  return {
    name: 'escrow:order-first-load-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const sizeOf = (href: string): number => {
          const chunk = bundle[href.replace(/^\//, '')];
          return chunk?.type === 'chunk' ? chunk.code.length : 0;
        };
        const links = [...String(html.source).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
        const hrefs = links.map((match) => match[1] ?? '');
        const pendingShares = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.name === 'pendingShares');
        if (pendingShares && !hrefs.includes(`/${pendingShares.fileName}`)) hrefs.push(`/${pendingShares.fileName}`);
        hrefs.sort((a, b) => sizeOf(b) - sizeOf(a));
        let source = String(html.source);
        for (const [tag] of links) source = source.replace(tag, '');
        const tags = hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
        html.source = source.replace('</head>', `${tags}</head>`);
      },
    },
  };
}

/**
 * After the client build, renders the landing page to dist/prerendered/landing.html with a
 * small server build of src/features/landing/prerender-landing.tsx; the API sends it inside
 * #root for '/' (apps/api/src/http/page-head.ts). Same decision record as above.
 */
function prerenderLanding(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  let outDir = '';
  return {
    name: 'escrow:prerender-landing',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Inside node_modules so the bundle's bare imports (react, react-dom) resolve to the shell's own copies.
      const serverOut = join(root, 'node_modules/.prerender');
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        resolve: { conditions: ['@escrow/source', ...defaultServerConditions] },
        ssr: { noExternal: [/^@escrow\//], resolve: { conditions: ['@escrow/source'] } },
        build: {
          ssr: 'src/features/landing/prerender-landing.tsx',
          outDir: serverOut,
          emptyOutDir: true,
          rollupOptions: { output: { entryFileNames: 'prerender-landing.mjs' } },
        },
      });
      const entry = `${pathToFileURL(join(serverOut, 'prerender-landing.mjs')).href}?build=${Date.now()}`;
      const { renderLandingHtml } = (await import(entry)) as { renderLandingHtml: () => string };
      await mkdir(join(outDir, 'prerendered'), { recursive: true });
      await writeFile(join(outDir, 'prerendered', 'landing.html'), renderLandingHtml());
    },
  };
}

export default defineConfig({
  plugins: [
    commonHead(),
    react(),
    orderFirstLoadPreloads(),
    prerenderLanding(),
    federation({
      name: 'shell',
      remotes: Object.fromEntries(remoteNames.map((name) => [name, remote(name)])),
      // 'loaded-first' keeps the runtime from fetching every remote's entry at start-up to
      // compare shared versions: public pages must not download any remote code.
      shareStrategy: 'loaded-first',
      shared: SHARED_SINGLETONS,
      dts: false,
      // The shell publishes its federation runtime for the remotes (built with externalRuntime),
      // so a remote page does not download a second copy (about 16 kB gzipped).
      experiments: { provideExternalRuntime: true },
    }),
  ],
  // Workspace packages publish TypeScript sources under this condition.
  resolve: { conditions: ['@escrow/source', ...defaultClientConditions] },
  build: { target: 'es2022' },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      ...Object.fromEntries(remoteNames.map((name) => [`/remotes/${name}`, `http://localhost:${REMOTE_PORTS[name]}`])),
    },
  },
});
