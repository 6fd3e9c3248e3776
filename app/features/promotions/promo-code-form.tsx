import clsx from 'clsx';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { isLoggedIn } from '../../../contract/api.ts';
import { api } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useRootData } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/field.tsx';
import { PROMO_CODE_KEY } from '../auth-entry/navigation.ts';
import { usePromoPopup } from './open-popups.ts';
import { promoCodeProblem } from './popup-rules.ts';
import type { ActivatedCode, CheckedCode } from './types.ts';
import { track } from '../../lib/analytics.ts';

/**
 * The promo code form (spec 2 sections 4 and 5), for any page that takes a code: the offers page,
 * a promotion, the profile's bonuses, the deposit page. A signed-in player's code is activated at
 * once; a guest's is only checked, kept for sign-up, and the popup invites them to sign up. No
 * rule on the client: the server's refusal shows under the field by its code (INVALID otherwise).
 * On success the field clears and the promo-code-activated popup says what comes next.
 */
export function PromoCodeForm({
  onActivated,
  showPopup = true,
  disabled = false,
  className,
}: {
  /** After a signed-in player's code worked (the bonuses list refetches, the deposit page picks the offer). */
  onActivated?: (answer: ActivatedCode) => void;
  /** False when the page shows the outcome itself. */
  showPopup?: boolean;
  /** A preview: the form shows but takes nothing. */
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('promotions');
  const signedIn = isLoggedIn(useRootData()?.user);
  const openPopup = usePromoPopup();
  const revalidator = useRevalidator();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const promo = code.trim();
    if (!promo || busy || disabled) return;
    setBusy(true);
    setError(null);
    try {
      if (signedIn) {
        const answer = await api<ActivatedCode>('campaigns/activateOffer', { body: { promo_code: promo } });
        if (localStorage.getItem(PROMO_CODE_KEY)?.trim().toUpperCase() === answer.promo_code) localStorage.removeItem(PROMO_CODE_KEY);
        setCode('');
        if (showPopup) openPopup({ campaign: answer.campaign, bonus: answer.bonus, code: answer.promo_code });
        onActivated?.(answer);
        // The page's campaigns now read as taken for this player.
        void revalidator.revalidate();
      } else {
        const answer = await api<CheckedCode>('campaigns/checkPromocode', { body: { promo_code: promo } });
        // Kept for sign-up: the form fills it in, and registration applies it.
        localStorage.setItem(PROMO_CODE_KEY, answer.promo_code);
        setCode('');
        openPopup({ campaign: answer.campaign, bonus: null, code: answer.promo_code, guest: true });
      }
    } catch (failure) {
      const problem = promoCodeProblem(isApiError(failure) ? failure : null);
      if (problem.code === 'NOT_FOUND') track('promocode_not_found', { code: promo });
      setError(problem.message ?? t(`code.errors.${problem.code}`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className={className} data-testid="promo-code-form">
      <TextField
        id={id}
        label={t('code.label')}
        name="promo_code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={t('code.placeholder')}
        value={code}
        maxLength={64}
        disabled={disabled}
        onChange={(event) => {
          setCode(event.target.value);
          if (error) setError(null);
        }}
        error={error}
        className={clsx('pr-[7.5rem]!', code && 'uppercase')}
        data-testid="promo-code-input"
        trailing={
          <Button type="submit" size="sm" disabled={disabled || busy || !code.trim()} aria-busy={busy} data-testid="promo-code-apply">
            {busy ? t('code.applying') : t('code.apply')}
          </Button>
        }
      />
    </form>
  );
}
