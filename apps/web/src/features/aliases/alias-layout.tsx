import { useSuspenseQuery } from '@tanstack/react-query';
import { NavLink, Outlet, useLocation, useParams } from 'react-router';
import { useUser } from '../auth/use-user';
import { to, type RouteName } from '../../routes/paths';
import { useTitle } from '../../lib/title';
import { AliasIcon } from './alias-icon';
import { aliasQuery } from './queries';

const TABS: Array<{ name: RouteName; label: string }> = [
  { name: 'aliasInbox', label: 'Inbox' },
  { name: 'aliasLog', label: 'Log' },
  { name: 'aliasNotes', label: 'Notes' },
  { name: 'aliasRestrictions', label: 'Restrictions' },
  { name: 'aliasSettings', label: 'Settings' },
  { name: 'aliasStatistics', label: 'Statistics' },
  { name: 'aliasTrash', label: 'Trash' },
];

/** The alias header (name, address, state) and its tabs. */
export default function AliasLayout() {
  const user = useUser();
  const aliasId = Number(useParams().aliasId);
  const { data: alias } = useSuspenseQuery(aliasQuery(user.id, aliasId));
  // A message belongs to the inbox tab.
  const { pathname } = useLocation();
  const onMessage = pathname.includes('/message/');
  // The inbox and a message title themselves; the other tabs are named here.
  const tab = TABS.find((t) => t.name !== 'aliasInbox' && pathname === to(t.name, { aliasId }));
  useTitle(tab ? `${tab.label} · ${alias.label || alias.handle}` : undefined);
  return (
    <div className="alias-page">
      <header className="alias-header">
        <div className="alias-heading">
          <h1 className="alias-title">
            {alias.icon && <AliasIcon icon={alias.icon} fallback={alias.handle} className="alias-avatar alias-title-icon" />}
            {alias.label || alias.handle}
          </h1>
          <p className="alias-meta">
            <span className="mono alias-full-address">{alias.address}</span>
            {!alias.is_active && <span className="badge badge-muted">Inactive</span>}
            {alias.is_trashed && <span className="badge badge-danger">Trashed</span>}
            {alias.is_whitelisted && <span className="badge">Restricted</span>}
          </p>
        </div>
        <p className="alias-counts muted">
          <span>{alias.unread_count} unread</span> · <span>{alias.total_count} total</span>
        </p>
      </header>
      <nav className="tabs" aria-label="Alias sections">
        {TABS.map((t) => (
          <NavLink
            key={t.name}
            to={to(t.name, { aliasId })}
            className={({ isActive }) => `tab${isActive || (onMessage && t.name === 'aliasInbox') ? ' is-active' : ''}`}
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
