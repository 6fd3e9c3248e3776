import type { RiskAlertView, RiskCaseOutcome, RiskCaseStatus, RiskRuleId } from '../../contract/risk.ts';
import { defineTexts, useTexts } from './i18n.ts';
import { Badge } from './ui/controls.tsx';

/** Names the risk screens share (English and French): rules, their thresholds, case statuses and outcomes, what an alert saw. */
export const riskTexts = defineTexts({
  en: {
    large_deposit: 'Large single deposit',
    deposits_30d: 'Deposits over a period',
    low_turnover_withdrawal: 'Withdrawal without play',
    failed_deposits: 'Failed deposits',
    linked_to_excluded: 'Linked to a self-excluded player',
    rapid_limit_increases: 'Rapid limit increases',
    shared_requisites: 'Shared payment details',
    player_rtp_outlier: 'Return far above the game’s',
    shared_device: 'Shared device',
    offer_per_device: 'Welcome offer taken again from one device',
    shared_address: 'Shared postal address',
    large_deposit_about: 'One deposit at or above the amount, in euros (EU customer due diligence threshold for gambling: 2,000 EUR).',
    deposits_30d_about: 'Deposits of the last days pass the amount in euros: raised by the deposit that crosses it.',
    low_turnover_withdrawal_about: 'A withdrawal asked for while the last deposit was wagered less than the multiple of itself.',
    failed_deposits_about: 'So many failed deposits within the minutes (card testing).',
    linked_to_excluded_about: 'A sign-up from an address a self-excluded player used, payments with their IBAN or wallet, or a sign-up or deposit from a device their browser was seen with.',
    rapid_limit_increases_about: 'Responsible-gaming or deposit limits loosened that many times within the hours.',
    shared_requisites_about: 'So many accounts pay with one IBAN or wallet.',
    player_rtp_outlier_about: 'A withdrawal asked for by a player whose return on a game, over the last days and at least so many rounds, is above what the game declares by more than luck explains (99.9% interval) and by at least the margin.',
    shared_device_about: 'So many accounts seen with one device fingerprint (sessions, sign-ups, deposits).',
    offer_per_device_about: 'A welcome offer chosen on a credited deposit by so many accounts seen with one device fingerprint.',
    shared_address_about: 'So many accounts gave one postal address (street line with its postcode or town, however typed).',
    amount_eur: 'Amount (EUR)',
    days: 'Days',
    multiplier: 'Wagering multiple',
    count: 'Count',
    minutes: 'Minutes',
    hours: 'Hours',
    by_address: 'By address (IP)',
    by_requisites: 'By payment details',
    by_device: 'By device (fingerprint)',
    accounts: 'Accounts',
    min_rounds: 'Minimum rounds',
    margin_points: 'Margin (RTP points)',
    open: 'open',
    investigating: 'investigating',
    closed: 'closed',
    no_action: 'no action',
    edd_requested: 'enhanced due diligence requested',
    account_restricted: 'account restricted',
    reported_to_fiu: 'reported to the FIU',
    eur: '{amount} EUR',
    detailLarge: '{amount} EUR deposited ({payment})',
    detailWindow: '{total} EUR in {n} deposits over {days} days',
    detailTurnover: 'wagered {wagered} of a {deposit} {currency} deposit before asking {withdrawal}',
    detailFailed: '{n} failed deposits within {minutes} min',
    detailLinked: 'linked to self-excluded player #{player} by {by} ({shared})',
    detailRaises: '{n} limit raises within {hours} h ({limits})',
    detailShared: '{n} accounts share {shared}',
    detailRtp: '{measured}% returned on {game} over {rounds} rounds in {days} days (declared {declared}%, lowest plausible {low}%) before asking {withdrawal}',
    detailDevice: '{n} accounts seen on device {device}',
    detailAddress: '{n} accounts at {address}',
    detailOffer: 'welcome offer #{campaign} taken by {n} accounts from device {device} ({payment})',
    address: 'address',
    requisites: 'payment details',
    device: 'device',
  },
  fr: {
    large_deposit: 'Dépôt unique important',
    deposits_30d: 'Dépôts sur une période',
    low_turnover_withdrawal: 'Retrait sans jeu',
    failed_deposits: 'Dépôts échoués',
    linked_to_excluded: 'Lié à un joueur auto-exclu',
    rapid_limit_increases: 'Hausses de limites rapprochées',
    shared_requisites: 'Coordonnées de paiement partagées',
    player_rtp_outlier: 'Retour bien au-dessus du jeu',
    shared_device: 'Appareil partagé',
    offer_per_device: 'Offre de bienvenue reprise depuis un même appareil',
    shared_address: 'Adresse postale partagée',
    large_deposit_about: 'Un dépôt égal ou supérieur au montant, en euros (seuil européen de vigilance pour les jeux d’argent : 2 000 EUR).',
    deposits_30d_about: 'Les dépôts des derniers jours dépassent le montant en euros : levé par le dépôt qui franchit le seuil.',
    low_turnover_withdrawal_about: 'Un retrait demandé alors que le dernier dépôt a été misé moins que le multiple de son montant.',
    failed_deposits_about: 'Autant de dépôts échoués en autant de minutes (test de cartes).',
    linked_to_excluded_about: 'Une inscription depuis une adresse utilisée par un joueur auto-exclu, des paiements avec son IBAN ou son portefeuille, ou une inscription ou un dépôt depuis un appareil où son navigateur a été vu.',
    rapid_limit_increases_about: 'Des limites de jeu responsable ou de dépôt relevées autant de fois en autant d’heures.',
    shared_requisites_about: 'Autant de comptes paient avec un même IBAN ou portefeuille.',
    player_rtp_outlier_about: 'Un retrait demandé par un joueur dont le retour sur un jeu, sur les derniers jours et au moins autant de parties, dépasse celui que le jeu déclare au-delà de ce que la chance explique (intervalle à 99,9 %) et d’au moins la marge.',
    shared_device_about: 'Autant de comptes vus avec une même empreinte d’appareil (sessions, inscriptions, dépôts).',
    offer_per_device_about: 'Une offre de bienvenue choisie sur un dépôt crédité par autant de comptes vus avec une même empreinte d’appareil.',
    shared_address_about: 'Autant de comptes ont donné une même adresse postale (rue avec code postal ou ville, quelle que soit la saisie).',
    amount_eur: 'Montant (EUR)',
    days: 'Jours',
    multiplier: 'Multiple de mise',
    count: 'Nombre',
    minutes: 'Minutes',
    hours: 'Heures',
    by_address: 'Par adresse (IP)',
    by_requisites: 'Par coordonnées de paiement',
    by_device: 'Par appareil (empreinte)',
    accounts: 'Comptes',
    min_rounds: 'Parties minimum',
    margin_points: 'Marge (points de RTP)',
    open: 'ouvert',
    investigating: 'en enquête',
    closed: 'clos',
    no_action: 'sans suite',
    edd_requested: 'vigilance renforcée demandée',
    account_restricted: 'compte restreint',
    reported_to_fiu: 'déclaré à la CRF',
    eur: '{amount} EUR',
    detailLarge: '{amount} EUR déposés ({payment})',
    detailWindow: '{total} EUR en {n} dépôts sur {days} jours',
    detailTurnover: '{wagered} misés sur un dépôt de {deposit} {currency} avant de demander {withdrawal}',
    detailFailed: '{n} dépôts échoués en {minutes} min',
    detailLinked: 'lié au joueur auto-exclu n° {player} par {by} ({shared})',
    detailRaises: '{n} hausses de limites en {hours} h ({limits})',
    detailShared: '{n} comptes partagent {shared}',
    detailRtp: '{measured} % rendus sur {game} en {rounds} parties sur {days} jours (déclaré {declared} %, au plus bas plausible {low} %) avant de demander {withdrawal}',
    detailDevice: '{n} comptes vus sur l’appareil {device}',
    detailAddress: '{n} comptes à l’adresse {address}',
    detailOffer: 'offre de bienvenue n° {campaign} prise par {n} comptes depuis l’appareil {device} ({payment})',
    address: 'adresse',
    requisites: 'coordonnées de paiement',
    device: 'appareil',
  },
});

export type RiskTextKey = keyof (typeof riskTexts)['en'];

export const CASE_TONE: Record<RiskCaseStatus, 'warn' | 'info' | 'neutral'> = { open: 'warn', investigating: 'info', closed: 'neutral' };

export function CaseStatusBadge({ status, outcome }: { status: RiskCaseStatus; outcome?: RiskCaseOutcome | null }) {
  const r = useTexts(riskTexts);
  return <Badge tone={CASE_TONE[status]}>{outcome ? `${r(status)} · ${r(outcome)}` : r(status)}</Badge>;
}

const minorToMajor = (value: unknown) => (Number(value ?? 0) / 100).toFixed(2);

/** What a rule saw, in one line of the member's language. */
export function useAlertSummary() {
  const r = useTexts(riskTexts);
  return (alert: Pick<RiskAlertView, 'rule_id' | 'details'>): string => {
    const d = alert.details as Record<string, string | number | string[] | null>;
    switch (alert.rule_id as RiskRuleId) {
      case 'large_deposit':
        return r('detailLarge', { amount: String(d.amount_eur), payment: String(d.payment) });
      case 'deposits_30d':
        return r('detailWindow', { total: String(d.total_eur), n: String(d.deposits), days: String(d.days) });
      case 'low_turnover_withdrawal':
        return r('detailTurnover', { wagered: minorToMajor(d.wagered), deposit: minorToMajor(d.deposit_amount), currency: String(d.currency), withdrawal: String(d.withdrawal) });
      case 'failed_deposits':
        return r('detailFailed', { n: String(d.failed), minutes: String(d.minutes) });
      case 'linked_to_excluded':
        return r('detailLinked', { player: String(d.excluded_player), by: d.by === 'address' ? r('address') : d.by === 'device' ? r('device') : r('requisites'), shared: String(d.shared) });
      case 'rapid_limit_increases':
        return r('detailRaises', { n: String(d.raises), hours: String(d.hours), limits: Array.isArray(d.limits) ? d.limits.join(', ') : '' });
      case 'shared_requisites':
        return r('detailShared', { n: String(d.accounts), shared: String(d.shared) });
      case 'player_rtp_outlier':
        return r('detailRtp', { measured: String(d.measured), game: String(d.name ?? d.game), rounds: String(d.rounds), days: String(d.days), declared: String(d.declared), low: String(d.low), withdrawal: String(d.withdrawal) });
      case 'shared_device':
        return r('detailDevice', { n: String(d.accounts), device: String(d.device) });
      case 'shared_address':
        return r('detailAddress', { n: String(d.accounts), address: String(d.address).replace('|', ', ') });
      case 'offer_per_device':
        return r('detailOffer', { campaign: String(d.campaign), n: String(d.accounts), device: String(d.device), payment: String(d.payment) });
      default:
        return JSON.stringify(d);
    }
  };
}

/** A player in a risk table: their sign-in contact over their id. */
export function PlayerCell({ player, userId }: { player: string | null; userId: number }) {
  return (
    <>
      {player ?? '—'}
      <div className="bo-hint">#{userId}</div>
    </>
  );
}
