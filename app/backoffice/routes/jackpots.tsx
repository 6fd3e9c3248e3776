import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { JACKPOT_MAX_BPS, type AdminPoolView } from '../../../contract/backoffice-games.ts';
import { backofficeApi, fieldError } from '../api.ts';
import { GAMES_KEY, useGamesWrite } from '../games-shared.tsx';
import { defineTexts, useBackofficeLocale, useTexts } from '../i18n.ts';
import { useCan } from '../session.tsx';
import { Badge, Button, Notice, PageHeader, Panel, TextField } from '../ui/controls.tsx';
import { formatTime } from '../ui/format.ts';
import '../games.css';

const texts = defineTexts({
  en: {
    title: 'Jackpot pools',
    subtitle: 'What each pool holds now, what it is fed with and who won it last. A new seed applies from the next cycle and a new share from the next bet: changing them moves no money.',
    now: 'now',
    cycle: 'Cycle {n}, since {at}',
    cycleSeed: 'This cycle started at',
    seed: 'Seed of the next cycle',
    seedHint: 'From the next cycle on.',
    share: 'Share of each bet (bp)',
    shareHint: 'Basis points: 100 = 1 %; 0 to {max}.',
    odds: 'Drops on average once per',
    minBet: 'Smallest eligible bet',
    games: 'Eligible games',
    allEngine: 'every studio game',
    gamesCount: '{n} games',
    hits: 'Latest hits',
    noHits: 'Not won yet.',
    player: 'player #{id}',
    save: 'Save for the future',
    saved: 'Saved: seed {seed}, share {bps} bp.',
    active: 'Live',
    inactive: 'Paused',
    readOnly: 'Your role may look, not change.',
    money: 'Seeds are paid from the house’s game account through the ledger when a cycle starts, never from here.',
  },
  fr: {
    title: 'Cagnottes',
    subtitle: 'Ce que contient chaque cagnotte, ce qui l’alimente et ses derniers gagnants. Une nouvelle mise de départ vaut dès le prochain cycle, une nouvelle part dès la prochaine mise : les changer ne déplace pas d’argent.',
    now: 'maintenant',
    cycle: 'Cycle {n}, depuis le {at}',
    cycleSeed: 'Ce cycle a démarré à',
    seed: 'Mise de départ du prochain cycle',
    seedHint: 'Dès le prochain cycle.',
    share: 'Part de chaque mise (pb)',
    shareHint: 'Points de base : 100 = 1 % ; de 0 à {max}.',
    odds: 'Tombe en moyenne une fois par',
    minBet: 'Plus petite mise éligible',
    games: 'Jeux éligibles',
    allEngine: 'tous les jeux du studio',
    gamesCount: '{n} jeux',
    hits: 'Derniers gains',
    noHits: 'Pas encore gagnée.',
    player: 'joueur n° {id}',
    save: 'Enregistrer pour la suite',
    saved: 'Enregistré : mise de départ {seed}, part {bps} pb.',
    active: 'En cours',
    inactive: 'En pause',
    readOnly: 'Votre rôle permet de consulter, pas de modifier.',
    money: 'Les mises de départ sont payées par le compte de jeu de la maison via le grand livre au début d’un cycle, jamais d’ici.',
  },
});

type T = ReturnType<typeof useTexts<keyof (typeof texts)['en']>>;

export default function JackpotsScreen() {
  const t = useTexts(texts);
  const manage = useCan()('games.manage');
  const pools = useQuery({ queryKey: [...GAMES_KEY, 'jackpots'], queryFn: () => backofficeApi<AdminPoolView[]>('games/jackpots') });
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {!manage && <Notice>{t('readOnly')}</Notice>}
      <p className="bo-hint">{t('money')}</p>
      <div className="bo-pools">
        {(pools.data ?? []).map((pool) => (
          <PoolCard key={pool.id} pool={pool} t={t} manage={manage} />
        ))}
      </div>
    </>
  );
}

function PoolCard({ pool, t, manage }: { pool: AdminPoolView; t: T; manage: boolean }) {
  const locale = useBackofficeLocale();
  const configure = useGamesWrite<{ seed: string; contribution_bps: number }>('games/jackpot-configure');
  const name = pool.names[locale] ?? pool.names.en ?? pool.jackpot;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    configure.mutate({ id: pool.id, seed: String(form.get('seed') ?? '').trim(), contribution_bps: String(form.get('contribution_bps') ?? '').trim() });
  }

  return (
    <Panel
      title={`${name} · ${pool.currency}`}
      actions={<Badge tone={pool.is_active ? 'good' : 'warn'}>{pool.is_active ? t('active') : t('inactive')}</Badge>}
      className="bo-pool"
    >
      <p className="bo-pool-amount" data-testid={`pool-amount-${pool.id}`}>
        {pool.amount} {pool.currency}
        <small>{t('now')}</small>
      </p>
      <dl className="bo-dl">
        <dt>{t('cycleSeed')}</dt>
        <dd>
          {pool.cycle_seed} {pool.currency}
          <div className="bo-hint">{t('cycle', { n: pool.cycle + 1, at: formatTime(pool.cycle_started_at, locale) })}</div>
        </dd>
        <dt>{t('odds')}</dt>
        <dd>
          {pool.trigger_stake} {pool.currency}
        </dd>
        <dt>{t('minBet')}</dt>
        <dd>
          {pool.min_bet} {pool.currency}
        </dd>
        <dt>{t('games')}</dt>
        <dd>
          <EligibleGames games={pool.games} t={t} />
        </dd>
      </dl>
      <h3 className="bo-hint">{t('hits')}</h3>
      {pool.hits.length ? (
        <ul className="bo-hits">
          {pool.hits.map((hit) => (
            <li key={hit.cycle}>
              <span>
                {formatTime(hit.at, locale)} · {t('player', { id: hit.user_id })} · {hit.game}
              </span>
              <strong>
                {hit.amount} {pool.currency}
              </strong>
            </li>
          ))}
        </ul>
      ) : (
        <p className="bo-hint">{t('noHits')}</p>
      )}
      <form className="bo-pool-form" onSubmit={submit} key={`${pool.seed}|${pool.contribution_bps}`}>
        <TextField label={t('seed')} name="seed" defaultValue={pool.seed} inputMode="decimal" disabled={!manage} hint={t('seedHint')} error={fieldError(configure.error, 'seed')} />
        <TextField
          label={t('share')}
          name="contribution_bps"
          defaultValue={String(pool.contribution_bps)}
          inputMode="numeric"
          disabled={!manage}
          hint={t('shareHint', { max: JACKPOT_MAX_BPS })}
          error={fieldError(configure.error, 'contribution_bps')}
        />
        {manage && (
          <Button type="submit" tone="primary" disabled={configure.isPending}>
            {t('save')}
          </Button>
        )}
      </form>
      {configure.isSuccess && <Notice tone="good">{t('saved', { seed: configure.data.seed, bps: configure.data.contribution_bps })}</Notice>}
      {fieldError(configure.error, '_') && <Notice tone="bad">{fieldError(configure.error, '_')}</Notice>}
    </Panel>
  );
}

/** A short list of games as it is; a long one folded behind its count, so the card keeps its height. */
function EligibleGames({ games, t }: { games: string[] | null; t: T }) {
  if (!games) return <>{t('allEngine')}</>;
  if (games.length <= 3) return <>{games.join(', ')}</>;
  return (
    <details>
      <summary>{t('gamesCount', { n: games.length })}</summary>
      <p>{games.join(', ')}</p>
    </details>
  );
}
