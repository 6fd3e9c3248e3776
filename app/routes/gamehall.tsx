import type { LoaderFunctionArgs } from 'react-router';
import { requireParam } from '../lib/params.ts';
import { AreaPage } from '../features/pages/area-page.tsx';

export default function Page() {
  return <AreaPage area="gamehall" icon="dice" action={{ to: '/', label: 'actions.goHome' }} />;
}

/** The optional :id segment must be a valid identifier; anything else is a 404. */
export function loader({ request, params }: LoaderFunctionArgs) {
  if (params.id !== undefined) requireParam(request, params.id);
  return null;
}
