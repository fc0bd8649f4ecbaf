import { randomBytes } from 'node:crypto';
import { findDomainByName, seed } from '@app/db';
import type { Services } from '@app/runtime';
import { hashPassword } from '../sign-in/passwords';

/**
 * Seeds the first-run data (docs/architecture.md §4) and the shared domain's DKIM key. Returns the admin password only when the admin was
 * created now and no ADMIN_PASSWORD was configured, so the caller can print it once.
 */
export async function seedDatabase(services: Services): Promise<{ adminPassword: string | null }> {
  const { config } = services;
  const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  const { adminCreated } = await seed(services.database.db, {
    mailDomain: config.MAIL_DOMAIN,
    stripePrices: config.STRIPE_PRICES,
    adminPasswordHash: () => hashPassword(password),
    adminEmail: config.ADMIN_EMAIL,
  });
  // The shared domain's DKIM key exists from the first run on, so its record can be published
  // before the first mail goes out.
  const shared = await findDomainByName(services.database.db, config.MAIL_DOMAIN);
  if (shared) await services.dkim.ensure(services.database.db, shared);
  return { adminPassword: adminCreated && !config.ADMIN_PASSWORD ? password : null };
}
