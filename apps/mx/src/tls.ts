import { readFileSync } from 'node:fs';
import type { Config } from '@app/runtime';

export interface TlsFiles {
  key: string | Buffer;
  cert: string | Buffer;
}

/**
 * The key and certificate STARTTLS offers (S10): those given, else the files of SMTP_TLS_KEY and
 * SMTP_TLS_CERT; null when neither is set, and then STARTTLS is not offered.
 */
export function loadTls(config: Config, given?: TlsFiles): TlsFiles | null {
  if (given) return given;
  if (!config.SMTP_TLS_KEY || !config.SMTP_TLS_CERT) return null;
  return { key: readFileSync(config.SMTP_TLS_KEY), cert: readFileSync(config.SMTP_TLS_CERT) };
}
