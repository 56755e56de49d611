import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { commonHead, inlineStylesheets, leanPageBuild } from '../federation.ts';

// The landing's lean page (page.html, decision 0055): the landing page and its frame, without the router and federation.
export default defineConfig({
  ...leanPageBuild('landing'),
  plugins: [commonHead(), inlineStylesheets(), react()],
  resolve: { conditions: ['@escrow/source', ...defaultClientConditions] },
});
