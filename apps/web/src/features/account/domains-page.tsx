import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { User } from '@app/shared';
import { queryClient } from '../../api/query-client';
import type { LoaderArgs } from '../../router/data-router';
import { useTitle } from '../../lib/title';
import { to } from '../../router/paths';
import { useUser } from '../auth/use-user';
import { Spinner } from '../../components/spinner';
import { seg } from '../../api/client';
import { useAddDomain, useRemoveDomain, useVerifyDomain } from './mutations';
import { CopyButton } from '../../components/copy-button';
import { PublishRecords } from './publish-records';
import { domainsQuery, subscriptionQuery, type AccountDomain } from './queries';
import './account.css';
import './billing.css';
import { askConfirm } from '../../components/confirm-dialog';

export async function loader(_args: LoaderArgs, user: User) {
  await Promise.all([
    queryClient.ensureQueryData(domainsQuery(user.id)),
    queryClient.ensureQueryData(subscriptionQuery(user.id)),
  ]).catch(() => null);
}

export const NEEDS_FEATURE_TEXT = 'A personal domain needs a package with the Personal domain feature.';

/**
 * /account/domains (docs/architecture.md §4 "Personal domain"): the shared domain and the account's own. The
 * owner adds a domain, publishes the TXT proof and an MX record, then verifies; the mx accepts mail
 * for aliases on it once verified. Shown to everyone; without the package feature it explains why
 * nothing can be added (the server refuses it too).
 */
export default function DomainsPage() {
  useTitle('Domains');
  const user = useUser();
  const domains = useQuery(domainsQuery(user.id));
  const sub = useQuery(subscriptionQuery(user.id));
  const allowed = sub.data?.package.features.personal_domain === true;
  const listId = useId();

  return (
    <div className="domains">
      <p className="muted domains-intro">
        Receive mail on a domain you own: add it, prove it is yours with a DNS TXT record, point its MX record at this service,
        then verify. Once it is verified, mail to aliases on it is accepted.
      </p>
      {sub.data && !allowed && (
        <p className="notice notice-warning" role="note" data-testid="domains-need-feature">
          <span>
            {NEEDS_FEATURE_TEXT} <Link to={to('accountSubscription')}>See the upgrades</Link>.
          </span>
        </p>
      )}
      {allowed && <AddDomainForm userId={user.id} />}

      <section aria-labelledby={listId}>
        <h2 id={listId} className="domains-title">
          Your domains
        </h2>
        {domains.isPending ? (
          <Spinner label="Loading domains…" />
        ) : domains.isError ? (
          <div className="notice notice-danger billing-error" role="alert">
            <span>The domains could not be loaded.</span>
            <button type="button" className="btn btn-sm" onClick={() => void domains.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <ul className="domain-list">
            {domains.data.map((d) => (
              <li key={d.id}>
                <DomainCard userId={user.id} domain={d} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function AddDomainForm({ userId }: { userId: number }) {
  const add = useAddDomain(userId);
  const [name, setName] = useState('');
  const value = name.trim().toLowerCase().replace(/\.$/, '');
  const valid = value.length > 3 && value.includes('.') && !/\s/.test(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || add.isPending) return;
    add.mutate(value, { onSuccess: () => setName('') });
  };
  return (
    <section className="card domain-add" aria-labelledby="domain-add-title">
      <h2 id="domain-add-title">Add a domain</h2>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="domain-name">Domain name</label>
          <div className="field-row">
            <input
              id="domain-name"
              name="domain"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="example.com"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={!valid || add.isPending}>
              {add.isPending ? 'Adding…' : 'Add domain'}
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}

function DomainCard({ userId, domain }: { userId: number; domain: AccountDomain }) {
  const verify = useVerifyDomain(userId);
  const remove = useRemoveDomain(userId);
  const [result, setResult] = useState<{ ok: boolean; msg: string } | null>(null);
  const titleId = useId();
  const busy = verify.isPending || remove.isPending;
  const records = domain.personal && domain.txt_name && domain.txt_value ? <DnsRecords domain={domain} /> : null;

  return (
    <article className="card domain-card" aria-labelledby={titleId} data-domain={domain.name}>
      <header className="domain-head">
        <h3 id={titleId} className="mono">
          {domain.name}
        </h3>
        {!domain.personal ? (
          <span className="chip chip-neutral">Shared</span>
        ) : domain.verified ? (
          <span className="chip chip-pass">Verified</span>
        ) : (
          <span className="chip chip-warn">Not verified</span>
        )}
      </header>
      {!domain.personal ? (
        <p className="muted small domain-note">The service's shared domain: every account's aliases can use it.</p>
      ) : (
        <>
          {records &&
            (domain.verified ? (
              <details className="dns-details">
                <summary>DNS records</summary>
                {records}
                <PublishRecords url={`/api/account/${seg(userId)}/domains/${seg(domain.id)}/dns-records`} />
              </details>
            ) : (
              records
            ))}
          {result && (
            <p className={`domain-result ${result.ok ? 'is-ok' : 'is-fail'}`} role="status">
              {result.msg}
            </p>
          )}
          <div className="actions domain-actions">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy}
              onClick={() => verify.mutate(domain.id, { onSuccess: setResult, onError: () => setResult(null) })}
            >
              {verify.isPending ? 'Checking…' : domain.verified ? 'Check DNS again' : 'Verify'}
            </button>
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={busy}
              aria-label={`Remove ${domain.name}`}
              onClick={async () => {
                const yes = await askConfirm({
                  title: `Remove ${domain.name}?`,
                  body: 'Mail to its addresses is refused from now on.',
                  action: 'Remove domain',
                  danger: true,
                });
                if (yes) remove.mutate(domain.id);
              }}
            >
              Remove
            </button>
          </div>
        </>
      )}
    </article>
  );
}

function DnsRecords({ domain }: { domain: AccountDomain }) {
  return (
    <ol className="dns-steps">
      <li>
        <p className="dns-step-title">Publish this TXT record to prove the domain is yours</p>
        <dl className="dns-record">
          <Row term="Type">TXT</Row>
          <Row term="Name" copy={domain.txt_name} copyLabel="TXT record name" />
          <Row term="Value" copy={domain.txt_value} copyLabel="TXT record value" />
        </dl>
      </li>
      {domain.mx_target && (
        <li>
          <p className="dns-step-title">Point the domain's mail at this service</p>
          <dl className="dns-record">
            <Row term="Type">MX</Row>
            <Row term="Name">
              <code>{domain.name}</code>
            </Row>
            <Row term="Mail server" copy={domain.mx_target} copyLabel="MX target" />
            <Row term="Priority">10</Row>
          </dl>
        </li>
      )}
      {!domain.verified && (
        <li>
          <p className="dns-step-title">Press Verify. DNS changes can take a while to be seen.</p>
        </li>
      )}
    </ol>
  );
}

function Row({
  term,
  children,
  copy,
  copyLabel,
}: {
  term: string;
  children?: ReactNode;
  copy?: string | undefined;
  copyLabel?: string;
}) {
  return (
    <div className="dns-row">
      <dt>{term}</dt>
      <dd>
        {copy !== undefined ? (
          <>
            <code className="dns-value">{copy}</code>
            <CopyButton value={copy} label={copyLabel ?? term} />
          </>
        ) : (
          children
        )}
      </dd>
    </div>
  );
}
