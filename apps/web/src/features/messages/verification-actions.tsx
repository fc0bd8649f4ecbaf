import { useEffect, useState } from 'react';
import { COPY_RESET_MS, type Verification } from '@app/shared';
import { copyText } from '../../lib/clipboard';
import { CheckIcon } from '../../components/icons';
import './verification-actions.css';

/**
 * docs/product.md §2 "Verification code at a glance": the message's one-time code as a chip that
 * copies it, and its confirmation link as a button that opens it in a new tab (no opener, no
 * referrer, as the viewer's links, docs/security.md H12). Nothing when the message has neither.
 */
export function VerificationActions({
  verification,
  subject,
  className,
}: {
  verification: Verification;
  subject: string;
  className?: string;
}) {
  const { code, link } = verification;
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_RESET_MS);
    return () => clearTimeout(t);
  }, [copied]);
  if (!code && !link) return null;
  return (
    <div
      className={`verification-actions${className ? ` ${className}` : ''}`}
      role="group"
      aria-label={`Verification: ${subject || '(no subject)'}`}
    >
      {code && (
        <button
          type="button"
          className="btn btn-sm code-chip"
          aria-label={`Copy code ${code}`}
          onClick={() => void copyText(code).then(() => setCopied(true))}
        >
          <span className="mono code-chip-value">{code}</span>
          <span className="code-chip-label">
            {copied ? (
              <>
                <CheckIcon size={14} /> Copied
              </>
            ) : (
              'Copy code'
            )}
          </span>
          <span className="visually-hidden" aria-live="polite">
            {copied ? 'Code copied' : ''}
          </span>
        </button>
      )}
      {link && (
        <a className="btn btn-sm btn-primary confirm-link" href={link} target="_blank" rel="noopener noreferrer" title={link}>
          Confirm
        </a>
      )}
    </div>
  );
}
