import { useSyncExternalStore } from 'react';
import { dismissFlash, getFlash, subscribeFlash } from '../../lib/flash-store';
import './flash-bar.css';

/** The flash-message bar: success or danger, closes itself after 5 s or by hand (docs/product.md §4). */
export function FlashBar() {
  const flash = useSyncExternalStore(subscribeFlash, getFlash, getFlash);
  return (
    // The live region stays in the DOM so screen readers announce each new flash.
    <div className="flash-region" aria-live="polite">
      {flash && (
        <div
          key={flash.id}
          className={`flash flash-${flash.type}`}
          role={flash.type === 'danger' ? 'alert' : 'status'}
          data-testid="flash"
        >
          <span className="flash-text">{flash.message}</span>
          {flash.action && (
            <button
              type="button"
              className="btn btn-sm flash-action"
              onClick={() => {
                dismissFlash(flash.id);
                flash.action!.run();
              }}
            >
              {flash.action.label}
            </button>
          )}
          <button type="button" className="flash-close" aria-label="Close message" onClick={() => dismissFlash(flash.id)}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
