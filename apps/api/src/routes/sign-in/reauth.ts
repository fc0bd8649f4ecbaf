// Re-authentication ("sudo") before a credential change, and the mail that tells the owner about
// every change (docs/security.md W17). One guard for every route that adds or removes a credential.
import { stampSessionAuthenticated, type AccountRow } from '@app/db';
import { credentialChangeMail } from '@app/mail';
import { namedBucket, publicLink, queueProductMail, type Services } from '@app/runtime';
import { ACCESS_MSG, CREDENTIAL_CHANGES, REAUTH_MSG, TOTP_MSG, type CredentialChange } from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { verifyPassword } from './passwords';
import { checkOneTimeCode, secondFactors } from './second-factor';
import { readSession } from './sessions';

/** What a credential-changing request carries instead of a recently confirmed session. */
export interface ReauthProof {
  password?: string | undefined;
  otp?: string | undefined;
}

/** The proof fields of a request body (ReauthProofSchema), when it has any. */
export function proofOf(
  body: { current_password?: string | undefined; current_otp?: string | undefined } | null | undefined,
): ReauthProof {
  return { password: body?.current_password, otp: body?.current_otp };
}

/**
 * Proves the owner with the password and, when any second factor is on, a current TOTP code (or a
 * recovery code). An account whose only second factor is a passkey confirms with the passkey. Tries
 * are counted before the check, like sign-in's (W5), under the reauth:* limits of the runtime's table.
 */
export async function confirmWithPassword(request: FastifyRequest, account: AccountRow, proof: ReauthProof): Promise<void> {
  const { limiter, config } = request.server.services;
  const { allowed } = await limiter.consume([
    namedBucket(config, 'reauth:pair', `${account.id}:${request.ip}`),
    namedBucket(config, 'reauth:account', account.id),
  ]);
  if (!allowed) throw new AppError('RATE_LIMITED', ACCESS_MSG.tooManyAttempts);
  if (!(await verifyPassword(account.passwordHash, proof.password ?? ''))) {
    throw new AppError('VALIDATION', ACCESS_MSG.wrongCurrentPassword);
  }
  const methods = await secondFactors(request.server.services, account.id);
  if (methods.length === 0) return;
  if (!methods.includes('totp')) throw new AppError('REAUTH_REQUIRED', REAUTH_MSG.passkeyNeeded);
  const otp = proof.otp?.trim();
  if (!otp) throw new AppError('VALIDATION', REAUTH_MSG.needCode);
  if (!(await checkOneTimeCode(request.server.services, account.id, otp))) throw new AppError('VALIDATION', TOTP_MSG.wrongCode);
}

/**
 * The one guard of every credential change: the session signed in or confirmed its owner within
 * REAUTH_WINDOW_MS, or the request carries the proof (which then confirms the session too). Else
 * 403 REAUTH_REQUIRED, which the SPA turns into its "Confirm it's you" dialog before it retries.
 * Says which: 'session' (recent enough) or 'proof' (the request's password and code were checked).
 */
export async function requireRecentAuth(
  request: FastifyRequest,
  reply: FastifyReply,
  account: AccountRow,
  proof: ReauthProof,
): Promise<'session' | 'proof'> {
  // Tokens never reach these routes (bearer.ts); this keeps the guard whole on its own.
  if (request.apiToken) throw new AppError('FORBIDDEN', REAUTH_MSG.apiToken);
  const session = await readSession(request, reply);
  if (!session || session.accountId !== account.id) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  const { REAUTH_WINDOW_MS } = request.server.services.config;
  if (Date.now() - session.authenticatedAt.getTime() < REAUTH_WINDOW_MS) return 'session';
  if (!proof.password) throw new AppError('REAUTH_REQUIRED', REAUTH_MSG.required);
  await confirmWithPassword(request, account, proof);
  await stampSessionAuthenticated(request.server.services.database.db, session.id);
  session.authenticatedAt = new Date();
  return 'proof';
}

/**
 * Mails the owner that a credential was added or removed: what, when and from which address, never
 * the credential (docs/security.md W17). Queued through the outbox like the reset mail; a failure
 * to queue is logged and never undoes the change.
 */
export async function credentialChanged(
  services: Services,
  account: Pick<AccountRow, 'id' | 'name' | 'email'>,
  change: CredentialChange,
  from: string,
): Promise<void> {
  const content = credentialChangeMail({
    name: account.name,
    what: CREDENTIAL_CHANGES[change],
    when: new Date(),
    from,
    link: publicLink(services, '/account/profile'),
  });
  await queueProductMail(services, { kind: 'security', to: account.email, content }).catch((err: Error) =>
    services.log.error({ accountId: account.id, change, err: err.message }, 'credential change mail not queued'),
  );
}
