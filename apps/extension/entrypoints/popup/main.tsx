import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { aliasesForSite, ApiError, createAliasForSite, type SiteAlias } from '@/lib/api';
import type { PageRequest } from '@/lib/messages';
import { loadSettings, type Settings } from '@/lib/settings';
import { siteOf } from '@/lib/site';
import '@/lib/ui.css';
import './popup.css';

/**
 * The page the popup is about: the active tab of the window it was opened from (the click on the
 * toolbar button lets it read that tab's address). Opened as a tab of its own (Firefox for Android
 * does that; so does a keyboard shortcut to popup.html), it is about the tab used last before it,
 * whose address only that tab's content script can tell.
 */
async function currentPage(): Promise<string | null> {
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  if (siteOf(active?.url)) return active!.url!;
  const self = await browser.tabs.getCurrent();
  const others = (await browser.tabs.query({})).filter((t) => t.id !== undefined && t.id !== self?.id);
  others.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0));
  for (const tab of others.slice(0, 3)) {
    const question: PageRequest = { type: 'page' };
    const url = (await browser.tabs.sendMessage(tab.id!, question, { frameId: 0 }).catch(() => null)) as string | null;
    if (siteOf(url ?? undefined)) return url;
  }
  return null;
}

function CopyButton({ value, label, done = 'Copied' }: { value: string; label: string; done?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      onClick={() =>
        void navigator.clipboard.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        })
      }
    >
      {copied ? done : label}
    </button>
  );
}

/** Only web links open from the popup; the server has already cleaned them of trackers. */
function webLink(link: string | null): string | null {
  return link && siteOf(link) ? link : null;
}

function AliasItem({ alias }: { alias: SiteAlias }) {
  const mail = alias.newest;
  const code = mail?.verification?.code ?? null;
  const link = webLink(mail?.verification?.link ?? null);
  return (
    <li className="alias" data-alias={alias.address}>
      <div className="alias-row">
        <span className="address">{alias.address}</span>
        <CopyButton value={alias.address} label="Copy" />
      </div>
      {mail ? (
        <div className="mail" aria-label={`Newest mail to ${alias.address}`}>
          <p className="subject" title={mail.subject}>
            <b>{mail.sender}</b> · {mail.subject}
          </p>
          {(code || link) && (
            <div className="verification">
              {code && (
                <>
                  <span className="code" aria-label="Verification code">
                    {code}
                  </span>
                  <CopyButton value={code} label="Copy code" />
                </>
              )}
              {link && (
                <a className="button primary" href={link} target="_blank" rel="noreferrer noopener">
                  Confirm
                </a>
              )}
            </div>
          )}
        </div>
      ) : (
        <p className="muted">No mail yet.</p>
      )}
    </li>
  );
}

function SiteView({ settings, page }: { settings: Settings; page: string }) {
  const hostname = new URL(page).hostname;
  const [aliases, setAliases] = useState<SiteAlias[] | null>(null);
  const [error, setError] = useState<{ message: string; signIn: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const fail = (e: unknown) => setError({ message: (e as Error).message, signIn: e instanceof ApiError && e.status === 401 });

  const load = useCallback(() => {
    aliasesForSite(settings, hostname).then((list) => {
      setAliases(list);
      setError(null);
    }, fail);
  }, [settings, hostname]);
  useEffect(load, [load]);

  async function create() {
    setBusy(true);
    try {
      const { email } = await createAliasForSite(settings, new URL(page));
      await navigator.clipboard.writeText(email).catch(() => undefined);
      load();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="site">
        <h2>
          Aliases for <span data-site>{hostname}</span>
        </h2>
        <button className="primary" type="button" disabled={busy} onClick={() => void create()}>
          New alias
        </button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error.message}{' '}
          {error.signIn && (
            <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
              Sign in again
            </button>
          )}
        </p>
      )}
      {aliases === null && !error && <p className="muted">Loading…</p>}
      {aliases?.length === 0 && <p className="muted">No alias made for this site yet.</p>}
      {aliases && aliases.length > 0 && (
        <ul className="aliases" aria-label="Aliases for this site">
          {aliases.map((a) => (
            <AliasItem key={a.id} alias={a} />
          ))}
        </ul>
      )}
    </>
  );
}

function Popup() {
  const [state, setState] = useState<{ settings: Settings | null; page: string | null } | null>(null);
  useEffect(() => {
    void Promise.all([loadSettings(), currentPage()]).then(([settings, page]) => setState({ settings, page }));
  }, []);
  if (!state) return null;
  const { settings, page } = state;
  return (
    <main className="popup">
      <header>
        <h1>Alias Mail</h1>
        {settings && (
          <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
            Settings
          </button>
        )}
      </header>
      {!settings ? (
        <>
          <p>Sign in with your server’s address and an API token to make aliases in sign-up forms.</p>
          <button className="primary" type="button" onClick={() => void browser.runtime.openOptionsPage()}>
            Sign in
          </button>
        </>
      ) : page ? (
        <SiteView settings={settings} page={page} />
      ) : (
        <p className="muted">Open a web page to see the aliases made for it.</p>
      )}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Popup />
  </StrictMode>,
);
