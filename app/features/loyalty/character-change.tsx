import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltyCharacterView } from '../../../contract/loyalty.ts';
import { api } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { DialogHeading } from '../bonuses/parts.tsx';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { CharacterCard } from './parts.tsx';
import { CHARACTERS_PAGE_SIZE } from './rules.ts';

type CharacterPage = { items: LoyaltyCharacterView[]; offset: number; limit: number; total: number };
/** What the change dialog closes with: the character picked, to confirm next. */
export type CharacterChangeResult = { character: LoyaltyCharacterView };

/**
 * The loyalty character change dialog (spec 2 section 2): the characters (loyalty/getcharacters,
 * page by page), one picked; Continue hands it to the confirm. Nothing changes until confirmed.
 */
export default function LoyaltyCharacterChange({ dialogId, currentId, selectedId }: DialogComponentProps) {
  const { t } = useTranslation('loyalty');
  const close = useDialogs((state) => state.close);
  const [items, setItems] = useState<LoyaltyCharacterView[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [picked, setPicked] = useState<number | null>((selectedId as number | null | undefined) ?? (currentId as number | null | undefined) ?? null);

  // Sets state only when the page arrives (the first page loads from the effect).
  const fetchPage = (offset: number) =>
    api<CharacterPage>('loyalty/getcharacters', { query: { offset, limit: CHARACTERS_PAGE_SIZE } })
      .then((page) => {
        setItems((shown) => [...shown.slice(0, offset), ...page.items]);
        setTotal(page.total);
      })
      .catch(() => setFailed(true))
      .finally(() => setLoading(false));
  const more = () => {
    setLoading(true);
    setFailed(false);
    void fetchPage(items.length);
  };
  useEffect(() => void fetchPage(0), []);

  const chosen = items.find((item) => item.id === picked) ?? null;
  return (
    <div className="space-y-5 pt-1" data-testid="loyalty-character-change">
      <DialogHeading icon="user" tone="gold" kicker={t('characters.chosen')} title={t('change.title')} />
      <p className="text-sm text-ink-300">{t('change.text')}</p>
      <div role="radiogroup" aria-label={t('change.title')} className="grid max-h-[48dvh] grid-cols-2 gap-3 overflow-y-auto p-1 tablet:grid-cols-3">
        {items.map((character) => (
          <CharacterCard key={character.id} character={character} current={character.id === currentId} selected={character.id === picked} onSelect={() => setPicked(character.id)} />
        ))}
        {loading && items.length === 0 && <Skeleton lines={4} />}
      </div>
      {!loading && !failed && items.length === 0 && <p className="text-center text-sm text-ink-300">{t('change.empty')}</p>}
      {failed && <FormAlert>{t('errors.load')}</FormAlert>}
      {(items.length < total || failed) && (
        <div className="flex justify-center">
          <Button variant="secondary" size="sm" disabled={loading} onClick={more} data-testid="loyalty-character-more">
            <Icon name="chevronDown" size={16} />
            {t('change.more')}
          </Button>
        </div>
      )}
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        <Button
          size="lg"
          className="w-full tablet:flex-1"
          disabled={!chosen || chosen.id === currentId}
          onClick={() => chosen && close(dialogId, { result: { character: chosen } satisfies CharacterChangeResult })}
          data-testid="loyalty-character-next"
        >
          {t('change.next')}
        </Button>
        <Button size="lg" variant="secondary" className="w-full tablet:flex-1" onClick={() => close(dialogId)} data-testid="loyalty-character-cancel">
          {t('change.cancel')}
        </Button>
      </div>
    </div>
  );
}
