// Signed-in members of a given package, and aliases made and changed through the API.
import { randomBytes } from 'node:crypto';
import { insertPersonalDomain, markDomainVerified, updateAliasFields, type AliasPatch } from '@app/db';
import type { Services } from '@app/runtime';
import type { Alias } from '@app/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { as, login, type TestApp } from './helpers';
import { createMember, type Member } from '@app/testing';

export const FREE = 1;
export const VIP = 2;
/** plus-monthly: address_customization, 100 aliases, 180 days, daily digests. */
export const PLUS = 3;

export interface Client extends Member {
  id: number;
  call: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  /** `/api/account/{id}` + path. */
  url: (path?: string) => string;
}

/** A registered, approved, signed-in member of `packageId`. */
export async function signedIn(app: FastifyInstance, services: Services, packageId = FREE): Promise<Client> {
  const member = await createMember(services, { packageId });
  const cookie = await login(app, member.handle, member.password);
  const id = member.account.id;
  return { ...member, id, call: as(app, cookie), url: (path = '') => `/api/account/${id}${path}` };
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse): T => res.json() as T;

/** Creates an alias through the API and returns it. */
export async function createAlias(c: Client, body?: Record<string, unknown>): Promise<Alias> {
  const res = await c.call({ method: 'POST', url: c.url('/alias'), payload: body ?? {} });
  if (res.statusCode >= 300) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return json<{ alias: Alias }>(res).alias;
}

export function update(c: Client, aliasId: number, body: Record<string, unknown>) {
  return c.call({ method: 'PUT', url: c.url(`/alias/${aliasId}`), payload: body });
}

/** Sets columns directly (a state the API would refuse to reach, e.g. an old lifespan). */
export async function forceAlias(services: Services, aliasId: number, patch: AliasPatch) {
  return updateAliasFields(services.database.db, aliasId, patch);
}

export const uniq = (prefix = 'h') => `${prefix}${randomBytes(5).toString('hex')}`;

/**
 * An alias on a verified personal domain of its own: its DKIM key is made by this file's services
 * (the shared domain's key may have been made under another test file's master key).
 */
export async function aliasOnOwnDomain(services: Services, c: Client): Promise<Alias & { address: string }> {
  const alias = await createAlias(c);
  const name = `${uniq('d')}.example`;
  const domain = await insertPersonalDomain(services.database.db, c.id, name, 'token');
  await markDomainVerified(services.database.db, domain.id);
  await forceAlias(services, alias.id, { domainId: domain.id });
  return { ...alias, address: `${alias.handle}@${name}` };
}

/** Strips the per-request id, so two error bodies can be compared byte for byte. */
export function bodyWithoutRequestId(res: LightMyRequestResponse): string {
  const { requestId: _omit, ...rest } = res.json() as Record<string, unknown>;
  return JSON.stringify(rest);
}

/**
 * Closes a test app whose queued outbound jobs have no processor here: the in-process queue would
 * wait for them; a no-op processor drains them first. BullMQ jobs simply stay in the file's own
 * prefix.
 */
export async function closeDraining(t: TestApp | undefined): Promise<void> {
  if (!t) return;
  if (!t.services.config.REDIS_URL) {
    t.services.queue.process('outbound', async () => undefined);
  }
  await t.close();
}
