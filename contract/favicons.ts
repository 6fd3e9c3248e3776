/** The document head's icons from the site configuration's webSettings.favicon (decision 035). */

export type FaviconLink = { rel: 'icon' | 'apple-touch-icon'; href: string; type?: string; sizes?: string };

const TYPES: Record<string, string> = { ico: 'image/x-icon', png: 'image/png', svg: 'image/svg+xml', webp: 'image/webp', gif: 'image/gif' };

/**
 * The favicon map, keyed by size and type (spec 2 section 3: `ico`, `png`, `apple`, `png-32x32`,
 * `apple-180x180`, `16x16`...), as the head's links. The file's extension gives its type (a `png`
 * key may name an SVG), else the key; a size in the key becomes `sizes`; a key naming `apple` is an
 * apple-touch-icon. Unsafe addresses are left out. Order: ico, sized icons from small to large,
 * unsized ones, then apple icons (browsers take the last icon that fits); without an apple icon in
 * the map, the site's own.
 */
export function faviconLinks(map: Readonly<Record<string, string>>, appleFallback = DEFAULT_APPLE_ICON): FaviconLink[] {
  const links: Array<FaviconLink & { rank: number; size: number }> = [];
  for (const [key, href] of Object.entries(map)) {
    if (!isIconAddress(href)) continue;
    const lower = key.toLowerCase();
    const size = /(\d{1,4})x(\d{1,4})/.exec(lower);
    const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(href)?.[1]?.toLowerCase();
    const type = (extension && TYPES[extension]) ?? Object.entries(TYPES).find(([name]) => lower.includes(name))?.[1];
    const apple = lower.includes('apple');
    const link: FaviconLink = { rel: apple ? 'apple-touch-icon' : 'icon', href };
    if (type && !apple) link.type = type;
    if (size) link.sizes = `${Number(size[1])}x${Number(size[2])}`;
    const rank = apple ? 3 : type === 'image/x-icon' ? 0 : size ? 1 : 2;
    links.push({ ...link, rank, size: size ? Number(size[1]) : 0 });
  }
  if (!links.some((link) => link.rel === 'apple-touch-icon')) links.push({ rel: 'apple-touch-icon', href: appleFallback, rank: 3, size: 0 });
  return links.sort((a, b) => a.rank - b.rank || a.size - b.size).map(({ rank: _rank, size: _size, ...link }) => link);
}

/** The site's own home-screen icon, used when the map declares no apple icon. */
export const DEFAULT_APPLE_ICON = '/brand/apple-touch-icon.png';

/** A site path (/brand/x.png, not //host) or an https address. */
const isIconAddress = (href: string): boolean => (/^\/(?!\/)/.test(href) || /^https:\/\//i.test(href)) && !/[\s"'<>]/.test(href);
