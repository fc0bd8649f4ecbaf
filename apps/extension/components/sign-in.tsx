import { useEffect, useState, type FormEvent } from 'react';
import { browser } from 'wxt/browser';
import { tokenInfo } from '@/lib/api';
import { saveSettings, serverOrigin, type Settings } from '@/lib/settings';
import { originGranted } from '@/lib/site';

/**
 * Sign-in: the server's address and a personal API token with the write scope. The browser asks
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

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    let origin: string;
    try {
      origin = serverOrigin(server);
    } catch (err) {
      setError((err as Error).message);
      return;
    }
    // Ask only when no granted pattern covers the server yet (on Chromium the content script's match
    // patterns already do). The prompt needs the click's user gesture: ask before anything is awaited.
    const allowed = originGranted(granted, origin) || browser.permissions.request({ origins: [`${origin}/*`] });
    setBusy(true);
    void (async () => {
      try {
        if (!(await allowed)) throw new Error(`The extension needs your permission to reach ${origin}.`);
        const info = await tokenInfo(origin, token.trim());
        if (info.scope !== 'write') {
          throw new Error('This token may only read. Create one with the write scope (Profile → API tokens).');
        }
        const settings: Settings = { server: origin, token: token.trim(), accountId: info.account_id };
        await saveSettings(settings);
        onSignedIn(settings);
      } catch (err) {
        setError((err as Error).message);
      } finally {
        setBusy(false);
      }
    })();
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
      <button className="primary" type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
