import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { BlockRule, User } from '@app/shared';
import { queryClient } from '../../api/query-client';
import type { LoaderArgs } from '../../router/data-router';
import { useTitle } from '../../lib/title';
import { fullDate } from '../../lib/dates';
import { useUser } from '../auth/use-user';
import { useRemoveBlock } from './block-mutations';
import { blocksQuery } from './block-queries';
import { aliasesQuery } from './queries';
import './blocked-page.css';

export async function loader(_args: LoaderArgs, user: User) {
  await queryClient.ensureQueryData(blocksQuery(user.id));
}

/**
 * /account/blocked (docs/product.md §3 "Blocked senders"): every block of the account, what it
 * covers, how much mail it refused, and Remove.
 */
export default function BlockedPage() {
  useTitle('Blocked senders');
  const user = useUser();
  const { data: blocks } = useSuspenseQuery(blocksQuery(user.id));
  const aliases = useQuery(aliasesQuery(user.id)).data ?? [];
  const remove = useRemoveBlock(user.id);
  const scope = (b: BlockRule) =>
    b.alias_id === null ? 'All aliases' : (aliases.find((a) => a.id === b.alias_id)?.address ?? `Alias #${b.alias_id}`);

  return (
    <div className="blocked">
      <p className="muted">
        Mail from these senders is refused before it reaches you (the sending server is told 550 5.7.1); nothing of it is kept. A
        domain covers its subdomains too.
      </p>
      {blocks.length === 0 ? (
        <p className="muted" data-testid="blocked-empty">
          No blocked senders. Block one from a message: “Block sender” or “Block domain”.
        </p>
      ) : (
        <ul className="blocked-list" aria-label="Blocked senders">
          {blocks.map((b) => (
            <li key={b.id} className="card blocked-rule" data-block-id={b.id}>
              <div className="blocked-what">
                <span className="badge">{b.kind === 'domain' ? 'Domain' : 'Sender'}</span>
                <span className="mono blocked-value">{b.value}</span>
              </div>
              <div className="blocked-meta muted small">
                <span>{scope(b)}</span>
                <span data-testid="block-count">
                  {b.count} refused{b.last_blocked ? `, last ${fullDate(b.last_blocked)}` : ''}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate(b)}
                aria-label={`Remove the block of ${b.value}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
