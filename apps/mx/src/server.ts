import { readFileSync } from 'node:fs';
import { insertAliasLogs, type AliasLogValues } from '@app/db';
import type { Services } from '@app/runtime';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { inboundWriter, storeInbound, WakeUp, type BeforeCommitHook } from './accept';
import { SenderCheck } from './sender-auth';
import { collectData, headerStats } from './data';
import { ConnectionPlaces, isMalformedSender, SOURCE_ROUTED, watchProgress, type WatchedConnection } from './guard';
import { limitsFromConfig, type MxLimits } from './limits';
import { checkRecipient, type Recipient } from './recipients';
import { queuedReply, REPLY, replyError, replyName, type Reply } from './replies';

export interface MxServerOptions {
  limits?: Partial<MxLimits>;
  /** Name in the banner and EHLO reply; MAIL_DOMAIN when unset (never the machine's host name). */
  name?: string;
  /** Fault-injection seam for the durability tests (docs/security.md D1, D2). */
  beforeCommit?: BeforeCommitHook;
  /** PEM key and certificate for STARTTLS; default: the files of SMTP_TLS_KEY / SMTP_TLS_CERT. */
  tls?: { key: string | Buffer; cert: string | Buffer };
}

/** What the mx remembers per connection; the envelope itself lives in smtp-server's session. */
interface SessionState {
  ip: string;
  badRcpts: number;
  /** Accepted recipient address (lower-case) → alias id, for the current transaction. */
  rcpts: Map<string, Recipient>;
  inData: boolean;
  /** The whole message is in and its commit is under way: a shutdown waits for its answer. */
  storing: boolean;
  deadline: NodeJS.Timeout;
  stopWatch: () => void;
}

/** How long past the drain deadline a commit in flight may take to answer before sockets close. */
const STORE_GRACE_MS = 5000;

type Connection = WatchedConnection & {
  id: string;
  send(code: number, text: string): void;
  close(): void;
  handler_MAIL(command: Buffer, callback: () => void): void;
};

export interface MxServer {
  server: SMTPServer;
  limits: MxLimits;
  /** Refuses new work, lets sessions in DATA finish (D10), then waits for the wake-up in flight. */
  close(): Promise<void>;
}

export function createMxServer(services: Services, opts: MxServerOptions = {}): MxServer {
  const { config, log: rootLog } = services;
  const log = rootLog.child({ component: 'mx' });
  const db = services.database.db;
  const limits: MxLimits = { ...limitsFromConfig(config), ...opts.limits };
  const wakeUp = new WakeUp(services);
  const writer = inboundWriter(services);
  const senderCheck = new SenderCheck(config.DNS_SERVERS, opts.name ?? config.MAIL_DOMAIN);
  const sessions = new Map<string, SessionState>();
  const places = new ConnectionPlaces(limits.maxPerIp, limits.maxPerNetwork);
  // Refused recipients per client address over time, shared by every mx through the limiter (S6).
  const badRcptBucket = (ip: string) => ({
    key: `mx:bad-rcpt:${ip}`,
    limit: limits.maxBadRecipientsPerIp,
    windowMs: limits.badRecipientWindowMs,
  });
  const probingDelay = () => new Promise((resolve) => setTimeout(resolve, limits.badRecipientDelayMs));
  let closing = false;

  const connectionOf = (id: string): Connection | undefined => {
    for (const c of server.connections as unknown as Set<Connection>) if (c.id === id) return c;
    return undefined;
  };
  /** Replies with a 421 outside any command (timeouts, shutdown); smtp-server then closes. */
  const hangUp = (id: string, r: Reply) => connectionOf(id)?.send(r.code, r.text);

  // Logged after the reply, never awaited: an activity log must not slow or fail an SMTP answer.
  const logEvents = (rows: AliasLogValues[]) => {
    if (rows.length)
      void insertAliasLogs(db, rows).catch((err: Error) => log.warn({ err: err.message }, 'alias log write failed'));
  };
  const event = (
    alias: { aliasId: number; accountId: number },
    endpoint: 'RCPT' | 'DATA',
    r: Reply,
    detail: string,
  ): AliasLogValues => ({
    aliasId: alias.aliasId,
    userId: alias.accountId,
    method: 'SMTP',
    endpoint,
    status: r.code,
    detail,
  });

  const tls =
    opts.tls ??
    (config.SMTP_TLS_KEY && config.SMTP_TLS_CERT
      ? { key: readFileSync(config.SMTP_TLS_KEY), cert: readFileSync(config.SMTP_TLS_CERT) }
      : null);

  const options: SMTPServerOptions = {
    name: opts.name ?? config.MAIL_DOMAIN,
    // smtp-server writes "220 <name> ESMTP " before it.
    banner: 'ready',
    logger: false,
    // An MX takes mail from anyone for its own domains: no AUTH, no relaying.
    authOptional: true,
    disabledCommands: ['AUTH'],
    // STARTTLS only with a configured key and certificate (S10); smtp-server ≥3.20 discards
    // plaintext pipelined after STARTTLS (the CVE-2011-0411 class).
    hideSTARTTLS: !tls,
    ...(tls ?? {}),
    // RFC 1870: advertise the limit; a declared SIZE over it gets 552 at MAIL FROM.
    size: limits.maxSize,
    // We write RFC 3463 codes into our own texts (see replies.ts).
    hideENHANCEDSTATUSCODES: true,
    // No DSNs are ever generated: mail is refused in-session, never bounced (no backscatter).
    hideDSN: true,
    hideREQUIRETLS: true,
    // PIPELINING, 8BITMIME and SMTPUTF8 stay advertised. smtp-server parses commands pipelined
    // before the 354 as message content, which is harmless here (S12, documented in README).
    disableReverseLookup: true,
    // PROXY protocol only from the listed load balancers, so SPF sees the real client (A1).
    ...(config.SMTP_PROXY_FROM.length ? { useProxy: config.SMTP_PROXY_FROM } : {}),
    maxClients: limits.maxClients,
    socketTimeout: limits.idleTimeoutMs,
    // Past our own drain deadline (close() below), time for commits in flight to answer.
    closeTimeout: limits.closeTimeoutMs + STORE_GRACE_MS,

    onConnect(session, callback) {
      const ip = session.remoteAddress;
      if (!places.take(ip)) return callback(replyError(REPLY.tooManyConnections));
      const deadline = setTimeout(() => hangUp(session.id, REPLY.sessionTimeout), limits.sessionTimeoutMs);
      deadline.unref();
      const conn = connectionOf(session.id);
      const stopWatch = conn
        ? watchProgress(conn, {
            windowMs: limits.progressWindowMs,
            minBytes: limits.minBytesPerWindow,
            onSlow: () => hangUp(session.id, REPLY.tooSlow),
          })
        : () => undefined;
      if (conn) refuseSourceRoutes(conn);
      sessions.set(session.id, { ip, badRcpts: 0, rcpts: new Map(), inData: false, storing: false, deadline, stopWatch });
      // An address that probed too many recipients waits, then gets 421, whichever session it opens.
      services.limiter.isFull(badRcptBucket(ip)).then(
        async (full) => {
          if (!full) return callback();
          await probingDelay();
          callback(replyError(REPLY.probing));
        },
        (err: Error) => {
          log.warn({ err: err.message }, 'rate limiter unavailable');
          callback();
        },
      );
    },

    onClose(session) {
      const st = sessions.get(session.id);
      if (!st) return;
      clearTimeout(st.deadline);
      st.stopWatch();
      sessions.delete(session.id);
      places.release(st.ip);
    },

    onMailFrom(address, session, callback) {
      if (isMalformedSender(address.address)) return callback(replyError(REPLY.badSender));
      // A new transaction: forget the recipients of the previous one.
      sessions.get(session.id)?.rcpts.clear();
      callback();
    },

    onRcptTo(address, session, callback) {
      const st = sessions.get(session.id);
      if (!st) return callback(replyError(REPLY.tempFailure));
      const rcpt = address.address.toLowerCase();
      if (!st.rcpts.has(rcpt) && session.envelope.rcptTo.length >= limits.maxRecipients) {
        return callback(replyError(REPLY.tooManyRecipients));
      }
      checkRecipient(db, rcpt).then(
        (d) => {
          if (d.ok) {
            st.rcpts.set(rcpt, { aliasId: d.aliasId, accountId: d.accountId, restriction: d.restriction });
            return callback();
          }
          services.metrics.smtpRecipientsRefused.inc({ reason: replyName(d.reply) });
          if (d.aliasId && d.accountId)
            logEvents([event({ aliasId: d.aliasId, accountId: d.accountId }, 'RCPT', d.reply, d.reason ?? '')]);
          st.badRcpts++;
          if (st.badRcpts > limits.maxBadRecipients) return callback(replyError(REPLY.tooManyBadRecipients));
          return services.limiter.consume([badRcptBucket(st.ip)]).then(
            async ({ allowed }) => {
              if (allowed) return callback(replyError(d.reply));
              await probingDelay();
              callback(replyError(REPLY.probing));
            },
            () => callback(replyError(d.reply)),
          );
        },
        (err: Error) => {
          log.error({ err: err.message }, 'recipient lookup failed');
          callback(replyError(REPLY.tempFailure));
        },
      );
    },

    onData(stream, session, callback) {
      const st = sessions.get(session.id);
      if (!st) {
        stream.resume();
        return callback(replyError(REPLY.tempFailure));
      }
      st.inData = true;
      const timer = setTimeout(() => hangUp(session.id, REPLY.dataTimeout), limits.dataTimeoutMs);
      const recipients = [...new Map([...st.rcpts.values()].map((r) => [r.aliasId, r])).values()];
      const refuse = (r: Reply, detail: string | Map<number, string>) => {
        services.metrics.smtpMessages.inc({ result: replyName(r) });
        // Per alias: its own refusal, or that another recipient's restriction refused the message.
        const detailOf = (aliasId: number) =>
          typeof detail === 'string'
            ? detail
            : (detail.get(aliasId) ?? 'refused with a restricted recipient of the same message');
        logEvents(recipients.map((a) => event(a, 'DATA', r, detailOf(a.aliasId))));
        callback(replyError(r));
      };
      void handleData(session, st, recipients)
        .then(
          (result) => {
            if ('reply' in result) refuse(result.reply, result.detail);
            else {
              services.metrics.smtpMessages.inc({ result: 'accepted' });
              callback(null, queuedReply(result.inboundId));
            }
          },
          (err: Error) => {
            // Storage or connection failure: a fixed 451 with no detail (D2); nothing committed.
            log.error({ err: err.message, session: session.id }, 'message not stored');
            services.metrics.smtpMessages.inc({ result: replyName(REPLY.tempFailure) });
            callback(replyError(REPLY.tempFailure));
          },
        )
        .finally(() => {
          clearTimeout(timer);
          st.inData = false;
          st.storing = false;
          // Shutting down: the answer is out, the session ends here (D10).
          if (closing) hangUp(session.id, REPLY.shuttingDown);
        });

      async function handleData(
        s: SMTPServerSession,
        state: SessionState,
        rcpts: Recipient[],
      ): Promise<{ inboundId: number } | { reply: Reply; detail: string | Map<number, string> }> {
        const data = await collectData(stream, limits.maxSize);
        if (data.oversize) return { reply: REPLY.tooBig, detail: `message of ${data.size} bytes over the limit` };
        if (data.bareLineEnding) return { reply: REPLY.bareLineEnding, detail: 'bare CR or LF in message data' };
        const raw = data.raw!;
        state.storing = true;
        const stats = headerStats(raw);
        if (stats.received > limits.maxReceived) return { reply: REPLY.mailLoop, detail: 'too many Received headers' };
        if (stats.lines > limits.maxHeaderLines) return { reply: REPLY.tooManyHeaders, detail: 'too many header lines' };
        const mailFrom = s.envelope.mailFrom ? s.envelope.mailFrom.address : '';
        const helo = s.hostNameAppearsAs || null;
        const sender = await senderCheck.decide({ raw, ip: state.ip, helo, mailFrom }, rcpts);
        if (!sender.accept) return { reply: sender.reply, detail: sender.refusals };
        // Sealed before it is written: the spool never holds a message in clear (docs/security.md AR1).
        const sealed = services.keys.sealUnderMaster(raw);
        const inboundId = await storeInbound(
          services,
          {
            raw: sealed.sealed,
            rawKey: sealed.key,
            size: raw.length,
            mailFrom,
            rcptTo: s.envelope.rcptTo.map((r) => r.address),
            aliasIds: rcpts.map((r) => r.aliasId),
            remoteIp: state.ip,
            helo,
            auth: sender.verdict,
          },
          opts.beforeCommit,
          writer,
        );
        log.debug({ inboundId, size: raw.length, rcpts: rcpts.length }, 'accepted');
        wakeUp.ring();
        return { inboundId };
      }
    },
  };

  /**
   * smtp-server accepts a source-routed reverse path and drops the route silently (RFC 5321
   * appendix C); the mx refuses it instead (S9), so it looks at the command before smtp-server.
   */
  function refuseSourceRoutes(conn: Connection): void {
    const handleMail = conn.handler_MAIL.bind(conn);
    conn.handler_MAIL = (command, done) => {
      if (!SOURCE_ROUTED.test(command.toString('latin1'))) return handleMail(command, done);
      conn.send(REPLY.sourceRoute.code, REPLY.sourceRoute.text);
      done();
    };
  }

  const server = new SMTPServer(options);
  server.on('error', (err) => log.warn({ err: err.message }, 'smtp error'));

  return {
    server,
    limits,
    async close() {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle sessions go at once; a session in DATA finishes with 250 (committed) or 4xx (D10).
      for (const [id, st] of sessions) if (!st.inData) hangUp(id, REPLY.shuttingDown);
      // A transfer still coming in at the deadline gets 421 and nothing is stored; a message
      // whose commit is under way keeps its session until the commit answers.
      const deadline = setTimeout(() => {
        for (const [id, st] of sessions) if (st.inData && !st.storing) hangUp(id, REPLY.shuttingDown);
      }, limits.closeTimeoutMs);
      deadline.unref();
      await closed;
      clearTimeout(deadline);
      await wakeUp.settle(2000);
    },
  };
}
