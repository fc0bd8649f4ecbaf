// One lint setup for every package (flat config; syntax-level rules, fast enough for CI).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { webRooms } from './apps/web/eslint-rooms.js';

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
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-rooms': webRooms },
    rules: { 'web-rooms/no-upward-imports': 'error' },
  },
);
