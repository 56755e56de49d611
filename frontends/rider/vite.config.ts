import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The rider's pages, served by the API under /remotes/rider/ on the shell's origin
// (scripts/build-frontends.mjs copies this build there), like the buyer remote.
export default defineConfig({
  base: '/remotes/rider/',
  plugins: [
    react(),
    federation({
      name: 'rider',
      filename: 'remoteEntry.js',
      exposes: {
        './rider-job-page': './src/features/job/rider-job-page.tsx',
        './rider-jobs-page': './src/features/jobs/rider-jobs-page.tsx',
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
  server: { port: 5176, strictPort: true },
});
