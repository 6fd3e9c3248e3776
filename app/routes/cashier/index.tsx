import { redirect, type LoaderFunctionArgs } from 'react-router';
import { localizePath } from '../../../contract/locales.ts';
import { requestLocale } from '../../lib/locale.ts';

/** /cashier opens the deposit page. */
export function loader({ request }: LoaderFunctionArgs) {
  throw redirect(localizePath('/cashier/deposit', requestLocale(request)));
}
