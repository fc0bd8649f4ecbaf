import {
  countLiveAliases,
  findUsableDomain,
  insertAlias,
  isAliasHandleTaken,
  lockAccountForAliases,
  type AccountRow,
  type AliasRow,
  type PackageRow,
} from '@app/db';
import type { Services } from '@app/runtime';
import type { z } from 'zod';
import {
  ALIAS_MESSAGES,
  AliasHandleSchema,
  type AliasCreateBodySchema,
  DEFAULT_DOMAIN_ID,
  RULE_MESSAGES,
  addressInvalidFlash,
  aliasLimitMessage,
  canCustomizeAddress,
  defaultLifespan,
  isAliasIcon,
} from '@app/shared';
import { AppError } from '../../errors';
import { freeRandomHandle } from './handles';
import { writeNote } from './notes';
import { isUniqueViolation, originInput } from './update';

/** What a creation for a site (the compatible endpoints, docs/bitwarden.md) adds to the request. */
export interface AliasSiteFacts {
  /** The site's organisational domain: the alias's origin from the start (leak detection). */
  origin?: string | null;
  /** A readable handle prefix from the site, for a random handle (`shop-x7k2q9`). */
  handlePrefix?: string | null;
  /** Kept as the alias's sealed note. */
  note?: string | null;
}

/**
 * Creates an alias within the package's rights (docs/product.md §6): address_count over aliases not in the
 * trash, a chosen handle or domain only for admin/VIP/address_customization; a label and a site for
 * everyone. Concurrent creates of one account are serialised on its row, so the count holds.
 */
export async function createAliasFor(
  services: Services,
  account: AccountRow,
  pkg: PackageRow,
  body: z.output<typeof AliasCreateBodySchema>,
  site: AliasSiteFacts = {},
): Promise<AliasRow> {
  const { db } = services.database;
  const handle = body.handle?.trim().toLowerCase() || undefined;
  const domainId = body.domain_id ?? DEFAULT_DOMAIN_ID;

  if ((handle !== undefined || domainId !== DEFAULT_DOMAIN_ID) && !canCustomizeAddress(account.id, pkg)) {
    throw new AppError('FORBIDDEN', ALIAS_MESSAGES.addressNotAllowed);
  }
  if (handle !== undefined && !AliasHandleSchema.safeParse(handle).success) {
    throw new AppError('VALIDATION', addressInvalidFlash(RULE_MESSAGES.aliasHandle));
  }
  const label = body.label || null;
  // The site named in the request, else the one the compatible endpoints found.
  const origin = body.origin ? originInput(body.origin) : (site.origin ?? null);
  const icon = body.icon ?? null;
  if (icon !== null && !isAliasIcon(icon)) throw new AppError('VALIDATION', ALIAS_MESSAGES.iconNotAllowed);
  if (!(await findUsableDomain(db, account.id, domainId))) throw new AppError('VALIDATION', ALIAS_MESSAGES.domainNotAllowed);

  try {
    return await db.transaction(async (tx) => {
      await lockAccountForAliases(tx, account.id);
      const limit = pkg.limits.address_count;
      if (limit !== null && (await countLiveAliases(tx, account.id)) >= limit) {
        throw new AppError('LIMIT_REACHED', aliasLimitMessage(limit));
      }
      let chosen = handle;
      if (chosen !== undefined) {
        if (await isAliasHandleTaken(tx, domainId, chosen)) throw new AppError('CONFLICT', ALIAS_MESSAGES.addressTaken);
      } else {
        chosen = (await freeRandomHandle(tx, domainId, site.handlePrefix ?? null)) ?? undefined;
        if (!chosen) throw new AppError('CONFLICT', ALIAS_MESSAGES.noFreeHandle);
      }
      // Triple encryption (package feature): the alias key, and so what it seals, is a triple key.
      const accountKey = await services.keys.accountKey(tx, account.id);
      const key = await services.keys.create(tx, accountKey, pkg.features.triple_encryption ? 'triple' : 'aes');
      const alias = await insertAlias(tx, {
        accountId: account.id,
        domainId,
        handle: chosen,
        keyId: key.id,
        label,
        icon,
        specialty: body.specialty ?? null,
        lifespan: defaultLifespan(pkg.limits.storage_days),
        origin,
      });
      if (site.note) await writeNote(services, tx, alias, site.note);
      return alias;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', ALIAS_MESSAGES.addressTaken);
    throw err;
  }
}
