// Personal API tokens (docs/product.md §2): create (the secret is shown once), list, revoke. The
// calls themselves are account security, so only a signed-in session makes them (docs/security.md TK3),
// and minting one is a credential change (W17). Tokens expire after 90 days unless told otherwise (TK6).
import { randomBytes } from 'node:crypto';
import { deleteApiToken, insertApiToken, listApiTokens } from '@app/db';
import { hashToken } from '@app/runtime';
import {
  API_TOKEN_DEFAULT_EXPIRY_DAYS,
  API_TOKEN_MSG,
  API_TOKEN_PREFIX,
  ApiTokenCreatedResponseSchema,
  ApiTokenSelfResponseSchema,
  ApiTokensResponseSchema,
  CreateApiTokenSchema,
  MAX_API_TOKENS,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { AppError } from '../../errors';
import { AccountParamsSchema, ApiTokenParamsSchema, ownedApiToken } from '../../ownership';
import { credentialChanged, proofOf, requireRecentAuth } from '../sign-in/reauth';
import { requireSelf } from '../sign-in/sessions';
import { TOKEN_SELF_ROUTE } from './bearer';
import { serializeApiToken } from '../../serializers/api-token';

const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services.database;
  const listFor = async (accountId: number) => (await listApiTokens(db, accountId)).map(serializeApiToken);

  // A script holding only its token learns the account id every other path needs. The bearer
  // hook has checked the token (live, within its call limit) before this runs.
  app.get(
    TOKEN_SELF_ROUTE.slice('/api'.length),
    { schema: { response: answers(ApiTokenSelfResponseSchema) } },
    async (request) => {
      const token = request.apiToken;
      if (!token) throw new AppError('UNAUTHENTICATED', API_TOKEN_MSG.bearerOnly);
      return {
        success: true as const,
        api_token: { account_id: token.accountId, scope: token.scope, expires_at: token.expiresAt?.toISOString() ?? null },
      };
    },
  );

  app.get(
    '/account/:id/tokens',
    { schema: { params: AccountParamsSchema, response: answers(ApiTokensResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      return { success: true as const, tokens: await listFor(account.id) };
    },
  );

  /** 256 random bits behind a recognisable prefix; only the SHA-256 is stored (docs/security.md TK1). */
  app.post(
    '/account/:id/tokens',
    {
      schema: { params: AccountParamsSchema, body: CreateApiTokenSchema, response: answers(ApiTokenCreatedResponseSchema, 201) },
    },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      await requireRecentAuth(request, reply, account, proofOf(request.body));
      const { label, scope, expires_in_days: days = API_TOKEN_DEFAULT_EXPIRY_DAYS } = request.body;
      const expiresAt = days === null ? null : new Date(Date.now() + days * 86_400_000);
      if ((await listApiTokens(db, account.id)).length >= MAX_API_TOKENS)
        throw new AppError('LIMIT_REACHED', API_TOKEN_MSG.tooMany);
      const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
      const row = await insertApiToken(db, { accountId: account.id, label, scope, tokenHash: hashToken(token), expiresAt });
      request.log.info({ apiTokenId: row.id, scope }, 'api token created');
      await credentialChanged(app.services, account, 'tokenCreated', request.ip);
      reply.code(201);
      return { success: true as const, msg: API_TOKEN_MSG.created, token, api_token: serializeApiToken(row) };
    },
  );

  app.delete(
    '/account/:id/tokens/:tokenId',
    { schema: { params: ApiTokenParamsSchema, response: answers(ApiTokensResponseSchema) } },
    async (request, reply) => {
      const { account, token } = await ownedApiToken(request, reply, request.params);
      await deleteApiToken(db, token.id);
      request.log.info({ apiTokenId: token.id }, 'api token revoked');
      await credentialChanged(app.services, account, 'tokenRevoked', request.ip);
      return { success: true as const, msg: API_TOKEN_MSG.revoked, tokens: await listFor(account.id) };
    },
  );
};
export default apiTokenRoutes;
