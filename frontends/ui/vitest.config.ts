import { defineConfig } from 'vitest/config';

// Lets `pnpm --filter @escrow/ui test` run on its own; the root config may list this
// folder as a project instead.
export default defineConfig({ test: { name: 'ui', include: ['test/**/*.test.{ts,tsx}'] } });
