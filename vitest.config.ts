import { defineConfig } from 'vitest/config';

// Vitest 4 no longer reads vitest.workspace.ts; the test projects are listed here
// (docs/decisions/0003-vitest-projects.md).
const sourceCondition = { resolve: { conditions: ['@escrow/source'] }, ssr: { resolve: { conditions: ['@escrow/source'] } } };

export default defineConfig({
  test: {
    projects: [
      // The core's property tests run thousands of cases: 30 s leaves room on a loaded 2-core machine.
      { ...sourceCondition, test: { name: 'core', root: './core', include: ['test/**/*.test.ts'], testTimeout: 30_000 } },
      { ...sourceCondition, test: { name: 'adapters', root: './adapters', include: ['*/test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      { ...sourceCondition, test: { name: 'api', root: './apps', include: ['*/test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      { ...sourceCondition, test: { name: 'frontends', root: './frontends', include: ['*/test/**/*.test.{ts,tsx}'] } },
    ],
  },
});
