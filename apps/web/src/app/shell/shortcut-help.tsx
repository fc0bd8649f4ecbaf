// `?` anywhere (outside a text field) opens the list of keyboard shortcuts; Escape or Close shuts it.
import { useEffect, useId, useRef, useState } from 'react';
import { isTyping, SHORTCUTS } from '../../lib/keyboard';
import './shortcut-help.css';

export function ShortcutHelp() {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    const d = dialog.current;
    if (open && d && !d.open) d.showModal();
  }, [open]);

  if (!open) return null;
  return (
    // A modal <dialog> keeps focus inside and closes on Escape by itself.
    <dialog ref={dialog} className="card shortcut-help" aria-labelledby={titleId} onClose={() => setOpen(false)}>
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
