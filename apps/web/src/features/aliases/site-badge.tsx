import type { Alias } from '@app/shared';
import './site-badge.css';

/** Eight hues the badge's letter sits on: enough to tell sites apart at a glance. */
const HUES = 8;

/** A stable hue for a site name, so the same site always gets the same colour. */
function hueOf(site: string): number {
  let h = 0;
  for (const ch of site) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % HUES;
}

/**
 * The site an alias was made for (its origin: from the extension or a password manager, the
 * restriction's service, or its first sender) with a coloured initial. Nothing is fetched from the
 * site — no favicon — so showing the list tells no one which sites the account uses.
 */
export function AliasSite({ alias, className = '' }: { alias: Pick<Alias, 'origin'>; className?: string }) {
  const site = alias.origin;
  if (!site) return null;
  return (
    <span className={`alias-site ${className}`} data-testid="alias-site">
      <span className={`site-badge site-hue-${hueOf(site)}`} aria-hidden="true">
        {site.slice(0, 1).toUpperCase()}
      </span>
      <span className="alias-site-name">{site}</span>
    </span>
  );
}
