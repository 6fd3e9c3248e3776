import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoyaltyCharacterView, LoyaltyInfo } from '../../../contract/loyalty.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useDialogs } from '../dialogs/store.ts';
import { PageHeading, PageMeta } from '../pages/page-meta.tsx';
import { Panel } from '../profile/panel.tsx';
import { useToasts } from '../toasts/store.ts';
import type { CharacterChangeResult } from './character-change.tsx';
import type { CharacterConfirmResult } from './character-confirm.tsx';
import { CharacterArt, LevelMedal, StatusCard } from './parts.tsx';
import { loyaltyKeys } from './rules.ts';
import { useLoyaltyInfo, usePlayerUid } from './use-loyalty.ts';

export type ProfileLoyaltyData = { info: LoyaltyInfo | null };

/**
 * /profile/loyalty: the player's points and level with the progress bar to the next, the perks of
 * the level (and of the next), and the chosen character with Change: the change dialog, its
 * confirm, then loyalty/setcharacter.
 */
export function ProfileLoyaltyPage({ data }: { data: ProfileLoyaltyData }) {
  const { t } = useTranslation('loyalty');
  const info = useLoyaltyInfo(data.info);
  const change = useCharacterChange(info);

  return (
    <div data-testid="page-profile.loyalty">
      <PageMeta title={t('meta.profileTitle')} description={t('meta.profileDescription')} />
      <PageHeading title={t('profile.title')} subtitle={t('profile.subtitle')}>
        <div className="flex flex-wrap gap-2">
          <LocalLink to="/loyalty/shop" className={buttonClass('primary', 'sm')}>
            <Icon name="gift" size={16} />
            {t('profile.shop')}
          </LocalLink>
          <LocalLink to="/loyalty" className={buttonClass('secondary', 'sm')}>
            {t('profile.programme')}
          </LocalLink>
        </div>
      </PageHeading>
      {!info ? (
        <EmptyState icon="star" title={t('errors.load')} />
      ) : (
        <div className="grid gap-6 laptop:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-6">
            <section aria-label={t('profile.statusTitle')} data-testid="loyalty-profile-status">
              <StatusCard info={info} className="tablet:p-6" />
            </section>
            <Panel icon="crown" title={t('profile.perksTitle')} text={t('profile.perksText', { level: info.level.name })} testId="loyalty-profile-perks">
              <Perks perks={info.level.perks} />
              {info.next_level && (
                <div className="mt-5 rounded-2xl bg-white/[0.03] p-4 ring-1 ring-white/5" data-testid="loyalty-next-perks">
                  <p className="flex items-center gap-2 text-sm font-bold text-ink-200">
                    <LevelMedal number={info.next_level.number} size="sm" />
                    {t('profile.nextPerks', { level: info.next_level.name })}
                  </p>
                  <div className="mt-3">
                    <Perks perks={info.next_level.perks} locked />
                  </div>
                </div>
              )}
            </Panel>
          </div>
          <Panel icon="user" title={t('profile.characterTitle')} testId="loyalty-profile-character" className="self-start">
            <CharacterPanel character={info.character} onChange={change} />
          </Panel>
        </div>
      )}
    </div>
  );
}

function Perks({ perks, locked = false }: { perks: string[]; locked?: boolean }) {
  const { t } = useTranslation('loyalty');
  if (!perks.length) return <p className="text-sm text-ink-400">{t('profile.noPerks')}</p>;
  return (
    <ul className="space-y-2 text-sm">
      {perks.map((perk) => (
        <li key={perk} className="flex gap-2">
          <Icon name={locked ? 'lock' : 'check'} size={16} className={locked ? 'mt-0.5 shrink-0 text-ink-400' : 'mt-0.5 shrink-0 text-jade-400'} />
          <span className={locked ? 'text-ink-300' : 'text-ink-100'}>{perk}</span>
        </li>
      ))}
    </ul>
  );
}

function CharacterPanel({ character, onChange }: { character: LoyaltyCharacterView | null; onChange: () => void }) {
  const { t } = useTranslation('loyalty');
  return (
    <div className="flex flex-col items-center text-center" data-testid="loyalty-character-current" data-character={character?.sysname ?? ''}>
      {character ? (
        <>
          <CharacterArt character={character} className="w-40 ring-2 ring-gold-400/50" />
          <p className="mt-4 text-xl font-black" data-testid="loyalty-character-name">
            {character.name}
          </p>
          <p className="mt-1 max-w-xs text-sm text-ink-300">{character.description}</p>
        </>
      ) : (
        <>
          <div className="grid aspect-square w-40 place-items-center rounded-2xl border-2 border-dashed border-white/15 text-ink-400">
            <Icon name="user" size={48} strokeWidth={1.2} />
          </div>
          <p className="mt-4 font-bold" data-testid="loyalty-character-name">
            {t('characters.none')}
          </p>
          <p className="mt-1 text-sm text-ink-300">{t('characters.noneText')}</p>
        </>
      )}
      <Button variant="secondary" className="mt-5" onClick={onChange} data-testid="loyalty-character-change">
        <Icon name="user" size={16} />
        {character ? t('characters.change') : t('characters.choose')}
      </Button>
    </div>
  );
}

/** Change: the change dialog, then its confirm (Back returns to the choice); the new info is kept and a toast says so. */
function useCharacterChange(info: LoyaltyInfo | null) {
  const { t } = useTranslation('loyalty');
  const open = useDialogs((state) => state.open);
  const show = useToasts((state) => state.show);
  const client = useQueryClient();
  const uid = usePlayerUid();
  const currentId = info?.character?.id ?? null;

  const choose = (selectedId: number | null) =>
    open({
      component: 'loyalty-character-change',
      type: 'popup',
      dialogProps: { title: t('change.title') },
      componentProps: { currentId, selectedId },
      onClose: (raw) => {
        const picked = (raw as CharacterChangeResult | undefined)?.character;
        if (!picked) return;
        open({
          component: 'loyalty-character-confirm',
          type: 'confirm',
          dialogProps: { title: t('changeConfirm.title', { name: picked.name }) },
          componentProps: { character: picked },
          onClose: (answer) => {
            const result = answer as CharacterConfirmResult | undefined;
            if (!result) return;
            if ('back' in result) return choose(picked.id);
            if (uid !== null) client.setQueryData(loyaltyKeys.info(uid), result.info);
            show({ kind: 'success', title: t('changeConfirm.done', { name: picked.name }) });
          },
        });
      },
    });
  return () => choose(null);
}
