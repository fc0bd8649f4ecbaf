import type { Socket } from 'node:net';
import type { SecureContext } from 'node:tls';
import { loadTls, type Services, type TlsFiles } from '@app/runtime';
import { Connection } from './connection';
import { imapSession } from './imap-session';
import { listen, MAX_PER_ACCOUNT, MAX_PER_ADDRESS, Places, proxiedClient, secureContext, type Listening } from './listener';
import { pop3Session } from './pop3';

/** A PROXY protocol v1 line is at most 107 bytes. */
const MAX_PROXY_LINE = 107;

export interface MailAccessHandle {
  imapPort: number;
  pop3Port: number;
  /** Null when IMAPS_PORT / POP3S_PORT is unset or no TLS files are configured. */
  imapsPort: number | null;
  pop3sPort: number | null;
  close(): Promise<void>;
}

export interface MailAccessOptions {
  imapPort?: number;
  pop3Port?: number;
  host?: string;
  tls?: TlsFiles;
}

/** Idle time before a session is closed: 30 minutes for IMAP (RFC 9051 §5.4), 10 for POP3 (RFC 1939 §3). */
export const IDLE_MS = { imap: 30 * 60_000, pop3: 10 * 60_000 };

type Session = (
  services: Services,
  conn: Connection,
  tls: SecureContext | null,
  places: { account(accountId: number): boolean },
) => Promise<void>;

/**
 * Mail access for mail clients (docs/mail-clients.md): IMAP and POP3 on IMAP_HOST, plain with STARTTLS
 * when SMTP_TLS_KEY / SMTP_TLS_CERT are set, and with implicit TLS on IMAPS_PORT / POP3S_PORT. Behind
 * HAProxy (SMTP_PROXY_FROM, as for the mx) the client address comes from the PROXY protocol.
 */
export async function startMailAccess(services: Services, opts: MailAccessOptions = {}): Promise<MailAccessHandle> {
  const { config, log } = services;
  const tls = secureContext(loadTls(config, opts.tls));
  const host = opts.host ?? config.IMAP_HOST;
  const byAddress = new Places(MAX_PER_ADDRESS);
  const byAccount = new Places(MAX_PER_ACCOUNT);

  const proxies = new Set(config.SMTP_PROXY_FROM);

  /** A connection: its PROXY line when it comes from a trusted balancer, its TLS when implicit, a place, the session. */
  const serve = (session: Session, idleMs: number, bye: string, implicit: boolean) => async (socket: Socket) => {
    const conn = new Connection(socket, idleMs, () => {
      conn.write(bye);
      conn.end();
    });
    let account: string | null = null;
    let placed = false;
    try {
      if (proxies.has(conn.client)) {
        const client = proxiedClient((await conn.readLine(MAX_PROXY_LINE))?.toString('latin1') ?? '');
        if (!client) return conn.end();
        conn.client = client;
      }
      if (implicit) await conn.startTls(tls!);
      if (!(placed = byAddress.take(conn.client))) {
        conn.write(bye);
        return conn.end();
      }
      const places = {
        account: (id: number) => (byAccount.take(String(id)) ? ((account = String(id)), true) : false),
      };
      await session(services, conn, tls, places);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'mail access session failed');
      conn.end();
    } finally {
      if (placed) byAddress.give(conn.client);
      if (account) byAccount.give(account);
    }
  };
  const imapBye = '* BYE Idle for too long, or too many connections\r\n';
  const pop3Bye = '-ERR Idle for too long, or too many connections\r\n';
  const listening: Listening[] = [];
  const start = async (port: number | undefined, implicit: boolean, protocol: 'imap' | 'pop3') => {
    if (port === undefined || (implicit && !tls)) return null;
    const handler =
      protocol === 'imap'
        ? serve(imapSession, IDLE_MS.imap, imapBye, implicit)
        : serve(pop3Session, IDLE_MS.pop3, pop3Bye, implicit);
    const l = await listen(port, host, (socket) => void handler(socket));
    listening.push(l);
    return l.port;
  };
  const handle = {
    imapPort: (await start(opts.imapPort ?? config.IMAP_PORT, false, 'imap'))!,
    pop3Port: (await start(opts.pop3Port ?? config.POP3_PORT, false, 'pop3'))!,
    imapsPort: await start(config.IMAPS_PORT, true, 'imap'),
    pop3sPort: await start(config.POP3S_PORT, true, 'pop3'),
    close: async () => {
      await Promise.all(listening.map((l) => l.close()));
    },
  };
  log.info({ host, imap: handle.imapPort, pop3: handle.pop3Port, starttls: !!tls }, 'mail access listening');
  return handle;
}
