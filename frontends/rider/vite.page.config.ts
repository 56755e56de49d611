import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { commonHead, leanPageBuild } from '../federation.ts';

// The rider's lean page (page.html, decision 0053): the same pages as the remote, without the shell.
export default defineConfig({
  ...leanPageBuild('rider'),
  plugins: [commonHead(), react()],
  resolve: { conditions: ['@escrow/source', ...defaultClientConditions] },
});
