// The in-app "Are you sure?" of every action that cannot simply be undone: it says what will
// happen and names the action on its button (never the browser's confirm(), which says neither and
// blocks the page). `askConfirm` opens it from anywhere; the page frame mounts `ConfirmDialog` once.
import { useEffect, useId, useSyncExternalStore } from 'react';
import './confirm-dialog.css';

export interface ConfirmQuestion {
  title: string;
  /** What will happen, in plain words. */
  body: string;
  /** The button that goes ahead, named after the action ("Shred now", "Suspend"). */
  action: string;
  /** The action destroys or cuts off something (a red button). */
  danger?: boolean;
}

interface Open extends ConfirmQuestion {
  resolve: (yes: boolean) => void;
}

let open: Open | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => open;

function settle(yes: boolean): void {
  const done = open;
  open = null;
  for (const listener of listeners) listener();
  done?.resolve(yes);
}

/** Asks; resolves true when the reader chose the action, false on Cancel, Escape or a click beside it. */
export function askConfirm(question: ConfirmQuestion): Promise<boolean> {
  // A new question replaces one left open: that one is answered "no".
  settle(false);
  return new Promise((resolve) => {
    open = { ...question, resolve };
    for (const listener of listeners) listener();
  });
}

export function ConfirmDialog() {
  const question = useSyncExternalStore(subscribe, current);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    if (!question) return;
    const back = document.activeElement as HTMLElement | null;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && settle(false);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      // Focus returns to what asked, as after any dialog.
      if (back?.isConnected) back.focus();
    };
  }, [question]);
  if (!question) return null;
  return (
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && settle(false)}>
      <div
        className="card confirm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
        <h2 id={titleId}>{question.title}</h2>
        <p id={bodyId}>{question.body}</p>
        <div className="actions">
          <button
            type="button"
            className={`btn ${question.danger ? 'btn-danger' : 'btn-primary'}`}
            autoFocus
            onClick={() => settle(true)}
          >
            {question.action}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => settle(false)}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
