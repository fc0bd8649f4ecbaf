// One lint setup for every package (flat config; syntax-level rules, fast enough for CI).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { webRooms } from './apps/web/eslint-rooms.js';

/** Tests do not reach into another app's files (CONTRIBUTING.md, 'Tests'). */
const OTHER_APPS_TESTS = {
  group: ['../../*/test', '../../*/test/**', '../../*/e2e/**', '../../*/src/**', '**/apps/*/{test,e2e,src}/**'],
  message: "Import from @app/testing, or start the app through its package (CONTRIBUTING.md, 'Tests').",
};
/** Only apps/api/src/app.ts imports a `*.routes` module: it registers them. */
const ROUTE_MODULES = {
  regex: '\\.routes$',
  message: 'Route modules are only registered (apps/api/src/app.ts); move what is shared into a module of its own.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.wxt/**', '**/drizzle/**', '**/test-results/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Tests take what they share from @app/testing (packages/testing) and start other apps through
    // their packages; another app's test folder or source files are not theirs to import.
    files: ['apps/*/test/**/*.ts', 'apps/*/e2e/**/*.ts', '**/*.test.{ts,tsx}', '**/*.spec.ts', 'packages/testing/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OTHER_APPS_TESTS] }] },
  },
  {
    // A route module is registered, never imported: what two routes share lives in a module of its own.
    files: ['apps/api/**/*.ts'],
    ignores: ['apps/api/src/app.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ROUTE_MODULES] }] },
  },
  {
    // The api's tests keep both rules (a later block's rule replaces an earlier one's for its files).
    files: ['apps/api/test/**/*.ts', 'apps/api/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OTHER_APPS_TESTS, ROUTE_MODULES] }] },
  },
  {
    // Size limits keep each file and function readable in one sitting. Tests, generated files and route
    // tables (plugin registrations in *.routes.ts) are lists rather than logic, so they are exempt.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [
      '**/test/**',
      '**/e2e/**',
      '**/*.test.{ts,tsx}',
      '**/*.spec.ts',
      '**/*.routes.ts',
      '**/*.gen.ts',
      '**/generated/**',
    ],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-rooms': webRooms },
    rules: { 'web-rooms/no-upward-imports': 'error' },
  },
);
