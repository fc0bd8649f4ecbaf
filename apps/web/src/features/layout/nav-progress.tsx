import { useNavigation } from 'react-router';

/** The loading indicator shown during navigation (docs/product.md §2). */
export function NavProgress() {
  const { state } = useNavigation();
  const busy = state !== 'idle';
  return (
    <div className={`nav-progress${busy ? ' is-active' : ''}`} aria-hidden={!busy}>
      {busy && (
        <div role="progressbar" aria-label="Loading page" aria-busy="true" className="nav-progress-bar" />
      )}
    </div>
  );
}
