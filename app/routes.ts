import { type RouteConfig, type RouteConfigEntry, index, layout, route } from '@react-router/dev/routes';

/**
 * The route table (spec 1 section 2, spec 2 section 2), written once and mounted twice: without
 * a prefix for English and under /fr for French. Route ids carry the locale so both trees can
 * share the same modules.
 */
type Make = (id: string) => string;

function tree(prefix: '' | 'fr', locale: 'en' | 'fr'): RouteConfigEntry[] {
  const id: Make = (name) => `${locale}:${name}`;
  const p = (path: string) => (prefix ? `${prefix}/${path}` : path);
  const page = (path: string, file: string, name = file) => route(p(path), `routes/${file}.tsx`, { id: id(name) });

  return [
    layout('routes/layouts/default.tsx', { id: id('layout-default') }, [
      prefix ? route(prefix, 'routes/home.tsx', { id: id('home') }) : index('routes/home.tsx', { id: id('home') }),
      layout('routes/betting/layout.tsx', { id: id('betting/layout') }, [
        page('betting', 'betting'),
        page('betting/live', 'betting', 'betting-live'),
        page('betting/event/:id', 'betting/event'),
        page('betting/:sport', 'betting', 'betting-sport'),
      ]),
      page('cashier', 'cashier/index', 'cashier'),
      page('cashier/billing', 'cashier/billing'),
      page('cashier/deposit', 'cashier/deposit'),
      page('cashier/deposit/:sysname', 'cashier/deposit', 'cashier/deposit-method'),
      page('cashier/history', 'cashier/history'),
      page('cashier/paysuccess/:transaction?', 'cashier/result', 'cashier/paysuccess'),
      page('cashier/payfail/:transaction?', 'cashier/result', 'cashier/payfail'),
      page('cashier/paypending/:transaction?', 'cashier/result', 'cashier/paypending'),
      page('cashier/paycancel', 'cashier/result', 'cashier/paycancel'),
      page('cashier/paynewwindow', 'cashier/result', 'cashier/paynewwindow'),
      page('cashier/paymobile', 'cashier/result', 'cashier/paymobile'),
      page('cashier/receipt', 'cashier/receipt'),
      page('cashier/wallet', 'cashier/wallet'),
      page('cashier/withdraw', 'cashier/withdraw'),
      page('confirmation', 'confirmation'),
      page('confirmation/success', 'confirmation', 'confirmation-success'),
      page('gamehall', 'gamehall'),
      page('gamehall/:id', 'gamehall', 'gamehall-category'),
      page('jackpots', 'jackpots'),
      page('jackpots/:id', 'jackpot'),
      page('loyalty', 'loyalty'),
      page('loyalty/shop', 'loyalty-shop'),
      page('loyalty/:sysname', 'loyalty', 'loyalty-program'),
      page('offers', 'offers'),
      page('offers/:id', 'offer'),
      page('profile', 'profile/index', 'profile'),
      layout('routes/profile/layout.tsx', { id: id('profile/layout') }, [
        page('profile/settings', 'profile/settings'),
        page('profile/security', 'profile/security'),
        page('profile/verification', 'profile/section', 'profile/verification'),
        page('profile/responsible-game', 'profile/section', 'profile/responsible-game'),
        page('profile/bets', 'profile/section', 'profile/bets'),
        page('profile/loyalty', 'profile/section', 'profile/loyalty'),
        page('profile/bonuses', 'profile/section', 'profile/bonuses'),
        page('profile/cashback', 'profile/section', 'profile/cashback'),
        page('profile/notification', 'profile/notification'),
      ]),
      page('promotions', 'promotions'),
      page('promotions/:id', 'promotion'),
      page('providers', 'providers'),
      page('support', 'support'),
      page('tournaments', 'tournaments'),
      page('tournaments/:id', 'tournament'),
      page('tournaments/:id/gamehall', 'tournament-gamehall'),
      page('unsubscribe', 'unsubscribe'),
      page('fairness', 'fairness'),
      page('winners', 'winners'),
      page('_icons', 'icons'),
      page('responsible-game', 'responsible-game'),
      page('bets/*', 'responsible-game', 'bets'),
      page(':slug', 'content-page'),
      page('*', 'not-found'),
    ]),
    layout('routes/layouts/empty.tsx', { id: id('layout-empty') }, [
      page('forms/sign_in', 'forms/auth', 'sign-in'),
      page('forms/sign_up', 'forms/auth', 'sign-up'),
    ]),
    // The support operators' console: a full-screen tool without the site's shell (decision 017).
    page('support/console', 'support-console'),
    layout('routes/layouts/game.tsx', { id: id('layout-game') }, [page('game/:sysname', 'game')]),
    layout('routes/layouts/frame.tsx', { id: id('layout-frame') }, [page('platform/game/:sysname/play', 'play')]),
  ];
}

/**
 * The back office (docs/backoffice.md): one tree, no locale prefix (the member picks the interface
 * language), its own document, layout and style sheet, so none of it reaches player pages.
 */
function backoffice(): RouteConfigEntry[] {
  const screen = (path: string, file: string) => route(`backoffice/${path}`, `backoffice/routes/${file}.tsx`, { id: `backoffice/${file}` });
  return [
    // A campaign's preview, framed by the campaign screen: the site's own components with the
    // site's style sheet alone, outside the back office's frame and its sheet (docs/backoffice.md, "Marketing").
    route('backoffice/campaign-preview/:id', 'backoffice/routes/campaign-preview.tsx', { id: 'backoffice/campaign-preview' }),
    layout('backoffice/routes/frame.tsx', { id: 'backoffice/frame' }, [
      screen('sign-in', 'sign-in'),
      screen('setup', 'setup'),
      layout('backoffice/routes/shell.tsx', { id: 'backoffice/shell' }, [
        route('backoffice', 'backoffice/routes/home.tsx', { id: 'backoffice/home' }),
        screen('players', 'players'),
        screen('players/:id', 'player'),
        screen('withdrawals', 'withdrawals'),
        screen('deposits', 'deposits'),
        screen('ledger', 'ledger'),
        screen('verification', 'verification'),
        screen('verification/:userId', 'verification-case'),
        screen('responsible-gaming', 'responsible-gaming'),
        screen('risk/alerts', 'risk-alerts'),
        screen('risk/cases', 'risk-cases'),
        screen('risk/cases/:id', 'risk-case'),
        screen('risk/rules', 'risk-rules'),
        screen('support', 'support'),
        screen('trading', 'trading'),
        screen('trading/bets', 'trading-bets'),
        screen('trading/:id', 'trading-event'),
        screen('loyalty', 'loyalty'),
        screen('tournaments', 'tournaments'),
        screen('tournaments/:id', 'tournament'),
        screen('games', 'games'),
        screen('games/providers', 'game-providers'),
        screen('games/jackpots', 'jackpots'),
        screen('games/free-spins', 'free-spins'),
        screen('campaigns', 'campaigns'),
        screen('campaigns/:id', 'campaign'),
        screen('promo-codes', 'promo-codes'),
        screen('bonuses', 'bonuses-given'),
        screen('cashback', 'cashback'),
        screen('affiliates', 'affiliates'),
        screen('affiliates/report', 'affiliate-report'),
        screen('affiliates/:id', 'affiliate'),
        screen('dashboard', 'live-dashboard'),
        screen('reports', 'reports'),
        screen('reports/rtp', 'rtp-watch'),
        screen('settings', 'settings'),
        screen('content', 'content'),
        screen('content/edit', 'content-edit'),
        screen('staff', 'staff'),
        screen('audit', 'audit'),
        screen('*', 'not-found'),
      ]),
    ]),
  ];
}

export default [...backoffice(), ...tree('', 'en'), ...tree('fr', 'fr')] satisfies RouteConfig;
