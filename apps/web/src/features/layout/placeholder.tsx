import type { ReactNode } from 'react';

/** A screen that another part of the project will build; the route and guard are already in place. */
export function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page page-narrow placeholder" aria-labelledby="ph-title">
      <h1 id="ph-title">{title}</h1>
      {children ?? <p className="muted">This screen is coming soon.</p>}
    </section>
  );
}
