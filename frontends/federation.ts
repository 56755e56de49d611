// What the shell and the four role remotes agree on, in one place: their vite.config.ts files
// import it by relative path (Vite bundles it into each config). It names no package, so it
// resolves from any of them.

/** Each remote's development server port; the shell's dev server proxies /remotes/<name> to it. */
export const REMOTE_PORTS = { buyer: 5174, seller: 5175, rider: 5176, admin: 5177 } as const;

export type RemoteName = keyof typeof REMOTE_PORTS;

/** Shared as singletons by the shell and every remote: one React tree, one jotai store. */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: '^19.1.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.1.0' },
  jotai: { singleton: true, requiredVersion: '^2.15.0' },
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
