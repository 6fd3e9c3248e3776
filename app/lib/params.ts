import { notFound } from './page-errors.ts';

/** Identifiers in addresses: sysnames, ids and SEO names (letters, digits, dash, underscore). */
export const ROUTE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/;

/** A route parameter that fails validation answers 404 'Page Not Found: {path}'. */
export function requireParam(request: Request, value: string | undefined): string {
  if (!value || !ROUTE_ID_PATTERN.test(value)) notFound(new URL(request.url).pathname);
  return value;
}
