import { createLogger } from '@app/runtime';

/** A logger at `level` whose JSON lines a test reads back (`lines`, parsed; `text`, as written). */
export function captureLog(level = 'info') {
  const chunks: string[] = [];
  const log = createLogger(level, 'test', { write: (s: string) => void chunks.push(s) });
  return {
    log,
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}
