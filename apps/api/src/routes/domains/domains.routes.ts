import { randomBytes } from 'node:crypto';
import {
  countAliasesOnDomain,
  countUnverifiedDomains,
  deleteDomain,
  deleteOtherDomainClaims,
  findDomainByName,
  findEffectivePackage,
  findOwnedDomain,
  insertPersonalDomain,
  isUniqueViolation,
  listDomainsFor,
  markDomainVerified,
  type DomainRow,
} from '@app/db';
import {
  Id,
  AccountDomainResponseSchema,
  AccountDomainsResponseSchema,
  DomainAddBodySchema,
  DnsRecordsQuerySchema,
  DnsRecordsResponseSchema,
  DomainVerifiedResponseSchema,
  OkResponseSchema,
  SenderDomainSchema,
  type AccountDomain,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { checkDomain, createResolver, expectationOf, recordsFor, verifyRecordName, verifyRecordValue } from './dns';
import { checkRecords } from './dns-check';
import { AppError, notFound } from '../../errors';
import { AccountParamsSchema } from '../../ownership';
import { requireSelf } from '../sign-in/sessions';

const DomainParams = AccountParamsSchema.extend({ domainId: Id });
const IN_USE = 'That domain is already in use.';

/**
 * Personal domains (package feature): the owner adds a domain, publishes a TXT proof, points MX at
 * the service; once verified, the mx accepts mail for aliases on it. An unverified claim blocks
 * nobody: another account may claim the same name, and the first to prove it keeps it
 * (docs/security.md W24).
 */
const domainRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.services;
  const resolver = createResolver(config);

  const serialize = (d: DomainRow): AccountDomain => ({
    id: d.id,
    handle: d.handle,
    name: d.name,
    personal: d.ownerId !== null,
    verified: d.ownerId === null || d.verifiedAt !== null,
    ...(d.ownerId !== null && d.verifyToken
      ? { txt_name: verifyRecordName(d.name), txt_value: verifyRecordValue(d.verifyToken), mx_target: config.MX_HOSTNAME }
      : {}),
  });

  app.get(
    '/account/:id/domains',
    { schema: { params: AccountParamsSchema, response: answers(AccountDomainsResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      return { success: true as const, domains: (await listDomainsFor(database.db, account.id)).map(serialize) };
    },
  );

  app.post(
    '/account/:id/domains',
    {
      schema: {
        params: AccountParamsSchema,
        body: DomainAddBodySchema,
        response: answers(AccountDomainResponseSchema, 201),
      },
    },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const pkg = await findEffectivePackage(database.db, account.id);
      if (!pkg.features.personal_domain) throw new AppError('FORBIDDEN', 'Your package does not include a personal domain.');
      const name = SenderDomainSchema.safeParse(request.body.name);
      if (!name.success || name.data.startsWith('*')) throw new AppError('VALIDATION', 'The domain must be a valid domain name.');
      if (
        name.data === config.MAIL_DOMAIN ||
        name.data.endsWith(`.${config.MAIL_DOMAIN}`) ||
        (await findDomainByName(database.db, name.data))
      ) {
        throw new AppError('CONFLICT', IN_USE);
      }
      const waiting = await countUnverifiedDomains(database.db, account.id);
      if (waiting >= config.DOMAIN_CLAIMS_PER_ACCOUNT) {
        throw new AppError('LIMIT_REACHED', `You have ${waiting} domains waiting for verification: verify or remove one first.`);
      }
      const domain = await insertPersonalDomain(database.db, account.id, name.data, randomBytes(16).toString('hex')).catch(
        (err: unknown) => {
          // The account's own unverified claim of the same name.
          if (isUniqueViolation(err)) throw new AppError('CONFLICT', IN_USE);
          throw err;
        },
      );
      return reply
        .code(201)
        .send({ success: true as const, msg: 'Publish the TXT record, then verify.', domain: serialize(domain) });
    },
  );

  app.post(
    '/account/:id/domains/:domainId/verify',
    { schema: { params: DomainParams, response: answers(DomainVerifiedResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const domain = await findOwnedDomain(database.db, account.id, request.params.domainId);
      if (!domain || !domain.verifyToken) throw notFound();
      const dns = await checkDomain(resolver, domain.name, domain.verifyToken);
      if (!dns.proven) {
        throw new AppError('VALIDATION', `The TXT record ${verifyRecordName(domain.name)} was not found yet.`);
      }
      if (!domain.verifiedAt) {
        await database.db
          .transaction(async (tx) => {
            await markDomainVerified(tx, domain.id);
            await deleteOtherDomainClaims(tx, domain);
          })
          .catch((err: unknown) => {
            // Another account proved the same name first.
            if (isUniqueViolation(err)) throw new AppError('CONFLICT', IN_USE);
            throw err;
          });
      }
      const mxOk = dns.mx.includes(config.MX_HOSTNAME);
      return {
        success: true as const,
        msg: mxOk ? 'Domain verified.' : `Domain verified. Point its MX record at ${config.MX_HOSTNAME} to receive mail.`,
        domain: serialize({ ...domain, verifiedAt: domain.verifiedAt ?? new Date() }),
        mx: dns.mx,
      };
    },
  );

  // The records to publish once the domain is verified: MX, SPF, DKIM and DMARC.
  app.get(
    '/account/:id/domains/:domainId/dns-records',
    { schema: { params: DomainParams, querystring: DnsRecordsQuerySchema, response: answers(DnsRecordsResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const domain = await findOwnedDomain(database.db, account.id, request.params.domainId);
      if (!domain) throw notFound();
      if (!domain.verifiedAt) throw new AppError('CONFLICT', 'Verify the domain first.');
      const records = await recordsFor(app.services, domain);
      return {
        success: true as const,
        records: request.query.check ? await checkRecords(resolver, records, expectationOf(config)) : records,
      };
    },
  );

  app.delete(
    '/account/:id/domains/:domainId',
    { schema: { params: DomainParams, response: answers(OkResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const domain = await findOwnedDomain(database.db, account.id, request.params.domainId);
      if (!domain) throw notFound();
      if ((await countAliasesOnDomain(database.db, domain.id)) > 0) {
        throw new AppError('CONFLICT', 'Move or delete the aliases on this domain first.');
      }
      await deleteDomain(database.db, domain.id);
      return { success: true as const, msg: 'Domain removed.' };
    },
  );
};
export default domainRoutes;
