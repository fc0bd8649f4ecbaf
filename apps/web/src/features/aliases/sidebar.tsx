import { useQuery } from '@tanstack/react-query';
import { Link, useMatch } from 'react-router';
import { useNavigate } from '../../router/data-router';
import { EMPTY, SIDEBAR_POLL_MS, type Alias, type User } from '@app/shared';
import { to } from '../../router/paths';
import { SearchBox } from '../../components/search-box';
import { PlusIcon } from '../../components/icons';
import { CopyButton } from '../../components/copy-button';
import { announceNewAlias } from './new-alias-flash';
import { groupAliases } from './activity';
import { AliasIcon } from './alias-icon';
import { useCreateAlias } from './mutations';
import { aliasesQuery } from './queries';
import './sidebar.css';

/** docs/product.md §2 "Sidebar": 'Your Aliases' in two groups by latest activity, 'Add Alias', a 60 s poll. */
export default function Sidebar({ user }: { user: User }) {
  const { data: aliases, isPending } = useQuery({ ...aliasesQuery(user.id), refetchInterval: SIDEBAR_POLL_MS });
  const create = useCreateAlias(user.id);
  const navigate = useNavigate();
  const { withMessages, noMessages } = groupAliases(aliases ?? []);

  return (
    <div className="sidebar-inner">
      <SearchBox shortcut help />
      <div className="sidebar-head">
        <h2 className="sidebar-title">Your Aliases</h2>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: (alias) => {
                announceNewAlias(alias.address);
                navigate(to('aliasInbox', { aliasId: alias.id }));
              },
            })
          }
        >
          <PlusIcon size={16} />
          <span>{create.isPending ? 'Adding…' : 'Add Alias'}</span>
        </button>
      </div>
      {isPending ? (
        <div className="sidebar-skeleton" aria-hidden="true" />
      ) : (
        <>
          {aliases?.length === 0 ? (
            // A first visit: say what an alias is for and where the button is, not "no recent messages".
            <p className="sidebar-empty">{EMPTY.noAliases}</p>
          ) : (
            <nav aria-label="Aliases with messages" className="alias-group">
              {withMessages.length === 0 ? (
                <p className="sidebar-empty">{EMPTY.noRecent}</p>
              ) : (
                <AliasList aliases={withMessages} />
              )}
            </nav>
          )}
          {noMessages.length > 0 && (
            <nav aria-labelledby="no-messages-title" className="alias-group">
              <h3 id="no-messages-title" className="group-title">
                {EMPTY.noMessages}
              </h3>
              <AliasList aliases={noMessages} />
            </nav>
          )}
        </>
      )}
    </div>
  );
}

function AliasList({ aliases }: { aliases: Alias[] }) {
  // The alias stays highlighted on every one of its screens (inbox, message, settings…).
  const current = useMatch('/alias/:aliasId/*')?.params.aliasId;
  return (
    <ul className="alias-list">
      {aliases.map((a) => (
        <li key={a.id} className="alias-row">
          <Link
            to={to('aliasInbox', { aliasId: a.id })}
            className={`alias-link${current === String(a.id) ? ' is-active' : ''}${a.unread_count > 0 ? ' has-unread' : ''}`}
            aria-current={current === String(a.id) ? 'page' : undefined}
            data-alias-id={a.id}
          >
            <AliasIcon icon={a.icon} fallback={a.label || a.handle} />
            <span className="alias-text">
              <span className="alias-name">{a.label || a.handle}</span>
              <span className="alias-address">{a.address}</span>
            </span>
            {a.unread_count > 0 && (
              <span className="count" aria-label={`${a.unread_count} unread`} data-testid="unread-count">
                {a.unread_count}
              </span>
            )}
          </Link>
          <CopyButton value={a.address} label={a.address} compact />
        </li>
      ))}
    </ul>
  );
}
