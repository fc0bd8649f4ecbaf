// "Confirm it's you" (docs/security.md W17): the one dialog every credential change meets when the
// session has not confirmed its owner lately. The API client asks (`askToConfirm`, connected in
// app/routes.tsx), this dialog confirms the session, and the client sends the request again.
import { useEffect, useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { REAUTH_MSG } from '@app/shared';
import { confirmSession } from '../../features/auth/reauth-mutations';
import './reauth-dialog.css';

interface Pending {
  message: string;
  /** Every request waiting on this confirmation (parallel calls share one dialog). */
  waiting: Array<(confirmed: boolean) => void>;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => pending;

/** Opens the dialog (or joins the open one); resolves true once the session is confirmed, false on cancel. */
export function askToConfirm(message: string): Promise<boolean> {
  return new Promise((resolve) => {
    if (pending) pending.waiting.push(resolve);
    else pending = { message: message || REAUTH_MSG.required, waiting: [resolve] };
    for (const listener of listeners) listener();
  });
}

function settle(confirmed: boolean): void {
  const done = pending;
  pending = null;
  for (const listener of listeners) listener();
  for (const resolve of done?.waiting ?? []) resolve(confirmed);
}

export function ReauthDialog({ userId }: { userId: number }) {
  const open = useSyncExternalStore(subscribe, current);
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setPassword('');
    setOtp('');
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') settle(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  if (!open) return null;

  // A refused confirmation keeps the dialog open; the API client has flashed why.
  const attempt = async (confirm: () => Promise<void>) => {
    setBusy(true);
    try {
      await confirm();
      settle(true);
    } catch {
      setOtp('');
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password || busy) return;
    void attempt(() => confirmSession(userId, { password, ...(otp.trim() ? { otp: otp.trim() } : {}) }));
  };
  const withPasskey = () =>
    void attempt(async () => (await import('../../features/auth/passkey-mutations')).confirmWithPasskey(userId));

  return (
    <div className="dialog-backdrop">
      <div className="card reauth-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>Confirm it’s you</h2>
        <p className="muted small">{open.message}</p>
        <form className="form" onSubmit={submit} noValidate aria-label="Confirm it’s you">
          <div className="field">
            <label htmlFor={`${titleId}-password`}>Your password</label>
            <input
              id={`${titleId}-password`}
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${titleId}-otp`}>Authentication code (when two-factor authentication is on)</label>
            <input
              id={`${titleId}-otp`}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={otp}
              onChange={(e) => setOtp(e.target.value)}
            />
          </div>
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={!password || busy}>
              Confirm
            </button>
            <button type="button" className="btn" disabled={busy} onClick={withPasskey}>
              Use a passkey
            </button>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => settle(false)}>
              Cancel
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
