import { readFileSync } from 'node:fs';
import type { Config } from './config';
import { StartupError } from './startup';

export interface TlsFiles {
  key: string | Buffer;
  cert: string | Buffer;
}

/**
 * The key and certificate STARTTLS offers, the mx's (S10) and the mail access's (docs/mail-clients.md): those given, else the files of SMTP_TLS_KEY and
 * SMTP_TLS_CERT; null when neither is set, and then STARTTLS is not offered.
 */
export function loadTls(config: Config, given?: TlsFiles): TlsFiles | null {
  if (given) return given;
  if (!config.SMTP_TLS_KEY || !config.SMTP_TLS_CERT) return null;
  return { key: readTlsFile('SMTP_TLS_KEY', config.SMTP_TLS_KEY), cert: readTlsFile('SMTP_TLS_CERT', config.SMTP_TLS_CERT) };
}

function readTlsFile(variable: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'unreadable';
    throw new StartupError(
      `${variable}: cannot read ${path} (${code}): put the file there, readable by this user, or unset SMTP_TLS_KEY and SMTP_TLS_CERT to run without STARTTLS`,
    );
  }
}
