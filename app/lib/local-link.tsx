import { forwardRef } from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { useLocalizedPath } from './locale.ts';

/** A Link whose string target gets the page's locale prefix (`/gamehall` -> `/fr/gamehall`). */
export const LocalLink = forwardRef<HTMLAnchorElement, LinkProps>(function LocalLink({ to, ...props }, ref) {
  const localize = useLocalizedPath();
  return <Link ref={ref} to={typeof to === 'string' ? localize(to) : to} {...props} />;
});

export const LocalNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function LocalNavLink({ to, ...props }, ref) {
  const localize = useLocalizedPath();
  return <NavLink ref={ref} to={typeof to === 'string' ? localize(to) : to} {...props} />;
});
