// Who sent a message: the sender line and the sender-authentication checks of the message page.
import { useState } from 'react';
import type { Message } from '@app/shared';
import { AlertIcon } from '../../components/icons';
import { displayNameLooksLikeAddress } from './sender';

/** docs/security.md H11: the real address always shows; a display name that looks like an address is flagged. */
export function SenderLine({ message }: { message: Message }) {
  const name = (message.sender_label ?? '').trim();
  const suspicious = displayNameLooksLikeAddress(name, message.sender_address);
  return (
    <p className="sender-line">
      <span className="visually-hidden">From: </span>
      {name && <span className="sender-name">{name}</span>}
      <span className="sender-address mono" data-testid="sender-address">
        {name ? `<${message.sender_address}>` : message.sender_address}
      </span>
      {suspicious && (
        <span
          className="badge badge-warning"
          role="note"
          title={`The name is not the sender's address. The real sender is ${message.sender_address}.`}
        >
          <AlertIcon size={14} /> Name looks like an address — real sender: {message.sender_address}
        </span>
      )}
    </p>
  );
}

/** What each check looks at, in plain words; DMARC's caveat is docs/security.md A8. */
const CHECKS: Record<string, string> = {
  SPF: 'whether the server that delivered this message may send mail for the sender domain',
  DKIM: 'whether the message carries an intact signature of a domain',
  DMARC:
    'whether SPF or DKIM passed for the domain in the From address. It proves the domain, not the person: anyone with an account at that domain could send as it',
  ARC: 'what the servers that forwarded this message found when they checked it',
};

const RESULTS: Record<string, string> = {
  pass: 'passed',
  fail: 'failed',
  softfail: 'failed, but the domain does not insist',
  neutral: 'the domain makes no statement',
  none: 'nothing to check (no record or signature)',
  temperror: 'could not be checked (a temporary DNS error)',
  permerror: 'could not be checked (a broken record)',
};

const toneOf = (result: string) => {
  const r = result.toLowerCase();
  return r === 'pass' ? 'pass' : r === 'fail' || r === 'softfail' || r === 'permerror' ? 'fail' : 'neutral';
};

/**
 * The sender-authentication results: shown at once when a check failed, else behind "Details" —
 * "none" on most mail is noise, and a pass is what the reader expects.
 */
export function AuthChecks({ auth }: { auth: NonNullable<Message['auth']> }) {
  const checks = [
    ['SPF', auth.spf],
    ['DKIM', auth.dkim],
    ['DMARC', auth.dmarc],
    ['ARC', auth.arc],
  ] as const;
  const failed = checks.some(([, result]) => toneOf(result) === 'fail');
  const [shown, setShown] = useState(false);
  return (
    <div>
      <dt>Checks</dt>
      <dd className="auth-results">
        {failed || shown ? (
          checks.map(([name, result]) => <AuthChip key={name} name={name} result={result} />)
        ) : (
          <button type="button" className="link-btn small" onClick={() => setShown(true)}>
            No check failed · Details
          </button>
        )}
      </dd>
    </div>
  );
}

function AuthChip({ name, result }: { name: string; result: string }) {
  const r = result.toLowerCase();
  const tone = toneOf(r);
  const explanation = `${name} ${RESULTS[r] ?? r}: ${name} checks ${CHECKS[name] ?? ''}.`;
  return (
    <span className={`chip chip-${tone}`} title={explanation} data-check={name}>
      {`${name}: ${result}`}
      <span className="visually-hidden"> ({explanation})</span>
    </span>
  );
}
