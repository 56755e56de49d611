// What the shell and the four role remotes agree on, in one place: their vite.config.ts files
// import it by relative path (Vite bundles it into each config). It names no package, so it
// resolves from any of them.

/** Each remote's development server port; the shell's dev server proxies /remotes/<name> to it. */
export const REMOTE_PORTS = { buyer: 5174, seller: 5175, rider: 5176, admin: 5177 } as const;

export type RemoteName = keyof typeof REMOTE_PORTS;

/** Shared as singletons by the shell and every remote: one React tree, one jotai store, one query cache library. */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: '^19.1.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.1.0' },
  jotai: { singleton: true, requiredVersion: '^2.15.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.90.0' },
};

/** Where the shell loads a remote from: the API serves each remote's build under /remotes/<name>/ on the shell's own origin (scripts/build-frontends.mjs). */
export const remoteEntry = (name: RemoteName) => `/remotes/${name}/remoteEntry.js`;

/** The options of a role remote's `federation()` plugin: its pages, the shared singletons, the shell's federation runtime. */
export function remoteFederation(name: RemoteName, exposes: Record<string, string>) {
  return {
    name,
    filename: 'remoteEntry.js',
    exposes,
    shared: SHARED_SINGLETONS,
    dts: false,
    // Uses the federation runtime the shell provides (provideExternalRuntime) instead of its own.
    experiments: { externalRuntime: true },
  };
}

/**
 * The rest of a role remote's Vite config: served under /remotes/<name>/, so every chunk URL is
 * root-relative to that folder; no page of its own (the federation plugin adds remoteEntry.js
 * as the only input); its dev server on its own port.
 */
export function remoteBuild(name: RemoteName) {
  return {
    base: `/remotes/${name}/`,
    build: { target: 'es2022', rolldownOptions: { input: {} } },
    server: { port: REMOTE_PORTS[name], strictPort: true },
  };
}

/**
 * Pages that also build a lean page of their own for a first visit: the buyer's and rider's
 * remotes (decision 0053) and the shell's landing page (decision 0055).
 */
export type LeanPageName = Extract<RemoteName, 'buyer' | 'rider'> | 'landing';

/**
 * The Vite config of a lean page (vite.page.config.ts): page.html and React, no federation;
 * served under /pages/<name>/ (the API sends its page.html for the page's routes).
 */
export function leanPageBuild(name: LeanPageName) {
  return {
    base: `/pages/${name}/`,
    // The shell's public files (favicon) are served from the site's root; page-public/ holds the
    // page's own (early-read.js, which starts the page's first read before its script arrives).
    publicDir: 'page-public',
    build: { target: 'es2022', outDir: 'dist-page', emptyOutDir: true, rolldownOptions: { input: 'page.html' } },
  };
}

/**
 * The head every page document shares (the shell's index.html and the lean pages' page.html),
 * put first in <head> by each build (Vite's transformIndexHtml): the pages' HTML holds only its
 * own tags. A plain object, so this file still names no package.
 */
export function commonHead() {
  const tag = (tag: string, attrs: Record<string, string>) => ({ tag, attrs, injectTo: 'head-prepend' as const });
  return {
    name: 'escrow:common-head',
    transformIndexHtml: {
      order: 'pre' as const,
      handler: () => [
        tag('meta', { charset: 'UTF-8' }),
        tag('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
        tag('meta', { name: 'theme-color', content: '#0f6b4a' }),
        tag('link', { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }),
      ],
    },
  };
}

/** Where a lean page's server renderer is built, inside its dist: a dot folder the API never serves. */
export const SERVER_RENDER_FILE = '.server/render.cjs';

/**
 * Builds a lean page's server renderer (src/page/server.tsx, decision 0059) after the client
 * build, into `<outDir>/.server/render.cjs`: one file with React and the page inside, so the API
 * loads it from the built frontends without the frontends' node_modules. Only React's legacy
 * server build (`renderToString`) goes in: `react-dom/server` would also bring the streaming
 * renderer, with async_hooks (decision 0057) or a MessageChannel that keeps a process from
 * exiting. Vite's `build` and the plugins are passed in: this file names no package.
 */
export function serverRenderBuild(build: (config: Record<string, unknown>) => Promise<unknown>, plugins: () => unknown[]) {
  let root = '';
  let outDir = '';
  return {
    name: 'escrow:server-render',
    apply: 'build' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      root = config.root;
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : `${root}/${config.build.outDir}`;
    },
    async closeBundle() {
      const [folder, file] = SERVER_RENDER_FILE.split('/');
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: plugins(),
        resolve: {
          conditions: ['@escrow/source'],
          alias: [{ find: /^react-dom\/server$/, replacement: `${root}/node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js` }],
        },
        ssr: { noExternal: true, target: 'node', resolve: { conditions: ['@escrow/source'] } },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          ssr: 'src/page/server.tsx',
          outDir: `${outDir}/${folder}`,
          emptyOutDir: true,
          target: 'node20',
          minify: true,
          // CommonJS: the API loads it with require (its bundle runs from V8's code cache, decision 0056,
          // where a dynamic import() has no loader).
          rolldownOptions: { output: { entryFileNames: file, format: 'cjs', codeSplitting: false } },
        },
      });
    },
  };
}

interface BundleAsset {
  readonly type: string;
  readonly fileName: string;
  readonly source?: string | Uint8Array;
}

/**
 * A lean page's stylesheet inside its HTML instead of linked (decision 0059): on a phone network
 * a linked stylesheet is one more round trip before anything paints, and the page's own CSS is
 * a few kB. The CSP allows inline styles already (Radix injects some).
 */
export function inlineStylesheets() {
  return {
    name: 'escrow:inline-stylesheets',
    apply: 'build' as const,
    transformIndexHtml: {
      order: 'post' as const,
      handler(html: string, context: { bundle?: Record<string, BundleAsset> }) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">/g, (tag, href: string) => {
          const asset = Object.values(bundle).find((item) => item.type === 'asset' && href.endsWith(`/${item.fileName}`));
          if (asset?.source === undefined) return tag;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
        });
      },
    },
  };
}
