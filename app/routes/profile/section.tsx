import { useLoaderData, useLocation, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { BonusView, CashbackView } from '../../../contract/promotions.ts';
import { stripLocale } from '../../../contract/locales.ts';
import { BonusesPage, type BonusesData } from '../../features/bonuses/bonuses-page.tsx';
import { CashbackPage, type CashbackData } from '../../features/bonuses/cashback-page.tsx';
import { ProfileLoyaltyPage, type ProfileLoyaltyData } from '../../features/loyalty/profile-loyalty.tsx';
import type { LoyaltyInfo } from '../../../contract/loyalty.ts';
import { PROFILE_PAGE_SIZE, bonusTab, type Page } from '../../features/bonuses/rules.ts';
import { AreaPage } from '../../features/pages/area-page.tsx';
import { VerificationPage, type VerificationData } from '../../features/verification/verification-page.tsx';
import type { VerificationView } from '../../../contract/verification.ts';
import { MyBetsPage, myBetsTab, type MyBetsData } from '../../features/betting/my-bets-page.tsx';
import { BETS_PAGE_SIZE } from '../../features/betting/bets-list.tsx';
import { loadOddsFormat } from '../../features/betting/odds-format.server.ts';
import type { BetsPage } from '../../../contract/betting.ts';
import { onlyToastParamsRemoved } from '../../features/profile/profile-toast.ts';
import { PROFILE_SECTIONS, isProfileSection } from '../../features/profile/sections.ts';
import { loadResponsibleGaming, type ResponsibleGamingData } from '../../features/responsible-gaming/load.ts';
import { ResponsibleGamingPage } from '../../features/responsible-gaming/responsible-gaming-page.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { requestLocale } from '../../lib/locale.ts';
import { toPageError } from '../../lib/page-errors.ts';
import { serverApi } from '../../lib/server-bridge.ts';

/**
 * The profile sections addressed by name (the last segment of the address). Bonuses and cashback
 * read their first pages here, loyalty the player's loyalty info, bets the player's bets; the
 * sections whose content arrives with a later module share the placeholder.
 */
type SectionData = { bonuses?: BonusesData; cashback?: CashbackData; loyalty?: ProfileLoyaltyData; bets?: MyBetsData; responsibleGaming?: ResponsibleGamingData; verification?: VerificationData };

const sectionOf = (pathname: string) => stripLocale(pathname).split('/')[2];

export async function loader({ request, url, context }: LoaderFunctionArgs): Promise<SectionData> {
  // `url`, not request.url: a client navigation's request ends in .data.
  const section = sectionOf(url.pathname);
  if (section !== 'bonuses' && section !== 'cashback' && section !== 'loyalty' && section !== 'bets' && section !== 'responsible-game' && section !== 'verification') return {};
  const locale = requestLocale(request);
  // Limits, reality check and breaks: the page of /responsible-game (docs/responsible-gaming.md).
  if (section === 'responsible-game') return { responsibleGaming: await loadResponsibleGaming(context, locale, url.pathname).catch(toPageError) };
  // A list the server could not read shows as failed with a retry; the player's own refusal (403 ...) is the page's.
  const soft = (error: unknown) => (error instanceof ApiError && error.status >= 500 ? null : toPageError(error));
  const list = <T,>(method: string, query: Record<string, string | number>) => serverApi<Page<T>>(context, method, { query, locale }).catch(soft);

  if (section === 'bets') {
    // The player's bets (docs/betting.md), in their odds format.
    const tab = myBetsTab(url.searchParams.get('tab'));
    const [bets, oddsFormat] = await Promise.all([
      list<BetsPage['items'][number]>('betting/getBets', { status: tab, offset: 0, count: BETS_PAGE_SIZE }),
      loadOddsFormat(context, locale),
    ]);
    return { bets: { tab, bets, oddsFormat } };
  }
  if (section === 'loyalty') return { loyalty: { info: await serverApi<LoyaltyInfo>(context, 'loyalty/getinfo', { locale }).catch(soft) } };
  if (section === 'verification') return { verification: { view: await serverApi<VerificationView>(context, 'verification/get', { locale }).catch(soft) } };
  if (section === 'cashback') {
    return { cashback: { cashbacks: await list<CashbackView>('cashbacks/get', { offset: 0, count: PROFILE_PAGE_SIZE }), now: Date.now() } };
  }
  const tab = bonusTab(url.searchParams.get('tab'));
  const [bonuses, betting, waiting, waitingBets] = await Promise.all([
    list<BonusView>('bonuses/get', { status: tab, offset: 0, count: PROFILE_PAGE_SIZE }),
    list<BonusView>('bettingBonuses/get', { status: tab, offset: 0, count: PROFILE_PAGE_SIZE }),
    // The Available tab's badge: how many wait to be activated (read on the other tabs).
    tab === 'available' ? null : list<BonusView>('bonuses/get', { status: 'available', offset: 0, count: 1 }),
    tab === 'available' ? null : list<BonusView>('bettingBonuses/get', { status: 'available', offset: 0, count: 1 }),
  ]);
  const available = tab === 'available' ? (bonuses?.total ?? 0) + (betting?.total ?? 0) : waiting && waitingBets ? waiting.total + waitingBets.total : null;
  return { bonuses: { tab, bonuses, betting, available, now: Date.now() } };
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyToastParamsRemoved(args.currentUrl, args.nextUrl) ? false : args.defaultShouldRevalidate;
}

export default function ProfileSection() {
  const data = useLoaderData<typeof loader>();
  const segment = sectionOf(useLocation().pathname);
  const section = isProfileSection(segment) ? segment : 'settings';
  if (section === 'bonuses' && data.bonuses) return <BonusesPage data={data.bonuses} />;
  if (section === 'cashback' && data.cashback) return <CashbackPage data={data.cashback} />;
  if (section === 'loyalty' && data.loyalty) return <ProfileLoyaltyPage data={data.loyalty} />;
  if (section === 'verification' && data.verification) return <VerificationPage data={data.verification} />;
  if (section === 'bets' && data.bets) return <MyBetsPage data={data.bets} />;
  if (section === 'responsible-game' && data.responsibleGaming) return <ResponsibleGamingPage data={data.responsibleGaming} />;
  const icon = PROFILE_SECTIONS.find((item) => item.key === section)?.icon ?? 'user';
  return <AreaPage area={`profile.${section}`} icon={icon} />;
}
