// The alias settings that decide how its mail is delivered: digest, notifications, spam mode and lifespan.
import { useQuery } from '@tanstack/react-query';
import {
  DIGEST_INVALID_MESSAGE,
  NOTIFY_CHANNELS,
  SPAM_MODES,
  digestAllowed,
  digestOptions,
  formatLifespan,
  lifespanChoices,
  lifespanWarning,
  type Alias,
  type DigestValue,
  type Notify,
  type SpamMode,
} from '@app/shared';
import { spamSettingsQuery } from '../account/queries';
import { spamModeLabel } from '../account/spam-section';
import { Section, type Save } from './settings-section';

export function DigestSection({
  alias,
  editable,
  digestMax,
  save,
}: {
  alias: Alias;
  editable: boolean;
  digestMax: string | null;
  save: Save;
}) {
  const options = digestOptions(digestMax);
  const invalid = !digestAllowed(alias.digest, digestMax);
  return (
    <Section title="Digest Frequency" id="digest">
      <div className="field">
        <label htmlFor="alias-digest">A summary of new messages, mailed to you</label>
        <select
          id="alias-digest"
          value={alias.digest ?? ''}
          disabled={!editable}
          onChange={(e) => {
            const digest = (e.target.value || null) as DigestValue;
            if (digest !== alias.digest) void save({ digest }).catch(() => undefined);
          }}
        >
          {invalid && <option value={alias.digest ?? ''}>{alias.digest} (not in your subscription)</option>}
          {options.map((o) => (
            <option key={o.value ?? 'never'} value={o.value ?? ''}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {invalid && <p className="notice notice-danger">{DIGEST_INVALID_MESSAGE}</p>}
    </Section>
  );
}

const NOTIFY_LABELS: Record<Notify, string> = {
  none: 'Off',
  email: 'E-mail to you',
  push: 'Browser (Profile → Browser notifications)',
};

/** docs/product.md §3 "Notifications": a note naming only the alias and the sender's domain. */
export function NotifySection({ alias, editable, save }: { alias: Alias; editable: boolean; save: Save }) {
  return (
    <Section title="Notifications" id="notify">
      <div className="field">
        <label htmlFor="alias-notify">A note when mail arrives, without its subject, text or sender address</label>
        <select
          id="alias-notify"
          value={alias.notify}
          disabled={!editable}
          onChange={(e) => {
            const notify = e.target.value as Notify;
            if (notify !== alias.notify) void save({ notify }).catch(() => undefined);
          }}
        >
          {NOTIFY_CHANNELS.map((n) => (
            <option key={n} value={n}>
              {NOTIFY_LABELS[n]}
            </option>
          ))}
        </select>
      </div>
    </Section>
  );
}

/** docs/spam.md: the alias's own spam mode, or the account's. */
export function SpamModeSection({
  userId,
  alias,
  editable,
  save,
}: {
  userId: number;
  alias: Alias;
  editable: boolean;
  save: Save;
}) {
  const settings = useQuery(spamSettingsQuery(userId));
  const s = settings.data;
  return (
    <Section title="Spam" id="spam">
      <div className="field">
        <label htmlFor="alias-spam">Mail the spam filter scores as spam</label>
        <select
          id="alias-spam"
          value={alias.spam_mode ?? 'account'}
          disabled={!editable}
          onChange={(e) => {
            const spam_mode = e.target.value === 'account' ? null : (e.target.value as SpamMode);
            if (spam_mode !== alias.spam_mode) void save({ spam_mode }).catch(() => undefined);
          }}
        >
          <option value="account">As in your profile{s ? `: ${spamModeLabel(s.mode, s)}` : ''}</option>
          {SPAM_MODES.map((m) => (
            <option key={m} value={m}>
              {spamModeLabel(m, s)}
            </option>
          ))}
        </select>
        {s && !s.scoring && <p className="muted small">This server does not score mail for spam.</p>}
      </div>
    </Section>
  );
}

export function LifespanSection({
  alias,
  editable,
  storageDays,
  save,
}: {
  alias: Alias;
  editable: boolean;
  storageDays: number | null;
  save: Save;
}) {
  const choices = lifespanChoices(storageDays);
  const warning = lifespanWarning(alias.lifespan, storageDays);
  return (
    <Section title="Lifespan">
      <div className="field">
        <label htmlFor="alias-lifespan">Messages are deleted after</label>
        <select
          id="alias-lifespan"
          value={alias.lifespan === null ? 'forever' : String(alias.lifespan)}
          disabled={!editable}
          onChange={(e) => {
            const lifespan = e.target.value === 'forever' ? null : Number(e.target.value);
            if (lifespan !== alias.lifespan) void save({ lifespan: lifespan as 7 | 14 | 60 | 180 | null }).catch(() => undefined);
          }}
        >
          {choices.map((c) => (
            <option key={c.label} value={c.value === null ? 'forever' : String(c.value)} disabled={c.disabled}>
              {c.value === null ? 'Forever' : formatLifespan(c.value)}
            </option>
          ))}
        </select>
      </div>
      {warning && <p className="notice notice-warning">{warning}</p>}
    </Section>
  );
}
