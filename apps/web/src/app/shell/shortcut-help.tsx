// The list of keyboard shortcuts that `?` opens (app/shell/layout.tsx listens; this loads on the first `?`).
import { useEffect, useId, useRef } from 'react';
import './shortcut-help.css';

/** Every keyboard shortcut; the screens that handle them say so beside their handlers. */
const SHORTCUTS: ReadonlyArray<{ keys: string[]; what: string; where: string }> = [
  { keys: ['/'], what: 'Search', where: 'Anywhere' },
  { keys: ['c'], what: 'Copy the alias address', where: 'An alias' },
  { keys: ['j', 'k'], what: 'Next / previous message', where: 'Inbox, message' },
  { keys: ['o', 'Enter'], what: 'Open the message', where: 'Inbox' },
  { keys: ['x'], what: 'Select the message', where: 'Inbox' },
  { keys: ['#'], what: 'Move to trash', where: 'Inbox, message' },
  { keys: ['u'], what: 'Mark unread', where: 'Inbox, message' },
  { keys: ['?'], what: 'Show this list', where: 'Anywhere' },
];

export default function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  return (
    // A modal <dialog> keeps focus inside and closes on Escape by itself.
    <dialog ref={dialog} className="card shortcut-help" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>Keyboard shortcuts</h2>
      <table className="shortcut-table">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.what}>
              <td>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' / '}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </td>
              <td>{s.what}</td>
              <td className="muted small">{s.where}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog" className="actions">
        <button type="submit" className="btn" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  );
}
