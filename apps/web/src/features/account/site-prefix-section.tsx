import { useId } from 'react';
import type { User } from '@app/shared';
import { useProfileUpdate } from './mutations';

/**
 * Profile → Aliases made for a site (docs/bitwarden.md): whether aliases a password manager makes for
 * a site through the compatible calls start with the site's name (`shop-x7k2q9`) instead of random
 * words. Saved at once; the API client flashes the answer.
 */
export function SitePrefixSection({ user }: { user: User }) {
  const id = useId();
  const update = useProfileUpdate(user.id);
  return (
    <section className="card profile-section" aria-labelledby={id}>
      <div className="profile-head">
        <h2 id={id}>Aliases made for a site</h2>
      </div>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={user.site_handle_prefix}
          disabled={update.isPending}
          onChange={(e) => void update.mutateAsync({ site_handle_prefix: e.target.checked }).catch(() => undefined)}
        />
        <span>
          Start the address with the site’s name: <span className="mono">shop-x7k2q9</span> for shop.example
        </span>
      </label>
      <p className="muted">
        For aliases a password manager makes for a site (see the API tokens above). Anyone who sees such an address also sees
        which site it is for.
      </p>
    </section>
  );
}
