import type { ReactNode } from 'react';
import type { AliasIconId } from '@app/shared';
import './alias-icon.css';

// The built-in alias icons (packages/shared ALIAS_ICONS, which the server enforces) drawn as inline
// SVG, so they look the same on every system (emoji fonts vary and are missing on some). Only a
// type is imported from shared: the sidebar draws these, and the first load of the inbox must not
// pull the schemas chunk in. manage.test.tsx checks that the two lists agree.
export const ICON_LABELS: Record<AliasIconId, string> = {
  mail: 'Mail',
  cart: 'Shopping',
  bank: 'Money',
  work: 'Work',
  travel: 'Travel',
  game: 'Games',
  news: 'News',
  social: 'Social',
  heart: 'Personal',
  star: 'Important',
  shield: 'Security',
  chat: 'Chat',
};

const isAliasIcon = (id: unknown): id is AliasIconId => typeof id === 'string' && Object.hasOwn(ICON_LABELS, id);

const PATHS: Record<AliasIconId, ReactNode> = {
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>
  ),
  cart: (
    <>
      <path d="M3 4h2l2.4 11h10.2L20 8H6.2" />
      <circle cx="9" cy="19" r="1.5" />
      <circle cx="17" cy="19" r="1.5" />
    </>
  ),
  bank: (
    <>
      <path d="M3 9 12 4l9 5" />
      <path d="M5 10v7M9.5 10v7M14.5 10v7M19 10v7M3 20h18" />
    </>
  ),
  work: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 13h18" />
    </>
  ),
  travel: <path d="M21 3 10 14M21 3l-7 18-4-7-7-4 18-7Z" />,
  game: (
    <>
      <rect x="2" y="7" width="20" height="11" rx="4" />
      <path d="M7 10.5v4M5 12.5h4" />
      <circle cx="15.5" cy="11.5" r="1" />
      <circle cx="18" cy="14" r="1" />
    </>
  ),
  news: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M7 8h10M7 12h10M7 16h6" />
    </>
  ),
  social: (
    <>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20a6 6 0 0 1 12 0" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16 14.2a5 5 0 0 1 6 4.8" />
    </>
  ),
  heart: (
    <path d="M12 20s-7.5-4.6-9.3-9.2C1.6 7.8 3.6 4.5 7 4.5c2 0 3.4 1.2 5 3 1.6-1.8 3-3 5-3 3.4 0 5.4 3.3 4.3 6.3C19.5 15.4 12 20 12 20Z" />
  ),
  star: <path d="m12 3 2.8 5.8 6.2.9-4.5 4.4 1.1 6.3L12 17.4l-5.6 3 1.1-6.3L3 9.7l6.2-.9L12 3Z" />,
  shield: <path d="M12 3 4 6v6c0 4.6 3.4 8 8 9 4.6-1 8-4.4 8-9V6l-8-3Z" />,
  chat: <path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-5 4v-4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z" />,
};

/** One built-in icon as SVG; nothing for an id outside the set. */
export function AliasIconSvg({ id, size = 20 }: { id: string | null | undefined; size?: number }) {
  if (!isAliasIcon(id)) return null;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[id]}
    </svg>
  );
}

/** The alias's icon from the built-in set, or its initial when it has none. */
export function AliasIcon({
  icon,
  fallback,
  className = 'alias-avatar',
  size = 18,
}: {
  icon: string | null;
  fallback: string;
  className?: string;
  size?: number;
}) {
  const known = isAliasIcon(icon);
  return (
    <span className={`${className}${known ? ' has-icon' : ''}`} aria-hidden="true" data-icon={known ? icon : undefined}>
      {known ? <AliasIconSvg id={icon} size={size} /> : fallback.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** A radio group of the built-in icons plus None. */
export function IconPicker({
  value,
  onChange,
  disabled,
  name = 'alias-icon',
}: {
  value: string | null;
  onChange: (icon: string | null) => void;
  disabled?: boolean;
  name?: string;
}) {
  const options: Array<{ id: AliasIconId | null; label: string }> = [
    { id: null, label: 'None' },
    ...(Object.entries(ICON_LABELS) as Array<[AliasIconId, string]>).map(([id, label]) => ({ id, label })),
  ];
  return (
    <div className="icon-picker" role="radiogroup" aria-label="Icon">
      {options.map((o) => (
        <label key={o.id ?? 'none'} className={`icon-option${value === o.id ? ' is-selected' : ''}`} title={o.label}>
          <input
            type="radio"
            name={name}
            className="visually-hidden"
            checked={value === o.id}
            disabled={disabled}
            onChange={() => onChange(o.id)}
          />
          {o.id ? <AliasIconSvg id={o.id} /> : <span aria-hidden="true">∅</span>}
          <span className="visually-hidden">{o.label}</span>
        </label>
      ))}
    </div>
  );
}
