import type { LoaderFunctionArgs } from 'react-router';
import { requireParam } from '../lib/params.ts';
import { AreaPage } from '../features/pages/area-page.tsx';

export default function Page() {
  return <AreaPage area="loyalty" icon="star" />;
}

/** The optional :sysname segment must be a valid identifier; anything else is a 404. */
export function loader({ request, params }: LoaderFunctionArgs) {
  if (params.sysname !== undefined) requireParam(request, params.sysname);
  return null;
}
