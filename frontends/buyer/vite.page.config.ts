import react from '@vitejs/plugin-react';
import { build, defaultClientConditions, defineConfig } from 'vite';
import { commonHead, inlineStylesheets, leanPageBuild, serverRenderBuild } from '../federation.ts';

// The buyer's lean page (page.html, decision 0053): the same pages as the remote, without the
// shell; and its server renderer (decision 0059).
export default defineConfig({
  ...leanPageBuild('buyer'),
  plugins: [commonHead(), inlineStylesheets(), react(), serverRenderBuild(build, () => [react()])],
  resolve: { conditions: ['@escrow/source', ...defaultClientConditions] },
});
