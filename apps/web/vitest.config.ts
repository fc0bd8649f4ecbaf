import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { buildInfo } from '../../scripts/build-info.mjs';

const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(buildInfo().version) },
  resolve: {
    // Under Node, 'react-router' and 'react-router/dom' resolve to different builds (ESM and CJS),
    // which would give the tests two router contexts; pin both to the same ESM build.
    alias: [
      { find: /^react-router$/, replacement: local('./node_modules/react-router/dist/development/index.mjs') },
      { find: /^react-router\/dom$/, replacement: local('./node_modules/react-router/dist/development/dom-export.mjs') },
    ],
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'eslint-rooms.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'jsdom',
    restoreMocks: true,
    // Matches the Testing Library waits in src/test-setup.ts: a loaded machine is slow, not wrong.
    testTimeout: 30_000,
    setupFiles: ['src/test-setup.ts'],
    server: { deps: { inline: ['react-router'] } },
  },
});
