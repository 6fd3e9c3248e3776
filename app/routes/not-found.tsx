import type { LoaderFunctionArgs } from 'react-router';
import { notFound } from '../lib/page-errors.ts';

/** Catch-all: any address no other route matches answers 404 'Page Not Found: {path}'. */
export function loader({ request }: LoaderFunctionArgs) {
  notFound(new URL(request.url).pathname);
}

export default function NotFound() {
  return null;
}
