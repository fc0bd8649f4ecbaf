import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useUser } from '../auth/use-user';
import { to } from '../../router/paths';
import { useTitle } from '../../lib/title';
import { aliasName } from './activity';
import { AliasIcon } from './alias-icon';
import { useRestoreAlias } from './manage-mutations';
import { trashedQuery } from './manage-queries';
import { AliasSite } from './site-badge';
import './aliases.css';

/** /aliases/trash (docs/product.md §2): trashed aliases leave the feed and the sidebar; here they are restored. */
export default function AliasesTrashPage() {
  useTitle('Trashed aliases');
  const user = useUser();
  const { data, isPending } = useQuery(trashedQuery(user.id));
  const restore = useRestoreAlias(user.id);
  return (
    <section className="page page-narrow" aria-labelledby="aliases-trash-title">
      <header>
        <h1 id="aliases-trash-title">Trashed aliases</h1>
        <p className="lead">A trashed alias refuses mail. Restore brings it back, with its messages.</p>
      </header>
      {isPending ? null : !data?.length ? (
        <p className="muted">The trash is empty.</p>
      ) : (
        <ul className="card sender-list" aria-label="Trashed aliases">
          {data.map((a) => (
            <li key={a.id} className="sender-item">
              <span className="settings-row trashed-alias">
                <AliasIcon icon={a.icon} fallback={aliasName(a)} />
                <span className="trashed-alias-text">
                  <Link to={to('aliasSettings', { aliasId: a.id })}>{aliasName(a)}</Link>
                  <AliasSite alias={a} />
                  <span className="mono small">{a.address}</span>
                </span>
              </span>
              <button
                type="button"
                className="btn btn-sm"
                aria-label={`Restore ${a.address}`}
                disabled={restore.isPending}
                onClick={() => restore.mutate(a.id)}
              >
                Restore
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
