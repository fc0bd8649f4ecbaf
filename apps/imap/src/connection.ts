import { isIP, type Socket } from 'node:net';
import { TLSSocket, type SecureContext } from 'node:tls';

/** Whether a client address is the machine itself: only there may a password cross without TLS. */
export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * One client connection read as lines and counted bytes (IMAP literals), pulled by its session's
 * loop. STARTTLS swaps the socket for a TLS one over it; bytes already buffered are dropped so none
 * sent in clear before the handshake is read as if protected (the STARTTLS command injection).
 */
export class Connection {
  client: string;
  secure: boolean;
  private buffer: Buffer = Buffer.alloc(0);
  private closed = false;
  private wake: (() => void) | null = null;

  constructor(
    private socket: Socket,
    private idleMs: number,
    private onIdle: () => void,
  ) {
    const address = socket.remoteAddress ?? '';
    this.client = isIP(address) ? address.replace(/^::ffff:/, '') : 'unknown';
    this.secure = false;
    this.attach(socket);
  }

  get loopback(): boolean {
    return isLoopback(this.client);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private attach(socket: Socket): void {
    this.socket = socket;
    socket.setTimeout(this.idleMs, () => this.onIdle());
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.notify();
    });
    socket.on('close', () => {
      this.closed = true;
      this.notify();
    });
    socket.on('error', () => socket.destroy());
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private async more(): Promise<boolean> {
    if (this.closed) return false;
    await new Promise<void>((resolve) => (this.wake = resolve));
    return true;
  }

  /** The next line without its CRLF; null when the client left or sent a line longer than `max` bytes. */
  async readLine(max: number): Promise<Buffer | null> {
    for (;;) {
      const end = this.buffer.indexOf('\n');
      if (end >= 0) {
        const line = this.buffer.subarray(0, end > 0 && this.buffer[end - 1] === 13 ? end - 1 : end);
        this.buffer = this.buffer.subarray(end + 1);
        return line;
      }
      if (this.buffer.length > max) return null;
      if (!(await this.more())) return null;
    }
  }

  /** Exactly `n` bytes (an IMAP literal); null when the client left first. */
  async readBytes(n: number): Promise<Buffer | null> {
    while (this.buffer.length < n) if (!(await this.more())) return null;
    const bytes = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return bytes;
  }

  write(data: string | Buffer): void {
    if (!this.closed) this.socket.write(data);
  }

  /** Starts TLS over the connection, after the reply that offered it was written. */
  async startTls(context: SecureContext): Promise<void> {
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('close');
    plain.setTimeout(0);
    this.buffer = Buffer.alloc(0);
    const tls = new TLSSocket(plain, { isServer: true, secureContext: context });
    await new Promise<void>((resolve, reject) => {
      tls.once('secure', resolve);
      tls.once('error', reject);
    });
    this.secure = true;
    this.attach(tls);
  }

  /** Ends the connection after what was written; no wait for the client. */
  end(): void {
    this.closed = true;
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 1000).unref();
    this.notify();
  }
}
