import { useTranslation } from 'react-i18next';
import { useGatesT } from '../cashier/gates-i18n.ts';
import { useLocalizedPath } from '../../lib/locale.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { DialogHeading } from '../bonuses/parts.tsx';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';

/**
 * The fill-profile-info confirm (spec 2 section 2, dialogs): the cashier needs profile data the
 * player has not given yet (UserNeedProfileDataException). Lists the missing fields and leads to
 * the profile settings.
 */
export default function FillProfileConfirm({ dialogId, fields }: DialogComponentProps) {
  const { t } = useGatesT();
  const profileT = useTranslation('profile').t;
  const localize = useLocalizedPath();
  const close = useDialogs((state) => state.close);
  const missing = Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string') : [];
  return (
    <div className="space-y-5 pt-1" data-testid="fill-profile-confirm">
      <DialogHeading icon="user" tone="gold" kicker={t('gate.fill.kicker')} title={t('gate.fill.title')} />
      <p className="text-sm leading-relaxed text-ink-300">{t('gate.fill.text')}</p>
      {missing.length > 0 && (
        <ul className="grid gap-2 tablet:grid-cols-2" data-testid="fill-profile-fields">
          {missing.map((field) => (
            <li key={field} className="flex items-center gap-2 rounded-xl bg-ink-900/70 px-3 py-2 text-sm font-semibold ring-1 ring-white/5">
              <Icon name="alert" size={16} className="shrink-0 text-gold-400" />
              {profileT(`personal.fields.${field}`, { defaultValue: field })}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        <ButtonLink
          to={localize('/profile/settings?from=cashier')}
          size="lg"
          className="w-full tablet:flex-1"
          onClick={() => close(dialogId, { result: 'profile', immediate: true })}
          data-testid="fill-profile-go"
        >
          {t('gate.fill.go')}
        </ButtonLink>
        <Button size="lg" variant="secondary" className="w-full tablet:flex-1" onClick={() => close(dialogId)} data-testid="fill-profile-later">
          {t('gate.fill.later')}
        </Button>
      </div>
    </div>
  );
}
