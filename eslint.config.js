import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FRONTENDS_APART = { group: ['@escrow/frontend-*'], message: 'Frontends never import each other; share ui and api-client only.' };
// One toast mechanism, @escrow/ui/toast/show-toast (decisions 0030, 0061).
const ONE_TOAST = { name: 'radix-ui', importNames: ['Toast'], message: 'Toasts are @escrow/ui/toast/show-toast (notify, showToast).' };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-page/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['core/src/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'os'], message: 'The core does no I/O.' },
            { group: ['@escrow/*', '**/adapters/**', '**/apps/**', '**/frontends/**'], message: 'The core imports nothing from adapters, apps or frontends.' },
          ],
        },
      ],
    },
  },
  {
    // Plain scripts a lean page loads as they are (decision 0053): browser globals, no modules.
    files: ['frontends/*/page-public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['frontends/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [ONE_TOAST], patterns: [FRONTENDS_APART] }],
    },
  },
  {
    // The remotes loaded into the shell use the kit's dialog and tabs (decision 0061); the lean
    // buyer and rider pages keep Radix's own where they had it (their JavaScript budget, decision 0053).
    files: ['frontends/{admin,seller,shell}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ONE_TOAST, { name: 'radix-ui', importNames: ['Dialog', 'Tabs'], message: 'Use the kit: @escrow/ui/components/dialog and @escrow/ui/components/tabs (decision 0061).' }],
          patterns: [FRONTENDS_APART],
        },
      ],
    },
  },
);
