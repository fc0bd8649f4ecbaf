import type { SMTPServerSession } from 'smtp-server';
import type { Connection } from './connection';
import { ConnectionPlaces, watchProgress } from './guard';
import type { MxLimits } from './limits';
import type { Recipient, Transaction } from './envelope';
import { REPLY, type Reply } from './replies';

/** What the mx remembers per connection; the envelope itself lives in smtp-server's session. */
export class SessionState {
  /** Refused recipients in this session (S6). */
  badRcpts = 0;
  /** Accepted recipient address (lower-case) → its alias, for the current transaction. */
  readonly rcpts = new Map<string, Recipient>();
  /** A message is coming in, or its answer is under way. */
  inData = false;
  /** The whole message is in and its commit is under way: a shutdown waits for its answer. */
  storing = false;

  constructor(
    readonly id: string,
    readonly ip: string,
    private stopTimers: () => void,
  ) {}

  /** The current transaction at DATA: its envelope, and its recipient aliases each once (two addresses may name one). */
  transaction(session: SMTPServerSession): Transaction {
    return {
      session: this.id,
      ip: this.ip,
      helo: session.hostNameAppearsAs || null,
      mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      rcptTo: session.envelope.rcptTo.map((r) => r.address),
      recipients: [...new Map([...this.rcpts.values()].map((r) => [r.aliasId, r])).values()],
    };
  }

  end(): void {
    this.stopTimers();
  }
}

/**
 * The open sessions of one mx (docs/security.md S6–S8, D10): a place per connection by address and
 * network, the session deadline and the trickle watch while it lasts, and the 421s of a shutdown.
 */
export class Sessions {
  private open = new Map<string, SessionState>();
  private places: ConnectionPlaces;
  /** Shutting down: a session that ends its DATA is told 421 and closed (D10). */
  private closing = false;

  /** `hangUp` sends a 421 to a session outside any command. */
  constructor(
    private limits: MxLimits,
    private hangUp: (id: string, r: Reply) => void,
  ) {
    this.places = new ConnectionPlaces(limits.maxPerIp, limits.maxPerNetwork);
  }

  /** A new connection: null (nothing taken) when its address or its network holds all its places. */
  start(session: SMTPServerSession, conn: Connection | undefined): SessionState | null {
    const { id, remoteAddress: ip } = session;
    if (!this.places.take(ip)) return null;
    const deadline = setTimeout(() => this.hangUp(id, REPLY.sessionTimeout), this.limits.sessionTimeoutMs);
    deadline.unref();
    const stopWatch = conn
      ? watchProgress(conn, {
          windowMs: this.limits.progressWindowMs,
          minBytes: this.limits.minBytesPerWindow,
          onSlow: () => this.hangUp(id, REPLY.tooSlow),
        })
      : () => undefined;
    const state = new SessionState(id, ip, () => {
      clearTimeout(deadline);
      stopWatch();
    });
    this.open.set(id, state);
    return state;
  }

  get(id: string): SessionState | undefined {
    return this.open.get(id);
  }

  end(id: string): void {
    const state = this.open.get(id);
    if (!state) return;
    state.end();
    this.open.delete(id);
    this.places.release(state.ip);
  }

  /**
   * Runs one DATA, up to its answer, under its deadline (S8); then a session of a closing mx ends
   * (the answer is out, D10).
   */
  async runData(state: SessionState, transfer: () => Promise<void>): Promise<void> {
    state.inData = true;
    const timer = setTimeout(() => this.hangUp(state.id, REPLY.dataTimeout), this.limits.dataTimeoutMs);
    try {
      await transfer();
    } finally {
      clearTimeout(timer);
      state.inData = false;
      state.storing = false;
      if (this.closing) this.hangUp(state.id, REPLY.shuttingDown);
    }
  }

  /**
   * Shutdown (D10): idle sessions are told 421 at once; a session in DATA finishes with 250
   * (committed) or 4xx. A transfer still coming in at the drain deadline gets 421 and nothing is
   * stored; a message whose commit is under way keeps its session until the commit answers.
   * Returns what cancels the deadline.
   */
  drain(): () => void {
    this.closing = true;
    for (const [id, state] of this.open) if (!state.inData) this.hangUp(id, REPLY.shuttingDown);
    const deadline = setTimeout(() => {
      for (const [id, state] of this.open) if (state.inData && !state.storing) this.hangUp(id, REPLY.shuttingDown);
    }, this.limits.closeTimeoutMs);
    deadline.unref();
    return () => clearTimeout(deadline);
  }
}
