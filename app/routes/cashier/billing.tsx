import { redirect, type LoaderFunctionArgs } from 'react-router';
import { localizePath, stripLocale } from '../../../contract/locales.ts';
import { requestLocale } from '../../lib/locale.ts';

/**
 * /cashier/billing redirects to the deposit index unless the current path is exactly a deposit
 * page with a sysname (spec 1 section 2); as its own address it never is, so it always redirects.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const path = stripLocale(new URL(request.url).pathname);
  if (/^\/cashier\/deposit\/[^/]+$/.test(path)) return null;
  throw redirect(localizePath('/cashier/deposit', requestLocale(request)));
}
