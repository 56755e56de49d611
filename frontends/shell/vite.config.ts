import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The API serves each remote's build under /remotes/<name>/ on the shell's own origin, so
// a root-relative entry works on any host and port (see scripts/build-frontends.mjs).
const remoteEntry = (name: string) => `/remotes/${name}/remoteEntry.js`;

export default defineConfig({
  plugins: [
    react(),
    federation({
      name: 'shell',
      remotes: {
        buyer: { type: 'module', name: 'buyer', entry: remoteEntry('buyer'), entryGlobalName: 'buyer', shareScope: 'default' },
      },
      // 'loaded-first' keeps the runtime from fetching every remote's entry at start-up to
      // compare shared versions: public pages must not download any remote code.
      shareStrategy: 'loaded-first',
      shared: {
        react: { singleton: true, requiredVersion: '^19.1.0' },
        'react-dom': { singleton: true, requiredVersion: '^19.1.0' },
        jotai: { singleton: true, requiredVersion: '^2.15.0' },
      },
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
      '/remotes/buyer': 'http://localhost:5174',
    },
  },
});
