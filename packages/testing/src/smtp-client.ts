// Speaking SMTP to the mx as a sender does: nodemailer for whole mails, a raw client for exact
// control over the bytes on the wire.
import { connect, type Socket } from 'node:net';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { rand } from './factories';

/** Sends one mail over loopback SMTP to the mx on `port`. */
export async function sendMail(port: number, mail: SendMailOptions) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}

/**
 * A raw SMTP client for exact control over bytes on the wire (smuggling, pipelining, timeouts).
 * Replies are collected as they arrive; `reply()` takes the next complete one.
 */
export class RawSmtp {
  private buf = '';
  private replies: string[] = [];
  private waiters: Array<(r: string) => void> = [];
  closed = false;
  private closeWaiters: Array<() => void> = [];

  private constructor(private socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      this.buf += d;
      // A reply ends with a line "NNN text" (a space, not a hyphen, after the code).
      for (let m = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(this.buf); m; m = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(this.buf)) {
        const end = m.index + m[0].length;
        const reply = this.buf.slice(0, end).trim();
        this.buf = this.buf.slice(end);
        const w = this.waiters.shift();
        if (w) w(reply);
        else this.replies.push(reply);
      }
    });
    socket.on('close', () => {
      this.closed = true;
      this.closeWaiters.splice(0).forEach((r) => r());
      this.waiters.splice(0).forEach((w) => w('(closed)'));
    });
    socket.on('error', () => undefined);
  }

  /**
   * `preface` is written before the greeting is read (a PROXY protocol header); `localAddress`
   * (another 127.x.y.z) lets a test speak from several client addresses; `host` is the mx's
   * address (`::1` for IPv6).
   */
  static async open(
    port: number,
    opts: { preface?: string; localAddress?: string; host?: string } = {},
  ): Promise<{ client: RawSmtp; greeting: string }> {
    const { preface, localAddress, host = '127.0.0.1' } = opts;
    const socket = connect({ port, host, localAddress });
    const client = new RawSmtp(socket);
    if (preface) client.write(preface);
    const greeting = await client.reply();
    return { client, greeting };
  }

  reply(timeoutMs = 10_000): Promise<string> {
    const ready = this.replies.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.closed) return Promise.resolve('(closed)');
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('no SMTP reply in time')), timeoutMs);
      this.waiters.push((r) => {
        clearTimeout(t);
        resolve(r);
      });
    });
  }

  write(data: string | Buffer): void {
    this.socket.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data);
  }

  async cmd(line: string): Promise<string> {
    this.write(line + '\r\n');
    return this.reply();
  }

  /** EHLO, MAIL FROM and each RCPT; returns the RCPT replies. */
  async envelope(from: string, to: string[]): Promise<string[]> {
    await this.cmd('EHLO client.test');
    const mail = await this.cmd(`MAIL FROM:<${from}>`);
    if (!mail.startsWith('250')) throw new Error(`MAIL FROM refused: ${mail}`);
    const out: string[] = [];
    for (const t of to) out.push(await this.cmd(`RCPT TO:<${t}>`));
    return out;
  }

  waitClosed(timeoutMs = 10_000): Promise<boolean> {
    if (this.closed) return Promise.resolve(true);
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(false), timeoutMs);
      this.closeWaiters.push(() => {
        clearTimeout(t);
        resolve(true);
      });
    });
  }

  end(): void {
    this.socket.destroy();
  }
}

/** Writes `text` to the mx a character every `everyMs`, over and over, while `meanwhile` runs. */
export async function trickling<T>(client: RawSmtp, text: string, everyMs: number, meanwhile: () => Promise<T>): Promise<T> {
  let i = 0;
  const drip = setInterval(() => {
    if (!client.closed) client.write(text[i++ % text.length]!);
  }, everyMs);
  try {
    return await meanwhile();
  } finally {
    clearInterval(drip);
  }
}

/** A small RFC 5322 message with CRLF line endings. */
export function simpleMessage(opts: { from?: string; to?: string; subject?: string; body?: string } = {}): string {
  return [
    `From: ${opts.from ?? 'Sender <sender@example.com>'}`,
    `To: ${opts.to ?? 'someone@alias.localhost'}`,
    `Subject: ${opts.subject ?? 'Hello'}`,
    `Message-ID: <${rand()}@example.com>`,
    'Date: Tue, 03 Mar 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    opts.body ?? 'Hello there.',
    '',
  ].join('\r\n');
}
