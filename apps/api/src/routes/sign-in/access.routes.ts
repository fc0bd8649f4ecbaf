// Getting in (docs/architecture.md §4): redeeming an invitation, completing the account, resetting a password.
import {
  approveAccount,
  claimInvitation,
  consumeResetRequest,
  deletePasskey,
  findAccountByEmail,
  findAccountById,
  findAccountPasskey,
  findLiveResetRequest,
  insertAccount,
  insertResetRequest,
  isHandleTaken,
  listAccountPasskeys,
  isUniqueViolation,
  registerAccount,
  setInvitationClaimedBy,
  setSubscription,
  updateAccount,
} from '@app/db';
import { resetMail } from '@app/mail';
import { namedBucket, publicLink, queueProductMail } from '@app/runtime';
import {
  Id,
  ACCESS_MSG,
  FREE_PACKAGE_ID,
  RegisterWireSchema,
  RESET_TTL_HOURS,
  ResetRequestBodySchema,
  ResetWireSchema,
  OkResponseSchema,
  PasskeysResponseSchema,
  ResetResponseSchema,
  TOTP_MSG,
  UserResponseSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODE_PATTERN, hashCode, newCode } from './codes';
import { answers } from '../../contract';
import { AppError, notFound } from '../../errors';
import { hashPassword } from './passwords';
import { requireAccount, sessionsEnded, startSession } from './sessions';
import { requireSameOrigin } from '../../plugins/security';
import { secondFactors } from './second-factor';
import { endOldSecretReach } from './old-secret';
import { credentialChanged } from './reauth';
import { serializePasskey } from '../../serializers/passkey';
import { userPayload } from '../../serializers/user';
import { checkHandle, checkPassword } from './account-rules';

const CodeParams = z.object({ code: z.string().max(200) });
const ResetPasskeyParams = CodeParams.extend({ passkeyId: Id });
const PASSKEY_REMOVED = 'Passkey removed.';

const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limiter, config } = app.services;
  const { db } = app.services.database;

  async function limitCodeTries(request: FastifyRequest): Promise<void> {
    const { allowed } = await limiter.consume([namedBucket(config, 'code:ip', request.ip)]);
    if (!allowed) throw new AppError('RATE_LIMITED', ACCESS_MSG.tooManyAttempts);
  }

  /**
   * Redeems an invitation (docs/product.md §7 GET /api/redeem/{code}) and signs the person in with an approved,
   * unregistered account. It is a GET by the spec, so only the app itself may call it (a forged
   * redeem would sign the victim into someone else's account).
   */
  app.get('/redeem/:code', { schema: { params: CodeParams, response: answers(UserResponseSchema) } }, async (request, reply) => {
    requireSameOrigin(request);
    await limitCodeTries(request);
    const { code } = request.params;
    if (!CODE_PATTERN.test(code)) throw new AppError('NOT_FOUND', ACCESS_MSG.invalidInvitation);

    const account = await db.transaction(async (tx) => {
      const invitation = await claimInvitation(tx, hashCode(code));
      if (!invitation) throw new AppError('NOT_FOUND', ACCESS_MSG.invalidInvitation);
      let account = await findAccountByEmail(tx, invitation.target);
      // Throwing rolls the claim back, so the invitation stays unclaimed.
      if (account?.registeredAt) throw new AppError('CONFLICT', ACCESS_MSG.invitationForMember);
      if (account?.suspendedAt) throw new AppError('NOT_FOUND', ACCESS_MSG.invalidInvitation);
      if (!account) {
        // A plain member: an invitation never grants more than the Free package (docs/security.md W4).
        account = await insertAccount(tx, { email: invitation.target, name: invitation.name, approvedAt: new Date() });
        await setSubscription(tx, account.id, FREE_PACKAGE_ID);
      } else if (!account.approvedAt) {
        account = (await approveAccount(tx, account.id))!;
      }
      await setInvitationClaimedBy(tx, invitation.id, account.id);
      return account;
    });
    await startSession(request, reply, account.id);
    request.log.info({ accountId: account.id }, 'invitation redeemed');
    return { success: true as const, user: await userPayload(request, account) };
  });

  /** Completes the signed-in, unregistered account with a username and password (docs/architecture.md §4). */
  app.put(
    '/register',
    { schema: { body: RegisterWireSchema, response: answers(UserResponseSchema) } },
    async (request, reply) => {
      const account = await requireAccount(request, reply);
      if (account.registeredAt) throw new AppError('CONFLICT', ACCESS_MSG.alreadyRegistered);
      const handle = checkHandle(request.body.handle);
      const password = checkPassword(request.body.password);
      if (await isHandleTaken(db, handle)) throw new AppError('CONFLICT', ACCESS_MSG.handleTaken);
      const passwordHash = await hashPassword(password);
      let updated;
      try {
        updated = await registerAccount(db, account.id, { handle, passwordHash });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', ACCESS_MSG.handleTaken);
        throw err;
      }
      if (!updated) throw new AppError('CONFLICT', ACCESS_MSG.alreadyRegistered);
      request.log.info({ accountId: account.id }, 'account registered');
      return { success: true as const, msg: ACCESS_MSG.registered, user: await userPayload(request, updated) };
    },
  );

  /** Issues a reset code and queues its mail when the address is a live account's; else nothing. */
  async function issueReset(email: string): Promise<void> {
    const account = await findAccountByEmail(db, email);
    if (!account || account.suspendedAt) return;
    const { code, hash } = newCode();
    await insertResetRequest(db, {
      accountId: account.id,
      codeHash: hash,
      expiresAt: new Date(Date.now() + RESET_TTL_HOURS * 3600_000),
    });
    const link = publicLink(app.services, `/auth/reset/${code}`);
    await queueProductMail(app.services, {
      kind: 'reset',
      to: account.email,
      content: resetMail({ name: account.name, link, hours: RESET_TTL_HOURS }),
    });
  }

  /**
   * Asks for a reset link. The answer is the same whether or not an account uses the address, and
   * it goes out before the look-up and the mail happen, so neither body nor timing tells
   * (docs/security.md W6).
   */
  app.post('/reset', { schema: { body: ResetRequestBodySchema, response: answers(OkResponseSchema) } }, async (request) => {
    const email = request.body.email.trim().toLowerCase();
    const { allowed } = await limiter.consume([
      namedBucket(config, 'reset:addr', email),
      namedBucket(config, 'reset:ip', request.ip),
    ]);
    if (!allowed) throw new AppError('RATE_LIMITED', ACCESS_MSG.tooManyAttempts);
    setImmediate(
      () => void issueReset(email).catch((err: Error) => request.log.error({ err: err.message }, 'reset mail not queued')),
    );
    return { success: true as const, msg: ACCESS_MSG.resetRequested };
  });

  /** The account of a live reset code, which the code alone authorises (docs/security.md W18). */
  async function resetAccount(request: FastifyRequest, code: string) {
    await limitCodeTries(request);
    const req = CODE_PATTERN.test(code) ? await findLiveResetRequest(db, hashCode(code)) : null;
    const account = req && (await findAccountById(db, req.accountId));
    if (!account || account.suspendedAt) throw new AppError('NOT_FOUND', ACCESS_MSG.invalidReset);
    return account;
  }
  const passkeysOf = async (accountId: number) => (await listAccountPasskeys(db, accountId)).map(serializePasskey);

  /** The reset page lists the account's passkeys, so the owner can remove one a thief added. */
  app.get(
    '/reset/:code/passkeys',
    { schema: { params: CodeParams, response: answers(PasskeysResponseSchema) } },
    async (request) => {
      const account = await resetAccount(request, request.params.code);
      return { success: true as const, passkeys: await passkeysOf(account.id) };
    },
  );

  app.delete(
    '/reset/:code/passkeys/:passkeyId',
    { schema: { params: ResetPasskeyParams, response: answers(PasskeysResponseSchema) } },
    async (request) => {
      const account = await resetAccount(request, request.params.code);
      const passkey = await findAccountPasskey(db, account.id, request.params.passkeyId);
      if (!passkey) throw notFound();
      await deletePasskey(db, passkey.id);
      await credentialChanged(app.services, account, 'passkeyRemoved', request.ip);
      request.log.info({ accountId: account.id, passkeyId: passkey.id }, 'passkey removed with a reset code');
      return { success: true as const, msg: PASSKEY_REMOVED, passkeys: await passkeysOf(account.id) };
    },
  );

  /** Sets a new password with a reset code, ends every other session, and signs in. */
  app.put(
    '/reset/:code',
    { schema: { params: CodeParams, body: ResetWireSchema, response: answers(ResetResponseSchema) } },
    async (request, reply) => {
      await limitCodeTries(request);
      const { code } = request.params;
      if (!CODE_PATTERN.test(code)) throw new AppError('NOT_FOUND', ACCESS_MSG.invalidReset);
      // The rule is checked first, so a mistyped password does not use up the link.
      const passwordHash = await hashPassword(checkPassword(request.body.new_password));
      const account = await db.transaction(async (tx) => {
        const req = await consumeResetRequest(tx, hashCode(code));
        const account = req && (await findAccountById(tx, req.accountId));
        if (!account || account.suspendedAt) throw new AppError('NOT_FOUND', ACCESS_MSG.invalidReset);
        // docs/security.md W18: sessions, tokens, recent passkeys and other reset links all end.
        await endOldSecretReach(tx, account.id, { reauthWindowMs: app.services.config.REAUTH_WINDOW_MS });
        return (await updateAccount(tx, account.id, { passwordHash, passwordChangedAt: new Date() }))!;
      });
      await sessionsEnded(app.services, account.id);
      await credentialChanged(app.services, account, 'passwordReset', request.ip);
      request.log.info({ accountId: account.id }, 'password reset');
      // docs/security.md W15: a reset keeps the second factor, and the mailed link alone opens no session then.
      if ((await secondFactors(app.services, account.id)).length > 0)
        return { success: true as const, msg: TOTP_MSG.resetSignIn };
      await startSession(request, reply, account.id);
      return { success: true as const, msg: ACCESS_MSG.passwordReset, user: await userPayload(request, account) };
    },
  );
};
export default accessRoutes;
