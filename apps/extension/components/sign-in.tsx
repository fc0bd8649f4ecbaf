import { useEffect, useState, type FormEvent } from 'react';
import { browser } from 'wxt/browser';
import { checkToken } from '@/lib/api';
import { saveSettings, serverOrigin, startConnect, type Settings } from '@/lib/settings';
import { originGranted } from '@/lib/site';

/**
 * Sign-in: the server's address, then either a pasted API token with the write scope, or the web
 * app's "Connect the browser extension" button, which hands a fresh token over. The browser asks
 * the user to let the extension reach that one server (an optional host permission), nothing more.
 */
export function SignIn({ onSignedIn }: { onSignedIn: (settings: Settings) => void }) {
  const [server, setServer] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [granted, setGranted] = useState<string[]>([]);
  useEffect(() => {
    void browser.permissions.getAll().then((all) => setGranted(all.origins ?? []));
  }, []);

  /**
   * The server's origin and the permission to reach it, then `next`. Ask only when no granted
   * pattern covers the server yet (on Chromium the content script's match patterns already do). The
   * prompt needs the click's user gesture: it is asked for before anything is awaited.
   */
  function withServer(next: (origin: string) => Promise<void>) {
    setError(null);
    let origin: string;
    try {
      origin = serverOrigin(server);
    } catch (err) {
      setError((err as Error).message);
      return;
    }
    const allowed = originGranted(granted, origin) || browser.permissions.request({ origins: [`${origin}/*`] });
    setBusy(true);
    void (async () => {
      try {
        if (!(await allowed)) throw new Error(`The extension needs your permission to reach ${origin}.`);
        await next(origin);
      } catch (err) {
        setError((err as Error).message);
      } finally {
        setBusy(false);
      }
    })();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    withServer(async (origin) => {
      const settings = await checkToken(origin, token.trim());
      await saveSettings(settings);
      onSignedIn(settings);
    });
  }

  function connect() {
    withServer(async (origin) => {
      await startConnect(origin);
      await browser.tabs.create({ url: `${origin}/account/profile#api-tokens` });
    });
  }

  return (
    <form onSubmit={submit} aria-label="Sign in">
      <label>
        Server
        <input
          name="server"
          type="url"
          inputMode="url"
          placeholder="https://mail.example.org"
          autoComplete="off"
          required
          value={server}
          onChange={(e) => setServer(e.target.value)}
        />
      </label>
      <div className="choice">
        <button type="button" className="primary" disabled={busy || !server.trim()} onClick={connect}>
          Connect through the web app
        </button>
        <p className="muted">
          Opens the web app’s Profile page: press <b>Connect the browser extension</b> there (sign in first if asked).
        </p>
      </div>
      <p className="or muted">or paste a token</p>
      <label>
        API token
        <input
          name="token"
          type="password"
          placeholder="amt_…"
          autoComplete="off"
          required
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
      </label>
      <p className="muted">
        Create a token with the <b>write</b> scope in the web app under Profile → API tokens. It stays in this browser’s extension
        storage, where no web page can read it.
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
