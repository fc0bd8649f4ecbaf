// /alias/{aliasId}: the alias header and tabs around the alias screens. A non-numeric segment is
// an alias handle (docs/product.md §2 "/alias/{handle}/settings"): it is resolved and redirected to the id.
import { NotFound, redirect, type LoaderArgs } from './router';
import type { User } from '@app/shared';
import { queryClient } from '../lib/query-client';
import { aliasesQuery, aliasQuery } from '../features/aliases/queries';
import { idParam } from './params';

export async function loader({ params, request }: LoaderArgs, user: User | null) {
  if (!user) return null;
  const raw = params.aliasId ?? '';
  if (!/^[0-9]+$/.test(raw)) {
    const aliases = await queryClient.ensureQueryData(aliasesQuery(user.id));
    // The sidebar list first; a trashed alias (not in it) is asked of the server (manage-api, which
    // the inbox's first load does not need).
    const found =
      aliases.find((a) => a.handle.toLowerCase() === raw.toLowerCase()) ??
      (await (await import('../features/aliases/manage-api')).resolveAliasHandle(user.id, raw));
    if (!found) throw new NotFound();
    const url = new URL(request.url);
    const rest = url.pathname.split('/').slice(3).join('/') || 'inbox';
    throw redirect(`/alias/${found.id}/${rest}${url.search}`);
  }
  await queryClient.ensureQueryData(aliasQuery(user.id, idParam(raw)));
  return null;
}

export { default } from '../features/aliases/alias-layout';
