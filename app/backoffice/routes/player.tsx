import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { clsx } from 'clsx';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BACKOFFICE_PATH, type Permission } from '../../../contract/backoffice.ts';
import type {
  AdjustmentView,
  LinkedPlayerView,
  PlayerLedgerPage,
  PlayerLedgerRow,
  PlayerNoteView,
  PlayerSessionView,
  PlayerView,
} from '../../../contract/backoffice-players.ts';
import type { BetView } from '../../../contract/betting.ts';
import type { BonusView, CampaignView } from '../../../contract/promotions.ts';
import type { PlayerTournamentView } from '../../../contract/tournaments.ts';
import type { ExclusionView, ResponsibleGamingView } from '../../../contract/responsible-gaming.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { defineTexts, useBackofficeLocale, useTexts, type BackofficeLocale } from '../i18n.ts';
import { Can, useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, SelectField, TextArea, TextField } from '../ui/controls.tsx';
import { DataTable, useTableParams } from '../ui/data-table.tsx';
import { formatAmount, formatTime } from '../ui/format.ts';
import { adjustmentsKey, PendingAdjustments, playerTexts, StatusBadge } from '../players-shared.tsx';
import { STATUS_TONE, verificationTexts, type VerificationTextKey } from '../protection-texts.ts';
import '../players.css';
import { PlayerAttributionPanel } from '../affiliates-shared.tsx';
import { PlayerRisk } from '../player-risk.tsx';
import '../protection.css';

const texts = defineTexts({
  en: {
    back: 'Players',
    loading: 'Loading the player…',
    failed: 'The player could not load: {message}',
    profile: 'Profile and contacts',
    login: 'Login',
    fakename: 'Display name',
    name: 'Name',
    birth: 'Birth date',
    homeAddress: 'Address',
    currency: 'Currency',
    language: 'Language',
    country: 'Country',
    registered: 'Signed up',
    signupIp: 'Sign-up address',
    lastSeen: 'Last seen',
    twoFactor: 'Two-factor',
    on: 'on',
    off: 'off',
    contacts: 'Contacts',
    confirmed: 'confirmed',
    unconfirmed: 'not confirmed',
    loginContact: 'login',
    balances: 'Balances',
    main: 'Main',
    bonus: 'Bonus',
    betting_bonus: 'Betting bonus',
    withdrawal_hold: 'Held for withdrawals',
    standing: 'Verification and loyalty',
    verification: 'Verification',
    kycBlock: 'KYC block',
    kycBlockHint: 'Withdrawals wait for a verified identity',
    testAccount: 'Test account',
    testAccountHint: 'Left out of reports',
    loyalty: 'Loyalty',
    points: '{points} points ({lifetime} lifetime), level {level}',
    actions: 'Account actions',
    reason: 'Reason',
    reasonHint: 'Kept in the audit trail with the action',
    ban: 'Ban',
    unban: 'Unban',
    close: 'Close the account',
    confirmClose: 'Close the account of {player}? Their sessions end and they cannot sign in again.',
    endSessions: 'End all sessions',
    confirmEnd: 'End every session of {player}? They sign in again.',
    turnOn: 'Turn on',
    turnOff: 'Turn off',
    done: 'Done.',
    adjust: 'Manual balance adjustment',
    amount: 'Amount',
    amountHint: '+25.50 credits the main balance, -25.50 takes from it. Above {threshold} a second member approves.',
    request: 'Adjust the balance',
    waiting: 'Waiting for a second member (adjustment #{id}).',
    applied: 'Applied: the main balance moved by {amount}.',
    pendingHere: 'Adjustments of this player waiting for approval',
    notes: 'Notes and tags',
    tags: 'Tags',
    tagsHint: 'Comma-separated: vip, bonus-abuse …',
    saveTags: 'Save the tags',
    note: 'New note',
    addNote: 'Add the note',
    noNotes: 'No notes yet.',
    tabLedger: 'Ledger',
    tabPayments: 'Deposits and withdrawals',
    tabRounds: 'Casino rounds',
    tabBets: 'Sports bets',
    betsInTrading: 'Open in sportsbook trading (filters, stake limits)',
    tabBonuses: 'Bonuses',
    tabSessions: 'Sessions and devices',
    tabProtection: 'Responsible gaming',
    tabLinked: 'Linked accounts',
    tabTournaments: 'Tournaments',
    tabVerification: 'Verification',
    tournament: 'Tournament',
    joined: 'Joined',
    rank: 'Rank',
    score: 'Points',
    prize: 'Prize',
    documents: 'Documents',
    noDocuments: 'No document on record.',
    openCase: 'Open the verification case',
    uploadedAt: 'Uploaded',
    grant: 'Grant a bonus',
    grantHint: 'A campaign’s reward, once per player: bonus money and free bets wait for the player to activate them; free spins start at once.',
    campaign: 'Campaign',
    chooseCampaign: 'Choose a campaign…',
    noCampaigns: 'No campaign in {currency} can be granted by hand (deposit and cashback campaigns pay on their own).',
    grantSubmit: 'Grant',
    granted: 'Granted: {title} ({status}).',
    account: 'Account',
    csv: 'Export CSV',
    time: 'Time',
    kind: 'Movement',
    balanceAfter: 'Balance after',
    transaction: 'Transaction',
    method: 'Method',
    status: 'Status',
    type: 'Type',
    game: 'Game',
    stake: 'Stake',
    win: 'Win',
    net: 'Net',
    bet: 'Bet',
    odds: 'Odds',
    return: 'Return',
    bonusTitle: 'Bonus',
    wagering: 'Wagering',
    expires: 'Expires',
    address: 'Address',
    browser: 'Browser',
    started: 'Started',
    ended: 'Ended',
    live: 'live',
    limits: 'Limits',
    noLimits: 'No loss, wager or session-time limit.',
    used: 'used {used}, left {left}',
    pendingLimit: 'looser value {amount} from {at}',
    removal: 'removal',
    minutes: 'minutes',
    realityCheck: 'Reality check',
    everyMinutes: 'every {n} minutes',
    exclusions: 'Time-outs and self-exclusions',
    noExclusions: 'None.',
    running: 'running',
    linkedNone: 'No other account shares an address, a device or payment requisites.',
    sharesAddress: 'same address',
    sharesDevice: 'same address and browser',
    sharesRequisites: 'same IBAN or wallet',
    caption: '{what} of the player',
  },
  fr: {
    back: 'Joueurs',
    loading: 'Chargement du joueur…',
    failed: 'Le joueur n’a pas pu être chargé : {message}',
    profile: 'Profil et contacts',
    login: 'Identifiant',
    fakename: 'Pseudo',
    name: 'Nom',
    birth: 'Date de naissance',
    homeAddress: 'Adresse',
    currency: 'Devise',
    language: 'Langue',
    country: 'Pays',
    registered: 'Inscription',
    signupIp: 'Adresse d’inscription',
    lastSeen: 'Vu pour la dernière fois',
    twoFactor: 'Double authentification',
    on: 'activée',
    off: 'désactivée',
    contacts: 'Contacts',
    confirmed: 'confirmé',
    unconfirmed: 'non confirmé',
    loginContact: 'identifiant',
    balances: 'Soldes',
    main: 'Principal',
    bonus: 'Bonus',
    betting_bonus: 'Bonus paris',
    withdrawal_hold: 'Réservé aux retraits',
    standing: 'Vérification et fidélité',
    verification: 'Vérification',
    kycBlock: 'Blocage KYC',
    kycBlockHint: 'Les retraits attendent une identité vérifiée',
    testAccount: 'Compte de test',
    testAccountHint: 'Exclu des rapports',
    loyalty: 'Fidélité',
    points: '{points} points ({lifetime} au total), niveau {level}',
    actions: 'Actions sur le compte',
    reason: 'Motif',
    reasonHint: 'Conservé dans le journal d’audit avec l’action',
    ban: 'Bannir',
    unban: 'Lever le bannissement',
    close: 'Fermer le compte',
    confirmClose: 'Fermer le compte de {player} ? Ses sessions prennent fin et il ne pourra plus se connecter.',
    endSessions: 'Fermer toutes les sessions',
    confirmEnd: 'Fermer toutes les sessions de {player} ? Il devra se reconnecter.',
    turnOn: 'Activer',
    turnOff: 'Désactiver',
    done: 'C’est fait.',
    adjust: 'Ajustement manuel du solde',
    amount: 'Montant',
    amountHint: '+25.50 crédite le solde principal, -25.50 le débite. Au-delà de {threshold}, un second membre approuve.',
    request: 'Ajuster le solde',
    waiting: 'En attente d’un second membre (ajustement n° {id}).',
    applied: 'Appliqué : le solde principal a changé de {amount}.',
    pendingHere: 'Ajustements de ce joueur en attente d’approbation',
    notes: 'Notes et étiquettes',
    tags: 'Étiquettes',
    tagsHint: 'Séparées par des virgules : vip, abus-bonus …',
    saveTags: 'Enregistrer les étiquettes',
    note: 'Nouvelle note',
    addNote: 'Ajouter la note',
    noNotes: 'Aucune note.',
    tabLedger: 'Grand livre',
    tabPayments: 'Dépôts et retraits',
    tabRounds: 'Parties de casino',
    tabBets: 'Paris sportifs',
    betsInTrading: 'Ouvrir dans le trading sportif (filtres, limites de mise)',
    tabBonuses: 'Bonus',
    tabSessions: 'Sessions et appareils',
    tabProtection: 'Jeu responsable',
    tabLinked: 'Comptes liés',
    tabTournaments: 'Tournois',
    tabVerification: 'Vérification',
    tournament: 'Tournoi',
    joined: 'Inscrit',
    rank: 'Rang',
    score: 'Points',
    prize: 'Prix',
    documents: 'Documents',
    noDocuments: 'Aucun document enregistré.',
    openCase: 'Ouvrir le dossier de vérification',
    uploadedAt: 'Envoyé',
    grant: 'Accorder un bonus',
    grantHint: 'La récompense d’une campagne, une fois par joueur : l’argent bonus et les paris gratuits attendent que le joueur les active ; les tours gratuits commencent aussitôt.',
    campaign: 'Campagne',
    chooseCampaign: 'Choisir une campagne…',
    noCampaigns: 'Aucune campagne en {currency} ne peut être accordée à la main (les campagnes de dépôt et de cashback paient d’elles-mêmes).',
    grantSubmit: 'Accorder',
    granted: 'Accordé : {title} ({status}).',
    account: 'Compte',
    csv: 'Exporter en CSV',
    time: 'Date',
    kind: 'Mouvement',
    balanceAfter: 'Solde après',
    transaction: 'Transaction',
    method: 'Moyen',
    status: 'Statut',
    type: 'Type',
    game: 'Jeu',
    stake: 'Mise',
    win: 'Gain',
    net: 'Net',
    bet: 'Pari',
    odds: 'Cote',
    return: 'Retour',
    bonusTitle: 'Bonus',
    wagering: 'Mise requise',
    expires: 'Expire',
    address: 'Adresse',
    browser: 'Navigateur',
    started: 'Début',
    ended: 'Fin',
    live: 'en cours',
    limits: 'Limites',
    noLimits: 'Aucune limite de pertes, de mises ou de durée de session.',
    used: 'utilisé {used}, reste {left}',
    pendingLimit: 'valeur plus souple {amount} à partir du {at}',
    removal: 'suppression',
    minutes: 'minutes',
    realityCheck: 'Rappel de réalité',
    everyMinutes: 'toutes les {n} minutes',
    exclusions: 'Pauses et auto-exclusions',
    noExclusions: 'Aucune.',
    running: 'en cours',
    linkedNone: 'Aucun autre compte ne partage une adresse, un appareil ou des coordonnées de paiement.',
    sharesAddress: 'même adresse',
    sharesDevice: 'même adresse et navigateur',
    sharesRequisites: 'même IBAN ou portefeuille',
    caption: '{what} du joueur',
  },
});

type T = ReturnType<typeof useTexts<keyof typeof texts.en>>;

const TABS = [
  { id: 'ledger', label: 'tabLedger', permission: 'players.read' },
  { id: 'payments', label: 'tabPayments', permission: 'players.read' },
  { id: 'rounds', label: 'tabRounds', permission: 'players.read' },
  { id: 'bets', label: 'tabBets', permission: 'players.read' },
  { id: 'bonuses', label: 'tabBonuses', permission: 'players.read' },
  { id: 'tournaments', label: 'tabTournaments', permission: 'players.read' },
  { id: 'verification', label: 'tabVerification', permission: 'verification.read' },
  { id: 'sessions', label: 'tabSessions', permission: 'players.read' },
  { id: 'protection', label: 'tabProtection', permission: 'rg.read' },
  { id: 'linked', label: 'tabLinked', permission: 'players.read' },
] as const satisfies ReadonlyArray<{ id: string; label: keyof typeof texts.en; permission: Permission }>;
type TabId = (typeof TABS)[number]['id'];

const playerKey = (id: number) => ['backoffice', 'player', id] as const;

export default function PlayerScreen() {
  const t = useTexts(texts);
  const locale = useBackofficeLocale();
  const can = useCan();
  const id = Number(useParams().id);
  const table = useTableParams({ pageSize: 20 });
  const player = useQuery({ queryKey: [...playerKey(id), 'head'], queryFn: () => backofficeApi<PlayerView>('players/get', { query: { id } }), enabled: Number.isSafeInteger(id) && id > 0 });
  const tabs = TABS.filter((tab) => can(tab.permission));
  const tab: TabId = tabs.find((item) => item.id === table.filter('tab'))?.id ?? 'ledger';

  if (player.isError) return <Notice tone="bad">{t('failed', { message: fieldError(player.error, 'id') ?? String(player.error) })}</Notice>;
  if (!player.data) return <p className="bo-hint">{t('loading')}</p>;
  const p = player.data;
  const who = p.login ?? `#${p.id}`;

  return (
    <>
      <p className="bo-breadcrumb">
        <Link to={`${BACKOFFICE_PATH}/players`}>← {t('back')}</Link>
      </p>
      <PageHeader
        title={`${who}`}
        subtitle={
          <span className="bo-actions">
            <span className="bo-mono">#{p.id}</span>
            <StatusBadge status={p.status} />
            {p.is_verified && <Badge tone="info">{playerTexts[locale].verified}</Badge>}
            {p.is_test_account && <Badge tone="warn">{playerTexts[locale].test}</Badge>}
            {p.is_kyc_block_enabled && <Badge tone="warn">{t('kycBlock')}</Badge>}
            {p.tags.map((tag) => (
              <Badge key={tag}>{tag}</Badge>
            ))}
          </span>
        }
      />
      <div className="bo-player-grid">
        <ProfilePanel player={p} t={t} locale={locale} />
        <div className="bo-player-column">
          <Panel title={t('balances')}>
            <dl className="bo-balances" data-testid="balances">
              {(['main', 'bonus', 'betting_bonus', 'withdrawal_hold'] as const).map((kind) => (
                <div key={kind}>
                  <dt>{t(kind)}</dt>
                  <dd data-testid={`balance-${kind}`}>{formatAmount(p.balances[kind], p.currency, locale)}</dd>
                </div>
              ))}
            </dl>
          </Panel>
          <Panel title={t('standing')}>
            <dl className="bo-dl">
              <dt>{t('verification')}</dt>
              <dd>
                {p.verification ? <Badge tone={p.verification.status === 'approved' ? 'good' : p.verification.status === 'rejected' ? 'bad' : 'neutral'}>{p.verification.status}</Badge> : '—'}
                {p.verification?.reason && <div className="bo-hint">{p.verification.reason}</div>}
              </dd>
              <dt>{t('kycBlock')}</dt>
              <dd>{p.is_kyc_block_enabled ? t('on') : t('off')}</dd>
              <dt>{t('loyalty')}</dt>
              <dd>{p.loyalty ? t('points', { points: p.loyalty.points, lifetime: p.loyalty.lifetime_points, level: p.loyalty.level ?? '—' }) : '—'}</dd>
            </dl>
          </Panel>
          <PlayerAttributionPanel userId={p.id} />
        </div>
        <div className="bo-player-column">
          <AccountActions player={p} t={t} />
          <Can permission="players.adjust">
            <AdjustPanel player={p} t={t} locale={locale} />
          </Can>
          <Can permission="players.bonus">
            <GrantPanel player={p} t={t} locale={locale} />
          </Can>
        </div>
      </div>
      <PendingAdjustments title={t('pendingHere')} userId={p.id} onDecided={() => void player.refetch()} />
      <NotesPanel player={p} t={t} locale={locale} />
      <Can permission="risk.read">
        <PlayerRisk userId={p.id} />
      </Can>
      <nav className="bo-tabs" aria-label={t('back')}>
        {tabs.map((item) => (
          <button key={item.id} type="button" className={clsx('bo-tab', tab === item.id && 'bo-tab-on')} aria-current={tab === item.id ? 'page' : undefined} onClick={() => table.setFilters({ tab: item.id })}>
            {t(item.label)}
          </button>
        ))}
      </nav>
      {tab === 'ledger' && <LedgerTab player={p} table={table} t={t} locale={locale} />}
      {tab === 'payments' && <PaymentsTab player={p} table={table} t={t} locale={locale} />}
      {tab === 'rounds' && <RoundsTab player={p} table={table} t={t} locale={locale} />}
      {tab === 'bets' && <BetsTab player={p} table={table} t={t} locale={locale} />}
      {tab === 'bonuses' && <BonusesTab player={p} table={table} t={t} locale={locale} />}
      {tab === 'tournaments' && <TournamentsTab player={p} table={table} t={t} locale={locale} />}
      {tab === 'verification' && <VerificationTab player={p} t={t} locale={locale} />}
      {tab === 'sessions' && <SessionsTab player={p} table={table} t={t} locale={locale} />}
      {tab === 'protection' && <ProtectionTab player={p} t={t} locale={locale} />}
      {tab === 'linked' && <LinkedTab player={p} t={t} />}
    </>
  );
}

type SectionProps = { player: PlayerView; t: T; locale: BackofficeLocale };
type TableSectionProps = SectionProps & { table: ReturnType<typeof useTableParams> };

function ProfilePanel({ player: p, t, locale }: SectionProps) {
  const profile = p.profile as Record<string, string | null | undefined>;
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  const address = [profile.address, profile.postcode, profile.home_town, profile.region].filter(Boolean).join(', ');
  return (
    <Panel title={t('profile')}>
      <dl className="bo-dl" data-testid="profile">
        <dt>{t('login')}</dt>
        <dd>{p.login ?? '—'}</dd>
        <dt>{t('fakename')}</dt>
        <dd>{p.fakename ?? '—'}</dd>
        {name && (
          <>
            <dt>{t('name')}</dt>
            <dd>{name}</dd>
          </>
        )}
        {profile.birth_date && (
          <>
            <dt>{t('birth')}</dt>
            <dd>{profile.birth_date}</dd>
          </>
        )}
        {address && (
          <>
            <dt>{t('homeAddress')}</dt>
            <dd>{address}</dd>
          </>
        )}
        <dt>{t('currency')}</dt>
        <dd>{p.currency}</dd>
        <dt>{t('language')}</dt>
        <dd>{p.locale}</dd>
        <dt>{t('country')}</dt>
        <dd>{p.country ?? '—'}</dd>
        <dt>{t('registered')}</dt>
        <dd>{formatTime(p.registered_at, locale)}</dd>
        <dt>{t('signupIp')}</dt>
        <dd className="bo-mono">{p.signup_ip ?? '—'}</dd>
        <dt>{t('lastSeen')}</dt>
        <dd>{formatTime(p.last_seen_at, locale)}</dd>
        <dt>{t('twoFactor')}</dt>
        <dd>{p.two_factor ? t('on') : t('off')}</dd>
        <dt>{t('contacts')}</dt>
        <dd>
          <ul className="bo-plain-list">
            {p.contacts.map((contact) => (
              <li key={`${contact.type}:${contact.value}`}>
                <span className="bo-mono">{contact.value}</span> <span className="bo-hint">{[contact.is_login && t('loginContact'), contact.is_confirmed ? t('confirmed') : t('unconfirmed')].filter(Boolean).join(' · ')}</span>
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </Panel>
  );
}

/** Posts a write and refreshes the player; the error stays for the form to show by field. */
function usePlayerWrite(playerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, body }: { name: string; body: Record<string, unknown> }) => backofficeApi<unknown>(name, { body: { id: playerId, ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerKey(playerId) }),
  });
}

function AccountActions({ player: p, t }: { player: PlayerView; t: T }) {
  const can = useCan();
  const write = usePlayerWrite(p.id);
  const [reason, setReason] = useState('');
  const who = p.login ?? `#${p.id}`;
  if (!can('players.block') && !can('players.sessions') && !can('players.kyc-block') && !can('players.test-account')) return null;
  const run = (name: string, body: Record<string, unknown> = {}) => write.mutate({ name, body }, { onSuccess: () => setReason('') });
  const error = write.error;
  return (
    <Panel title={t('actions')}>
      <div className="bo-form">
        {write.isSuccess && <Notice tone="good">{t('done')}</Notice>}
        {fieldError(error, '_') && <Notice tone="bad">{fieldError(error, '_')}</Notice>}
        {fieldError(error, 'id') && <Notice tone="bad">{fieldError(error, 'id')}</Notice>}
        <Can permission="players.block">
          <TextArea label={t('reason')} name="reason" value={reason} onChange={(event) => setReason(event.target.value)} error={fieldError(error, 'reason')} rows={2} />
          <span className="bo-actions">
            {p.status === 'active' && (
              <Button tone="danger" disabled={write.isPending} onClick={() => run('players/ban', { reason })}>
                {t('ban')}
              </Button>
            )}
            {p.status === 'banned' && (
              <Button disabled={write.isPending} onClick={() => run('players/unban', { reason })}>
                {t('unban')}
              </Button>
            )}
            {p.status !== 'deleted' && (
              <Button tone="danger" disabled={write.isPending} onClick={() => window.confirm(t('confirmClose', { player: who })) && run('players/close', { reason })}>
                {t('close')}
              </Button>
            )}
          </span>
        </Can>
        <span className="bo-actions">
          <Can permission="players.sessions">
            <Button disabled={write.isPending} onClick={() => window.confirm(t('confirmEnd', { player: who })) && run('players/end-sessions')}>
              {t('endSessions')}
            </Button>
          </Can>
        </span>
        <Can permission="players.kyc-block">
          <Toggle label={t('kycBlock')} hint={t('kycBlockHint')} on={p.is_kyc_block_enabled} t={t} busy={write.isPending} onChange={(on) => run('players/kyc-block', { on })} />
        </Can>
        <Can permission="players.test-account">
          <Toggle label={t('testAccount')} hint={t('testAccountHint')} on={p.is_test_account} t={t} busy={write.isPending} onChange={(on) => run('players/test-account', { on })} />
        </Can>
      </div>
    </Panel>
  );
}

function Toggle({ label, hint, on, t, busy, onChange }: { label: string; hint: string; on: boolean; t: T; busy: boolean; onChange(on: boolean): void }) {
  return (
    <div className="bo-toggle">
      <div>
        <strong>{label}</strong>: {on ? t('on') : t('off')}
        <p className="bo-hint">{hint}</p>
      </div>
      <Button disabled={busy} onClick={() => onChange(!on)}>
        {on ? t('turnOff') : t('turnOn')}
      </Button>
    </div>
  );
}

function AdjustPanel({ player: p, t, locale }: SectionProps) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<AdjustmentView | null>(null);
  const adjust = useMutation({
    mutationFn: (body: { amount: string; reason: string }) => backofficeApi<AdjustmentView>('players/adjust', { body: { id: p.id, ...body } }),
    onSuccess: async (answer) => {
      setResult(answer);
      await Promise.all([queryClient.invalidateQueries({ queryKey: playerKey(p.id) }), queryClient.invalidateQueries({ queryKey: adjustmentsKey(p.id) })]);
    },
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setResult(null);
    adjust.mutate({ amount: String(form.get('amount') ?? ''), reason: String(form.get('reason') ?? '') }, { onSuccess: () => formElement.reset() });
  }
  return (
    <Panel title={t('adjust')}>
      <form className="bo-form" onSubmit={submit} noValidate>
        {result && <Notice tone="good">{result.status === 'pending' ? t('waiting', { id: result.id }) : t('applied', { amount: formatAmount(result.amount, result.currency, locale) })}</Notice>}
        {fieldError(adjust.error, '_') && <Notice tone="bad">{fieldError(adjust.error, '_')}</Notice>}
        <TextField
          label={`${t('amount')} (${p.currency})`}
          name="amount"
          inputMode="decimal"
          placeholder="+25.50"
          hint={t('amountHint', { threshold: formatAmount(p.four_eyes_threshold, p.currency, locale) })}
          error={fieldError(adjust.error, 'amount')}
        />
        <TextArea label={t('reason')} name="reason" rows={2} error={fieldError(adjust.error, 'reason')} />
        <span className="bo-actions">
          <Button type="submit" tone="primary" disabled={adjust.isPending}>
            {t('request')}
          </Button>
        </span>
      </form>
    </Panel>
  );
}

function GrantPanel({ player: p, t }: SectionProps) {
  const queryClient = useQueryClient();
  const campaigns = useQuery({ queryKey: [...playerKey(p.id), 'grantable'], queryFn: () => backofficeApi<CampaignView[]>('players/grantable-campaigns', { query: { id: p.id } }) });
  const [granted, setGranted] = useState<BonusView | null>(null);
  const grant = useMutation({
    mutationFn: (body: { campaign_id: string; reason: string }) => backofficeApi<BonusView>('players/grant-bonus', { body: { id: p.id, ...body } }),
    onSuccess: async (bonus) => {
      setGranted(bonus);
      await queryClient.invalidateQueries({ queryKey: playerKey(p.id) });
    },
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setGranted(null);
    grant.mutate({ campaign_id: String(form.get('campaign_id') ?? ''), reason: String(form.get('reason') ?? '') }, { onSuccess: () => formElement.reset() });
  }
  const options = campaigns.data ?? [];
  return (
    <Panel title={t('grant')}>
      <form className="bo-form" onSubmit={submit} noValidate>
        <p className="bo-hint">{t('grantHint')}</p>
        {granted && <Notice tone="good">{t('granted', { title: granted.title, status: granted.status })}</Notice>}
        {fieldError(grant.error, '_') && <Notice tone="bad">{fieldError(grant.error, '_')}</Notice>}
        {fieldError(grant.error, 'id') && <Notice tone="bad">{fieldError(grant.error, 'id')}</Notice>}
        {campaigns.isSuccess && !options.length ? (
          <p className="bo-hint">{t('noCampaigns', { currency: p.currency })}</p>
        ) : (
          <>
            <SelectField
              label={t('campaign')}
              name="campaign_id"
              defaultValue=""
              error={fieldError(grant.error, 'campaign_id')}
              options={[{ value: '', label: t('chooseCampaign') }, ...options.map((campaign) => ({ value: String(campaign.id), label: `${campaign.title || campaign.sysname} · ${campaign.reward.type}` }))]}
            />
            <TextArea label={t('reason')} name="reason" rows={2} error={fieldError(grant.error, 'reason')} />
            <span className="bo-actions">
              <Button type="submit" tone="primary" disabled={grant.isPending}>
                {t('grantSubmit')}
              </Button>
            </span>
          </>
        )}
      </form>
    </Panel>
  );
}

function NotesPanel({ player: p, t, locale }: SectionProps) {
  const can = useCan();
  const queryClient = useQueryClient();
  const notes = useQuery({ queryKey: [...playerKey(p.id), 'notes'], queryFn: () => backofficeApi<PlayerNoteView[]>('players/notes', { query: { id: p.id } }) });
  const write = usePlayerWrite(p.id);
  const [note, setNote] = useState('');
  const [tags, setTags] = useState(p.tags.join(', '));
  const error = write.error;
  return (
    <Panel title={t('notes')}>
      <div className="bo-notes">
        {can('players.notes') && (
          <div className="bo-form">
            <div className="bo-inline-form">
              <TextField label={t('tags')} name="tags" value={tags} onChange={(event) => setTags(event.target.value)} hint={t('tagsHint')} error={fieldError(error, 'tags')} />
              <Button disabled={write.isPending} onClick={() => write.mutate({ name: 'players/tags', body: { tags } }, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['backoffice', 'players', 'tags'] }) })}>
                {t('saveTags')}
              </Button>
            </div>
            <TextArea label={t('note')} name="note" value={note} onChange={(event) => setNote(event.target.value)} rows={3} error={fieldError(error, 'body')} />
            <span className="bo-actions">
              <Button tone="primary" disabled={write.isPending} onClick={() => write.mutate({ name: 'players/note', body: { body: note } }, { onSuccess: () => setNote('') })}>
                {t('addNote')}
              </Button>
            </span>
          </div>
        )}
        <ol className="bo-note-list" aria-label={t('notes')}>
          {!notes.data?.length && <li className="bo-hint">{t('noNotes')}</li>}
          {notes.data?.map((row) => (
            <li key={row.id}>
              <p>{row.body}</p>
              <p className="bo-hint">
                {row.author} · {formatTime(row.created_at, locale)}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </Panel>
  );
}

function usePaged<R>(name: string, p: PlayerView, table: ReturnType<typeof useTableParams>, extra: Record<string, string> = {}) {
  return useQuery({
    queryKey: [...playerKey(p.id), name, extra, table.page],
    queryFn: () => backofficeApi<{ items: R[]; total: number }>(name, { query: { id: p.id, page: table.page, limit: table.pageSize, ...extra } }),
  });
}

const money = (amount: string, currency: string, locale: BackofficeLocale) => <span className={clsx('bo-num', amount.startsWith('-') && 'bo-negative')}>{formatAmount(amount, currency, locale)}</span>;

const LEDGER_ACCOUNTS = ['main', 'bonus', 'betting_bonus', 'withdrawal_hold'] as const;

function LedgerTab({ player: p, table, t, locale }: TableSectionProps) {
  const account = LEDGER_ACCOUNTS.find((kind) => kind === table.filter('account')) ?? 'main';
  const ledger = usePaged<PlayerLedgerRow>('players/ledger', p, table, { account });
  const [error, setError] = useState<unknown>(null);
  async function exportCsv() {
    setError(null);
    try {
      const file = await backofficeApi<{ filename: string; csv: string }>('players/ledger-csv', { query: { id: p.id, account } });
      const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = file.filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (caught) {
      setError(caught);
    }
  }
  const columns: ColumnDef<PlayerLedgerRow, unknown>[] = [
    { id: 'at', header: t('time'), cell: ({ row }) => formatTime(row.original.at, locale) },
    { id: 'kind', header: t('kind'), cell: ({ row }) => <span className="bo-mono">{row.original.kind}</span> },
    { id: 'amount', header: t('amount'), cell: ({ row }) => money(row.original.amount, p.currency, locale) },
    { id: 'balance', header: t('balanceAfter'), cell: ({ row }) => money(row.original.balance_after, p.currency, locale) },
    { id: 'transaction', header: t('transaction'), cell: ({ row }) => <span className="bo-mono">{row.original.transaction_id}</span> },
  ];
  return (
    <>
      <div className="bo-filters">
        <SelectField label={t('account')} value={account} onChange={(event) => table.setFilters({ account: event.target.value })} options={LEDGER_ACCOUNTS.map((kind) => ({ value: kind, label: t(kind) }))} />
        <Button onClick={() => void exportCsv()}>{t('csv')}</Button>
        {fieldError(error, '_') && <Notice tone="bad">{fieldError(error, '_')}</Notice>}
      </div>
      <DataTable caption={t('caption', { what: t('tabLedger') })} columns={columns} rows={(ledger.data as PlayerLedgerPage | undefined)?.items} total={ledger.data?.total} loading={ledger.isLoading} table={table} rowKey={(row) => String(row.posting_id)} />
    </>
  );
}

type PaymentRow = { id: string; type: string; method: string; amount: { amount: string; currency: string }; status: string; requisites: Record<string, string>; created_at: string };

function PaymentsTab({ player: p, table, t, locale }: TableSectionProps) {
  const payments = usePaged<PaymentRow>('players/payments', p, table);
  const columns: ColumnDef<PaymentRow, unknown>[] = [
    { id: 'at', header: t('time'), cell: ({ row }) => formatTime(row.original.created_at, locale) },
    { id: 'type', header: t('type'), cell: ({ row }) => row.original.type },
    { id: 'method', header: t('method'), cell: ({ row }) => row.original.method },
    { id: 'amount', header: t('amount'), cell: ({ row }) => money(row.original.amount.amount, row.original.amount.currency, locale) },
    { id: 'status', header: t('status'), cell: ({ row }) => <Badge>{row.original.status}</Badge> },
    { id: 'requisites', header: '', cell: ({ row }) => <span className="bo-mono">{Object.values(row.original.requisites).join(' · ')}</span> },
    { id: 'id', header: t('transaction'), cell: ({ row }) => <span className="bo-mono">{row.original.id}</span> },
  ];
  return <DataTable caption={t('caption', { what: t('tabPayments') })} columns={columns} rows={payments.data?.items} total={payments.data?.total} loading={payments.isLoading} table={table} rowKey={(row) => row.id} />;
}

type RoundRow = { round_id: string; provider: string; game: { name: string }; currency: string; bet: string; win: string; net: string; status: string; started_at: string };

function RoundsTab({ player: p, table, t, locale }: TableSectionProps) {
  const rounds = usePaged<RoundRow>('players/rounds', p, table);
  const columns: ColumnDef<RoundRow, unknown>[] = [
    { id: 'at', header: t('time'), cell: ({ row }) => formatTime(row.original.started_at, locale) },
    { id: 'game', header: t('game'), cell: ({ row }) => row.original.game.name },
    { id: 'stake', header: t('stake'), cell: ({ row }) => money(row.original.bet, row.original.currency, locale) },
    { id: 'win', header: t('win'), cell: ({ row }) => money(row.original.win, row.original.currency, locale) },
    { id: 'net', header: t('net'), cell: ({ row }) => money(row.original.net, row.original.currency, locale) },
    { id: 'status', header: t('status'), cell: ({ row }) => <Badge>{row.original.status}</Badge> },
    { id: 'round', header: t('transaction'), cell: ({ row }) => <span className="bo-mono">{row.original.round_id}</span> },
  ];
  return <DataTable caption={t('caption', { what: t('tabRounds') })} columns={columns} rows={rounds.data?.items} total={rounds.data?.total} loading={rounds.isLoading} table={table} rowKey={(row) => `${row.provider}:${row.round_id}`} />;
}

function BetsTab({ player: p, table, t, locale }: TableSectionProps) {
  const bets = usePaged<BetView>('players/bets', p, table);
  const columns: ColumnDef<BetView, unknown>[] = [
    { id: 'at', header: t('time'), cell: ({ row }) => formatTime(row.original.placed_at, locale) },
    { id: 'bet', header: t('bet'), cell: ({ row }) => `${row.original.kind} · ${row.original.legs.length}` },
    { id: 'stake', header: t('stake'), cell: ({ row }) => money(row.original.stake, row.original.currency, locale) },
    { id: 'odds', header: t('odds'), cell: ({ row }) => row.original.odds },
    { id: 'return', header: t('return'), cell: ({ row }) => (row.original.return === null ? '—' : money(row.original.return, row.original.currency, locale)) },
    { id: 'status', header: t('status'), cell: ({ row }) => <Badge>{row.original.status}</Badge> },
  ];
  const can = useCan();
  return (
    <>
      {can('trading.read') && (
        <p>
          <Link to={`${BACKOFFICE_PATH}/trading/bets?user_id=${p.id}`}>{t('betsInTrading')}</Link>
        </p>
      )}
      <DataTable caption={t('caption', { what: t('tabBets') })} columns={columns} rows={bets.data?.items} total={bets.data?.total} loading={bets.isLoading} table={table} rowKey={(row) => String(row.id)} />
    </>
  );
}

function BonusesTab({ player: p, table, t, locale }: TableSectionProps) {
  const bonuses = usePaged<BonusView>('players/bonuses', p, table);
  const columns: ColumnDef<BonusView, unknown>[] = [
    { id: 'at', header: t('time'), cell: ({ row }) => formatTime(row.original.created_at, locale) },
    { id: 'title', header: t('bonusTitle'), cell: ({ row }) => `${row.original.title} (${row.original.kind})` },
    { id: 'amount', header: t('amount'), cell: ({ row }) => money(row.original.amount, row.original.currency, locale) },
    {
      id: 'wagering',
      header: t('wagering'),
      cell: ({ row }) => (row.original.wagering ? `${formatAmount(row.original.wagering.done, row.original.currency, locale)} / ${formatAmount(row.original.wagering.required, row.original.currency, locale)} (${row.original.wagering.percent}%)` : '—'),
    },
    { id: 'status', header: t('status'), cell: ({ row }) => <Badge>{row.original.status}</Badge> },
    { id: 'expires', header: t('expires'), cell: ({ row }) => formatTime(row.original.expires_at, locale) },
  ];
  return <DataTable caption={t('caption', { what: t('tabBonuses') })} columns={columns} rows={bonuses.data?.items} total={bonuses.data?.total} loading={bonuses.isLoading} table={table} rowKey={(row) => String(row.id)} />;
}

function TournamentsTab({ player: p, table, t, locale }: TableSectionProps) {
  const tournaments = usePaged<PlayerTournamentView>('players/tournaments', p, table);
  const columns: ColumnDef<PlayerTournamentView, unknown>[] = [
    { id: 'joined', header: t('joined'), cell: ({ row }) => formatTime(row.original.joined_at, locale) },
    { id: 'name', header: t('tournament'), cell: ({ row }) => row.original.name },
    { id: 'status', header: t('status'), cell: ({ row }) => <Badge tone={row.original.status === 'active' ? 'good' : 'neutral'}>{row.original.status}</Badge> },
    { id: 'ends', header: t('expires'), cell: ({ row }) => formatTime(row.original.ends_at, locale) },
    { id: 'rank', header: t('rank'), cell: ({ row }) => <span className="bo-num">{row.original.rank ?? '—'}</span> },
    { id: 'points', header: t('score'), cell: ({ row }) => <span className="bo-num">{row.original.points}</span> },
    { id: 'prize', header: t('prize'), cell: ({ row }) =>
        row.original.prize === null ? (
          '—'
        ) : (
          <>
            {money(row.original.prize, row.original.currency, locale)} {row.original.prize_kind === 'bonus' && <Badge>{t('bonus')}</Badge>}
          </>
        ),
    },
  ];
  return <DataTable caption={t('caption', { what: t('tabTournaments') })} columns={columns} rows={tournaments.data?.items} total={tournaments.data?.total} loading={tournaments.isLoading} table={table} rowKey={(row) => String(row.id)} />;
}

type CaseDocumentRow = { id: string; kind: string; status: string; name: string; content_type: string; uploaded_at: string; url: string };

function VerificationTab({ player: p, t, locale }: SectionProps) {
  const found = useQuery({ queryKey: [...playerKey(p.id), 'verification'], queryFn: () => backofficeApi<{ status: string; documents: CaseDocumentRow[] }>('verification/case', { query: { user_id: p.id } }) });
  const v = useTexts(verificationTexts);
  const label = (key: string) => (key in verificationTexts.en ? v(key as VerificationTextKey) : key);
  return (
    <Panel
      title={t('documents')}
      actions={
        <Link className="bo-button" to={`${BACKOFFICE_PATH}/verification/${p.id}`}>
          {t('openCase')}
        </Link>
      }
    >
      {found.data && <p>{<Badge tone={STATUS_TONE[found.data.status as keyof typeof STATUS_TONE] ?? 'neutral'}>{label(found.data.status)}</Badge>}</p>}
      {found.data && !found.data.documents.length && <p className="bo-hint">{t('noDocuments')}</p>}
      {!!found.data?.documents.length && (
        <ul className="bo-plain-list" data-testid="player-documents">
          {found.data.documents.map((doc) => (
            <li key={doc.id}>
              <a href={doc.url} target="_blank" rel="noreferrer">
                {label(doc.kind)}
              </a>{' '}
              <Badge tone={doc.status === 'approved' ? 'good' : doc.status === 'rejected' ? 'bad' : 'neutral'}>{doc.status}</Badge>
              <span className="bo-hint">
                {' '}
                {doc.name} · {t('uploadedAt')} {formatTime(doc.uploaded_at, locale)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function SessionsTab({ player: p, table, t, locale }: TableSectionProps) {
  const sessions = useQuery({ queryKey: [...playerKey(p.id), 'sessions'], queryFn: () => backofficeApi<PlayerSessionView[]>('players/sessions', { query: { id: p.id } }) });
  const columns: ColumnDef<PlayerSessionView, unknown>[] = [
    { id: 'address', header: t('address'), cell: ({ row }) => <span className="bo-mono">{row.original.ip ?? '—'}</span> },
    { id: 'browser', header: t('browser'), cell: ({ row }) => <span className="bo-ua">{row.original.user_agent ?? '—'}</span> },
    { id: 'started', header: t('started'), cell: ({ row }) => formatTime(row.original.created_at, locale) },
    { id: 'seen', header: t('lastSeen'), cell: ({ row }) => formatTime(row.original.last_seen_at, locale) },
    { id: 'ended', header: t('ended'), cell: ({ row }) => (row.original.active ? <Badge tone="good">{t('live')}</Badge> : formatTime(row.original.ended_at, locale)) },
  ];
  return (
    <DataTable caption={t('caption', { what: t('tabSessions') })} columns={columns} rows={sessions.data} total={sessions.data?.length} loading={sessions.isLoading} table={{ ...table, page: 1, pageSize: 100 }} rowKey={(row) => String(row.id)} />
  );
}

function ProtectionTab({ player: p, t, locale }: SectionProps) {
  const view = useQuery({
    queryKey: [...playerKey(p.id), 'protection'],
    queryFn: () => backofficeApi<ResponsibleGamingView & { exclusions: ExclusionView[] }>('players/protection', { query: { id: p.id } }),
  });
  // "Running" as of when the data came (a render stays pure).
  const now = view.dataUpdatedAt;
  if (!view.data) return <p className="bo-hint">…</p>;
  return (
    <div className="bo-grid">
      <Panel title={t('limits')}>
        {!view.data.limits.length ? (
          <p className="bo-hint">{t('noLimits')}</p>
        ) : (
          <ul className="bo-plain-list">
            {view.data.limits.map((limit) => (
              <li key={`${limit.kind}:${limit.period}`}>
                <strong>
                  {limit.kind} · {limit.period}
                </strong>
                : {limit.kind === 'session' ? `${limit.amount} ${t('minutes')}` : formatAmount(limit.amount, limit.currency, locale)}
                {limit.used !== null && <span className="bo-hint"> · {t('used', { used: limit.used, left: limit.available ?? '—' })}</span>}
                {limit.pending && <span className="bo-hint"> · {t('pendingLimit', { amount: limit.pending.amount ?? t('removal'), at: formatTime(limit.pending.effective_at, locale) })}</span>}
              </li>
            ))}
          </ul>
        )}
        <p>
          {t('realityCheck')}: {view.data.reality_check_minutes === null ? t('off') : t('everyMinutes', { n: view.data.reality_check_minutes })}
        </p>
      </Panel>
      <Panel title={t('exclusions')}>
        {!view.data.exclusions.length ? (
          <p className="bo-hint">{t('noExclusions')}</p>
        ) : (
          <ul className="bo-plain-list">
            {view.data.exclusions.map((row) => (
              <li key={`${row.kind}:${row.starts_at}`}>
                <strong>{row.kind}</strong> {row.length}: {formatTime(row.starts_at, locale)} → {formatTime(row.ends_at, locale)}{' '}
                {Date.parse(row.starts_at) <= now && Date.parse(row.ends_at) > now && <Badge tone="warn">{t('running')}</Badge>}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

function LinkedTab({ player: p, t }: { player: PlayerView; t: T }) {
  const linked = useQuery({ queryKey: [...playerKey(p.id), 'linked'], queryFn: () => backofficeApi<LinkedPlayerView[]>('players/linked', { query: { id: p.id } }) });
  const reason: Record<LinkedPlayerView['reasons'][number]['kind'], string> = { address: t('sharesAddress'), device: t('sharesDevice'), requisites: t('sharesRequisites') };
  if (!linked.data) return <p className="bo-hint">…</p>;
  if (!linked.data.length) return <Notice>{t('linkedNone')}</Notice>;
  return (
    <Panel>
      <ul className="bo-plain-list" data-testid="linked">
        {linked.data.map((row): ReactNode => (
          <li key={row.id}>
            <Link to={`${BACKOFFICE_PATH}/players/${row.id}`}>{row.login ?? `#${row.id}`}</Link> <StatusBadge status={row.status} />{' '}
            <span className="bo-hint">{row.reasons.map((item) => `${reason[item.kind]} (${item.value})`).join(' · ')}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
