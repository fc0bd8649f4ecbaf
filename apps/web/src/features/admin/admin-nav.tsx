import { NavLink } from 'react-router';
import { to } from '../../router/paths';
import { useTitle } from '../../lib/title';
import '../account/account.css';
import './admin.css';

const LINKS = [
  { to: to('adminLogs'), label: 'Logs' },
  { to: to('adminSources'), label: 'Sources' },
  { to: to('adminUsers'), label: 'Users' },
  { to: to('adminTests'), label: 'Tests' },
  { to: to('adminDns'), label: 'DNS' },
];

/** The admin tools' own tabs, under the account header's Admin tab. */
export function AdminNav() {
  return (
    <nav className="tabs admin-tabs" aria-label="Admin tools">
      {LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} className={({ isActive }) => `tab${isActive ? ' is-active' : ''}`}>
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** An admin screen: the admin tabs, then the screen. */
export function AdminPage({ title, children, actions }: { title: string; children: React.ReactNode; actions?: React.ReactNode }) {
  useTitle(`${title} · Admin`);
  return (
    <div className="admin-grid">
      <AdminNav />
      <section aria-labelledby="admin-title">
        <div className="profile-head section-header">
          <h2 id="admin-title">{title}</h2>
          {actions}
        </div>
        {children}
      </section>
    </div>
  );
}
