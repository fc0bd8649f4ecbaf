// /mail: All mail (docs/product.md §3 "All mail"), the inbox of every active alias in one list, its
// first page and the aliases for the rows' chips loaded before the screen shows.
import type { User } from '@app/shared';
import { queryClient } from '../../api/query-client';
import { aliasesQuery } from '../aliases/queries';
import Inbox from './inbox';
import { allMailQuery } from './queries';

export async function loader(_args: unknown, user: User) {
  await Promise.all([
    queryClient.ensureInfiniteQueryData(allMailQuery(user.id)),
    queryClient.ensureQueryData(aliasesQuery(user.id)),
  ]);
}

export default function AllMailPage() {
  return (
    <div className="all-mail-page">
      <h1 className="all-mail-title">All mail</h1>
      <Inbox allMail />
    </div>
  );
}
