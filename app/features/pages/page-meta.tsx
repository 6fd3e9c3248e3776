import { useLocation } from 'react-router';

import { localeOfPath, localizePath } from '../../../contract/locales.ts';
import { useRootData } from '../../lib/locale.ts';
import { absolute, alternates, breadcrumbList, ogLocale, organization, serializeJsonLd, website, type Crumb, type JsonLd } from './seo.ts';

type PageMetaProps = {
  title: string;
  description?: string;
  /** A page with its own rule passes its canonical address whole (the game page: docs/game-page.md). */
  canonical?: string;
  /** og:image, absolute or site-relative. */
  image?: string;
  /** og:type; `website` unless said. */
  type?: string;
  /** The home page: Organization and WebSite instead of a breadcrumb trail. */
  home?: boolean;
  /** The trail after Home; by default the page itself. */
  breadcrumbs?: Crumb[];
  /** Further schema.org records of the page (a game, a FAQ). */
  jsonLd?: JsonLd[];
};

/**
 * Everything a page puts in the head for search engines and link previews (docs/seo.md): title,
 * description, canonical, hreflang alternates, Open Graph and JSON-LD. React hoists the title,
 * meta and link tags into the head; the JSON-LD script stays in place, with the page's nonce.
 * The canonical address has no query and no trailing slash. Nothing here depends on the visitor.
 */
export function PageMeta({ title, description, canonical, image, type = 'website', home, breadcrumbs, jsonLd = [] }: PageMetaProps) {
  const root = useRootData();
  const { pathname } = useLocation();
  const seo = root?.config.seo;
  const siteName = seo?.product.name ?? 'Croupier';
  const base = (seo?.canonical.url || root?.origin || '').replace(/\/+$/, '');
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const url = canonical ?? (base ? `${base}${path}` : undefined);
  const text = description ?? seo?.default.description ?? '';
  // Alternates, the rest of Open Graph and the schema.org records are for crawlers and link
  // previews, which read the server's HTML: they are made only there, keeping them out of the
  // browser bundle (the home page's JS budget, docs/seo.md). Hydration keeps them as served.
  const crawler = import.meta.env.SSR ? crawlerTags({ base, path, url, text, siteName, title, image, type, home, breadcrumbs, jsonLd, root }) : null;
  return (
    <>
      <title>{`${title} · ${siteName}`}</title>
      <meta name="description" content={text} />
      {url && <link rel="canonical" href={url} />}
      <meta property="og:title" content={title} />
      {crawler?.tags}
      <script type="application/ld+json" nonce={root?.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: crawler?.jsonLd ?? '' }} />
    </>
  );
}

type CrawlerInput = Omit<PageMetaProps, 'description' | 'canonical'> & {
  base: string;
  path: string;
  url: string | undefined;
  text: string;
  siteName: string;
  root: ReturnType<typeof useRootData>;
};

function crawlerTags(input: CrawlerInput) {
  const { base, path, url, text, siteName, title, image, type = 'website', breadcrumbs, jsonLd = [] } = input;
  const seo = input.root?.config.seo;
  const locale = input.root?.locale ?? localeOfPath(path);
  const homePath = localizePath('/', locale);
  const records: JsonLd[] = input.home
    ? [
        organization({ name: seo?.organization.name || siteName, url: seo?.organization.url || absolute(base, '/') }),
        website({ name: siteName, url: absolute(base, homePath), locale }),
      ]
    : [breadcrumbList(base, [{ name: siteName, path: homePath }, ...(breadcrumbs ?? [{ name: title, path }])]), ...jsonLd];
  const tags = (
    <>
      {base && alternates(base, path).map((link) => <link key={link.hrefLang} rel="alternate" hrefLang={link.hrefLang} href={link.href} />)}
      <meta property="og:site_name" content={siteName} />
      <meta property="og:description" content={text} />
      <meta property="og:type" content={type} />
      <meta property="og:locale" content={ogLocale(locale)} />
      {url && <meta property="og:url" content={url} />}
      {image && <meta property="og:image" content={absolute(base, image)} />}
    </>
  );
  return { tags, jsonLd: serializeJsonLd(records) };
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
