import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Testing Library only cleans up by itself when vitest's globals are on.
afterEach(() => cleanup());

// The waits bound a failure, they do not measure speed: on a loaded machine (CI runs every package's
// tests at once) a screen's first lazy import alone can take over the default second.
configure({ asyncUtilTimeout: 10_000 });
