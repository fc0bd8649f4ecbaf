// Admin tools (docs/product.md §2, §6, §7): sources, users, logs and the test e-mail. Every route here is for
// account 1 only, checked server-side before anything else (401 signed out, 403 for a member).
import {
  approveAccount,
  deleteAccountSessions,
  deleteSource,
  findDomainByName,
  findAccountById,
  findSourceById,
  insertSource,
  isUniqueViolation,
  listAccounts,
  listAllSources,
  listFailedInbound,
  listRecentOutbox,
  countOutboxByState,
  countLiveAliases,
  hasSentOutbox,
  updateAccount,
  listSmtpRefusals,
  setAccountSuspended,
  updateSource,
  type AccountListRow,
  type SourceValues,
} from '@app/db';
import { testMail } from '@app/mail';
import {
  Id,
  DnsRecordsQuerySchema,
  DnsRecordsResponseSchema,
  ACCESS_MSG,
  ADMIN_ACCOUNT_ID,
  FLASH,
  slugify,
  SourceBodySchema,
  testEmailErrorFlash,
  TestEmailBodySchema,
  SourceUpdateBodySchema,
  type SourceBody,
  type TestEmailResult,
  AdminLogsResponseSchema,
  FirstRunResponseSchema,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  OkResponseSchema,
  OUTBOX_STATES,
  type OutboxState,
  SourceResponseSchema,
  SourcesResponseSchema,
  TestEmailResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../contract';
import { createResolver, expectationOf, recordsFor } from '../domains/dns';
import { checkRecords } from '../domains/dns-check';
import { AppError, notFound } from '../../errors';
import { createApiSender, sendMailNow } from '../../mailer';
import { requireAdmin, sessionsEnded } from '../sign-in/sessions';
import { secondFactors } from '../sign-in/second-factor';
import { publicAddressSet } from './public-address';
import { serializeAdminUser } from '../../serializers/access';
import { serializeSource } from '../../serializers/catalog';

const SourceParams = z.object({ sourceId: Id });
const UserParams = z.object({ userId: Id });

function sourceValues(body: Partial<SourceBody>): SourceValues {
  const v: SourceValues = {};
  if (body.label !== undefined) v.label = body.label;
  if (body.handle !== undefined) v.handle = body.handle;
  if (body.is_public !== undefined) v.isPublic = body.is_public;
  if (body.icon !== undefined) v.icon = body.icon || null;
  if (body.color !== undefined) v.color = body.color || null;
  if (body.url !== undefined) v.url = body.url || null;
  if (body.rules !== undefined) v.rules = body.rules || null;
  return v;
}

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services.database;
  const sender = createApiSender(app.services);
  app.addHook('onClose', async () => sender.close());

  // Before validation, so a member gets 403 whatever the body or params.
  app.addHook('preValidation', async (request, reply) => {
    await requireAdmin(request, reply);
  });

  // ---- DNS records of the shared domain ----

  const resolver = createResolver(app.services.config);
  app.get(
    '/admin/dns-records',
    { schema: { querystring: DnsRecordsQuerySchema, response: answers(DnsRecordsResponseSchema) } },
    async (request) => {
      const shared = await findDomainByName(db, app.services.config.MAIL_DOMAIN);
      if (!shared) throw notFound();
      const records = await recordsFor(app.services, shared);
      return {
        success: true as const,
        records: request.query.check ? await checkRecords(resolver, records, expectationOf(app.services.config)) : records,
      };
    },
  );

  // ---- First run (docs/product.md §4 "First run") ----

  app.get('/admin/first-run', { schema: { response: answers(FirstRunResponseSchema) } }, async (request, reply) => {
    const admin = await requireAdmin(request, reply);
    const [factors, aliases, testMailSent] = await Promise.all([
      secondFactors(app.services, admin.id),
      countLiveAliases(db, admin.id),
      hasSentOutbox(db, 'test'),
    ]);
    return {
      success: true as const,
      first_run: {
        steps: {
          password: admin.passwordChangedAt !== null,
          two_factor: factors.length > 0,
          public_address: publicAddressSet(app.services.config),
          alias: aliases > 0,
          test_mail: testMailSent,
        },
        dismissed: admin.firstRunDismissedAt !== null,
      },
    };
  });

  app.post('/admin/first-run/dismiss', { schema: { response: answers(OkResponseSchema) } }, async (request, reply) => {
    const admin = await requireAdmin(request, reply);
    await updateAccount(db, admin.id, { firstRunDismissedAt: new Date() });
    return { success: true as const };
  });

  // ---- Sources ----

  app.get('/admin/sources', { schema: { response: answers(SourcesResponseSchema) } }, async () => ({
    success: true as const,
    sources: (await listAllSources(db)).map(serializeSource),
  }));

  app.get(
    '/admin/sources/:sourceId',
    { schema: { params: SourceParams, response: answers(SourceResponseSchema) } },
    async (request) => {
      const source = await findSourceById(db, request.params.sourceId);
      if (!source) throw notFound();
      return { success: true as const, source: serializeSource(source) };
    },
  );

  app.post(
    '/admin/sources',
    { schema: { body: SourceBodySchema, response: answers(SourceResponseSchema, 201) } },
    async (request, reply) => {
      const body = request.body;
      const handle = body.handle ?? slugify(body.label);
      if (!handle) throw new AppError('VALIDATION', 'The label needs at least one letter or digit.');
      try {
        const source = await insertSource(
          db,
          { ...sourceValues(body), handle, label: body.label, isPublic: body.is_public ?? true },
          body.senders ?? [],
        );
        reply.code(201);
        return { success: true as const, msg: ACCESS_MSG.sourceSaved, source: serializeSource(source) };
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', ACCESS_MSG.sourceHandleTaken);
        throw err;
      }
    },
  );

  app.put(
    '/admin/sources/:sourceId',
    { schema: { params: SourceParams, body: SourceUpdateBodySchema, response: answers(SourceResponseSchema) } },
    async (request) => {
      try {
        const source = await updateSource(db, request.params.sourceId, sourceValues(request.body), request.body.senders);
        if (!source) throw notFound();
        return { success: true as const, msg: ACCESS_MSG.sourceSaved, source: serializeSource(source) };
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', ACCESS_MSG.sourceHandleTaken);
        throw err;
      }
    },
  );

  app.delete(
    '/admin/sources/:sourceId',
    { schema: { params: SourceParams, response: answers(OkResponseSchema) } },
    async (request) => {
      if (!(await deleteSource(db, request.params.sourceId))) throw notFound();
      return { success: true as const, msg: ACCESS_MSG.sourceDeleted };
    },
  );

  // ---- Users ----

  const userView = async (id: number) => {
    const row = (await listAccounts(db)).find((r) => r.id === id);
    return row ? serializeAdminUser(row) : null;
  };

  app.get('/admin/users', { schema: { response: answers(AdminUsersResponseSchema) } }, async () => ({
    success: true as const,
    users: (await listAccounts(db)).map((r: AccountListRow) => serializeAdminUser(r)),
  }));

  app.post(
    '/admin/users/:userId/approve',
    { schema: { params: UserParams, response: answers(AdminUserResponseSchema) } },
    async (request) => {
      if (!(await approveAccount(db, request.params.userId))) throw notFound();
      return { success: true as const, msg: ACCESS_MSG.userApproved, user: await userView(request.params.userId) };
    },
  );

  app.post(
    '/admin/users/:userId/suspend',
    { schema: { params: UserParams, response: answers(AdminUserResponseSchema) } },
    async (request) => {
      const id = request.params.userId;
      if (id === ADMIN_ACCOUNT_ID) throw new AppError('BAD_REQUEST', ACCESS_MSG.cannotSuspendAdmin);
      if (!(await findAccountById(db, id))) throw notFound();
      await setAccountSuspended(db, id, true);
      await deleteAccountSessions(db, id);
      await sessionsEnded(app.services, id);
      request.log.info({ accountId: id }, 'account suspended');
      return { success: true as const, msg: ACCESS_MSG.userSuspended, user: await userView(id) };
    },
  );

  app.post(
    '/admin/users/:userId/unsuspend',
    { schema: { params: UserParams, response: answers(AdminUserResponseSchema) } },
    async (request) => {
      if (!(await setAccountSuspended(db, request.params.userId, false))) throw notFound();
      return { success: true as const, msg: ACCESS_MSG.userUnsuspended, user: await userView(request.params.userId) };
    },
  );

  // ---- Logs ----

  /** Recent failures, outbound mail by state and SMTP refusals: ids, times and reasons only, never content. */
  app.get('/admin/logs', { schema: { response: answers(AdminLogsResponseSchema) } }, async () => {
    const [inbound, outbound, counts, refused] = await Promise.all([
      listFailedInbound(db),
      listRecentOutbox(db),
      countOutboxByState(db),
      listSmtpRefusals(db),
    ]);
    return {
      success: true as const,
      inbound: inbound.map((r) => ({
        id: r.id,
        received: r.receivedAt.toISOString(),
        size: r.size,
        attempts: r.attempts,
        error: r.error,
      })),
      outbound: outbound.map((r) => ({
        id: r.id,
        kind: r.kind,
        to: r.toAddress,
        state: outboxState(r.state),
        created: r.createdAt.toISOString(),
        sent: r.sentAt?.toISOString() ?? null,
        attempts: r.attempts,
        error: r.error,
      })),
      outbound_counts: Object.fromEntries(OUTBOX_STATES.map((s) => [s, counts[s] ?? 0])) as Record<OutboxState, number>,
      relay: Boolean(app.services.config.SMTP_RELAY_URL),
      refused: refused.map((r) => ({
        id: r.id,
        alias_id: r.aliasId,
        stage: r.stage,
        code: r.code,
        reason: r.reason,
        created: r.created.toISOString(),
      })),
    };
  });

  // ---- Test e-mail ----

  /**
   * Sends the test e-mail to the admin's own address at once, through the same sender as the worker,
   * and answers docs/product.md §7's shape. A failure is still a 200: the result is the answer.
   */
  app.post(
    '/test',
    { schema: { body: TestEmailBodySchema, response: answers(TestEmailResponseSchema) } },
    async (request, reply) => {
      const admin = await requireAdmin(request, reply);
      const to = admin.email;
      const result = await sendMailNow(
        app.services,
        sender,
        'test',
        to,
        testMail({ when: new Date(), publicUrl: app.services.config.PUBLIC_URL }),
      );
      let email: TestEmailResult;
      if (result.state === 'sent') {
        email = {
          Messages: [{ Status: 'success', To: [{ Email: to, MessageID: result.messageId }] }],
          ErrorMessage: null,
          ErrorRelatedTo: [],
        };
        return { success: true as const, msg: FLASH.emailSent, email };
      }
      email =
        result.state === 'kept'
          ? {
              Messages: [{ Status: 'kept', To: [{ Email: to, MessageID: null }] }],
              ErrorMessage: ACCESS_MSG.noRelay,
              ErrorRelatedTo: ['SMTP_RELAY_URL'],
            }
          : {
              Messages: [{ Status: 'error', To: [{ Email: to, MessageID: null }] }],
              ErrorMessage: result.error,
              ErrorRelatedTo: result.relatedTo,
            };
      return { success: false, msg: testEmailErrorFlash(email.ErrorMessage, email.ErrorRelatedTo), email };
    },
  );
};
export default adminRoutes;

/** A row's state as the wire names it; a state written by a future release reads as queued rather than failing the page. */
function outboxState(state: string): OutboxState {
  return (OUTBOX_STATES as readonly string[]).includes(state) ? (state as OutboxState) : 'queued';
}
