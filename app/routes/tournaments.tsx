import { AreaPage } from '../features/pages/area-page.tsx';

export default function Page() {
  return <AreaPage area="tournaments" icon="trophy" />;
}
