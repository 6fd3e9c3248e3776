import type { Permission } from '../../contract/backoffice.ts';
import { BACKOFFICE_PATH } from '../../contract/backoffice.ts';

/** The back office's screens, grouped as the side bar shows them; each only to the roles that may see it. */
export type NavItem = { to: string; label: { en: string; fr: string }; permission: Permission | 'signed-in'; group: 'work' | 'money' | 'protection' | 'marketing' | 'games' | 'admin' };

export const NAV: NavItem[] = [
  { to: BACKOFFICE_PATH, label: { en: 'Overview', fr: 'Vue d’ensemble' }, permission: 'signed-in', group: 'work' },
  { to: `${BACKOFFICE_PATH}/players`, label: { en: 'Players', fr: 'Joueurs' }, permission: 'players.read', group: 'work' },
  { to: `${BACKOFFICE_PATH}/support`, label: { en: 'Support chat', fr: 'Chat support' }, permission: 'support.chat', group: 'work' },
  { to: `${BACKOFFICE_PATH}/trading`, label: { en: 'Sportsbook trading', fr: 'Trading sportif' }, permission: 'trading.read', group: 'work' },
  { to: `${BACKOFFICE_PATH}/trading/bets`, label: { en: 'Sports bets', fr: 'Paris sportifs' }, permission: 'trading.read', group: 'work' },
  { to: `${BACKOFFICE_PATH}/withdrawals`, label: { en: 'Withdrawals', fr: 'Retraits' }, permission: 'withdrawals.read', group: 'money' },
  { to: `${BACKOFFICE_PATH}/deposits`, label: { en: 'Deposits', fr: 'Dépôts' }, permission: 'deposits.read', group: 'money' },
  { to: `${BACKOFFICE_PATH}/ledger`, label: { en: 'Ledger', fr: 'Grand livre' }, permission: 'ledger.read', group: 'money' },
  { to: `${BACKOFFICE_PATH}/dashboard`, label: { en: 'Live dashboard', fr: 'Tableau de bord en direct' }, permission: 'reports.read', group: 'money' },
  { to: `${BACKOFFICE_PATH}/reports`, label: { en: 'Business report', fr: 'Rapport d’activité' }, permission: 'reports.read', group: 'money' },
  { to: `${BACKOFFICE_PATH}/reports/rtp`, label: { en: 'RTP watch', fr: 'Suivi du RTP' }, permission: 'reports.read', group: 'money' },
  { to: `${BACKOFFICE_PATH}/campaigns`, label: { en: 'Campaigns', fr: 'Campagnes' }, permission: 'marketing.read', group: 'marketing' },
  { to: `${BACKOFFICE_PATH}/promo-codes`, label: { en: 'Promo codes', fr: 'Codes promo' }, permission: 'marketing.read', group: 'marketing' },
  { to: `${BACKOFFICE_PATH}/bonuses`, label: { en: 'Bonuses given', fr: 'Bonus accordés' }, permission: 'marketing.read', group: 'marketing' },
  { to: `${BACKOFFICE_PATH}/cashback`, label: { en: 'Cashback runs', fr: 'Calculs de cashback' }, permission: 'marketing.read', group: 'marketing' },
  { to: `${BACKOFFICE_PATH}/affiliates`, label: { en: 'Affiliates', fr: 'Affiliés' }, permission: 'affiliates.read', group: 'marketing' },
  { to: `${BACKOFFICE_PATH}/verification`, label: { en: 'Verification', fr: 'Vérification' }, permission: 'verification.read', group: 'protection' },
  { to: `${BACKOFFICE_PATH}/responsible-gaming`, label: { en: 'Responsible gaming', fr: 'Jeu responsable' }, permission: 'rg.read', group: 'protection' },
  { to: `${BACKOFFICE_PATH}/risk/alerts`, label: { en: 'Risk alerts', fr: 'Alertes de risque' }, permission: 'risk.read', group: 'protection' },
  { to: `${BACKOFFICE_PATH}/risk/cases`, label: { en: 'Compliance cases', fr: 'Dossiers de conformité' }, permission: 'risk.read', group: 'protection' },
  { to: `${BACKOFFICE_PATH}/risk/rules`, label: { en: 'Risk rules', fr: 'Règles de risque' }, permission: 'risk.read', group: 'protection' },
  { to: `${BACKOFFICE_PATH}/loyalty`, label: { en: 'Loyalty', fr: 'Fidélité' }, permission: 'marketing.read', group: 'marketing' },
  { to: `${BACKOFFICE_PATH}/tournaments`, label: { en: 'Tournaments', fr: 'Tournois' }, permission: 'marketing.read', group: 'marketing' },
  { to: `${BACKOFFICE_PATH}/games`, label: { en: 'Games', fr: 'Jeux' }, permission: 'games.read', group: 'games' },
  { to: `${BACKOFFICE_PATH}/games/providers`, label: { en: 'Providers', fr: 'Fournisseurs' }, permission: 'games.read', group: 'games' },
  { to: `${BACKOFFICE_PATH}/games/jackpots`, label: { en: 'Jackpot pools', fr: 'Cagnottes' }, permission: 'games.read', group: 'games' },
  { to: `${BACKOFFICE_PATH}/games/free-spins`, label: { en: 'Free-spin packs', fr: 'Tours gratuits' }, permission: 'games.read', group: 'games' },
  { to: `${BACKOFFICE_PATH}/content`, label: { en: 'Content', fr: 'Contenu' }, permission: 'content.read', group: 'work' },
  { to: `${BACKOFFICE_PATH}/settings`, label: { en: 'Settings', fr: 'Paramètres' }, permission: 'settings.read', group: 'admin' },
  { to: `${BACKOFFICE_PATH}/staff`, label: { en: 'Staff', fr: 'Équipe' }, permission: 'staff.read', group: 'admin' },
  { to: `${BACKOFFICE_PATH}/audit`, label: { en: 'Audit trail', fr: 'Journal d’audit' }, permission: 'audit.read', group: 'admin' },
];

export const NAV_GROUPS = {
  en: { work: 'Daily work', money: 'Money', protection: 'Protection', marketing: 'Marketing', games: 'Games catalogue', admin: 'Administration' },
  fr: { work: 'Quotidien', money: 'Argent', protection: 'Protection', marketing: 'Marketing', games: 'Catalogue de jeux', admin: 'Administration' },
} as const;
