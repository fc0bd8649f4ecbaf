import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { SignIn } from '@/components/sign-in';
import { clearSettings, loadSettings, type Settings } from '@/lib/settings';
import '@/lib/ui.css';
import './options.css';

/** Forgets the token and gives back the permission to reach the server. */
async function signOut(settings: Settings): Promise<void> {
  await clearSettings();
  await browser.permissions.remove({ origins: [`${settings.server}/*`] }).catch(() => false);
}

function Options() {
  const [settings, setSettings] = useState<Settings | null | undefined>(undefined);
  useEffect(() => {
    const reload = () => void loadSettings().then(setSettings);
    reload();
    // A connection made through the web app signs in while this page is open.
    browser.storage.onChanged.addListener(reload);
    return () => browser.storage.onChanged.removeListener(reload);
  }, []);
  if (settings === undefined) return null;
  return (
    <main className="options">
      <h1>Alias Mail</h1>
      {settings ? (
        <section aria-label="Signed in">
          <p>
            Signed in to <code>{settings.server}</code>.
          </p>
          <p className="muted">
            Focus an e-mail field on any sign-up page and press the small envelope button, or right-click a field and choose
            “Create an alias for this site”.
          </p>
          <button type="button" onClick={() => void signOut(settings).then(() => setSettings(null))}>
            Sign out
          </button>
        </section>
      ) : (
        <SignIn onSignedIn={setSettings} />
      )}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Options />
  </StrictMode>,
);
