import { useNavigationBusy } from '../../router/data-router';
import './nav-progress.css';

/** The loading indicator shown during navigation (docs/product.md §2). */
export function NavProgress() {
  const busy = useNavigationBusy();
  return (
    <div className={`nav-progress${busy ? ' is-active' : ''}`} aria-hidden={!busy}>
      {busy && <div role="progressbar" aria-label="Loading page" aria-busy="true" className="nav-progress-bar" />}
    </div>
  );
}
