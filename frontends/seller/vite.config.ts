import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { remoteBuild, remoteFederation } from '../federation.ts';

// The seller's pages, a role remote loaded by the shell (../federation.ts).
export default defineConfig({
  ...remoteBuild('seller'),
  plugins: [
    react(),
    federation(
      remoteFederation('seller', {
        './seller-signup-page': './src/features/signup/seller-signup-page.tsx',
        './seller-profile-page': './src/features/profile/seller-profile-page.tsx',
        './seller-dashboard-page': './src/features/dashboard/seller-dashboard-page.tsx',
        './create-order-page': './src/features/create-order/create-order-page.tsx',
        './order-detail-page': './src/features/order-detail/order-detail-page.tsx',
      }),
    ),
  ],
  resolve: { conditions: ['@escrow/source', ...defaultClientConditions] },
});
