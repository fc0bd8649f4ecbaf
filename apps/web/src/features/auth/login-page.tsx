import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { PATHS } from '../../routes/paths';
import { useLogin } from './mutations';
import { useTitle } from '../../lib/title';

/** docs/product.md §2 "/auth/login". Success goes to the feed; failure clears the form and the session. */
export default function LoginPage() {
  const login = useLogin();
  useTitle('Sign in');
  const [handle, setHandle] = useState('');
  const [password, setPassword] = useState('');
  const [showReset, setShowReset] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate(
      { handle: handle.trim(), password },
      { onError: () => setPassword('') },
    );
  };

  return (
    <section className="page auth-page" aria-labelledby="login-title">
      <div className="auth-card card">
        <h1 id="login-title">Sign in</h1>
        <form onSubmit={submit} className="form" noValidate>
          <div className="field">
            <label htmlFor="login-handle">Username</label>
            <input
              id="login-handle"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={handle}
              onChange={(e) => setHandle(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending || !handle || !password}>
            {login.isPending ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <div className="auth-extra">
          <button type="button" className="link-btn" aria-expanded={showReset} onClick={() => setShowReset((v) => !v)}>
            Forgot your password?
          </button>
          {showReset && <ResetRequest />}
        </div>
        <p className="muted small">
          No account? Registration is by invitation — <Link to={PATHS.register}>read more</Link>.
        </p>
      </div>
    </section>
  );
}

/** docs/architecture.md §4: POST /api/reset {email}; the server answers the same way for any address. */
function ResetRequest() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await api.post('/api/reset', { email: email.trim() });
      setEmail('');
    } catch {
      // The client has shown the flash already.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="form reset-form">
      <div className="field">
        <label htmlFor="reset-email">Account e-mail</label>
        <input id="reset-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-block" disabled={busy || !email.trim()}>
        Send reset link
      </button>
    </form>
  );
}
