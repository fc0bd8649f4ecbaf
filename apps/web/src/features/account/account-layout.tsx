import { NavLink, Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FREE_PACKAGE_ID } from '@app/shared';
import { useUser } from '../auth/use-user';
import { initQuery } from '../init/queries';
import { to } from '../../router/paths';

/** The account header of docs/product.md §2 and its tabs, around the account and admin screens. */
export default function AccountLayout() {
  const user = useUser();
  const { data: init } = useQuery(initQuery);
  const packageId = user.subscription?.package_id ?? FREE_PACKAGE_ID;
  const pkg = init?.packages.find((p) => p.id === packageId);
  const tabs = [
    { to: to('accountProfile'), label: 'Profile' },
    { to: to('accountSubscription'), label: 'Subscription' },
    { to: to('accountDomains'), label: 'Domains' },
    { to: to('accountBlocked'), label: 'Blocked' },
    ...(user.is_admin
      ? [
          { to: to('accountInvitations'), label: 'Invitations' },
          { to: to('admin'), label: 'Admin' },
        ]
      : []),
  ];
  return (
    <div className="page">
      <header className="section-header">
        <div>
          <h1>{user.name ? `${user.name}'s Account` : 'Your Account'}</h1>
          <p className="muted">
            <span className="badge">{pkg?.label ?? 'Free'}</span> <span className="mono">{user.email}</span>
          </p>
        </div>
      </header>
      <nav className="tabs" aria-label="Account sections">
        {tabs.map((t) => (
          <NavLink key={t.to} to={t.to} className={({ isActive }) => `tab${isActive ? ' is-active' : ''}`}>
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
