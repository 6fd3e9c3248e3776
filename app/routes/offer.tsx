import type { LoaderFunctionArgs } from 'react-router';
import { requireParam } from '../lib/params.ts';
import { notFound } from '../lib/page-errors.ts';

/**
 * Detail page: the :id must be a valid identifier and name an existing item. No item of this
 * kind exists until its module lands, so every address answers 404 'Page Not Found'.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  requireParam(request, params.id);
  notFound(new URL(request.url).pathname);
}

export default function Page() {
  return null;
}
