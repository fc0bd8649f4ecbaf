import type { Verification } from '@app/shared';
import { CopyButton } from '../../components/copy-button';
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
  const { code } = verification;
  // The server sends only http(s) links; anything else is not offered (docs/security.md SN3).
  const link = verification.link && /^https?:\/\//i.test(verification.link) ? verification.link : null;
  if (!code && !link) return null;
  return (
    <div
      className={`verification-actions${className ? ` ${className}` : ''}`}
      role="group"
      aria-label={`Verification: ${subject || '(no subject)'}`}
    >
      {code && (
        <CopyButton value={code} label={`code ${code}`} text="Copy code" className="code-chip">
          <span className="mono code-chip-value">{code}</span>
        </CopyButton>
      )}
      {link && (
        <a className="btn btn-sm btn-primary confirm-link" href={link} target="_blank" rel="noopener noreferrer" title={link}>
          Confirm
        </a>
      )}
    </div>
  );
}
