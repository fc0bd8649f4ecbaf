// Passkeys (docs/product.md §2): WebAuthn credentials the member adds on the Profile and signs in
// with, without a username or a password. The relying party is PUBLIC_URL: its host name is the RP ID
// and its origin the only one accepted (docs/security.md PK3).
import {
  deletePasskey,
  findAccountById,
  insertPasskey,
  isUniqueViolation,
  listAccountPasskeys,
  renamePasskey,
  type PasskeyPurpose,
} from '@app/db';
import { namedBucket } from '@app/runtime';
import {
  OkResponseSchema,
  PASSKEYS_MAX,
  PasskeyAddBodySchema,
  PasskeyLoginBodySchema,
  PasskeyOptionsResponseSchema,
  PasskeyRenameBodySchema,
  PasskeyResponseSchema,
  PasskeysResponseSchema,
  ReauthProofBodySchema,
  UserResponseSchema,
} from '@app/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { AppError } from '../../errors';
import { AccountParamsSchema, ownedPasskey, PasskeyParamsSchema } from '../../ownership';
import { requireSelf, startSession } from './sessions';
import { serializePasskey } from '../../serializers/passkey';
import { userPayload } from '../../serializers/user';
import { credentialChanged, proofOf, requireRecentAuth } from './reauth';
import { CHALLENGE_TTL_MS, checkPasskeyAnswer, relyingParty, rememberChallenge, takenChallenge } from './passkey-answer';

const RP_NAME = 'Alias Mail';
const REFUSED = 'This passkey could not be verified. Please try again.';

const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services.database;
  const { limiter, config } = app.services;
  const { rpID, origin } = relyingParty(app.services);
  const remember = (challenge: string, purpose: PasskeyPurpose, accountId: number | null) =>
    rememberChallenge(app.services, challenge, purpose, accountId);
  const taken = (purpose: PasskeyPurpose, accountId: number | null) => takenChallenge(app.services, purpose, accountId);

  /** The account's passkeys, when it may add one more (docs/product.md §9). */
  const roomForOneMore = async (accountId: number) => {
    const existing = await listAccountPasskeys(db, accountId);
    if (existing.length >= PASSKEYS_MAX)
      throw new AppError('LIMIT_REACHED', `An account may hold at most ${PASSKEYS_MAX} passkeys.`);
    return existing;
  };

  app.get(
    '/account/:id/passkeys',
    { schema: { params: AccountParamsSchema, response: answers(PasskeysResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      return { success: true as const, passkeys: (await listAccountPasskeys(db, account.id)).map(serializePasskey) };
    },
  );

  app.post(
    '/account/:id/passkeys/options',
    {
      schema: { params: AccountParamsSchema, body: ReauthProofBodySchema, response: answers(PasskeyOptionsResponseSchema) },
    },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      await requireRecentAuth(request, reply, account, proofOf(request.body));
      const existing = await roomForOneMore(account.id);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userName: account.handle ?? account.email,
        userDisplayName: account.name,
        userID: new TextEncoder().encode(`account-${account.id}`),
        attestationType: 'none',
        timeout: CHALLENGE_TTL_MS,
        // The same authenticator twice would only replace its own entry.
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] })),
        // Discoverable, so that sign-in needs no username (docs/product.md §2); verified (PIN or
        // biometric), because a passkey alone passes both the password and the second factor (PK5).
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await remember(options.challenge, 'register', account.id);
      return { success: true as const, options: { ...options } };
    },
  );

  app.post(
    '/account/:id/passkeys',
    { schema: { params: AccountParamsSchema, body: PasskeyAddBodySchema, response: answers(PasskeyResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      await requireRecentAuth(request, reply, account, proofOf(request.body));
      await roomForOneMore(account.id);
      const verification = await verifyRegistrationResponse({
        response: request.body.response as unknown as RegistrationResponseJSON,
        expectedChallenge: taken('register', account.id),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) throw new AppError('BAD_REQUEST', REFUSED);
      const { credential } = verification.registrationInfo;
      try {
        const row = await insertPasskey(db, {
          accountId: account.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: request.body.name,
        });
        await credentialChanged(app.services, account, 'passkeyAdded', request.ip);
        return { success: true as const, msg: 'Passkey added.', passkey: serializePasskey(row) };
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'This passkey is already registered.');
        throw err;
      }
    },
  );

  app.patch(
    '/account/:id/passkeys/:passkeyId',
    { schema: { params: PasskeyParamsSchema, body: PasskeyRenameBodySchema, response: answers(PasskeyResponseSchema) } },
    async (request, reply) => {
      const { passkey } = await ownedPasskey(request, reply, request.params);
      return { success: true as const, passkey: serializePasskey(await renamePasskey(db, passkey.id, request.body.name)) };
    },
  );

  app.delete(
    '/account/:id/passkeys/:passkeyId',
    { schema: { params: PasskeyParamsSchema, body: ReauthProofBodySchema, response: answers(OkResponseSchema) } },
    async (request, reply) => {
      const { account, passkey } = await ownedPasskey(request, reply, request.params);
      await requireRecentAuth(request, reply, account, proofOf(request.body));
      await deletePasskey(db, passkey.id);
      await credentialChanged(app.services, account, 'passkeyRemoved', request.ip);
      return { success: true as const, msg: 'Passkey removed.' };
    },
  );

  // Sign-in (docs/security.md W5): counted per client address like the password sign-in.
  app.post('/login/passkey/options', { schema: { response: answers(PasskeyOptionsResponseSchema) } }, async (request) => {
    const { allowed } = await limiter.consume([namedBucket(config, 'login:passkey-options', request.ip)]);
    if (!allowed) throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
    // No allowCredentials: the authenticator offers the discoverable passkeys it holds for this site.
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: CHALLENGE_TTL_MS });
    await remember(options.challenge, 'login', null);
    return { success: true as const, options: { ...options } };
  });

  app.post(
    '/login/passkey',
    { schema: { body: PasskeyLoginBodySchema, response: answers(UserResponseSchema) } },
    async (request, reply) => {
      const { allowed } = await limiter.consume([namedBucket(config, 'login:ip', request.ip)]);
      if (!allowed) throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      const live = async (accountId: number) => {
        const account = await findAccountById(db, accountId);
        return account && !account.suspendedAt ? account : null;
      };
      const passkey = await checkPasskeyAnswer(app.services, response, 'login', null, async (p) => !!(await live(p.accountId)));
      const account = passkey && (await live(passkey.accountId));
      if (!account) throw new AppError('UNAUTHENTICATED', REFUSED);
      await startSession(request, reply, account.id);
      return { success: true as const, user: await userPayload(request, account) };
    },
  );
};
export default passkeyRoutes;
