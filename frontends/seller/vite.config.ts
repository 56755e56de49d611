import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The seller's pages, served by the API under /remotes/seller/ on the shell's origin
// (scripts/build-frontends.mjs copies this build there), like the buyer remote.
export default defineConfig({
  base: '/remotes/seller/',
  plugins: [
    react(),
    federation({
      name: 'seller',
      filename: 'remoteEntry.js',
      exposes: {
        './seller-signup-page': './src/features/signup/seller-signup-page.tsx',
        './seller-profile-page': './src/features/profile/seller-profile-page.tsx',
        './seller-dashboard-page': './src/features/dashboard/seller-dashboard-page.tsx',
        './create-order-page': './src/features/create-order/create-order-page.tsx',
        './order-detail-page': './src/features/order-detail/order-detail-page.tsx',
      },
      // Singletons shared with the shell (keep this list in step with its vite.config.ts).
      shared: {
        react: { singleton: true, requiredVersion: '^19.1.0' },
        'react-dom': { singleton: true, requiredVersion: '^19.1.0' },
        jotai: { singleton: true, requiredVersion: '^2.15.0' },
      },
      dts: false,
      experiments: { externalRuntime: true },
    }),
  ],
  resolve: { conditions: ['@escrow/source', ...defaultClientConditions] },
  build: { target: 'es2022', rolldownOptions: { input: {} } },
  server: { port: 5175, strictPort: true },
});
