import { redirect, type LoaderFunctionArgs } from 'react-router';
import { localizePath } from '../../../contract/locales.ts';
import { requestLocale } from '../../lib/locale.ts';

/** /profile opens the settings section, keeping the query (`from`, `toastType` ...). */
export function loader({ request }: LoaderFunctionArgs) {
  throw redirect(`${localizePath('/profile/settings', requestLocale(request))}${new URL(request.url).search}`);
}
