import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { remoteBuild, remoteFederation } from '../federation.ts';

// The buyer's order page, a role remote loaded by the shell (../federation.ts).
export default defineConfig({
  ...remoteBuild('buyer'),
  plugins: [
    react(),
    federation(
      remoteFederation('buyer', {
        './buyer-order-page': './src/features/order/buyer-order-page.tsx',
      }),
    ),
  ],
  resolve: { conditions: ['@escrow/source', ...defaultClientConditions] },
});
