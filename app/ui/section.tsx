import type { ReactNode } from 'react';

/** A page section under its own heading, named by it for assistive technology (aria-labelledby). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-xl font-extrabold">
        {title}
      </h2>
      {children}
    </section>
  );
}
