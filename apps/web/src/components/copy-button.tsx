import { useEffect, useState, type ReactNode } from 'react';
import { COPY_RESET_MS } from '@app/shared';
import { copyText } from '../lib/clipboard';
import { CheckIcon, CopyIcon } from './icons';
import './copy-button.css';

/**
 * Copies a value in one click and says so for COPY_RESET_MS (docs/product.md §9's copy timing).
 * `compact` shows an icon only (the sidebar's rows); the accessible name always says what is copied.
 * `text` replaces the word "Copy", `children` go before it (the verification chip shows its code),
 * `className` adds to the button's classes.
 */
export function CopyButton({
  value,
  label,
  compact = false,
  text = 'Copy',
  className,
  children,
}: {
  value: string;
  label: string;
  compact?: boolean;
  text?: string;
  className?: string;
  children?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_RESET_MS);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    await copyText(value);
    setCopied(true);
  };
  return (
    <button
      type="button"
      className={`btn btn-sm btn-ghost copy-btn${compact ? ' copy-btn-compact' : ''}${copied ? ' is-copied' : ''}${className ? ` ${className}` : ''}`}
      aria-label={`Copy ${label}`}
      title={compact ? `Copy ${label}` : undefined}
      onClick={(e) => {
        // Inside a row that is itself a link or selectable, the copy is the only thing the click does.
        e.preventDefault();
        e.stopPropagation();
        void copy();
      }}
    >
      {children}
      {compact ? copied ? <CheckIcon size={16} /> : <CopyIcon size={16} /> : copied ? 'Copied!' : text}
      <span className="visually-hidden" aria-live="polite">
        {copied ? `${label} copied` : ''}
      </span>
    </button>
  );
}
