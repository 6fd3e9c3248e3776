import { OperatorConsole } from '../features/chat/operator-console.tsx';
import { useSupportT } from '../features/support/i18n.ts';

/** /support/console: the support operators' chat console (decision 017); never indexed. */
export default function SupportConsole() {
  const { t } = useSupportT();
  return (
    <>
      <title>{`${t('console.title')} · Croupier`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <OperatorConsole />
    </>
  );
}
