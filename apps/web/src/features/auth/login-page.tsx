import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { SecondFactorMethod } from '@app/shared';
import { PATHS } from '../../router/paths';
import { requestPasswordReset, useLogin, usePasskeyLogin } from './sign-in-mutations';
import { useTitle } from '../../lib/title';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import './auth.css';

/** docs/product.md §2 "/auth/login". Success goes to the feed; failure clears the form and the session. */
export default function LoginPage() {
  const login = useLogin();
  useTitle('Sign in');
  const [handle, setHandle] = useState('');
  const [password, setPassword] = useState('');
  // Set once the password was right and the account asks for a second factor (docs/product.md §4):
  // a code for TOTP, or its passkey, finished on the passkey's own sign-in.
  const [owed, setOwed] = useState<SecondFactorMethod[]>([]);
  const [otp, setOtp] = useState('');
  const askOtp = owed.includes('totp');
  const passkeyOwed = owed.includes('passkey');
  // A refused attempt says why beside the field to fill again, and puts the cursor there.
  const [error, setError] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const otpInput = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate(
      { handle: handle.trim(), password, ...(askOtp ? { otp: otp.trim() } : {}) },
      {
        onSuccess: (outcome) => {
          setError(null);
          setOwed('methods' in outcome ? outcome.methods : []);
        },
        // A wrong code keeps the password; anything else starts over.
        onError: (err) => {
          setError(err.message);
          if (askOtp) setOtp('');
          else setPassword('');
          (askOtp ? otpInput : passwordInput).current?.focus();
        },
      },
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
              ref={passwordInput}
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              {...fieldErrorProps('login-error', askOtp ? null : error)}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {!askOtp && <FieldError id="login-error" message={error} />}
          </div>
          {askOtp && (
            <div className="field">
              <label htmlFor="login-otp">Authentication code or recovery code</label>
              <input
                ref={otpInput}
                id="login-otp"
                name="one-time-code"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                required
                {...fieldErrorProps('login-otp-error', error)}
                value={otp}
                onChange={(e) => setOtp(e.target.value)}
              />
              <FieldError id="login-otp-error" message={error} />
            </div>
          )}
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={login.isPending || !handle || !password || (askOtp && !otp.trim())}
          >
            {login.isPending ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <PasskeySignIn owed={passkeyOwed} askOtp={askOtp} />
        <ForgotPassword />
        <p className="muted small">
          No account? Registration is by invitation — <Link to={PATHS.register}>read more</Link>.
        </p>
      </div>
    </section>
  );
}

/** Signing in with a passkey, or finishing with the account's passkey when it asks for one. */
function PasskeySignIn({ owed, askOtp }: { owed: boolean; askOtp: boolean }) {
  const passkeyLogin = usePasskeyLogin();
  const startPasskey = () => passkeyLogin.mutate(undefined);
  return owed ? (
    <div className="auth-extra" role="status">
      <p>{askOtp ? 'Or use one of its passkeys.' : 'This account also asks for its passkey.'}</p>
      <button type="button" className="btn btn-primary btn-block" onClick={startPasskey} disabled={passkeyLogin.isPending}>
        Use a passkey
      </button>
    </div>
  ) : (
    <div className="auth-extra">
      <button type="button" className="btn btn-block" onClick={startPasskey} disabled={passkeyLogin.isPending}>
        {passkeyLogin.isPending ? 'Waiting for the passkey…' : 'Sign in with a passkey'}
      </button>
    </div>
  );
}

function ForgotPassword() {
  const [showReset, setShowReset] = useState(false);
  return (
    <div className="auth-extra">
      <button type="button" className="link-btn" aria-expanded={showReset} onClick={() => setShowReset((v) => !v)}>
        Forgot your password?
      </button>
      {showReset && <ResetRequest />}
    </div>
  );
}

/** docs/architecture.md §4: asks for a reset link; the server answers the same way for any address. */
function ResetRequest() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
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
        <input
          id="reset-email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-block" disabled={busy || !email.trim()}>
        Send reset link
      </button>
    </form>
  );
}
