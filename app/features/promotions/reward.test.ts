import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignView, RewardView } from '../../../contract/promotions.ts';
import en from '../../locales/en/promotions.json';
import fr from '../../locales/fr/promotions.json';
import { campaignLook, campaignPath, campaignSection, depositPath, rewardBadge, rewardFacts, rewardFigure, rewardTerms, say } from './reward.ts';

const REWARDS: Record<string, RewardView> = {
  match: { type: 'deposit_match', percent: 100, cap: '25.00', min_deposit: '10.00', wagering: 3, max_bet: '5.00', days: 14 },
  fixed: { type: 'fixed_bonus', amount: '1000.00', wagering: 0, max_bet: null, days: 7 },
  spins: { type: 'free_spins', game: 'golden-croupier', game_name: 'Golden Croupier', spins: 20, stake: '0.20', days: 1 },
  freeBet: { type: 'betting_bonus', kind: 'free_bet', amount: '5.00', boost_percent: null, days: 7 },
  boost: { type: 'betting_bonus', kind: 'odds_boost', amount: null, boost_percent: 20, days: 3 },
  cashback: { type: 'cashback', percent: 10, period_days: 7, payout: 'request' },
};

let t: Record<'en' | 'fr', TFunction<'promotions'>>;
beforeAll(async () => {
  const make = async (lng: 'en' | 'fr') => {
    const instance = i18next.createInstance();
    await instance.init({ lng, ns: ['promotions'], defaultNS: 'promotions', resources: { en: { promotions: en }, fr: { promotions: fr } }, interpolation: { escapeValue: false } });
    return instance.getFixedT(lng, 'promotions') as TFunction<'promotions'>;
  };
  t = { en: await make('en'), fr: await make('fr') };
});

describe('rewardBadge', () => {
  it('reads what the player gets, amounts grouped with their currency', () => {
    expect(say(t.en, rewardBadge(REWARDS.match, 'EUR'))).toBe('100% up to 25.00 EUR');
    expect(say(t.en, rewardBadge(REWARDS.fixed, 'EUR'))).toBe('1,000.00 EUR bonus');
    expect(say(t.en, rewardBadge(REWARDS.spins, 'EUR'))).toBe('20 free spins on Golden Croupier');
    expect(say(t.en, rewardBadge({ ...REWARDS.spins, spins: 1 } as RewardView, 'EUR'))).toBe('1 free spin on Golden Croupier');
    expect(say(t.en, rewardBadge(REWARDS.freeBet, 'USD'))).toBe('5.00 USD free bet');
    expect(say(t.en, rewardBadge(REWARDS.boost, 'EUR'))).toBe('+20% odds boost');
    expect(say(t.en, rewardBadge(REWARDS.cashback, 'EUR'))).toBe('10% cashback');
  });
  it('reads in French too', () => {
    expect(say(t.fr, rewardBadge(REWARDS.match, 'EUR'))).toBe("100 % jusqu'à 25.00 EUR");
    expect(say(t.fr, rewardBadge(REWARDS.spins, 'EUR'))).toBe('20 tours gratuits sur Golden Croupier');
  });
});

describe('rewardTerms', () => {
  it('puts the wagering first, then the deposit and bet limits', () => {
    expect(rewardTerms(REWARDS.match, 'EUR').map((term) => say(t.en, term))).toEqual(['Wager 3x in 14 days', 'Min. deposit 10.00 EUR', 'Max bet 5.00 EUR']);
  });
  it('says when there is no wagering, and leaves out a missing max bet', () => {
    expect(rewardTerms(REWARDS.fixed, 'EUR').map((term) => say(t.en, term))).toEqual(['No wagering']);
  });
  it('counts days in the right number, in both languages', () => {
    expect(rewardTerms(REWARDS.spins, 'EUR').map((term) => say(t.en, term))).toEqual(['0.20 EUR per spin', 'Valid 1 day']);
    expect(rewardTerms(REWARDS.match, 'EUR').map((term) => say(t.fr, term))[0]).toBe('Misez 3x en 14 jours');
    expect(rewardTerms(REWARDS.cashback, 'EUR').map((term) => say(t.en, term))).toEqual(['Counted every 7 days', 'Claimed from your profile']);
  });
  it('has a text for every key it uses, in both languages', () => {
    for (const reward of Object.values(REWARDS)) {
      const texts = [rewardBadge(reward, 'EUR'), ...rewardTerms(reward, 'EUR'), rewardFigure(reward, 'EUR').caption, ...rewardFacts(reward, 'EUR').flatMap((fact) => [fact.value, { key: fact.label }])];
      for (const text of texts) {
        for (const lng of ['en', 'fr'] as const) expect(say(t[lng], text), `${lng} ${text.key}`).not.toBe(text.key);
      }
    }
  });
});

describe('rewardFigure', () => {
  it('is the big number of the art, whole amounts without cents', () => {
    expect(rewardFigure(REWARDS.match, 'EUR').figure).toBe('100%');
    expect(rewardFigure(REWARDS.fixed, 'EUR').figure).toBe('1,000 EUR');
    expect(rewardFigure(REWARDS.spins, 'EUR').figure).toBe('20');
    expect(rewardFigure(REWARDS.boost, 'EUR').figure).toBe('+20%');
  });
});

describe('campaign addresses', () => {
  const campaign = (placements: CampaignView['placements']) => ({ sysname: 'welcome-bonus', placements });
  it('lives under offers when placed there, else under promotions', () => {
    expect(campaignSection(campaign(['offers', 'promotions', 'banner']))).toBe('offers');
    expect(campaignPath(campaign(['promotions', 'banner']))).toBe('/promotions/welcome-bonus');
    expect(campaignPath(campaign(['popup']))).toBe('/promotions/welcome-bonus');
  });
  it('chooses the offer on the deposit page', () => {
    expect(depositPath(7)).toBe('/cashier/deposit?offer=7');
  });
});

describe('campaignLook', () => {
  it('keeps a campaign its palette, and gives neighbours of a kind different ones', () => {
    const match = (id: number) => campaignLook({ id, reward: REWARDS.match });
    expect(match(4)).toEqual(match(4));
    expect(match(1).art).not.toBe(match(2).art);
    expect(match(1).icon).toBe('coins');
  });
});
