import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AUTH_POLL_MS } from '@app/shared';
import { authQuery } from '../../features/auth/queries';
import { Header } from './header';
import { FlashBar } from './flash-bar';
import { Footer } from './footer';
import { NavProgress } from './nav-progress';
import { useScrollClasses } from './use-scroll-classes';
import { useSessionEffects } from './session-effects';
import { ReauthDialog } from './reauth-dialog';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useShortcutHelp } from './use-shortcut-help';
import './layout.css';

// Visitors never download the sidebar.
const Sidebar = lazy(() => import('../../features/aliases/sidebar'));

/** Scrolls each tab strip (`.tabs`, positioned) so that its active tab is inside it. */
function revealActiveTabs() {
  for (const tab of document.querySelectorAll<HTMLElement>('.tabs > .is-active')) {
    const strip = tab.parentElement!;
    const hidden = tab.offsetLeft < strip.scrollLeft || tab.offsetLeft + tab.offsetWidth > strip.scrollLeft + strip.clientWidth;
    if (hidden) strip.scrollLeft = tab.offsetLeft - (strip.clientWidth - tab.offsetWidth) / 2;
  }
}

/** The page frame of docs/product.md §2: header, flash bar, sidebar when signed in, main, footer. */
export function Layout() {
  // A signed-in session polls the auth state every 2 minutes (docs/product.md §4).
  const { data: user = null } = useQuery({
    ...authQuery,
    refetchInterval: (q) => (q.state.data ? AUTH_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
  const location = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const shortcutHelp = useShortcutHelp();

  // After each navigation the sidebar closes and the navbar collapses (docs/product.md §2).
  useEffect(() => {
    setNavOpen(false);
    setSidebarOpen(false);
  }, [location.key]);

  // After a navigation, focus moves to the new screen (unless it is already inside it), so that
  // keyboard and screen-reader users start there rather than on a link that no longer exists.
  const firstPath = useRef(true);
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [location.pathname]);

  // On phones a tab strip scrolls sideways: bring the active tab into view.
  useEffect(revealActiveTabs, [location.pathname]);

  // Escape closes an open drawer.
  useEffect(() => {
    if (!navOpen && !sidebarOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setNavOpen(false);
        setSidebarOpen(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navOpen, sidebarOpen]);

  useScrollClasses();
  useSessionEffects(user);

  return (
    <div className={`app${user ? ' is-signed-in' : ''}${sidebarOpen ? ' sidebar-open' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavProgress />
      <Header
        user={user}
        navOpen={navOpen}
        onToggleNav={() => setNavOpen((v) => !v)}
        sidebarOpen={sidebarOpen}
        onToggleSidebar={() => setSidebarOpen((v) => !v)}
      />
      <FlashBar />
      <div className="app-body">
        {user?.registered && user.approved && (
          <>
            <aside id="sidebar" className="sidebar" aria-label="Your aliases">
              <Suspense fallback={<div className="sidebar-skeleton" aria-hidden="true" />}>
                <Sidebar user={user} />
              </Suspense>
            </aside>
            {sidebarOpen && <div className="scrim" aria-hidden="true" onClick={() => setSidebarOpen(false)} />}
          </>
        )}
        <main id="main" className="app-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <Footer />
      {user && <ReauthDialog userId={user.id} />}
      <ConfirmDialog />
      {shortcutHelp}
    </div>
  );
}
