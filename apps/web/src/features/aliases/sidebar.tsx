import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useMatch } from 'react-router';
import { EMPTY, SIDEBAR_POLL_MS, type Alias, type User } from '@app/shared';
import { to } from '../../router/paths';
import { SearchBox } from '../../components/search-box';
import { MailIcon, PinIcon, PlusIcon } from '../../components/icons';
import { CopyButton } from '../../components/copy-button';
import { ALIAS_SORTS, aliasName, groupAliases, isAliasSort, type AliasSort } from './activity';
import { AliasIcon } from './alias-icon';
import { AliasSite } from './site-badge';
import { usePinAlias } from './mutations';
import { aliasesQuery } from './queries';
import './sidebar.css';

// Only a click opens it: the dialog stays out of the first load.
const AddAliasDialog = lazy(() => import('./add-alias-dialog'));

/** The sort chosen last time, kept in this browser. */
const SORT_KEY = 'aliases.sort';
function savedSort(): AliasSort {
  try {
    const v = localStorage.getItem(SORT_KEY);
    return isAliasSort(v) ? v : 'recent';
  } catch {
    return 'recent';
  }
}

/**
 * docs/product.md §2 "Sidebar": 'Your Aliases' (pinned first, then in two groups), a filter box, a
 * remembered sort, 'Add Alias' and the trashed aliases' list; a 60 s poll.
 */
export default function Sidebar({ user }: { user: User }) {
  const { data: aliases, isPending } = useQuery({ ...aliasesQuery(user.id), refetchInterval: SIDEBAR_POLL_MS });
  const [adding, setAdding] = useState(false);
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<AliasSort>(savedSort);
  const { pinned, withMessages, noMessages } = groupAliases(aliases ?? [], sort, filter);
  const none = pinned.length + withMessages.length + noMessages.length === 0;

  return (
    <div className="sidebar-inner">
      <SearchBox shortcut help />
      <div className="sidebar-head">
        <h2 className="sidebar-title">Your Aliases</h2>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
          <PlusIcon size={16} />
          <span>Add Alias</span>
        </button>
      </div>
      {adding && (
        <Suspense fallback={null}>
          <AddAliasDialog user={user} onClose={() => setAdding(false)} />
        </Suspense>
      )}
      {isPending ? (
        <div className="sidebar-skeleton" aria-hidden="true" />
      ) : aliases?.length === 0 ? (
        // A first visit: say what an alias is for and where the button is, not "no recent messages".
        <p className="sidebar-empty">{EMPTY.noAliases}</p>
      ) : (
        <>
          <AllMailLink aliases={aliases ?? []} />
          <div className="sidebar-tools">
            <input
              type="search"
              className="sidebar-filter"
              aria-label="Filter aliases"
              placeholder="Filter aliases"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <select
              aria-label="Sort aliases"
              value={sort}
              onChange={(e) => {
                const v = e.target.value as AliasSort;
                setSort(v);
                try {
                  localStorage.setItem(SORT_KEY, v);
                } catch {
                  // Storage refused (private mode): the choice lasts for this page only.
                }
              }}
            >
              {Object.entries(ALIAS_SORTS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {none && <p className="sidebar-empty">No alias matches “{filter.trim()}”.</p>}
          {pinned.length > 0 && (
            <nav aria-labelledby="pinned-title" className="alias-group">
              <h3 id="pinned-title" className="group-title">
                Pinned
              </h3>
              <AliasList aliases={pinned} userId={user.id} />
            </nav>
          )}
          {!filter.trim() || withMessages.length > 0 ? (
            <nav aria-label="Aliases with messages" className="alias-group">
              {withMessages.length === 0 ? (
                <p className="sidebar-empty">{EMPTY.noRecent}</p>
              ) : (
                <AliasList aliases={withMessages} userId={user.id} />
              )}
            </nav>
          ) : null}
          {noMessages.length > 0 && (
            <nav aria-labelledby="no-messages-title" className="alias-group">
              <h3 id="no-messages-title" className="group-title">
                {EMPTY.noMessages}
              </h3>
              <AliasList aliases={noMessages} userId={user.id} />
            </nav>
          )}
        </>
      )}
      <p className="sidebar-foot">
        <Link to={to('aliasesTrash')}>Trashed aliases</Link>
      </p>
    </div>
  );
}

/** All mail (docs/product.md §3 "All mail"): every active alias's inbox, with their unread messages added up. */
function AllMailLink({ aliases }: { aliases: Alias[] }) {
  const active = useMatch(to('allMail')) !== null;
  const unread = aliases.reduce((n, a) => n + (a.is_active ? a.unread_count : 0), 0);
  return (
    <nav aria-label="All mail" className="alias-group">
      <Link
        to={to('allMail')}
        className={`alias-link${active ? ' is-active' : ''}${unread > 0 ? ' has-unread' : ''}`}
        aria-current={active ? 'page' : undefined}
      >
        <span className="alias-avatar" aria-hidden="true">
          <MailIcon size={16} />
        </span>
        <span className="alias-text">
          <span className="alias-name">All mail</span>
        </span>
        {unread > 0 && (
          <span className="count" aria-label={`${unread} unread`}>
            {unread}
          </span>
        )}
      </Link>
    </nav>
  );
}

function AliasList({ aliases, userId }: { aliases: Alias[]; userId: number }) {
  // The alias stays highlighted on every one of its screens (inbox, message, settings…).
  const current = useMatch('/alias/:aliasId/*')?.params.aliasId;
  const pin = usePinAlias(userId);
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
            <AliasIcon icon={a.icon} fallback={aliasName(a)} />
            <span className="alias-text">
              <span className="alias-name">{aliasName(a)}</span>
              <AliasSite alias={a} />
              <span className="alias-address">{a.address}</span>
            </span>
            {a.unread_count > 0 && (
              <span className="count" aria-label={`${a.unread_count} unread`} data-testid="unread-count">
                {a.unread_count}
              </span>
            )}
          </Link>
          <button
            type="button"
            className={`btn btn-sm btn-ghost pin-btn${a.pinned ? ' is-pinned' : ''}`}
            aria-label={`Pin ${a.address}`}
            title={a.pinned ? 'Unpin' : 'Pin to the top'}
            aria-pressed={a.pinned}
            disabled={pin.isPending}
            onClick={() => pin.mutate({ aliasId: a.id, pinned: !a.pinned })}
          >
            <PinIcon size={16} />
          </button>
          <CopyButton value={a.address} label={a.address} compact />
        </li>
      ))}
    </ul>
  );
}
