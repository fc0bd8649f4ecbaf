import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../router/data-router';
import { useQueryClient } from '@tanstack/react-query';
import { AccountHandleSchema, AccountPasswordSchema, profileFlash, RULE_MESSAGES } from '@app/shared';
import { PATHS } from '../../router/paths';
import { completeRegistration } from './access-mutations';
import { resetSession, useLogout } from './mutations';
import { useUser } from './use-user';
import './auth.css';
import { useTitle } from '../../lib/title';

const USERNAME_RULE = profileFlash('username', RULE_MESSAGES.accountHandle);
const PASSWORD_RULE = profileFlash('password', RULE_MESSAGES.accountPassword);

/**
 * /account/register (docs/architecture.md §4): the signed-in, unregistered account (just redeemed) chooses a
 * username and password (PUT /api/register). The server checks the rules of docs/product.md §5 again and
 * answers a broken rule or a taken username with its flash.
 */
export default function AccountRegisterPage() {
  useTitle('Complete your registration');
  const user = useUser();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();
  const [handle, setHandle] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const handleOk = AccountHandleSchema.safeParse(handle.trim()).success;
  const passwordOk = AccountPasswordSchema.safeParse(password).success;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !handle.trim() || !password) return;
    setBusy(true);
    try {
      const next = await completeRegistration(handle.trim(), password);
      resetSession(qc, next);
      await navigate(next.approved ? PATHS.accountFeed : PATHS.accountPending, { replace: true });
    } catch {
      // The client has shown the server's flash.
      setBusy(false);
    }
  };

  return (
    <section className="page auth-page" aria-labelledby="register-title">
      <div className="auth-card card">
        <h1 id="register-title">Complete your registration</h1>
        <p className="muted">
          Welcome{user.name ? `, ${user.name}` : ''}! Choose the username and password you will sign in with. Your e-mail is{' '}
          <span className="mono">{user.email}</span>.
        </p>
        <form className="form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="register-handle">Username</label>
            <input
              id="register-handle"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={handle}
              aria-invalid={handle !== '' && !handleOk}
              aria-describedby="register-handle-rule"
              onChange={(e) => setHandle(e.target.value)}
            />
            <p id="register-handle-rule" className={`small ${handle !== '' && !handleOk ? 'notice-danger' : 'muted'}`}>
              {USERNAME_RULE}
            </p>
          </div>
          <div className="field">
            <label htmlFor="register-password">Password</label>
            <input
              id="register-password"
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              aria-invalid={password !== '' && !passwordOk}
              aria-describedby="register-password-rule"
              onChange={(e) => setPassword(e.target.value)}
            />
            <p id="register-password-rule" className={`small ${password !== '' && !passwordOk ? 'notice-danger' : 'muted'}`}>
              {PASSWORD_RULE}
            </p>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || !handle.trim() || !password}>
            {busy ? 'Saving…' : 'Complete registration'}
          </button>
        </form>
        <p className="small">
          <button type="button" className="link-btn" onClick={() => logout.mutate()}>
            Sign out
          </button>
        </p>
      </div>
    </section>
  );
}
