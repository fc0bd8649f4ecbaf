import { defineConfig } from 'vitest/config';

// Unit tests of the extension's plain modules; the browser test has its own config (vitest.e2e.config.ts).
export default defineConfig({
  test: { include: ['lib/**/*.test.ts'], environment: 'node' },
});
