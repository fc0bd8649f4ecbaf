// The one-process launcher runs the mx and the worker with the one config object's settings.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedHandle } from '../src/index';

let app: EmbeddedHandle;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'alias-embedded-config-'));
  // Always embedded (PGlite, in-process queue): what is checked here is the launcher's wiring.
  app = await startEmbedded({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '0',
    IMAP_PORT: '0',
    POP3_PORT: '0',
    ADMIN_PASSWORD: 'config-Test-Passw0rd',
    LOG_LEVEL: 'silent',
    MX_MAX_PER_IP: '1',
  });
});

afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The first reply line of a new SMTP connection, and the socket. */
function greet(port: number): Promise<{ socket: Socket; line: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', reject);
    socket.once('data', (d) => resolve({ socket, line: d.toString().split('\r\n')[0]! }));
  });
}

describe('embedded launcher configuration', () => {
  it('the mx honours MX_MAX_PER_IP: a second connection from the same address gets 421', async () => {
    const first = await greet(app.smtpPort);
    try {
      expect(first.line).toMatch(/^220 /);
      const second = await greet(app.smtpPort);
      second.socket.destroy();
      expect(second.line).toMatch(/^421 /);
    } finally {
      first.socket.destroy();
    }
  });
});
