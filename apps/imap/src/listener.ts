import { createServer, type AddressInfo, type Socket } from 'node:net';
import { createSecureContext, type SecureContext } from 'node:tls';
import type { TlsFiles } from '@app/runtime';

/** Connections one client address may hold at once, and one account (docs/mail-clients.md). */
export const MAX_PER_ADDRESS = 20;
export const MAX_PER_ACCOUNT = 15;

/** Open connections counted by a key (an address, an account); a place is taken or refused in one step. */
export class Places {
  private held = new Map<string, number>();
  constructor(private max: number) {}
  take(key: string): boolean {
    const n = this.held.get(key) ?? 0;
    if (n >= this.max) return false;
    this.held.set(key, n + 1);
    return true;
  }
  give(key: string): void {
    const n = (this.held.get(key) ?? 1) - 1;
    if (n > 0) this.held.set(key, n);
    else this.held.delete(key);
  }
}

export interface Listening {
  port: number;
  close(): Promise<void>;
}

/**
 * Listens on host:port and hands each connection to `serve`. Implicit TLS is started by the session
 * itself (after a PROXY header, which comes in clear before the handshake). Closing stops listening
 * and ends the open connections.
 */
export async function listen(port: number, host: string, serve: (socket: Socket) => void): Promise<Listening> {
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    serve(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}

export const secureContext = (files: TlsFiles | null): SecureContext | null =>
  files ? createSecureContext({ key: files.key, cert: files.cert }) : null;

/**
 * The client address a load balancer announces in a PROXY protocol v1 line (as HAProxy sends it to the
 * mx, docs/operations.md), or null when the line is not one.
 */
export function proxiedClient(line: string): string | null {
  const m = /^PROXY TCP[46] (\S+) \S+ \d+ \d+$/.exec(line);
  return m ? m[1]! : null;
}
