import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ButtonLink } from '../../ui/button.tsx';
import type { IconName } from '../../ui/icon.tsx';
import { useLocalizedPath } from '../../lib/locale.ts';
import { PageHeading, PageMeta } from './page-meta.tsx';

/**
 * A page of an area whose content arrives with a later module (cashier, games, promotions ...):
 * its heading, and a designed empty state saying what will be here and where to go meanwhile.
 */
export function AreaPage({ area, icon, action = { to: '/gamehall', label: 'actions.toGameHall' } }: {
  area: string;
  icon: IconName;
  action?: { to: string; label: string } | null;
}) {
  const { t } = useTranslation('pages');
  const localize = useLocalizedPath();
  return (
    <div data-testid={`page-${area}`}>
      <PageMeta title={t(`${area}.title`)} description={t(`${area}.subtitle`)} />
      <PageHeading title={t(`${area}.title`)} subtitle={t(`${area}.subtitle`)} />
      <EmptyState
        icon={icon}
        title={t(`${area}.emptyTitle`)}
        text={t(`${area}.emptyText`)}
        action={
          action ? (
            <ButtonLink to={localize(action.to)} variant="secondary" className="mt-2">
              {t(action.label, { ns: 'common' })}
            </ButtonLink>
          ) : undefined
        }
      />
    </div>
  );
}
