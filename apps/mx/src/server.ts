import { loadTls, type Config, type Logger, type Services, type TlsFiles } from '@app/runtime';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { AliasLog } from './alias-log';
import { SenderCheck } from './sender-auth';
import { connectionOf, hangUp, refuseSourceRoutes } from './connection';
import { isMalformedSender } from './guard';
import { limitsFromConfig, type MxLimits } from './limits';
import { DataPipeline } from './pipeline';
import { ProbingGuard } from './probing';
import { RecipientStep } from './recipients';
import { REPLY, replyError } from './replies';
import { Sessions } from './session';
import { SpamCheck, type SpamThresholds } from './spam';

export interface MxServerOptions {
  limits?: Partial<MxLimits>;
  /** Name in the banner and EHLO reply; MX_HOSTNAME when unset (never the machine's host name). */
  name?: string;
  /** PEM key and certificate for STARTTLS; default: the files of SMTP_TLS_KEY / SMTP_TLS_CERT. */
  tls?: TlsFiles;
}

export interface MxServer {
  server: SMTPServer;
  limits: MxLimits;
  /** Refuses new work, lets sessions in DATA finish (D10), then waits for the wake-up in flight. */
  close(): Promise<void>;
}

/** Rspamd and the thresholds when RSPAMD_URL is set; without it the mx scores nothing. */
function spamScoring(config: Config, log: Logger): { check: SpamCheck; thresholds: SpamThresholds } | undefined {
  if (!config.RSPAMD_URL) return undefined;
  return {
    check: new SpamCheck(config.RSPAMD_URL, config.RSPAMD_TIMEOUT_MS, log),
    thresholds: { mark: config.SPAM_MARK_SCORE, refuse: config.SPAM_REFUSE_SCORE },
  };
}

/** How long past the drain deadline a commit in flight may take to answer before sockets close. */
const STORE_GRACE_MS = 5000;

/**
 * The mx's front door: smtp-server with the mx's parts wired to its session events. Each part
 * lives in its own module: the sessions (places, deadlines, shutdown), the probing guard, the
 * RCPT step, the DATA pipeline, the alias log and the replies.
 */
export function createMxServer(services: Services, opts: MxServerOptions = {}): MxServer {
  const limits: MxLimits = { ...limitsFromConfig(services.config), ...opts.limits };
  const name = opts.name ?? services.config.MX_HOSTNAME;
  const log = services.log.child({ component: 'mx' });
  const aliasLog = new AliasLog(services.database.db, log);
  const probing = new ProbingGuard(services.limiter, services.config, limits, log);
  const sessions = new Sessions(limits, (id, r) => hangUp(server, id, r));
  const recipients = new RecipientStep(services, limits, probing, aliasLog);
  const pipeline = new DataPipeline(
    services,
    limits,
    new SenderCheck(services.config.DNS_SERVERS, name),
    aliasLog,
    spamScoring(services.config, log),
  );

  const server = new SMTPServer({
    ...serverOptions(services.config, limits, name, loadTls(services.config, opts.tls)),

    onConnect(session, callback) {
      const conn = connectionOf(server, session.id);
      if (!sessions.start(session, conn)) return callback(replyError(REPLY.tooManyConnections));
      if (conn) refuseSourceRoutes(conn);
      void probing.admits(session.remoteAddress).then((admitted) => callback(admitted ? null : replyError(REPLY.probing)));
    },

    onClose(session) {
      sessions.end(session.id);
    },

    onMailFrom(address, session, callback) {
      if (isMalformedSender(address.address)) return callback(replyError(REPLY.badSender));
      // A new transaction: forget the recipients of the previous one.
      sessions.get(session.id)?.rcpts.clear();
      callback();
    },

    onRcptTo(address, session, callback) {
      const state = sessions.get(session.id);
      if (!state) return callback(replyError(REPLY.tempFailure));
      const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      void recipients.check(state, address.address, mailFrom, session.envelope.rcptTo.length, (refusal) =>
        callback(refusal ? replyError(refusal) : null),
      );
    },

    onData(stream, session, callback) {
      const state = sessions.get(session.id);
      if (!state) {
        stream.resume();
        return callback(replyError(REPLY.tempFailure));
      }
      const transaction = state.transaction(session);
      void sessions.runData(state, async () => {
        const answer = await pipeline.answer(stream, transaction, () => (state.storing = true));
        if ('accepted' in answer) callback(null, answer.accepted);
        else callback(replyError(answer.refused));
      });
    },
  });
  server.on('error', (err) => log.warn({ err: err.message }, 'smtp error'));

  return {
    server,
    limits,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const stopDraining = sessions.drain();
      await closed;
      stopDraining();
      await pipeline.settle(2000);
    },
  };
}

/** smtp-server's settings: what the mx offers and the limits smtp-server enforces itself. */
function serverOptions(config: Config, limits: MxLimits, name: string, tls: TlsFiles | null): SMTPServerOptions {
  return {
    name,
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
    // Past our own drain deadline (Sessions.drain), time for commits in flight to answer.
    closeTimeout: limits.closeTimeoutMs + STORE_GRACE_MS,
  };
}
