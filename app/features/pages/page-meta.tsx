import { useLocation } from 'react-router';

import { localeOfPath, localizePath } from '../../../contract/locales.ts';
import { useRootData } from '../../lib/locale.ts';
import type { SeoMeta } from '../../../contract/seo.ts';
import { absolute, alternates, breadcrumbList, ogLocale, organization, serializeJsonLd, website, type Crumb, type JsonLd } from './seo.ts';
import { recordJsonLd } from './structured-data.ts';

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
  /** The robots meta content; error pages pass `noindex`. Otherwise the SEO data's (a Disallow rule: `noindex, follow`). */
  robots?: string;
};

/**
 * Everything a page puts in the head for search engines and link previews (docs/seo.md): title,
 * description, canonical, hreflang alternates, Open Graph and JSON-LD. React hoists the title,
 * meta and link tags into the head; the JSON-LD script stays in place, with the page's nonce.
 * The canonical address has no query and no trailing slash. Nothing here depends on the visitor.
 */
export function PageMeta({ title, description, canonical, image, type = 'website', home, breadcrumbs, jsonLd = [], robots }: PageMetaProps) {
  const root = useRootData();
  const { pathname } = useLocation();
  const seo = root?.config.seo;
  const siteName = seo?.product.name ?? 'Croupier';
  const base = (seo?.canonical.url || root?.origin || '').replace(/\/+$/, '');
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // The content service's SEO data (docs/seo.md) was read for the address the document was
  // served at; after a client-side navigation it belongs to another page and is left aside.
  const head = root?.seo?.path === path ? root.seo : null;
  const record = head?.record;
  const url = record?.canonical ? absolute(base, record.canonical) : (canonical ?? (base ? `${base}${path}` : undefined));
  const text = record?.description ?? description ?? seo?.default.description ?? '';
  // Alternates, the rest of Open Graph and the schema.org records are for crawlers and link
  // previews, which read the server's HTML: they are made only there, keeping them out of the
  // browser bundle (the home page's JS budget, docs/seo.md). Hydration keeps them as served.
  const crawler = import.meta.env.SSR
    ? crawlerTags({ base, path, url, text, siteName, title, image, type, home, breadcrumbs, jsonLd, root, head, robots: robots ?? head?.robots ?? undefined })
    : null;
  return (
    <>
      <title>{record?.title ?? `${title} · ${siteName}`}</title>
      <meta name="description" content={text} />
      {url && <link rel="canonical" href={url} />}
      <meta property="og:title" content={record?.openGraph?.title ?? record?.title ?? title} />
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
  head: NonNullable<ReturnType<typeof useRootData>>['seo'] | null;
};

/** Meta tags the page writes itself (from the record's own fields), so a meta list never repeats them. */
const OWN_META = new Set(['name:description', 'name:robots', 'name:viewport', 'property:og:title', 'property:og:description', 'property:og:type', 'property:og:url', 'property:og:image', 'property:og:locale', 'property:og:site_name']);
const metaKey = (meta: SeoMeta) => (meta.name ? `name:${meta.name.toLowerCase()}` : meta.property ? `property:${meta.property.toLowerCase()}` : meta.httpEquiv ? `http-equiv:${meta.httpEquiv.toLowerCase()}` : null);

/** The domain's meta tags, then the record's (a record's tag replaces the domain's of the same name); charset and the page's own left out. */
function extraMeta(domain: SeoMeta[], record: SeoMeta[]): [string, SeoMeta][] {
  const byKey = new Map<string, SeoMeta>();
  for (const meta of [...domain, ...record]) {
    const key = metaKey(meta);
    if (key && meta.content !== undefined && !OWN_META.has(key)) byKey.set(key, meta);
  }
  return [...byKey];
}

function crawlerTags(input: CrawlerInput) {
  const { base, path, url, text, siteName, title, type = 'website', breadcrumbs, jsonLd = [], head, robots } = input;
  const record = head?.record;
  const graph = record?.openGraph;
  const image = graph?.image ?? input.image;
  const seo = input.root?.config.seo;
  const locale = input.root?.locale ?? localeOfPath(path);
  const homePath = localizePath('/', locale);
  const records: JsonLd[] = input.home
    ? [
        organization({ name: seo?.organization.name || siteName, url: seo?.organization.url || absolute(base, '/') }),
        website({ name: siteName, url: absolute(base, homePath), locale }),
      ]
    : [breadcrumbList(base, [{ name: siteName, path: homePath }, ...(breadcrumbs ?? [{ name: title, path }])]), ...jsonLd];
  // The record's FAQ, Article, Organization and Product; a record's FAQ replaces the page's own.
  if (record) {
    const added = recordJsonLd(record, base);
    const replaced = new Set(added.map((entry) => entry['@type']));
    records.splice(0, records.length, ...records.filter((entry) => !replaced.has(entry['@type'])), ...added);
  }
  const tags = (
    <>
      {robots && <meta name="robots" content={robots} />}
      {extraMeta(head?.domainMeta ?? [], record?.meta ?? []).map(([key, meta]) => (
        <meta key={key} name={meta.name} property={meta.property} httpEquiv={meta.httpEquiv} content={meta.content} />
      ))}
      {base && alternates(base, path).map((link) => <link key={link.hrefLang} rel="alternate" hrefLang={link.hrefLang} href={link.href} />)}
      <meta property="og:site_name" content={siteName} />
      <meta property="og:description" content={graph?.description ?? text} />
      <meta property="og:type" content={graph?.type ?? type} />
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
