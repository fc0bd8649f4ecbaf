import { useQuery } from '@tanstack/react-query';
import { FREE_PACKAGE_ID, type Package, type User } from '@app/shared';
import { initQuery } from '../init/queries';

// Apart from use-package (which needs the alias rules of @app/shared, and with them zod), so that
// the inbox can know the package without loading the schemas chunk (docs/architecture.md §7).

/** The package in force as the server sees it: the subscription's until it expires, else Free. */
export function effectivePackageId(user: User, now = Date.now()): number {
  const sub = user.subscription;
  if (!sub) return FREE_PACKAGE_ID;
  if (sub.expires && new Date(sub.expires).getTime() <= now) return FREE_PACKAGE_ID;
  return sub.package_id;
}

/**
 * With the package's data shredding, the minutes trashed mail stays restorable before it is
 * shredded (docs/architecture.md §4); null without it, or until the start-up data has loaded.
 */
export function useShredGrace(user: User): number | null {
  const { data } = useQuery(initQuery);
  return usePackage(user)?.features.data_shredding ? (data?.trash_grace_minutes ?? null) : null;
}

/** The signed-in member's package from the start-up data; null until it has loaded. */
export function usePackage(user: User): Package | null {
  const { data } = useQuery(initQuery);
  const id = effectivePackageId(user);
  return data?.packages.find((p) => p.id === id) ?? null;
}
