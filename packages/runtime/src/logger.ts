import { pino, type Logger } from 'pino';

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
  'res.headers["set-cookie"]',
  'subject',
  '*.subject',
  'text',
  '*.text',
  'html',
  '*.html',
];

export function createLogger(level: string, name = 'app'): Logger {
  return pino({ name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } });
}
