import { defineConfig } from 'vitest/config';

// Browser tests: the built SPA (apps/web/dist) served by the embedded one-process app, driven by
// Debian's Chromium through playwright-core. Run `pnpm --filter @app/web build` first.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
