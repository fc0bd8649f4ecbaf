import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificate {
  keyFile: string;
  certFile: string;
  key: Buffer;
  cert: Buffer;
}

/**
 * A throw-away self-signed certificate (P-256, one day) made by openssl for a test's TLS server,
 * valid for `names` (subjectAltName entries such as `IP:127.0.0.1` or `DNS:localhost`); the first
 * name's value is its common name. Clients trust it by taking `cert` (or `certFile`) as their CA.
 */
export function testCertificate(...names: string[]): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'test-cert-'));
  const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  const cn = names[0]!.slice(names[0]!.indexOf(':') + 1);
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
      '-subj',
      `/CN=${cn}`,
      '-addext',
      `subjectAltName=${names.join(',')}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]),
    { stdio: 'ignore' },
  );
  return { keyFile, certFile, key: readFileSync(keyFile), cert: readFileSync(certFile) };
}
