import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useNavigate } from '../../router/data-router';
import {
  ALIAS_HANDLE_PATTERN,
  ALIAS_LABEL_MAX,
  DEFAULT_DOMAIN_ID,
  RULE_MESSAGES,
  addressInvalidFlash,
  type AliasCreateBody,
} from '@app/shared';
import { useUser } from '../auth/use-user';
import { showFlash } from '../../lib/flash-store';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import { domainsQuery } from '../account/queries';
import { initQuery } from '../init/queries';
import { to } from '../../router/paths';
import { IconPicker } from './alias-icon';
import { checkAliasHandle, generateAliasHandle } from './manage-queries';
import { useCreateAlias } from './mutations';
import { announceNewAlias } from './new-alias-flash';
import { aliasesQuery } from './queries';
import { useAliasRights } from './use-package';
import './aliases.css';
import { useTitle } from '../../lib/title';

/**
 * /alias/new (docs/product.md §2), also where the feed sends an account without aliases. Everyone gets a
 * random address; admin, VIP and address_customization may choose the handle and domain. The
 * server enforces the package's alias count and rights whatever this form sends.
 */
export default function AliasNewPage() {
  useTitle('Create an alias');
  const user = useUser();
  const rights = useAliasRights(user);
  const create = useCreateAlias(user.id);
  const navigate = useNavigate();
  const { data: init } = useQuery(initQuery);
  const { data: aliases } = useQuery(aliasesQuery(user.id));
  // The shared domains and, once verified, the account's personal ones (only those take aliases).
  const { data: accountDomains } = useQuery({ ...domainsQuery(user.id), enabled: rights.customizeAddress });
  const domains = accountDomains?.filter((d) => d.verified) ?? init?.domains ?? [];

  const [handle, setHandle] = useState('');
  const [domainId, setDomainId] = useState<number>(DEFAULT_DOMAIN_ID);
  const [chat, setChat] = useState(false);
  const [icon, setIcon] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [availability, setAvailability] = useState<'unknown' | 'checking' | 'free' | 'taken'>('unknown');
  const [error, setError] = useState<string | null>(null);
  // An invalid handle: beside the field as well as in the flash.
  const invalid = () => {
    setError(addressInvalidFlash(RULE_MESSAGES.aliasHandle));
    showFlash('danger', addressInvalidFlash(RULE_MESSAGES.aliasHandle));
  };

  const chosen = handle.trim().toLowerCase();
  const used = aliases?.length ?? 0;
  const atLimit = rights.addressCount !== null && used >= rights.addressCount;

  const submit = () => {
    if (chosen && !ALIAS_HANDLE_PATTERN.test(chosen)) {
      invalid();
      return;
    }
    const body: AliasCreateBody = {};
    if (rights.customizeAddress && chosen) body.handle = chosen;
    if (rights.customizeAddress && domainId !== DEFAULT_DOMAIN_ID) body.domain_id = domainId;
    if (chat) body.specialty = 'chat';
    if (icon) body.icon = icon;
    if (label.trim()) body.label = label.trim();
    create.mutate(Object.keys(body).length ? body : undefined, {
      onSuccess: (alias) => {
        announceNewAlias(alias.address);
        navigate(to('aliasInbox', { aliasId: alias.id }));
      },
    });
  };

  const check = async () => {
    if (!ALIAS_HANDLE_PATTERN.test(chosen)) {
      invalid();
      return;
    }
    setAvailability('checking');
    setAvailability((await checkAliasHandle(user.id, chosen, domainId)) ? 'free' : 'taken');
  };

  const generate = async () => {
    const h = await generateAliasHandle(user.id, domainId);
    if (h) {
      setHandle(h);
      setAvailability('free');
    }
  };

  return (
    <section className="page page-narrow alias-new" aria-labelledby="new-alias-title">
      <header>
        <h1 id="new-alias-title">Create an alias</h1>
        <p className="lead">A new address, with its own inbox, ready to give out.</p>
        {rights.addressCount !== null && (
          <p className="muted small" data-testid="alias-usage">
            {used} of {rights.addressCount} aliases in use.
          </p>
        )}
      </header>

      {atLimit && (
        <p className="notice notice-warning">
          You have used every alias of your subscription. Trash one you no longer need, or{' '}
          <Link to="/account/subscription">upgrade</Link>.
        </p>
      )}

      <form
        className="card form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!create.isPending) submit();
        }}
      >
        {rights.customizeAddress ? (
          <div className="field">
            <label htmlFor="new-handle">Address (leave empty for a random one)</label>
            <div className="address-input">
              <input
                id="new-handle"
                value={handle}
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                placeholder="shopping"
                {...fieldErrorProps('new-handle-error', error)}
                onChange={(e) => {
                  setHandle(e.target.value);
                  setAvailability('unknown');
                  setError(null);
                }}
              />
              <span className="muted">@</span>
              <select
                aria-label="Domain"
                value={domainId}
                onChange={(e) => {
                  setDomainId(Number(e.target.value));
                  setAvailability('unknown');
                }}
              >
                {domains.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            </div>
            <FieldError id="new-handle-error" message={error} />
            <div className="actions">
              <button
                type="button"
                className="btn btn-sm"
                disabled={!chosen || availability === 'checking'}
                onClick={() => void check()}
              >
                Check
              </button>
              <button type="button" className="btn btn-sm" onClick={() => void generate()}>
                Generate
              </button>
              <span className="field-hint" role="status" aria-live="polite">
                {availability === 'free' ? 'Available.' : availability === 'taken' ? 'Not available.' : ''}
              </span>
            </div>
          </div>
        ) : (
          <p className="muted">
            You get a random address on {domains.find((d) => d.id === DEFAULT_DOMAIN_ID)?.name ?? 'the shared domain'}.
          </p>
        )}

        <fieldset className="field">
          <legend>Type</legend>
          <label className={`choice${chat ? ' is-selected' : ''}`}>
            <input type="checkbox" checked={chat} onChange={(e) => setChat(e.target.checked)} />
            <span>
              <span className="choice-title">Chat alias</span>
              <span className="field-hint"> The inbox reads as a conversation, and you can reply from the alias.</span>
            </span>
          </label>
        </fieldset>

        <div className="field">
          <span id="new-icon-label" className="field-label">
            Icon
          </span>
          <IconPicker value={icon} onChange={setIcon} name="new-alias-icon" />
        </div>

        <div className="field">
          <label htmlFor="new-label">Label</label>
          <input id="new-label" value={label} maxLength={ALIAS_LABEL_MAX} onChange={(e) => setLabel(e.target.value)} />
        </div>

        <div className="actions">
          <button type="submit" className="btn btn-primary btn-lg" disabled={create.isPending || atLimit}>
            {create.isPending ? 'Creating…' : chosen ? 'Create alias' : 'Create a random alias'}
          </button>
        </div>
      </form>

      <p className="muted small">
        Trashed aliases: <Link to={to('aliasesTrash')}>restore one</Link>.
      </p>
    </section>
  );
}
