import { useState } from 'react';
import { Link } from 'react-router';
import { cookieNoticeDismissed, dismissCookieNotice } from '../../lib/cookies';
import { to } from '../../router/paths';
import './footer.css';

/** The release, stamped in by the build (vite.config.ts). */
declare const __APP_VERSION__: string;

/** Footer with the notice texts and the cookie notice, shown until dismissed (docs/product.md §4). */
export function Footer() {
  const [showNotice, setShowNotice] = useState(() => !cookieNoticeDismissed());
  return (
    <footer className="app-footer">
      <div className="footer-inner">
        <p className="footer-notice">Messages are encrypted at rest and remote images stay blocked until you load them.</p>
        <nav aria-label="Footer" className="footer-links">
          <Link to={to('websiteAbout')}>About</Link>
          <Link to={to('websitePricing')}>Pricing</Link>
        </nav>
        <p className="footer-copy">
          © {new Date().getFullYear()} Alias Mail <span className="footer-version">{__APP_VERSION__}</span>
        </p>
      </div>
      {showNotice && (
        <section className="cookie-notice" aria-label="Cookie notice">
          <p>
            We use one cookie to keep you signed in and one to remember that you have read this notice. No tracking, no
            advertising.
          </p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => {
              dismissCookieNotice();
              setShowNotice(false);
            }}
          >
            Got it
          </button>
        </section>
      )}
    </footer>
  );
}
