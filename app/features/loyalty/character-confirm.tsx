import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltyCharacterView, LoyaltyInfo } from '../../../contract/loyalty.ts';
import { api } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert } from '../../ui/field.tsx';
import type { DialogComponentProps } from '../dialogs/types.ts';
import { useDialogs } from '../dialogs/store.ts';
import { CharacterArt } from './parts.tsx';

/** What the confirm closes with: the loyalty info after the change, or `back` to pick again. */
export type CharacterConfirmResult = { info: LoyaltyInfo } | { back: true };

/**
 * The character change confirm (spec 2 section 2): the character picked, large, then
 * loyalty/setcharacter. Back returns to the choice; a refusal is read here.
 */
export default function LoyaltyCharacterConfirm({ dialogId, character }: DialogComponentProps) {
  const { t } = useTranslation('loyalty');
  const close = useDialogs((state) => state.close);
  const setPreventClose = useDialogs((state) => state.setPreventClose);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const item = character as LoyaltyCharacterView;

  async function confirm() {
    setPending(true);
    setError(null);
    setPreventClose(dialogId, true);
    try {
      const info = await api<LoyaltyInfo>('loyalty/setcharacter', { body: { id: item.id } });
      close(dialogId, { result: { info } satisfies CharacterConfirmResult, immediate: true });
    } catch (failure) {
      setError(isApiError(failure) && failure.type !== 'UnknownError' ? failure.fields.id || failure.message : t('errors.generic'));
      setPending(false);
      setPreventClose(dialogId, false);
    }
  }

  return (
    <div className="space-y-5 pt-1 text-center" data-testid="loyalty-character-confirm" data-character={item.sysname}>
      <p className="text-xs font-semibold tracking-widest text-gold-400 uppercase">{t('changeConfirm.kicker')}</p>
      <CharacterArt character={item} className="mx-auto w-40 ring-2 ring-gold-400/60 shadow-[0_0_40px_-8px_rgba(245,184,46,0.6)]" />
      <div>
        <h2 className="text-xl font-extrabold">{t('changeConfirm.title', { name: item.name })}</h2>
        <p className="mt-1 text-sm text-ink-300">{item.description}</p>
        <p className="mt-2 text-xs text-ink-400">{t('changeConfirm.text')}</p>
      </div>
      {error && (
        <FormAlert>
          <span data-testid="loyalty-character-error">{error}</span>
        </FormAlert>
      )}
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        <Button size="lg" className="w-full tablet:flex-1" disabled={pending} aria-busy={pending || undefined} onClick={() => void confirm()} data-testid="loyalty-character-yes">
          {pending && <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
          {t('changeConfirm.yes', { name: item.name })}
        </Button>
        <Button size="lg" variant="secondary" className="w-full tablet:flex-1" disabled={pending} onClick={() => close(dialogId, { result: { back: true } satisfies CharacterConfirmResult })} data-testid="loyalty-character-back">
          {t('changeConfirm.no')}
        </Button>
      </div>
    </div>
  );
}
