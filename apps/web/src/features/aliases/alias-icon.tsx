import { ALIAS_ICONS, aliasIconGlyph } from '@app/shared';

/** The alias's icon from the built-in set, or its initial when it has none. */
export function AliasIcon({ icon, fallback, className = 'alias-avatar' }: { icon: string | null; fallback: string; className?: string }) {
  const glyph = aliasIconGlyph(icon);
  return (
    <span className={`${className}${glyph ? ' has-icon' : ''}`} aria-hidden="true" data-icon={glyph ? icon : undefined}>
      {glyph ?? fallback.slice(0, 1).toUpperCase()}
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
  const options = [{ id: null, label: 'None', glyph: '∅' }, ...ALIAS_ICONS];
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
          <span aria-hidden="true">{o.glyph}</span>
          <span className="visually-hidden">{o.label}</span>
        </label>
      ))}
    </div>
  );
}
