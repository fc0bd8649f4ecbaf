import type { ReactNode } from 'react';
import type { Alias } from '@app/shared';
import type { useUpdateAlias } from './manage-mutations';

/** Saves a change to the alias (the update mutation), answering the updated alias. */
export type Save = (changes: Parameters<ReturnType<typeof useUpdateAlias>['mutateAsync']>[0]) => Promise<Alias>;

/** One titled card of the alias settings page. */
export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = `settings-${id ?? title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="card settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
