import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { isNavigableUrl } from '../../contract/routing.ts';
import { LocalLink } from './local-link.tsx';
import { useRootData } from './locale.ts';

/**
 * A link whose address comes from content or configuration (banners, menus, snippets). Unsafe
 * protocols are never rendered as links; another site only when flagged external, and then it
 * opens in a new tab without access to this page.
 */
export function SafeLink({
  href,
  external = false,
  children,
  ...props
}: { href: string; external?: boolean; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const origin = useRootData()?.origin ?? (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
  if (!isNavigableUrl(href, origin, { external })) return <span className={props.className}>{children}</span>;
  const url = new URL(href, origin);
  if (url.origin === new URL(origin).origin && url.protocol.startsWith('http')) {
    return (
      <LocalLink to={url.pathname + url.search + url.hash} {...props}>
        {children}
      </LocalLink>
    );
  }
  return (
    <a href={url.toString()} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </a>
  );
}
