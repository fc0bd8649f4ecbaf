// Confirming a signed-in session (docs/security.md W17): the password (with a code when TOTP is on)
// or a passkey stamps the session, which may then change credentials for REAUTH_WINDOW_MS.
import { listAccountPasskeys, stampSessionAuthenticated } from '@app/db';
import { OkResponseSchema, PasskeyOptionsResponseSchema, REAUTH_MSG, ReauthBodySchema } from '@app/shared';
import {
  generateAuthenticationOptions,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { AppError } from '../../errors';
import { AccountParamsSchema } from '../../ownership';
import { CHALLENGE_TTL_MS, checkPasskeyAnswer, relyingParty, rememberChallenge } from './passkey-answer';
import { confirmWithPassword } from './reauth';
import { readSession, requireSelf } from './sessions';

const PASSKEY_REFUSED = 'This passkey could not be verified. Please try again.';

const reauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services.database;

  /** A challenge only this account's passkeys may answer, to confirm this session. */
  app.post(
    '/account/:id/reauth/options',
    { schema: { params: AccountParamsSchema, response: answers(PasskeyOptionsResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const passkeys = await listAccountPasskeys(db, account.id);
      if (passkeys.length === 0) throw new AppError('BAD_REQUEST', REAUTH_MSG.needPasswordOrPasskey);
      const options = await generateAuthenticationOptions({
        rpID: relyingParty(app.services).rpID,
        userVerification: 'required',
        timeout: CHALLENGE_TTL_MS,
        allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] })),
      });
      await rememberChallenge(app.services, options.challenge, 'reauth', account.id);
      return { success: true as const, options: { ...options } };
    },
  );

  app.post(
    '/account/:id/reauth',
    { schema: { params: AccountParamsSchema, body: ReauthBodySchema, response: answers(OkResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const session = await readSession(request, reply);
      // Only a cookie session has anything to confirm; tokens never reach this route (bearer.ts).
      if (!session) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
      const { password, otp, response } = request.body;
      if (response) {
        const passkey = await checkPasskeyAnswer(
          app.services,
          response as unknown as AuthenticationResponseJSON,
          'reauth',
          account.id,
          (p) => p.accountId === account.id,
        );
        if (!passkey) throw new AppError('VALIDATION', PASSKEY_REFUSED);
      } else if (password) {
        await confirmWithPassword(request, account, { password, otp });
      } else {
        throw new AppError('VALIDATION', REAUTH_MSG.needPasswordOrPasskey);
      }
      await stampSessionAuthenticated(db, session.id);
      request.log.info({ accountId: account.id, method: response ? 'passkey' : 'password' }, 'session confirmed');
      return { success: true as const, msg: REAUTH_MSG.confirmed };
    },
  );
};
export default reauthRoutes;
