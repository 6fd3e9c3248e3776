import { redirect, type LoaderFunctionArgs } from 'react-router';
import { localizePath } from '../../../contract/locales.ts';
import { requestLocale } from '../../lib/locale.ts';

/** /profile opens the settings section. */
export function loader({ request }: LoaderFunctionArgs) {
  throw redirect(localizePath('/profile/settings', requestLocale(request)));
}
