import { useEffect, useState } from 'react';
import { COPY_RESET_MS } from '@app/shared';

/** Copies a record value; reads 'Copied!' for COPY_RESET_MS (docs/product.md §9's copy timing). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_RESET_MS);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard access (an insecure origin, a denied permission): the value is selectable text.
      setCopied(false);
    }
  };
  return (
    <button type="button" className="btn btn-sm btn-ghost copy-btn" aria-label={`Copy ${label}`} onClick={() => void copy()}>
      {copied ? 'Copied!' : 'Copy'}
      <span className="visually-hidden" aria-live="polite">
        {copied ? `${label} copied` : ''}
      </span>
    </button>
  );
}
