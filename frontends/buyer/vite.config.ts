import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Served by the API under /remotes/buyer/ on the shell's origin (scripts/build-frontends.mjs
// copies this build there), so every chunk URL is root-relative to that folder.
export default defineConfig({
  base: '/remotes/buyer/',
  plugins: [
    react(),
    federation({
      name: 'buyer',
      filename: 'remoteEntry.js',
      exposes: {
        './buyer-order-page': './src/features/order/buyer-order-page.tsx',
      },
      // Singletons shared with the shell (keep this list in step with its vite.config.ts):
      // one React tree, one jotai store.
      shared: {
        react: { singleton: true, requiredVersion: '^19.1.0' },
        'react-dom': { singleton: true, requiredVersion: '^19.1.0' },
        jotai: { singleton: true, requiredVersion: '^2.15.0' },
      },
      dts: false,
      // Uses the federation runtime the shell provides (provideExternalRuntime) instead of its own.
      experiments: { externalRuntime: true },
    }),
  ],
  resolve: { conditions: ['@escrow/source', ...defaultClientConditions] },
  // A remote has no page of its own: the federation plugin adds remoteEntry.js as the only input.
  build: { target: 'es2022', rolldownOptions: { input: {} } },
  server: { port: 5174, strictPort: true },
});
