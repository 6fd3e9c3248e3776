import { AreaPage } from '../features/pages/area-page.tsx';

export default function Page() {
  return <AreaPage area="support" icon="support" action={{ to: '/terms', label: 'actions.readTerms' }} />;
}
