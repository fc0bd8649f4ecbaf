// The built-in alias icons. No zod here: the sidebar imports this, and the
// first load of the inbox must not pull the schemas in.

/** The built-in alias icons: an id stored on the alias, a label, and the glyph the SPA draws. */
export const ALIAS_ICONS = [
  { id: 'mail', label: 'Mail', glyph: '✉️' },
  { id: 'cart', label: 'Shopping', glyph: '🛒' },
  { id: 'bank', label: 'Money', glyph: '🏦' },
  { id: 'work', label: 'Work', glyph: '💼' },
  { id: 'travel', label: 'Travel', glyph: '✈️' },
  { id: 'game', label: 'Games', glyph: '🎮' },
  { id: 'news', label: 'News', glyph: '📰' },
  { id: 'social', label: 'Social', glyph: '👥' },
  { id: 'heart', label: 'Personal', glyph: '❤️' },
  { id: 'star', label: 'Important', glyph: '⭐' },
  { id: 'shield', label: 'Security', glyph: '🛡️' },
  { id: 'chat', label: 'Chat', glyph: '💬' },
] as const;
export type AliasIconId = (typeof ALIAS_ICONS)[number]['id'];

export function isAliasIcon(value: unknown): value is AliasIconId {
  return ALIAS_ICONS.some((i) => i.id === value);
}

/** The glyph of an icon id, or null for none / an id that is not in the set. */
export function aliasIconGlyph(id: string | null | undefined): string | null {
  return ALIAS_ICONS.find((i) => i.id === id)?.glyph ?? null;
}
