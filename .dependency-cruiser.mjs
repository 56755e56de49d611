// The import rules of the workspace (docs/decisions/0070): `npm run check:deps` (and `npm test`)
// run dependency-cruiser with this file and fail on any violation. It replaces
// scripts/check-core-imports.mjs and keeps its guarantees: the core imports only its own files
// and zod, and core/package.json depends on nothing else.
import { readFileSync } from 'node:fs';

const corePackage = JSON.parse(readFileSync(new URL('./core/package.json', import.meta.url), 'utf8'));

const CORE_PACKAGES = ['zod'];
const extraCoreDependencies = Object.keys(corePackage.dependencies ?? {}).filter((name) => !CORE_PACKAGES.includes(name));
if (extraCoreDependencies.length > 0) {
  // dependency-cruiser reads imports, not manifests: a dependency declared but not (yet) imported is caught here.
  throw new Error(`core/package.json may depend only on ${CORE_PACKAGES.join(', ')}, not on ${extraCoreDependencies.join(', ')}`);
}

const API = '^apps/api/src/';
const FEATURES = `${API}features/`;
// A workspace package's folder (pnpm-workspace.yaml), captured as $1.
const WORKSPACE_PACKAGE = '(core|(?:adapters|apps|frontends)/[^/]+)';
// zod as pnpm lays it out (node_modules/.pnpm/zod@x/node_modules/zod/...) or flat.
const ZOD = '(^|/)node_modules/zod/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, type-only imports included: a cycle means two modules are one, or one imports the place that mounts it.',
      from: { path: '^(core|adapters|apps|frontends|e2e)/' },
      to: { circular: true },
    },
    {
      name: 'core-imports-only-core-and-zod',
      severity: 'error',
      comment: 'The core is pure: its own files and zod only; no adapters, apps, frontends, other packages or Node built-ins.',
      from: { path: '^core/src/' },
      to: { pathNot: ['^core/src/', ZOD] },
    },
    {
      name: 'core-no-workspace-packages',
      severity: 'error',
      comment: 'Not even the core itself by package name (@escrow/core): only relative imports inside core/src.',
      from: { path: '^core/src/' },
      to: { dependencyTypes: ['undetermined', 'aliased', 'aliased-workspace', 'aliased-subpath-import', 'aliased-tsconfig', 'aliased-tsconfig-paths', 'aliased-tsconfig-base-url'] },
    },
    {
      name: 'adapters-not-apps-or-frontends',
      severity: 'error',
      comment: 'Adapters implement the core\'s ports; the apps wire them, never the other way. (Their tests may run against apps/daraja-sim, the simulator, decision 0041.)',
      from: { path: '^adapters/[^/]+/src/' },
      to: { path: '^(apps|frontends)/' },
    },
    {
      name: 'api-http-only-middleware',
      severity: 'error',
      comment: 'apps/api/src/http holds middleware and its helpers; routes are features, mounted by the app factory (src/create-app.ts, decision 0070).',
      from: { path: `${API}http/` },
      to: { path: FEATURES },
    },
    {
      name: 'api-features-apart',
      severity: 'error',
      comment: 'A feature imports its own folder, features/shared and the contexts (features/*.ts), never another feature\'s files.',
      from: { path: `${FEATURES}([^/]+)/` },
      to: { path: `${FEATURES}[^/]+/`, pathNot: [`${FEATURES}$1/`, `${FEATURES}shared/`] },
    },
    {
      name: 'api-features-shared-below-areas',
      severity: 'error',
      comment: 'features/shared and the contexts are below the areas: they import no area.',
      from: { path: [`${FEATURES}shared/`, `${FEATURES}[^/]+\\.ts$`], pathNot: `${FEATURES}mount-features\\.ts$` },
      to: { path: `${FEATURES}[^/]+/`, pathNot: `${FEATURES}shared/` },
    },
    {
      name: 'api-one-mount-point',
      severity: 'error',
      comment: 'Only the app factory mounts the features: no route imports the module that mounts it.',
      from: { pathNot: `${API}create-app\\.ts$` },
      to: { path: `${FEATURES}mount-features\\.ts$` },
    },
    {
      name: 'no-relative-import-into-another-package',
      severity: 'error',
      comment:
        'A workspace package reaches another only by its name and exports (tests included: @escrow/test-kit, or an export such as @escrow/db-kysely/testing), never by a relative path into its folder (decision 0072).',
      from: { path: `^${WORKSPACE_PACKAGE}/` },
      to: { dependencyTypes: ['local'], path: `^${WORKSPACE_PACKAGE}/`, pathNot: '^$1/' },
    },
    {
      name: 'e2e-by-package-name',
      severity: 'error',
      comment: 'The browser tests reach a workspace package by its name and exports (@escrow/core/messages, @escrow/test-kit/...), never by a relative path into its folder (decision 0072).',
      from: { path: '^e2e/' },
      to: { dependencyTypes: ['local'], path: `^${WORKSPACE_PACKAGE}/` },
    },
    {
      name: 'frontends-apart',
      severity: 'error',
      comment: 'Frontends never import each other (by package or by path); they share ui and api-client only.',
      from: { path: '^frontends/([^/]+)/' },
      // frontends/federation.ts (the module federation settings every build shares) is build configuration, not a frontend.
      to: { path: '^frontends/', pathNot: ['^frontends/$1/', '^frontends/(ui|api-client)/', '^frontends/[^/]+\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-page|data|test-results|playwright-report)/|\\.d\\.ts$' },
    // Type-only imports count: a cycle through types is still a cycle (decision 0070).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@escrow/source', 'import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
    cache: false,
  },
};
