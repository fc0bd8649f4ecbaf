import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useNavigate } from '../../router/data-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCESS_MSG, AccountPasswordSchema, profileFlash, RULE_MESSAGES } from '@app/shared';
import { ApiError } from '../../api/client';
import { PATHS } from '../../router/paths';
import { failureMessage, removeResetPasskey, resetPasskeysQuery, resetPassword } from './access-mutations';
import { fullDate } from '../../lib/dates';
import { resetSession } from './mutations';
import './auth.css';
import { useTitle } from '../../lib/title';

const PASSWORD_RULE = profileFlash('password', RULE_MESSAGES.accountPassword);

/**
 * The account's passkeys, which the link alone may remove (docs/security.md W18): a passkey signs in
 * without the password, so one a stranger added would outlive the reset.
 */
function ResetPasskeys({ code, onDead }: { code: string; onDead: (message: string) => void }) {
  const qc = useQueryClient();
  const list = useQuery(resetPasskeysQuery(code));
  const remove = useMutation({
    mutationFn: (passkeyId: number) => removeResetPasskey(code, passkeyId),
    onSuccess: (left) => qc.setQueryData(resetPasskeysQuery(code).queryKey, left),
  });
  useEffect(() => {
    if (list.error instanceof ApiError && list.error.status === 404) onDead(failureMessage(list.error, ACCESS_MSG.invalidReset));
  }, [list.error, onDead]);
  if (!list.data?.length) return null;
  return (
    <div className="reset-passkeys" aria-labelledby="reset-passkeys-title">
      <h2 id="reset-passkeys-title">Your passkeys</h2>
      <p className="muted small">
        A passkey signs in without the password. Remove any you do not recognise; passkeys added in the last few minutes end with
        the reset anyway.
      </p>
      <ul className="reset-passkeys-list">
        {list.data.map((p) => (
          <li key={p.id}>
            <span>
              {p.name} <span className="muted small">added {fullDate(p.created)}</span>
            </span>
            <button
              type="button"
              className="btn btn-sm btn-danger"
              disabled={remove.isPending}
              aria-label={`Remove ${p.name}`}
              onClick={() => remove.mutate(p.id)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /auth/reset/{encodedRequest} (docs/product.md §2, §4; docs/architecture.md §4): choose a new password, and
 * remove passkeys the owner does not know. Success signs in (the server has ended every other
 * session, the API tokens and the passkeys added just before) and goes to the account page.
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
          <p className="muted small">Saving signs out every other session of your account and ends its API tokens.</p>
          <button type="submit" className="btn btn-primary btn-block" disabled={!valid || !matches || busy}>
            {busy ? 'Saving…' : 'Save new password'}
          </button>
        </form>
        <ResetPasskeys code={encodedRequest} onDead={setDead} />
      </div>
    </section>
  );
}
