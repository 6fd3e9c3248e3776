import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltyCharacterView } from '../../../contract/loyalty.ts';
import { api } from '../../lib/api-client.ts';
import { CharacterArt } from './parts.tsx';
import { CHARACTERS_PAGE_SIZE } from './rules.ts';

type CharacterPage = { items: LoyaltyCharacterView[]; total: number };

/**
 * The character picker of the sign-up form (auth.registration.showCharacterSelect, spec 1): the
 * loyalty characters as small radio tiles, none picked at first; picking the picked one again
 * un-picks it. Registration sends the pick as character_id. Loaded only where the switch is on.
 */
export default function SignupCharacterPicker({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation('auth');
  const [items, setItems] = useState<LoyaltyCharacterView[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api<CharacterPage>('loyalty/getcharacters', { query: { offset: 0, limit: CHARACTERS_PAGE_SIZE } })
      .then((page) => live && setItems(page.items))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  if (failed) return <p className="text-sm text-ink-300" data-testid="sign-up-characters-failed">{t('signUp.characterFailed')}</p>;
  if (items && items.length === 0) return null;
  return (
    <fieldset className="space-y-2" data-testid="sign-up-characters">
      <legend className="text-sm font-medium text-ink-200">{t('signUp.characterTitle')}</legend>
      <p className="text-xs text-ink-400">{t('signUp.characterText')}</p>
      <div role="radiogroup" aria-label={t('signUp.characterTitle')} className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 pt-1 pb-2">
        {(items ?? []).map((character) => {
          const selected = character.id === value;
          return (
            <button
              key={character.id}
              type="button"
              role="radio"
              aria-checked={selected}
              onClick={() => onChange(selected ? null : character.id)}
              className={clsx(
                'w-[5.5rem] shrink-0 snap-start rounded-xl bg-ink-850 p-1.5 text-center ring-1 transition focus-visible:ring-2 focus-visible:ring-gold-300 focus-visible:outline-none',
                selected ? 'ring-2 ring-gold-400' : 'ring-white/10 hover:ring-white/25',
              )}
              data-testid="sign-up-character"
              data-character={character.sysname}
            >
              <CharacterArt character={character} className="rounded-lg" />
              <span className="mt-1 block truncate text-xs font-semibold">{character.name}</span>
            </button>
          );
        })}
        {!items && Array.from({ length: 4 }, (_, index) => <span key={index} className="h-[7.25rem] w-[5.5rem] shrink-0 animate-pulse rounded-xl bg-ink-850" />)}
      </div>
    </fieldset>
  );
}
