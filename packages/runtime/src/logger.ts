import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import type * as PinoPretty from 'pino-pretty';

// pino-pretty loads only for a terminal: processes writing to a pipe or a file stay on plain JSON.
const requireLazy = createRequire(import.meta.url);

export type { Logger };

/** Keys whose values never reach a log line (secrets, session material, mail content). */
export const REDACT_PATHS = [
  'password',
  '*.password',
  'new_password',
  '*.new_password',
  'old_password',
  '*.old_password',
  'token',
  '*.token',
  'req.headers.cookie',
  'req.headers.authorization',
  // SimpleLogin's clients send the API token here (docs/bitwarden.md).
  'req.headers.authentication',
  'res.headers["set-cookie"]',
  'subject',
  '*.subject',
  'text',
  '*.text',
  'html',
  '*.html',
];

/**
 * JSON lines, or readable colour lines when stdout is a terminal (`pnpm dev`); redaction either way.
 * `destination` (tests) takes the JSON lines instead of stdout.
 */
export function createLogger(level: string, name = 'app', destination?: DestinationStream): Logger {
  const options = { name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  if (destination) return pino(options, destination);
  if (!process.stdout.isTTY) return pino(options);
  const pretty = requireLazy('pino-pretty') as typeof PinoPretty;
  return pino(options, pretty.build({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
}
