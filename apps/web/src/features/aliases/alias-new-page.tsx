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

  return (
    <section className="page page-narrow alias-new" aria-labelledby="new-alias-title">
      <Usage used={used} limit={rights.addressCount} />

      <form
        className="card form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!create.isPending) submit();
        }}
      >
        {rights.customizeAddress ? (
          <AddressField
            userId={user.id}
            domains={domains}
            handle={handle}
            onHandle={setHandle}
            domainId={domainId}
            onDomain={setDomainId}
            error={error}
            onError={setError}
            onInvalid={invalid}
          />
        ) : (
          <p className="muted">
            You get a random address on {domains.find((d) => d.id === DEFAULT_DOMAIN_ID)?.name ?? 'the shared domain'}.
          </p>
        )}

        <ChatChoice checked={chat} onChange={setChat} />

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

/** The chosen address: handle and domain, with a check of availability and a generated handle. */
function AddressField(props: {
  userId: number;
  domains: readonly { id: number; name: string }[];
  handle: string;
  onHandle: (handle: string) => void;
  domainId: number;
  onDomain: (domainId: number) => void;
  error: string | null;
  onError: (error: string | null) => void;
  onInvalid: () => void;
}) {
  const { userId, domains, handle, domainId, error } = props;
  const [availability, setAvailability] = useState<'unknown' | 'checking' | 'free' | 'taken'>('unknown');
  const chosen = handle.trim().toLowerCase();

  const check = async () => {
    if (!ALIAS_HANDLE_PATTERN.test(chosen)) {
      props.onInvalid();
      return;
    }
    setAvailability('checking');
    setAvailability((await checkAliasHandle(userId, chosen, domainId)) ? 'free' : 'taken');
  };

  const generate = async () => {
    const h = await generateAliasHandle(userId, domainId);
    if (h) {
      props.onHandle(h);
      setAvailability('free');
    }
  };

  return (
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
            props.onHandle(e.target.value);
            setAvailability('unknown');
            props.onError(null);
          }}
        />
        <span className="muted">@</span>
        <select
          aria-label="Domain"
          value={domainId}
          onChange={(e) => {
            props.onDomain(Number(e.target.value));
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
  );
}

function ChatChoice({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <fieldset className="field">
      <legend>Type</legend>
      <label className={`choice${checked ? ' is-selected' : ''}`}>
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span>
          <span className="choice-title">Chat alias</span>
          <span className="field-hint"> The inbox reads as a conversation, and you can reply from the alias.</span>
        </span>
      </label>
    </fieldset>
  );
}

/** The page's heading, with how many aliases the subscription allows and a notice once they are used. */
function Usage({ used, limit }: { used: number; limit: number | null }) {
  return (
    <>
      <header>
        <h1 id="new-alias-title">Create an alias</h1>
        <p className="lead">A new address, with its own inbox, ready to give out.</p>
        {limit !== null && (
          <p className="muted small" data-testid="alias-usage">
            {used} of {limit} aliases in use.
          </p>
        )}
      </header>

      {limit !== null && used >= limit && (
        <p className="notice notice-warning">
          You have used every alias of your subscription. Trash one you no longer need, or{' '}
          <Link to="/account/subscription">upgrade</Link>.
        </p>
      )}
    </>
  );
}
