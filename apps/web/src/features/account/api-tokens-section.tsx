import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  API_TOKEN_DEFAULT_EXPIRY_DAYS,
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_MSG,
  EXTENSION_TOKEN_LABEL,
  type ApiToken,
  type ApiTokenScope,
} from '@app/shared';
import { apiUrl } from '../../api/client';
import { fullDate } from '../../lib/dates';
import { showFlash } from '../../lib/flash-store';
import { DataTable } from '../../components/data-table';
import { Spinner } from '../../components/spinner';
import { useCreateApiToken, useRevokeApiToken } from './mutations';
import { apiTokensQuery } from './queries';
import { CopyButton } from '../../components/copy-button';
import { handToExtension } from './extension-connect';

const SCOPE_NAMES: Record<ApiTokenScope, string> = {
  read: 'Read only',
  write: 'Read and write',
  mail: 'App password (IMAP, POP3)',
};

type Days = (typeof API_TOKEN_EXPIRY_DAYS)[number];

const dateOrDash = (value: string | null) => (value ? fullDate(value) : <span className="muted">—</span>);

/** The expiry choice: a number of days, or 'never'. */
type Expiry = `${(typeof API_TOKEN_EXPIRY_DAYS)[number]}` | 'never';

/**
 * Profile › API tokens (docs/product.md §2): create a token (label, scope, a lifetime of 7, 30, 90 or
 * 365 days, or never with a warning: docs/security.md TK6), see its secret once with a copy button,
 * list the tokens with their last use and revoke them. The secret lives only in this component's
 * state until the page is left.
 */
export function ApiTokensSection({ userId }: { userId: number }) {
  const titleId = useId();
  const tokens = useQuery(apiTokensQuery(userId));
  const create = useCreateApiToken(userId);
  const revoke = useRevokeApiToken(userId);
  const [secret, setSecret] = useState<string | null>(null);
  const [connectNote, setConnectNote] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);

  /** A fresh write token for the browser extension, handed over; shown here when no extension takes it. */
  const connect = () => {
    if (connecting) return;
    setConnecting(true);
    setConnectNote(null);
    create.mutate(
      { label: EXTENSION_TOKEN_LABEL, scope: 'write', expires_in_days: API_TOKEN_DEFAULT_EXPIRY_DAYS },
      {
        onSuccess: async (token) => {
          const answer = await handToExtension(token);
          setConnecting(false);
          if (answer?.ok) {
            showFlash('success', 'The browser extension is connected.');
            return;
          }
          setSecret(token);
          setConnectNote(
            answer?.error ??
              'No browser extension answered. Paste this token into the extension’s settings, or start there with “Connect through the web app”.',
          );
        },
        onError: () => setConnecting(false),
      },
    );
  };

  return (
    <section id="api-tokens" className="card profile-section" aria-labelledby={titleId}>
      <div className="profile-head">
        <h2 id={titleId}>API tokens</h2>
      </div>
      <p className="muted small">
        A token lets a script call this account's <span className="mono">/api/account/{userId}/…</span> calls with{' '}
        <span className="mono">Authorization: Bearer …</span>. A read token can only read. Tokens never change the password, the
        e-mail, the username or other tokens. An app password signs a mail client in over IMAP or POP3 (your username, and the
        token as the password) and never calls the API. The calls are listed in the{' '}
        <a href={apiUrl('GET /api/docs')}>API reference</a>.
      </p>
      <div className="extension-connect">
        <p className="muted small">
          The browser extension makes an alias in any sign-up form and shows the site’s verification code. In its settings, choose
          “Connect through the web app”, then press this button.
        </p>
        <button type="button" className="btn" onClick={connect} disabled={connecting}>
          {connecting ? 'Connecting…' : 'Connect the browser extension'}
        </button>
      </div>
      {secret && (
        <NewSecret
          secret={secret}
          note={connectNote}
          onDone={() => {
            setSecret(null);
            setConnectNote(null);
          }}
        />
      )}
      <CreateTokenForm idPrefix={titleId} create={create} onCreated={setSecret} />
      {tokens.isPending ? (
        <Spinner />
      ) : !tokens.data?.length ? (
        <p className="empty-state muted">No API tokens yet.</p>
      ) : (
        <TokenTable list={tokens.data} busy={revoke.isPending} onRevoke={(id) => revoke.mutate(id)} />
      )}
    </section>
  );
}

/** The new token's secret, shown once with a copy button (and why, when the extension did not take it). */
function NewSecret({ secret, note, onDone }: { secret: string; note: string | null; onDone: () => void }) {
  return (
    <div className="notice notice-warning" role="status">
      {note && <p>{note}</p>}
      <p>Copy your new token now: it is shown only this once.</p>
      <div className="field-row">
        <input className="mono" readOnly value={secret} aria-label="New API token" onFocus={(e) => e.target.select()} />
        <CopyButton value={secret} label="API token" />
        <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

/** Label, scope and lifetime of a new token; hands the created secret to `onCreated`. */
function CreateTokenForm({
  idPrefix: titleId,
  create,
  onCreated,
}: {
  idPrefix: string;
  create: ReturnType<typeof useCreateApiToken>;
  onCreated: (secret: string) => void;
}) {
  const [label, setLabel] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState<Expiry>(`${API_TOKEN_DEFAULT_EXPIRY_DAYS}` as Expiry);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!label.trim() || create.isPending) return;
    create.mutate(
      { label: label.trim(), scope, expires_in_days: expiry === 'never' ? null : (Number(expiry) as Days) },
      {
        onSuccess: (token) => {
          onCreated(token);
          setLabel('');
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Create an API token">
      <div className="field">
        <label htmlFor={`${titleId}-label`}>Label</label>
        <input
          id={`${titleId}-label`}
          name="token-label"
          maxLength={100}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${titleId}-scope`}>Scope</label>
        <select
          id={`${titleId}-scope`}
          name="token-scope"
          value={scope}
          onChange={(e) => setScope(e.target.value as ApiTokenScope)}
        >
          <option value="read">Read only</option>
          <option value="write">Read and write</option>
          <option value="mail">App password (IMAP, POP3)</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${titleId}-expires`}>Expires</label>
        <select
          id={`${titleId}-expires`}
          name="token-expires"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value as Expiry)}
        >
          {API_TOKEN_EXPIRY_DAYS.map((days) => (
            <option key={days} value={days}>
              In {days} days
            </option>
          ))}
          <option value="never">Never</option>
        </select>
        {expiry === 'never' && (
          <p className="notice notice-warning small" role="note">
            {API_TOKEN_MSG.noExpiryWarning}
          </p>
        )}
      </div>
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={!label.trim() || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create token'}
        </button>
      </div>
    </form>
  );
}

function TokenTable({ list, busy, onRevoke }: { list: ApiToken[]; busy: boolean; onRevoke: (id: number) => void }) {
  return (
    <DataTable
      rows={list}
      rowProps={(token) => ({ 'data-api-token': token.label })}
      columns={[
        { header: 'Label', cell: (token) => token.label },
        { header: 'Scope', cell: (token) => SCOPE_NAMES[token.scope] },
        { header: 'Created', cell: (token) => fullDate(token.created) },
        { header: 'Last used', cell: (token) => dateOrDash(token.last_used) },
        { header: 'Expires', cell: (token) => (token.expires ? fullDate(token.expires) : 'Never') },
        {
          header: 'Actions',
          hidden: true,
          className: 'cell-actions',
          cell: (token) => (
            <button
              type="button"
              className="btn btn-sm btn-danger"
              disabled={busy}
              aria-label={`Revoke ${token.label}`}
              onClick={() => onRevoke(token.id)}
            >
              Revoke
            </button>
          ),
        },
      ]}
    />
  );
}
