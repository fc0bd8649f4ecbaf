import { Link, NavLink, useLocation } from 'react-router';
import type { User } from '@app/shared';
import { useLogout } from '../../features/auth/mutations';
import { PATHS, to } from '../../router/paths';
import { LogoMark, MenuIcon } from './header-icons';
import './header.css';

type Props = {
  user: User | null;
  navOpen: boolean;
  onToggleNav: () => void;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
};

/** Header: logo (feed when signed in, else home), navbar, and on phones the menu toggles (docs/product.md §2). */
export function Header({ user, navOpen, onToggleNav, sidebarOpen, onToggleSidebar }: Props) {
  const logout = useLogout();
  const { pathname } = useLocation();
  // The feed only redirects, so "Inbox" is current on any alias screen, "Account" on account/admin ones.
  const inboxCurrent = pathname.startsWith('/alias/') || pathname === PATHS.accountFeed || pathname === to('allMail');
  const accountCurrent = !inboxCurrent && (pathname.startsWith('/account') || pathname.startsWith('/admin'));
  return (
    <header className="app-header">
      <div className="header-inner">
        {user && (
          <button
            type="button"
            className="icon-btn sidebar-toggle"
            aria-controls="sidebar"
            aria-expanded={sidebarOpen}
            onClick={onToggleSidebar}
          >
            <InboxToggleLabel />
          </button>
        )}
        <Link to={user ? PATHS.accountFeed : PATHS.home} className="logo" aria-label="Alias Mail home">
          <LogoMark />
          <span className="logo-text">Alias Mail</span>
        </Link>
        <button
          type="button"
          className="icon-btn nav-toggle"
          aria-controls="main-nav"
          aria-expanded={navOpen}
          aria-label="Menu"
          onClick={onToggleNav}
        >
          <MenuIcon />
        </button>
        <nav id="main-nav" aria-label="Main" className={`main-nav${navOpen ? ' is-open' : ''}`}>
          {user ? (
            <ul>
              <li>
                <Link
                  to={PATHS.accountFeed}
                  className={navClass({ isActive: inboxCurrent })}
                  aria-current={inboxCurrent ? 'page' : undefined}
                >
                  Inbox
                </Link>
              </li>
              <li>
                <Link
                  to={to('accountProfile')}
                  className={navClass({ isActive: accountCurrent })}
                  aria-current={accountCurrent ? 'page' : undefined}
                >
                  Account
                </Link>
              </li>
              <li>
                <button type="button" className="nav-link nav-button" onClick={() => logout.mutate()} disabled={logout.isPending}>
                  Logout
                </button>
              </li>
            </ul>
          ) : (
            <ul>
              <li>
                <NavLink to={to('websiteAbout')} className={navClass}>
                  About
                </NavLink>
              </li>
              <li>
                <NavLink to={to('websitePricing')} className={navClass}>
                  Pricing
                </NavLink>
              </li>
              <li>
                <NavLink to={to('authLogin')} className={navClass}>
                  Login
                </NavLink>
              </li>
              <li>
                <NavLink to={PATHS.register} className={(a) => `${navClass(a)} nav-cta`}>
                  Register
                </NavLink>
              </li>
            </ul>
          )}
        </nav>
      </div>
    </header>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' is-active' : ''}`;

function InboxToggleLabel() {
  return (
    <>
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M9 4v16" />
      </svg>
      <span className="visually-hidden">Aliases</span>
    </>
  );
}
