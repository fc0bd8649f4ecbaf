import { useQuery } from '@tanstack/react-query';
import { canCustomizeAddress, type Package, type User } from '@app/shared';
import { initQuery } from '../init/queries';
import { effectivePackageId } from './effective-package';

export { effectivePackageId };

export interface AliasRights {
  pkg: Package | null;
  /** Choose the handle and domain (admin, VIP, address_customization). */
  customizeAddress: boolean;
  /** null: unlimited. */
  addressCount: number | null;
  storageDays: number | null;
  digestMax: string | null;
}

/**
 * What the signed-in member may do with aliases, for showing the right controls. The server
 * enforces the same rules (packages/shared alias-management) whatever the screen offers.
 */
export function useAliasRights(user: User): AliasRights {
  const { data } = useQuery(initQuery);
  const id = effectivePackageId(user);
  const pkg = data?.packages.find((p) => p.id === id) ?? null;
  return {
    pkg,
    customizeAddress: canCustomizeAddress(user.id, pkg ?? { id, features: { address_customization: false } }),
    addressCount: pkg ? pkg.limits.address_count : 10,
    // docs/product.md §9: 7 days and monthly digests when no package is known.
    storageDays: pkg ? pkg.limits.storage_days : 7,
    digestMax: pkg ? pkg.limits.digest_frequency : 'M',
  };
}
