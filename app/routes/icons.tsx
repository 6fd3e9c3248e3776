import { useTranslation } from 'react-i18next';
import { PageHeading, PageMeta } from '../features/pages/page-meta.tsx';
import { ICON_NAMES, Icon } from '../ui/icon.tsx';
import { ExternalIcon } from '../ui/external-icon.tsx';

/** Icons given by address (spec 2 section 7): one that loads inline, one whose fetch fails and falls back to an object embed. */
const EXTERNAL_ICONS = ['/brand/logo-mark.svg', '/brand/missing-icon.svg'];

/** /_icons: every icon of the design system with its name, for designers and developers. */
export default function IconsPage() {
  const { t } = useTranslation('pages');
  return (
    <div data-testid="page-icons">
      <PageMeta title={t('icons.title')} robots="noindex" />
      <PageHeading title={t('icons.title')} subtitle={t('icons.subtitle')} />
      <ul className="grid grid-cols-3 gap-3 tablet:grid-cols-6 desktop:grid-cols-8">
        {ICON_NAMES.map((name) => (
          <li key={name} className="flex flex-col items-center gap-2 rounded-2xl bg-ink-850 p-4 ring-1 ring-white/5">
            <Icon name={name} size={28} className="text-gold-300" />
            <code className="text-xs text-ink-300">{name}</code>
          </li>
        ))}
      </ul>
      <h2 className="mt-10 mb-4 text-lg font-bold">{t('icons.external')}</h2>
      <ul className="grid grid-cols-3 gap-3 tablet:grid-cols-6 desktop:grid-cols-8">
        {EXTERNAL_ICONS.map((src) => (
          <li key={src} className="flex flex-col items-center gap-2 rounded-2xl bg-ink-850 p-4 ring-1 ring-white/5" data-testid="external-icon">
            <ExternalIcon src={src} size={28} className="h-7 w-7 text-gold-300" />
            <code className="text-xs break-all text-ink-300">{src}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
