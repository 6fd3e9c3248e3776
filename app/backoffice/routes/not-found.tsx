import { Link } from 'react-router';
import { BACKOFFICE_PATH } from '../../../contract/backoffice.ts';
import { defineTexts, useTexts } from '../i18n.ts';
import { PageHeader } from '../ui/controls.tsx';

const texts = defineTexts({
  en: { title: 'Not found', back: 'Back to the overview' },
  fr: { title: 'Page introuvable', back: 'Retour à la vue d’ensemble' },
});

export default function BackofficeNotFound() {
  const t = useTexts(texts);
  return (
    <>
      <PageHeader title={t('title')} />
      <Link to={BACKOFFICE_PATH}>{t('back')}</Link>
    </>
  );
}
