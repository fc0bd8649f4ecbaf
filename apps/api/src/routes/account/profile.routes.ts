// The Profile screen's calls (docs/product.md §2, §5, §7, §8): one POST with the changed fields, and the
// Generate suggestions.
import { isHandleTaken, isUniqueViolation, updateAccount, type AccountPatch } from '@app/db';
import { namedBucket } from '@app/runtime';
import {
  ACCESS_MSG,
  EmailSchema,
  FLASH,
  MOBILE_PATTERN,
  PROFILE_MSG,
  profileFlash,
  ProfileWireSchema,
  RULE_MESSAGES,
  GeneratedHandleSchema,
  GeneratedNameSchema,
  GeneratedPasswordSchema,
  UserResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { AppError } from '../../errors';
import { generateHandle, generateName, generatePassword } from './generate';
import { limitLookups } from './lookup-limit';
import { hashPassword, verifyPassword } from '../sign-in/passwords';
import { AccountParamsSchema } from '../../ownership';
import { requireSelf, sessionsEnded } from '../sign-in/sessions';
import { endOldSecretReach } from '../sign-in/old-secret';
import { credentialChanged, requireRecentAuth } from '../sign-in/reauth';
import { checkHandle, checkPassword } from '../sign-in/account-rules';
import { userPayload } from '../../serializers/user';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services.database;
  const { limiter, config } = app.services;

  /**
   * Saves the changed fields. Username, password and e-mail need the current password, each with
   * its own flash; the e-mail cannot be changed yet (docs/product.md §8) and nothing is saved then.
   */
  app.post(
    '/account/:id',
    { schema: { params: AccountParamsSchema, body: ProfileWireSchema, response: answers(UserResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const body = request.body;
      const old = body.old_password ?? '';

      if (body.email !== undefined) {
        if (!old) throw new AppError('VALIDATION', FLASH.needPasswordForEmail);
        if (!EmailSchema.safeParse(body.email.trim()).success) {
          throw new AppError('VALIDATION', profileFlash('email', RULE_MESSAGES.email));
        }
        // Checked before any password verification, so this path is no password oracle.
        throw new AppError('BAD_REQUEST', FLASH.cannotChangeEmail);
      }

      const patch: AccountPatch = {};
      if (body.handle !== undefined) {
        if (!old) throw new AppError('VALIDATION', FLASH.needPasswordForUsername);
        const handle = checkHandle(body.handle);
        if (handle !== account.handle) {
          if (await isHandleTaken(db, handle, account.id)) throw new AppError('CONFLICT', ACCESS_MSG.handleTaken);
          patch.handle = handle;
        }
      }
      let newPassword: string | undefined;
      if (body.password !== undefined) {
        if (!old) throw new AppError('VALIDATION', FLASH.needPasswordForPassword);
        newPassword = checkPassword(body.password);
        // A credential change (docs/security.md W17); the old password below is still checked.
        await requireRecentAuth(request, reply, account, { password: old, otp: body.current_otp });
      }
      if (body.name !== undefined) {
        const name = body.name.trim();
        if (name.length < 1 || name.length > 255) throw new AppError('VALIDATION', PROFILE_MSG.name);
        patch.name = name;
      }
      if (body.mobile !== undefined) {
        const mobile = body.mobile?.trim() ?? '';
        if (mobile && !MOBILE_PATTERN.test(mobile)) throw new AppError('VALIDATION', PROFILE_MSG.mobile);
        patch.mobile = mobile || null;
      }

      if (body.site_handle_prefix !== undefined && body.site_handle_prefix !== account.siteHandlePrefix) {
        patch.siteHandlePrefix = body.site_handle_prefix;
      }

      if (body.handle !== undefined || newPassword !== undefined) {
        // Same shape as sign-in (W5): counted before the check, per account and address, with a slower account ceiling.
        const { allowed } = await limiter.consume([
          namedBucket(config, 'profile-password:pair', `${account.id}:${request.ip}`),
          namedBucket(config, 'profile-password:account', account.id),
        ]);
        if (!allowed) throw new AppError('RATE_LIMITED', ACCESS_MSG.tooManyAttempts);
        if (!(await verifyPassword(account.passwordHash, old))) throw new AppError('VALIDATION', ACCESS_MSG.wrongCurrentPassword);
      }
      if (newPassword !== undefined) {
        patch.passwordHash = await hashPassword(newPassword);
        patch.passwordChangedAt = new Date();
      }

      if (Object.keys(patch).length === 0) {
        return { success: true as const, msg: ACCESS_MSG.nothingToSave, user: await userPayload(request, account) };
      }
      let updated;
      try {
        updated = (await updateAccount(db, account.id, patch))!;
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', ACCESS_MSG.handleTaken);
        throw err;
      }
      if (patch.passwordHash) {
        // docs/security.md W1, W18: a password change ends what the old one reached; this session stays.
        await endOldSecretReach(db, account.id, {
          reauthWindowMs: app.services.config.REAUTH_WINDOW_MS,
          keepSessionId: request.sessionState?.id,
          keepTokenIds: body.keep_tokens,
        });
        await sessionsEnded(app.services, account.id);
        await credentialChanged(app.services, account, 'passwordChanged', request.ip);
      }
      const msg = patch.passwordHash
        ? ACCESS_MSG.passwordSaved
        : patch.handle
          ? ACCESS_MSG.usernameSaved
          : patch.name !== undefined
            ? ACCESS_MSG.nameSaved
            : patch.siteHandlePrefix !== undefined
              ? patch.siteHandlePrefix
                ? ACCESS_MSG.sitePrefixOn
                : ACCESS_MSG.sitePrefixOff
              : ACCESS_MSG.mobileSaved;
      return { success: true as const, msg, user: await userPayload(request, updated) };
    },
  );

  app.get(
    '/account/:id/generate/handle',
    { schema: { params: AccountParamsSchema, response: answers(GeneratedHandleSchema) } },
    async (request, reply) => {
      await limitLookups(request, (await requireSelf(request, reply, request.params.id)).id);
      let handle = generateHandle();
      for (let i = 0; i < 5 && (await isHandleTaken(db, handle)); i++) handle = generateHandle();
      return { success: true as const, handle };
    },
  );

  app.get(
    '/account/:id/generate/password',
    { schema: { params: AccountParamsSchema, response: answers(GeneratedPasswordSchema) } },
    async (request, reply) => {
      await limitLookups(request, (await requireSelf(request, reply, request.params.id)).id);
      return { success: true as const, password: generatePassword() };
    },
  );

  app.get(
    '/account/:id/generate/name',
    { schema: { params: AccountParamsSchema, response: answers(GeneratedNameSchema) } },
    async (request, reply) => {
      await limitLookups(request, (await requireSelf(request, reply, request.params.id)).id);
      return { success: true as const, name: generateName() };
    },
  );
};
export default profileRoutes;
