import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { remoteBuild, remoteFederation } from '../federation.ts';

// The rider's pages, a role remote loaded by the shell (../federation.ts).
export default defineConfig({
  ...remoteBuild('rider'),
  plugins: [
    react(),
    federation(
      remoteFederation('rider', {
        './rider-job-page': './src/features/job/rider-job-page.tsx',
        './rider-jobs-page': './src/features/jobs/rider-jobs-page.tsx',
      }),
    ),
  ],
  resolve: { conditions: ['@escrow/source', ...defaultClientConditions] },
});
