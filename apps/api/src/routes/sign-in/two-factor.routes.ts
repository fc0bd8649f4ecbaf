// The Profile screen's two-factor calls (docs/product.md §5 "Two-factor authentication"; docs/security.md W15, W16).
import { countRecoveryCodes, deleteAccountTotp, enableTotp, findAccountTotp, savePendingTotp } from '@app/db';
import { namedBucket } from '@app/runtime';
import {
  ACCESS_MSG,
  OkResponseSchema,
  ReauthProofBodySchema,
  RecoveryCodesResponseSchema,
  TOTP_MSG,
  TotpConfirmBodySchema,
  TotpDisableBodySchema,
  TotpEnrolmentResponseSchema,
  TotpStatusResponseSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { AppError } from '../../errors';
import { AccountParamsSchema } from '../../ownership';
import { verifyPassword } from './passwords';
import { credentialChanged, proofOf, requireRecentAuth } from './reauth';
import { requireSelf } from './sessions';
import { checkOneTimeCode } from './second-factor';
import { newRecoveryCodes, newTotpSecret, totpStep } from './totp';

const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services.database;
  const { limiter, config } = app.services;

  const countCheck = async (request: FastifyRequest, accountId: number) => {
    // Code and password checks, counted before the check (like W5).
    const { allowed } = await limiter.consume([
      namedBucket(config, 'totp:pair', `${accountId}:${request.ip}`),
      namedBucket(config, 'totp:account', accountId),
    ]);
    if (!allowed) throw new AppError('RATE_LIMITED', ACCESS_MSG.tooManyAttempts);
  };

  app.get(
    '/account/:id/totp',
    { schema: { params: AccountParamsSchema, response: answers(TotpStatusResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const enabled = !!(await findAccountTotp(db, account.id))?.enabledAt;
      return { success: true as const, enabled, recovery_codes_left: enabled ? await countRecoveryCodes(db, account.id) : 0 };
    },
  );

  /** Starts an enrolment, replacing one still pending; the secret is stored sealed and not yet asked for. */
  app.post(
    '/account/:id/totp',
    {
      schema: { params: AccountParamsSchema, body: ReauthProofBodySchema, response: answers(TotpEnrolmentResponseSchema) },
    },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      await requireRecentAuth(request, reply, account, proofOf(request.body));
      const fresh = await newTotpSecret(app.services, db, account);
      if (!(await savePendingTotp(db, account.id, fresh.sealed))) throw new AppError('CONFLICT', TOTP_MSG.alreadyOn);
      return { success: true as const, secret: fresh.secret, otpauth_url: fresh.otpauthUrl };
    },
  );

  /** A first code from the app turns it on and yields the recovery codes, shown this once. */
  app.put(
    '/account/:id/totp',
    { schema: { params: AccountParamsSchema, body: TotpConfirmBodySchema, response: answers(RecoveryCodesResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      await requireRecentAuth(request, reply, account, proofOf(request.body));
      const row = await findAccountTotp(db, account.id);
      if (!row) throw new AppError('BAD_REQUEST', TOTP_MSG.notStarted);
      if (row.enabledAt) throw new AppError('CONFLICT', TOTP_MSG.alreadyOn);
      await countCheck(request, account.id);
      const step = await totpStep(app.services, account.id, request.body.code);
      if (step === null) throw new AppError('VALIDATION', TOTP_MSG.wrongCode);
      const { codes, hashes } = newRecoveryCodes();
      if (!(await enableTotp(db, account.id, step, hashes))) throw new AppError('CONFLICT', TOTP_MSG.alreadyOn);
      await credentialChanged(app.services, account, 'totpEnabled', request.ip);
      return { success: true as const, msg: TOTP_MSG.enabled, recovery_codes: codes };
    },
  );

  /**
   * Turning it off takes a current code (or a recovery code) or the password; the recovery codes go
   * too. A stale session gives both, as the guard asks (docs/security.md W17).
   */
  app.delete(
    '/account/:id/totp',
    { schema: { params: AccountParamsSchema, body: TotpDisableBodySchema, response: answers(OkResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const body = request.body;
      const code = body.current_otp ?? body.code;
      const password = body.current_password ?? body.password;
      if (!code && !password) throw new AppError('VALIDATION', TOTP_MSG.needCodeOrPassword);
      if (!(await findAccountTotp(db, account.id))?.enabledAt) throw new AppError('BAD_REQUEST', TOTP_MSG.notOn);
      // A confirmed session still gives a code or the password; a proof the guard checked is enough.
      if ((await requireRecentAuth(request, reply, account, { password, otp: code })) === 'session') {
        await countCheck(request, account.id);
        const proven = code
          ? await checkOneTimeCode(app.services, account.id, code)
          : await verifyPassword(account.passwordHash, password!);
        if (!proven) throw new AppError('VALIDATION', code ? TOTP_MSG.wrongCode : ACCESS_MSG.wrongCurrentPassword);
      }
      await deleteAccountTotp(db, account.id);
      await credentialChanged(app.services, account, 'totpDisabled', request.ip);
      return { success: true as const, msg: TOTP_MSG.disabled };
    },
  );
};
export default twoFactorRoutes;
