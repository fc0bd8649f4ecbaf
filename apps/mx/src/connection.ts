import type { SMTPServer } from 'smtp-server';
import { SOURCE_ROUTED, type WatchedConnection } from './guard';
import { REPLY, type Reply } from './replies';

/** The parts of smtp-server's connection object that its types leave out and the mx uses. */
export type Connection = WatchedConnection & {
  id: string;
  send(code: number, text: string): void;
  handler_MAIL(command: Buffer, callback: () => void): void;
};

/** The open connection of a session, by the session's id. */
export function connectionOf(server: SMTPServer, id: string): Connection | undefined {
  for (const c of server.connections as unknown as Set<Connection>) if (c.id === id) return c;
  return undefined;
}

/** Replies with a 421 outside any command (timeouts, shutdown); smtp-server then closes the connection. */
export function hangUp(server: SMTPServer, id: string, r: Reply): void {
  connectionOf(server, id)?.send(r.code, r.text);
}

/**
 * smtp-server accepts a source-routed reverse path and drops the route silently (RFC 5321
 * appendix C); the mx refuses it instead (S9), so it looks at the command before smtp-server.
 */
export function refuseSourceRoutes(conn: Connection): void {
  const handleMail = conn.handler_MAIL.bind(conn);
  conn.handler_MAIL = (command, done) => {
    if (!SOURCE_ROUTED.test(command.toString('latin1'))) return handleMail(command, done);
    conn.send(REPLY.sourceRoute.code, REPLY.sourceRoute.text);
    done();
  };
}
