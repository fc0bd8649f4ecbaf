import { connect, type Socket } from 'node:net';

/**
 * A lean SMTP client for load generation: one session per connection, reused for many messages,
 * MAIL/RCPT/DATA pipelined (RFC 2920). The payload must be CRLF text that needs no dot-stuffing.
 */
export class SmtpConn {
  private buf = '';
  private waiters: Array<(reply: string) => void> = [];
  private replies: string[] = [];
  private closed = false;

  private constructor(private socket: Socket) {
    socket.setNoDelay(true);
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      this.buf += d;
      let i: number;
      while ((i = this.buf.indexOf('\r\n')) !== -1) {
        const line = this.buf.slice(0, i);
        this.buf = this.buf.slice(i + 2);
        if (line[3] === '-') continue; // a continuation line of a multi-line reply
        const w = this.waiters.shift();
        if (w) w(line);
        else this.replies.push(line);
      }
    });
    const fail = () => {
      this.closed = true;
      for (const w of this.waiters.splice(0)) w('000 connection closed');
    };
    socket.on('close', fail);
    socket.on('error', fail);
  }

  static async open(port: number, host = '127.0.0.1'): Promise<SmtpConn> {
    const socket = connect(port, host);
    const c = new SmtpConn(socket);
    await c.expect('220');
    socket.write('EHLO bench.client\r\n');
    await c.expect('250');
    return c;
  }

  private reply(): Promise<string> {
    const r = this.replies.shift();
    if (r !== undefined) return Promise.resolve(r);
    if (this.closed) return Promise.resolve('000 connection closed');
    return new Promise((res) => this.waiters.push(res));
  }

  private async expect(code: string): Promise<string> {
    const r = await this.reply();
    if (!r.startsWith(code)) throw new Error(`expected ${code}, got: ${r}`);
    return r;
  }

  /** Sends one message; resolves with the final reply (250 …) or throws on a refusal. */
  async send(from: string, to: string, data: string): Promise<string> {
    this.socket.write(`MAIL FROM:<${from}>\r\nRCPT TO:<${to}>\r\nDATA\r\n`);
    await this.expect('250');
    await this.expect('250');
    await this.expect('354');
    this.socket.write(data.endsWith('\r\n') ? data + '.\r\n' : data + '\r\n.\r\n');
    return this.expect('250');
  }

  async quit(): Promise<void> {
    if (this.closed) return;
    this.socket.write('QUIT\r\n');
    await this.reply().catch(() => undefined);
    this.socket.destroy();
  }
}

/**
 * A ~20 KB multipart/mixed message (text + HTML alternative + a small attachment), unique per
 * index. The body is built once per (runId, to); each message only changes its header lines, so
 * the load generator spends its CPU on sending, not on building mail.
 */
export function messageFactory(runId: string, to: string, size = 20 * 1024): (i: number) => string {
  const para = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. ';
  const text = wrap(para.repeat(Math.round((size * 0.25) / para.length)));
  const html = wrap(
    '<html><body><h1>Order</h1>' +
      `<p>${para}<a href="https://shop.example/o/1">link</a></p>`.repeat(Math.round((size * 0.45) / (para.length + 50))) +
      '</body></html>',
  );
  const att = wrap(Buffer.alloc(Math.round(size * 0.2 * 0.75), 7).toString('base64'), 76);
  const body = [
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="mix"',
    '',
    '--mix',
    'Content-Type: multipart/alternative; boundary="alt"',
    '',
    '--alt',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '--alt',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    '--alt--',
    '--mix',
    'Content-Type: application/octet-stream; name="data.bin"',
    'Content-Disposition: attachment; filename="data.bin"',
    'Content-Transfer-Encoding: base64',
    '',
    att,
    '--mix--',
    '',
  ].join('\r\n');
  return (i) =>
    `From: "Bench Shop" <bench@shop.example>\r\nTo: ${to}\r\nSubject: bench ${runId} ${i}\r\nMessage-ID: <${runId}.${i}@shop.example>\r\nDate: Tue, 03 Mar 2026 10:00:00 +0000\r\n` +
    body;
}

function wrap(s: string, width = 76): string {
  const out: string[] = [];
  for (let i = 0; i < s.length; i += width) out.push(s.slice(i, i + width));
  return out.join('\r\n');
}

export interface LoadResult {
  accepted: number;
  refused: number;
  ms: number;
}

/**
 * Sends messages 0..n-1 over `connections` sessions. `reuse`: each connection keeps its session
 * for many messages; otherwise every message gets a new connection (and a new greeting).
 */
export async function load(opts: {
  port: number;
  n: number;
  connections: number;
  reuse: boolean;
  message: (i: number) => string;
  to: string;
}): Promise<LoadResult> {
  let next = 0;
  let accepted = 0;
  let refused = 0;
  const started = performance.now();
  const worker = async () => {
    let conn: SmtpConn | null = null;
    while (next < opts.n) {
      const i = next++;
      try {
        conn ??= await SmtpConn.open(opts.port);
        await conn.send('bench@shop.example', opts.to, opts.message(i));
        accepted++;
      } catch {
        refused++;
        await conn?.quit().catch(() => undefined);
        conn = null;
      }
      if (!opts.reuse && conn) {
        await conn.quit();
        conn = null;
      }
    }
    await conn?.quit();
  };
  await Promise.all(Array.from({ length: opts.connections }, worker));
  return { accepted, refused, ms: performance.now() - started };
}
