// /alias/{aliasId}: the alias header and tabs around the alias screens. A non-numeric segment is
// an alias handle (docs/product.md §2 "/alias/{handle}/settings"): it is resolved and redirected to the id.
import { useSuspenseQuery } from '@tanstack/react-query';
import { NavLink, Outlet, useLocation, useParams } from 'react-router';
import type { User } from '@app/shared';
import { queryClient } from '../../api/query-client';
import { NotFound, redirect, type LoaderArgs } from '../../router/data-router';
import { idParam } from '../../router/params';
import { useUser } from '../auth/use-user';
import { to, type RouteName } from '../../router/paths';
import { useTitle } from '../../lib/title';
import { CopyButton } from '../../components/copy-button';
import { useCopyShortcut } from './copy-shortcut';
import { AliasIcon } from './alias-icon';
import { AliasSite } from './site-badge';
import { aliasesQuery, aliasQuery } from './queries';
import './alias-layout.css';

export async function loader({ params, request }: LoaderArgs, user: User) {
  const raw = params.aliasId ?? '';
  if (!/^[0-9]+$/.test(raw)) {
    const aliases = await queryClient.ensureQueryData(aliasesQuery(user.id));
    // The sidebar list first; a trashed alias (not in it) is asked of the server (manage-queries,
    // which the inbox's first load does not need).
    const found =
      aliases.find((a) => a.handle.toLowerCase() === raw.toLowerCase()) ??
      (await (await import('./manage-queries')).resolveAliasHandle(user.id, raw));
    if (!found) throw new NotFound();
    const url = new URL(request.url);
    const rest = url.pathname.split('/').slice(3).join('/') || 'inbox';
    throw redirect(`/alias/${found.id}/${rest}${url.search}`);
  }
  await queryClient.ensureQueryData(aliasQuery(user.id, idParam(raw)));
}

const TABS: Array<{ name: RouteName; label: string }> = [
  { name: 'aliasInbox', label: 'Inbox' },
  { name: 'aliasLog', label: 'Log' },
  { name: 'aliasNotes', label: 'Notes' },
  { name: 'aliasRestrictions', label: 'Restrictions' },
  { name: 'aliasSettings', label: 'Settings' },
  { name: 'aliasStatistics', label: 'Statistics' },
  { name: 'aliasSpam', label: 'Spam' },
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
  useCopyShortcut(alias.address);
  return (
    <div className="alias-page">
      <header className="alias-header">
        <div className="alias-heading">
          <h1 className="alias-title">
            {alias.icon && <AliasIcon icon={alias.icon} fallback={alias.handle} className="alias-avatar alias-title-icon" />}
            {alias.label || alias.handle}
          </h1>
          <AliasSite alias={alias} className="alias-header-site" />
          <p className="alias-meta">
            <span className="mono alias-full-address">{alias.address}</span>
            <CopyButton value={alias.address} label={alias.address} compact />
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
