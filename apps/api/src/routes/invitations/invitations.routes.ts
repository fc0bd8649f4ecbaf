// Invitations (docs/product.md §2, §7; docs/architecture.md §4): admin only, checked here on every call (docs/security.md W4).
import {
  deleteUnclaimedInvitation,
  findInvitation,
  findRegisteredAccountByEmail,
  insertInvitation,
  listInvitations,
  renewInvitationCode,
  type AccountRow,
  type InvitationRow,
} from '@app/db';
import { invitationMail } from '@app/mail';
import { publicLink, queueProductMail } from '@app/runtime';
import { ACCESS_MSG, Id, INVITATION_TTL_DAYS, InvitationsResponseSchema, InviteBodySchema } from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newCode } from '../sign-in/codes';
import { answers } from '../../contract';
import { AppError, notFound } from '../../errors';
import { AccountParamsSchema } from '../../ownership';
import { requireAdmin } from '../sign-in/sessions';
import { serializeInvitation } from '../../serializers/access';

const InvitationParams = AccountParamsSchema.extend({ invitation: Id });

const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services.database;

  // Before validation: a non-admin gets 403 whatever the body or params (docs/product.md §6).
  app.addHook('preValidation', async (request, reply) => {
    await requireAdmin(request, reply);
  });

  /** The admin, and `{id}` must be them (another id gets the usual 404). */
  async function requireInviter(request: FastifyRequest, reply: FastifyReply, id: number): Promise<AccountRow> {
    const admin = await requireAdmin(request, reply);
    if (admin.id !== id) throw notFound();
    return admin;
  }

  const listFor = async (inviterId: number) => (await listInvitations(db, inviterId)).map(serializeInvitation);

  /**
   * Queues the invitation mail. Without a relay (the embedded default) nobody would receive it, so
   * the answer then carries the link for the admin to pass on; with a relay the link only travels
   * by mail.
   */
  async function mailInvitation(
    inviter: AccountRow,
    invitation: InvitationRow,
    code: string,
    sentMsg: string,
  ): Promise<{ msg: string; link?: string }> {
    const link = publicLink(app.services, `/auth/redeem/${code}`);
    const content = invitationMail({
      name: invitation.name,
      message: invitation.message,
      link,
      inviterName: inviter.name || inviter.handle || 'The admin',
      days: INVITATION_TTL_DAYS,
    });
    await queueProductMail(app.services, { kind: 'invitation', to: invitation.target, content });
    return app.services.config.SMTP_RELAY_URL ? { msg: sentMsg } : { msg: ACCESS_MSG.invitationLinkOnly, link };
  }

  const expiry = () => new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);

  app.get(
    '/account/:id/invitations',
    { schema: { params: AccountParamsSchema, response: answers(InvitationsResponseSchema) } },
    async (request, reply) => {
      const admin = await requireInviter(request, reply, request.params.id);
      return { success: true as const, invitations: await listFor(admin.id) };
    },
  );

  /** Sends an invitation ({name, email, message}). */
  app.put(
    '/account/:id/invite',
    { schema: { params: AccountParamsSchema, body: InviteBodySchema, response: answers(InvitationsResponseSchema, 201) } },
    async (request, reply) => {
      const admin = await requireInviter(request, reply, request.params.id);
      const email = request.body.email.trim();
      if (await findRegisteredAccountByEmail(db, email)) throw new AppError('CONFLICT', ACCESS_MSG.emailInUse);
      const { code, hash } = newCode();
      const invitation = await insertInvitation(db, {
        inviterId: admin.id,
        name: request.body.name,
        target: email,
        message: request.body.message.trim(),
        codeHash: hash,
        expiresAt: expiry(),
      });
      const sent = await mailInvitation(admin, invitation, code, ACCESS_MSG.invitationSent);
      request.log.info({ invitationId: invitation.id }, 'invitation sent');
      reply.code(201);
      return { success: true as const, ...sent, invitations: await listFor(admin.id) };
    },
  );

  /** Resends an unclaimed invitation with a new code; the old link stops working. */
  app.put(
    '/account/:id/invite/:invitation',
    { schema: { params: InvitationParams, response: answers(InvitationsResponseSchema) } },
    async (request, reply) => {
      const admin = await requireInviter(request, reply, request.params.id);
      const id = request.params.invitation;
      const { code, hash } = newCode();
      const invitation = await renewInvitationCode(db, admin.id, id, hash, expiry());
      if (!invitation) {
        if (await findInvitation(db, admin.id, id)) throw new AppError('CONFLICT', ACCESS_MSG.invitationClaimed);
        throw notFound();
      }
      const sent = await mailInvitation(admin, invitation, code, ACCESS_MSG.invitationResent);
      return { success: true as const, ...sent, invitations: await listFor(admin.id) };
    },
  );

  /** Clears an unclaimed invitation (its link stops working). */
  app.delete(
    '/account/:id/invite/:invitation',
    { schema: { params: InvitationParams, response: answers(InvitationsResponseSchema) } },
    async (request, reply) => {
      const admin = await requireInviter(request, reply, request.params.id);
      const id = request.params.invitation;
      if (!(await deleteUnclaimedInvitation(db, admin.id, id))) {
        if (await findInvitation(db, admin.id, id)) throw new AppError('CONFLICT', ACCESS_MSG.invitationClaimed);
        throw notFound();
      }
      return { success: true as const, msg: ACCESS_MSG.invitationCleared, invitations: await listFor(admin.id) };
    },
  );
};
export default invitationRoutes;
