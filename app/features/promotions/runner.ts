import type { TFunction } from 'i18next';
import { api } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { PROMO_CODE_KEY } from '../auth-entry/navigation.ts';
import { useToasts } from '../toasts/store.ts';
import { openCampaignPopup, openPromoPopup, promoPopupTitle } from './open-popups.ts';
import { SEEN_POPUPS_KEY, addSeen, parseSeen, popupAllowed, popupFlag, promoCodeProblem, unseenPopups } from './popup-rules.ts';
import { takeSignedIn } from './after-login.ts';
import { takeRegisterPromo } from './register-promo.ts';
import type { ActivatedCode, CampaignList } from './types.ts';

/**
 * What the promotions host does on a page, loaded only when there may be something to do (a
 * signed-in player, or ?popup=): the outcome of a promo code sent at sign-up, a stored promo
 * code not used yet, the campaign popup ?popup= asks for, and, right after signing in, the popup
 * campaigns a player has not seen, queued once each. Everything is fetched first, then opened in one go, so the
 * player's own code ends on top of the campaign popups.
 */
export type RunInput = {
  /** The location's key: each address is handled once. */
  key: string;
  pathname: string;
  search: string;
  hash: string;
  uid: number | null;
  t: TFunction<'promotions'>;
};

type Opener = (() => void) | null;

const handled = new Set<string>();

export async function runPromotions(input: RunInput): Promise<void> {
  if (handled.has(input.key)) return;
  handled.add(input.key);
  const allowed = popupAllowed(input.pathname);
  const flag = allowed ? popupFlag(input.search, input.hash) : null;
  const tasks: Array<Promise<Opener>> = [];
  const landed = input.uid !== null && takeSignedIn(input);
  if (landed && allowed) tasks.push(unseenCampaigns(flag?.sysname).catch(() => null));
  if (flag) tasks.push(flaggedCampaign(flag.sysname, flag.preview).catch(() => null));
  if (input.uid !== null) tasks.push(promoCodeOutcome(input));
  for (const open of await Promise.all(tasks)) open?.();
}

/** ?popup=<sysname>: that running campaign, whatever its placement. */
async function flaggedCampaign(sysname: string, preview: boolean): Promise<Opener> {
  const { items } = await api<CampaignList>('popups/get', { query: { sysname } });
  const campaign = items[0];
  return campaign ? () => openCampaignPopup(campaign, preview) : null;
}

/**
 * The running popup campaigns this player was never shown (spec 2 section 4: queued after
 * login), the first on top; they are stored as seen at once, so each shows once whatever the
 * player does with it. Campaigns they cannot take any more are left out.
 */
async function unseenCampaigns(skip: string | undefined): Promise<Opener> {
  const [list, stored] = await Promise.all([
    api<CampaignList>('popups/get'),
    api<Record<string, string | null>>('storage/get', { query: { keys: SEEN_POPUPS_KEY } }),
  ]);
  const seen = parseSeen(stored[SEEN_POPUPS_KEY]);
  const fresh = unseenPopups(list.items, seen).filter((campaign) => campaign.sysname !== skip && campaign.eligibility?.eligible !== false);
  if (!fresh.length) return null;
  await api('storage/set', { body: { key: SEEN_POPUPS_KEY, value: addSeen(seen, fresh.map((campaign) => campaign.id)) } });
  return () => [...fresh].reverse().forEach((campaign) => openCampaignPopup(campaign, false));
}

/**
 * A promo code for a signed-in player: what registration did with the one sent at sign-up, or
 * else a stored code (a ?promo_code= link, then signing in instead of up) activated now, once:
 * it is removed before the call, so a failure is not retried on every page.
 */
async function promoCodeOutcome({ search, t }: RunInput): Promise<Opener> {
  const toast = (code: string, message: string) => () => useToasts.getState().show({ kind: 'error', title: t('code.notApplied', { code }), message });
  const registered = takeRegisterPromo();
  if (registered) {
    const { promo, code } = registered;
    if (!promo.activated) return toast(code, promo.message);
    return () => openPromoPopup({ campaign: promo.campaign, bonus: promo.bonus, code }, promoPopupTitle(t, { code }));
  }
  const code = (new URLSearchParams(search).getAll('promo_code').at(-1) ?? localStorage.getItem(PROMO_CODE_KEY) ?? '').trim();
  if (!code) return null;
  localStorage.removeItem(PROMO_CODE_KEY);
  try {
    const answer = await api<ActivatedCode>('campaigns/activateOffer', { body: { promo_code: code } });
    return () => openPromoPopup({ campaign: answer.campaign, bonus: answer.bonus, code: answer.promo_code }, promoPopupTitle(t, { code: answer.promo_code }));
  } catch (error) {
    const problem = promoCodeProblem(isApiError(error) ? error : null);
    return toast(code.toUpperCase(), problem.message ?? t(`code.errors.${problem.code}`));
  }
}
