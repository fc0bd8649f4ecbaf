import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SPAM_MODES, type SpamMode, type SpamSettings } from '@app/shared';
import { Spinner } from '../../components/spinner';
import { useSpamMode } from './mutations';
import { spamSettingsQuery } from './queries';

/** The words for each spam mode, given the installation's thresholds (docs/spam.md). */
export function spamModeLabel(mode: SpamMode, s: Pick<SpamSettings, 'mark_score' | 'refuse_score'> | undefined): string {
  if (mode === 'mark') return `Keep in the inbox, marked${s ? ` (score ${s.mark_score}+)` : ''}`;
  if (mode === 'move') return `Move to the Spam folder${s ? ` (score ${s.mark_score}+)` : ''}`;
  return `Refuse at delivery${s ? ` (score ${s.refuse_score}+)` : ''}`;
}

/**
 * Profile › Spam: what every alias does with mail the spam filter scores as spam, unless the
 * alias's own setting says otherwise. When the installation does not score mail, says so.
 */
export function SpamSection({ userId }: { userId: number }) {
  const titleId = useId();
  const selectId = useId();
  const settings = useQuery(spamSettingsQuery(userId));
  const change = useSpamMode(userId);
  const s = settings.data;
  return (
    <section className="card profile-section" aria-labelledby={titleId}>
      <div className="profile-head">
        <h2 id={titleId}>Spam</h2>
      </div>
      {!s ? (
        <Spinner label="Loading the spam setting…" />
      ) : (
        <div className="form profile-form">
          {!s.scoring && (
            <p className="muted small">This server does not score mail for spam: the setting applies once it does.</p>
          )}
          <div className="field">
            <label htmlFor={selectId}>Mail the spam filter scores as spam</label>
            <select
              id={selectId}
              value={s.mode}
              disabled={change.isPending}
              onChange={(e) => change.mutate(e.target.value as SpamMode)}
            >
              {SPAM_MODES.map((m) => (
                <option key={m} value={m}>
                  {spamModeLabel(m, s)}
                </option>
              ))}
            </select>
            <p className="muted small">
              Each alias can choose its own in its settings. The Spam folder is emptied after {s.folder_days} days.
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
