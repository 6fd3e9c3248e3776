import { useLocation } from 'react-router';

import { useRootData } from '../../lib/locale.ts';

/**
 * Title, description and canonical link of a page, rendered where the page is (React hoists
 * them into the head). The canonical address has no query and no trailing slash; a page with
 * its own rule passes it whole (the game page: docs/game-page.md).
 */
export function PageMeta({ title, description, canonical }: { title: string; description?: string; canonical?: string }) {
  const root = useRootData();
  const { pathname } = useLocation();
  const siteName = root?.config.seo.product.name ?? 'Croupier';
  const base = (root?.config.seo.canonical.url || root?.origin || '').replace(/\/+$/, '');
  const canonicalPath = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    <>
      <title>{`${title} · ${siteName}`}</title>
      <meta name="description" content={description ?? root?.config.seo.default.description ?? ''} />
      <meta property="og:title" content={title} />
      {canonical ? <link rel="canonical" href={canonical} /> : base && <link rel="canonical" href={`${base}${canonicalPath}`} />}
    </>
  );
}

export function PageHeading({ title, subtitle, children }: { title: string; subtitle?: string; children?: React.ReactNode }) {
  return (
    <div className="mb-8 flex flex-col gap-4 tablet:flex-row tablet:items-end tablet:justify-between">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight tablet:text-3xl">{title}</h1>
        {subtitle && <p className="mt-2 max-w-2xl text-ink-300">{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}
