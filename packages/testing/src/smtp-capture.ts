import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail the stand-in relay accepted. */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The message as it arrived (for signature checks). */
  raw: Buffer;
  /** The name the sender gave in EHLO/HELO. */
  helo: string;
}

export interface SmtpCapture {
  /** SMTP_RELAY_URL pointing at it. */
  url: string;
  mails: CapturedMail[];
  /** Recipients answered with this reply at RCPT (e.g. 550 for a permanent refusal). */
  refuse: Map<string, { code: number; message: string }>;
  /** Resolves with the first mail (already captured or to come) to `to`. */
  waitFor(to: string, timeoutMs?: number): Promise<CapturedMail>;
  /** Mails captured so far to `to`, oldest first. */
  mailsTo(to: string): CapturedMail[];
  /** Resolves with the `n`th mail (1-based) to `to` once it has arrived. */
  waitForNth(to: string, n: number, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback standing in for the outbound relay (smtp-server). */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters: Array<{ to: string; resolve: (m: CapturedMail) => void }> = [];
  const refuse = new Map<string, { code: number; message: string }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const r = refuse.get(address.address.toLowerCase());
      if (r) return callback(Object.assign(new Error(r.message), { responseCode: r.code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      new Promise<Buffer>((resolve) => stream.on('end', () => resolve(Buffer.concat(chunks))))
        .then(async (raw) => ({ raw, parsed: await simpleParser(raw) }))
        .then(({ raw, parsed }) => {
          const mail: CapturedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            raw,
            helo: session.hostNameAppearsAs,
          };
          mails.push(mail);
          for (const w of waiters.splice(0)) {
            if (mail.to.includes(w.to)) w.resolve(mail);
            else waiters.push(w);
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse,
    waitFor(to, timeoutMs = 10_000) {
      const key = to.toLowerCase();
      const found = mails.find((m) => m.to.includes(key));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to: key,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    mailsTo: (to) => mails.filter((m) => m.to.includes(to.toLowerCase())),
    async waitForNth(to, n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const list = mails.filter((m) => m.to.includes(to.toLowerCase()));
        if (list.length >= n) return list[n - 1]!;
        if (Date.now() > deadline) throw new Error(`no mail #${n} to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The code at the end of a link to `/auth/{redeem|reset}/{code}` in a captured mail's text. */
export function linkIn(mail: CapturedMail, kind: 'redeem' | 'reset'): { link: string; code: string } {
  const m = new RegExp(`(\\S+/auth/${kind}/([A-Za-z0-9_-]+))`).exec(mail.text);
  if (!m) throw new Error(`no ${kind} link in the mail`);
  return { link: m[1]!, code: m[2]! };
}
