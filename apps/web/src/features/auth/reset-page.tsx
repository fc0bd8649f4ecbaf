import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useNavigate } from '../../router/data-router';
import { useQueryClient } from '@tanstack/react-query';
import { ACCESS_MSG, AccountPasswordSchema, profileFlash, RULE_MESSAGES } from '@app/shared';
import { ApiError } from '../../api/client';
import { PATHS } from '../../router/paths';
import { failureMessage, resetPassword } from './access-mutations';
import { resetSession } from './mutations';
import './auth.css';
import { useTitle } from '../../lib/title';

const PASSWORD_RULE = profileFlash('password', RULE_MESSAGES.accountPassword);

/**
 * /auth/reset/{encodedRequest} (docs/product.md §2, §4; docs/architecture.md §4): choose a new password. Success signs in
 * (the server has ended every other session) and goes to the account page.
 */
export default function ResetPage() {
  useTitle('Reset password');
  const { encodedRequest = '' } = useParams();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [dead, setDead] = useState<string | null>(null);

  const valid = AccountPasswordSchema.safeParse(password).success;
  const matches = password === confirm;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || !matches || busy) return;
    setBusy(true);
    try {
      const user = await resetPassword(encodedRequest, password);
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'init' && q.queryKey[0] !== 'auth' });
      resetSession(qc, user);
      await navigate(user ? PATHS.accountFeed : PATHS.login, { replace: true });
    } catch (err) {
      // An unknown, used or expired code: say so on the page; a rule failure only flashes.
      if (err instanceof ApiError && err.status === 404) setDead(failureMessage(err, ACCESS_MSG.invalidReset));
      setBusy(false);
    }
  };

  if (dead) {
    return (
      <section className="page page-narrow center-page" aria-labelledby="reset-title">
        <h1 id="reset-title">This link cannot be used</h1>
        <p className="lead">{dead}</p>
        <p className="muted">You can ask for a new link on the sign-in page (“Forgot your password?”).</p>
        <div className="actions">
          <Link className="btn btn-primary" to={PATHS.login}>
            Sign in
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="page auth-page" aria-labelledby="reset-title">
      <div className="auth-card card">
        <h1 id="reset-title">Choose a new password</h1>
        <form className="form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="reset-password">New password</label>
            <input
              id="reset-password"
              type="password"
              autoComplete="new-password"
              value={password}
              aria-invalid={password !== '' && !valid}
              aria-describedby="reset-password-rule"
              onChange={(e) => setPassword(e.target.value)}
            />
            <p id="reset-password-rule" className={`small ${password !== '' && !valid ? 'notice-danger' : 'muted'}`}>
              {PASSWORD_RULE}
            </p>
          </div>
          <div className="field">
            <label htmlFor="reset-confirm">Repeat the new password</label>
            <input
              id="reset-confirm"
              type="password"
              autoComplete="new-password"
              value={confirm}
              aria-invalid={confirm !== '' && !matches}
              onChange={(e) => setConfirm(e.target.value)}
            />
            {confirm !== '' && !matches && <p className="small notice-danger">The two passwords differ.</p>}
          </div>
          <p className="muted small">Saving signs out every other session of your account.</p>
          <button type="submit" className="btn btn-primary btn-block" disabled={!valid || !matches || busy}>
            {busy ? 'Saving…' : 'Save new password'}
          </button>
        </form>
      </div>
    </section>
  );
}
