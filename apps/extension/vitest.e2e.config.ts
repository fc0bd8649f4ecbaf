import { defineConfig } from 'vitest/config';

// The browser test: the built extension (dist/chrome-mv3) loaded into Debian's Chromium, against the
// embedded one-process server. Run `pnpm --filter @app/extension build` first.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
