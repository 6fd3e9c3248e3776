import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../../app/routes.ts';

/**
 * What a guest gets for each route of app/routes.ts: a concrete address to request (English,
 * without prefix) and the answer. `guarded` means the guest guard sends them home with
 * ?redirectUrl (spec 1 section 2). Detail pages answer 404 because no such item exists.
 * Keyed by the English route pattern; routes.spec.ts checks that every pattern is listed.
 */
export type Expected = 200 | 404 | 'guarded';

export const SAMPLES: Record<string, Array<[path: string, expected: Expected]>> = {
  '': [['/', 200]],
  betting: [['/betting', 200]],
  'betting/live': [['/betting/live', 200]],
  'betting/event/:id': [['/betting/event/999999', 404]],
  'betting/:sport': [['/betting/football', 200], ['/betting/cricket', 404]],
  cashier: [['/cashier', 'guarded']],
  'cashier/billing': [['/cashier/billing', 'guarded']],
  'cashier/deposit': [['/cashier/deposit', 'guarded']],
  'cashier/deposit/:sysname': [['/cashier/deposit/visa', 'guarded']],
  'cashier/history': [['/cashier/history?tab=withdrawal', 'guarded']],
  'cashier/paysuccess/:transaction?': [['/cashier/paysuccess', 'guarded'], ['/cashier/paysuccess/tx-1', 'guarded']],
  'cashier/payfail/:transaction?': [['/cashier/payfail', 'guarded'], ['/cashier/payfail/tx-1', 'guarded']],
  'cashier/paypending/:transaction?': [['/cashier/paypending', 'guarded'], ['/cashier/paypending/tx-1', 'guarded']],
  'cashier/paycancel': [['/cashier/paycancel', 'guarded']],
  'cashier/paynewwindow': [['/cashier/paynewwindow', 'guarded']],
  'cashier/paymobile': [['/cashier/paymobile', 'guarded']],
  'cashier/receipt': [['/cashier/receipt', 'guarded']],
  'cashier/wallet': [['/cashier/wallet', 'guarded']],
  'cashier/withdraw': [['/cashier/withdraw', 'guarded']],
  confirmation: [['/confirmation', 200]],
  'confirmation/success': [['/confirmation/success', 200]],
  gamehall: [['/gamehall', 200], ['/gamehall?category=slot', 200]],
  'gamehall/:id': [['/gamehall/slot', 200]],
  jackpots: [['/jackpots', 200]],
  'jackpots/:id': [['/jackpots/mega', 200], ['/jackpots/no-such-jackpot', 404]],
  loyalty: [['/loyalty', 200]],
  'loyalty/shop': [['/loyalty/shop', 200]],
  'loyalty/:sysname': [['/loyalty/croupier-club', 200], ['/loyalty/vip', 404]],
  offers: [['/offers', 200]],
  'offers/:id': [['/offers/no-such-offer', 404]],
  profile: [['/profile', 'guarded']],
  'profile/settings': [['/profile/settings', 'guarded']],
  'profile/security': [['/profile/security', 'guarded']],
  'profile/verification': [['/profile/verification', 'guarded']],
  'profile/responsible-game': [['/profile/responsible-game', 'guarded']],
  'profile/bets': [['/profile/bets', 'guarded']],
  'profile/loyalty': [['/profile/loyalty', 'guarded']],
  'profile/bonuses': [['/profile/bonuses', 'guarded']],
  'profile/cashback': [['/profile/cashback', 'guarded']],
  'profile/notification': [['/profile/notification', 'guarded']],
  promotions: [['/promotions', 200]],
  'promotions/:id': [['/promotions/no-such-promotion', 404]],
  providers: [['/providers', 200]],
  support: [['/support', 200]],
  'support/console': [['/support/console', 200]],
  tournaments: [['/tournaments', 200]],
  'tournaments/:id': [['/tournaments/no-such-tournament', 404]],
  'tournaments/:id/gamehall': [['/tournaments/weekly-slot-race/gamehall', 200], ['/tournaments/no-such-tournament/gamehall', 404]],
  unsubscribe: [['/unsubscribe', 200]],
  winners: [['/winners', 200]],
  fairness: [['/fairness', 200], ['/fairness?round=no-such-round', 200]],
  _icons: [['/_icons', 200]],
  'responsible-game': [['/responsible-game', 'guarded']],
  'bets/*': [['/bets', 'guarded'], ['/bets/history/open', 'guarded']],
  ':slug': [['/about', 200], ['/terms', 200], ['/not-a-page', 404]],
  '*': [['/no-such-page-xyz', 404], ['/nope/deeper', 404]],
  'forms/sign_in': [['/forms/sign_in', 200]],
  'forms/sign_up': [['/forms/sign_up', 200]],
  'game/:sysname': [['/game/no-such-game', 404], ['/game/golden-croupier', 200], ['/game/Golden-Croupier', 404]],
  'platform/game/:sysname/play': [['/platform/game/golden-croupier/play?mode=demo', 200], ['/platform/game/no-such-game/play', 404]],
};

/** Every path pattern of the route table, French ones included (`fr/gamehall`, index as ''). */
export function routePatterns(): string[] {
  const patterns: string[] = [];
  const walk = (entries: RouteConfigEntry[]) => {
    for (const entry of entries) {
      if (entry.index) patterns.push('');
      else if (entry.path !== undefined) patterns.push(entry.path);
      if (entry.children) walk(entry.children);
    }
  };
  walk(routes);
  // The back office is one tree without a locale prefix, checked on its own (routes.spec.ts).
  return patterns.filter((pattern) => pattern !== 'backoffice' && !pattern.startsWith('backoffice/'));
}

/** The back office's route patterns (docs/backoffice.md): one tree, no locale prefix. */
export function backofficePatterns(): string[] {
  const patterns: string[] = [];
  const walk = (entries: RouteConfigEntry[]) => {
    for (const entry of entries) {
      if (entry.path !== undefined && (entry.path === 'backoffice' || entry.path.startsWith('backoffice/'))) patterns.push(entry.path);
      if (entry.children) walk(entry.children);
    }
  };
  walk(routes);
  return patterns;
}

/** The same address in French: `/gamehall` -> `/fr/gamehall`, `/` -> `/fr`, query kept. */
export function inFrench(path: string): string {
  return path === '/' || path.startsWith('/?') ? `/fr${path.slice(1)}` : `/fr${path}`;
}

/** Where the guest guard sends a guest: the locale's home with the encoded original address. */
export function guardTarget(path: string, locale: 'en' | 'fr'): string {
  return `${locale === 'fr' ? '/fr' : '/'}?redirectUrl=${encodeURIComponent(path)}`;
}
