import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { remoteBuild, remoteFederation } from '../federation.ts';

// The admin area, a role remote loaded by the shell (../federation.ts).
export default defineConfig({
  ...remoteBuild('admin'),
  plugins: [
    react(),
    federation(
      remoteFederation('admin', {
        './admin-dashboard-page': './src/features/dashboard/admin-dashboard-page.tsx',
      }),
    ),
  ],
  resolve: { conditions: ['@escrow/source', ...defaultClientConditions] },
});
