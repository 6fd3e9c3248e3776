import clsx from 'clsx';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isLoggedIn } from '../../../contract/api.ts';
import type { FairnessInfo, VerifyResult } from '../../../contract/studio.ts';
import { ApiError } from '../../lib/api-error.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { useLocalizedPath, useRootData } from '../../lib/locale.ts';
import { Button } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { Panel } from '../../ui/panel.tsx';
import { DateTime } from '../cashier/parts.tsx';
import { PageHeading } from '../pages/page-meta.tsx';
import { gameImage, gameName, type Game } from '../games/types.ts';
import { studioApi } from '../studio/api.ts';
import { outcomeFacts, prettyJson } from './outcome.ts';

/** Round ids of the studio: UUIDs. Only its rounds have seeds to verify. */
export const ROUND_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Client seeds: 1-64 of A-Z a-z 0-9 _ - (docs/studio.md). */
const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

type Verification = { kind: 'idle' } | { kind: 'loading'; roundId: string } | { kind: 'done'; result: VerifyResult } | { kind: 'error'; message: string };

const STEPS: Array<{ key: string; icon: IconName }> = [
  { key: 'commit', icon: 'lock' },
  { key: 'client', icon: 'user' },
  { key: 'nonce', icon: 'history' },
  { key: 'draw', icon: 'dice' },
];

/**
 * /fairness: what provably fair means here (docs/games-math.md), a verifier that replays a round
 * from its revealed seeds (games/verifyRound) and shows the recorded and the replayed outcome side
 * by side, and for a signed-in player the seed pairs with a rotation.
 */
export function VerifierPageView({ round, games }: { round: string | null; games: Game[] }) {
  const { t } = useTranslation('fairness');
  const root = useRootData();
  const signedIn = isLoggedIn(root?.user);
  // A rotation reveals seeds: the round on show is verified again.
  const [rotations, setRotations] = useState(0);
  return (
    <div className="pb-10" data-testid="fairness-page">
      <PageHeading title={t('title')} subtitle={t('subtitle')} />

      <div className="grid gap-6 laptop:grid-cols-[minmax(0,1fr)_380px] laptop:items-start">
        <div className="min-w-0 space-y-6">
          <Panel icon="shield" title={t('verify.title')} text={t('verify.text')} testId="fairness-verify">
            {/* A new ?round= is a new verification: its form and result start over. */}
            <RoundVerifier key={round ?? ''} round={round} refresh={rotations} />
          </Panel>
          {signedIn && <SeedPairs onRotated={() => setRotations((count) => count + 1)} />}
          {games.length > 0 && <FairGames games={games} />}
        </div>

        <HowItWorks />
      </div>
    </div>
  );
}

/** The round id form and, for the ?round= of the address, the verification (games/verifyRound). */
function RoundVerifier({ round, refresh }: { round: string | null; refresh: number }) {
  const { t } = useTranslation('fairness');
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [input, setInput] = useState(round ?? '');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Verification>(() =>
    !round ? { kind: 'idle' } : ROUND_ID.test(round) ? { kind: 'loading', roundId: round } : { kind: 'error', message: t('verify.badId') },
  );

  useEffect(() => {
    if (!round || !ROUND_ID.test(round)) return;
    let live = true;
    studioApi
      .verifyRound(round)
      .then((result) => live && setState({ kind: 'done', result }))
      .catch((error: unknown) => {
        if (!live) return;
        const missing = error instanceof ApiError && error.status === 404;
        setState({ kind: 'error', message: missing ? t('verify.notFound') : t('verify.failed') });
      });
    return () => {
      live = false;
    };
  }, [round, t, attempt, refresh]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = input.trim();
    if (!ROUND_ID.test(value)) {
      setState({ kind: 'error', message: t('verify.badId') });
      return;
    }
    if (value === round) {
      setState({ kind: 'loading', roundId: value });
      setAttempt((count) => count + 1);
      return;
    }
    void navigate(`${localize('/fairness')}?round=${encodeURIComponent(value)}`, { preventScrollReset: true });
  };

  return (
    <>
      <form onSubmit={submit} className="grid gap-2 tablet:grid-cols-[minmax(0,1fr)_auto]" noValidate>
        <label htmlFor="round-id" className="sr-only">
          {t('verify.label')}
        </label>
        <input
          id="round-id"
          name="round"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder={t('verify.placeholder')}
          autoComplete="off"
          spellCheck={false}
          className="h-11 w-full min-w-0 rounded-xl bg-ink-900 px-4 font-mono text-sm text-white ring-1 ring-white/10 placeholder:font-sans placeholder:text-ink-400 focus:ring-2 focus:ring-gold-400 focus:outline-none"
          data-testid="fairness-round-input"
        />
        <Button type="submit" disabled={state.kind === 'loading'} data-testid="fairness-verify-submit">
          <Icon name="shield" size={18} />
          {t('verify.submit')}
        </Button>
      </form>
      <div className="mt-5">
        {state.kind === 'loading' && <div className="h-40 animate-pulse rounded-2xl bg-white/5" aria-label={t('verify.loading')} />}
        {state.kind === 'error' && (
          <p className="rounded-2xl bg-ruby-500/10 px-4 py-3 text-sm text-ruby-400 ring-1 ring-ruby-500/30" role="alert" data-testid="fairness-error">
            {state.message}
          </p>
        )}
        {state.kind === 'done' && <VerifyOutcome result={state.result} />}
        {state.kind === 'idle' && <p className="rounded-2xl border border-dashed border-white/10 px-4 py-6 text-center text-sm text-ink-400">{t('verify.hint')}</p>}
      </div>
    </>
  );
}

function Check({ ok, label, testId }: { ok: boolean | null; label: string; testId: string }) {
  return (
    <li className="flex items-center gap-3" data-testid={testId} data-ok={ok === null ? 'unknown' : String(ok)}>
      <span
        className={clsx(
          'grid h-6 w-6 shrink-0 place-items-center rounded-full ring-1',
          ok === null ? 'bg-white/5 text-ink-400 ring-white/10' : ok ? 'bg-jade-500/15 text-jade-400 ring-jade-400/40' : 'bg-ruby-500/15 text-ruby-400 ring-ruby-400/40',
        )}
      >
        <Icon name={ok === null ? 'clock' : ok ? 'check' : 'close'} size={14} />
      </span>
      <span className="text-sm text-ink-200">{label}</span>
    </li>
  );
}

function Mono({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] font-bold tracking-[0.14em] text-ink-400 uppercase">{label}</dt>
      <dd className="mt-1 rounded-lg bg-black/40 px-3 py-2 font-mono text-xs break-all text-ink-100 ring-1 ring-white/5" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function VerifyOutcome({ result }: { result: VerifyResult }) {
  const { t } = useTranslation('fairness');
  const revealed = result.server_seed !== null;
  const verified = revealed && result.hash_matches === true && result.matches === true;
  return (
    <div className="space-y-5" data-testid="fairness-result" data-verdict={!revealed ? 'pending' : verified ? 'match' : 'mismatch'}>
      {!revealed ? (
        <div className="flex gap-3 rounded-2xl bg-gold-500/10 p-4 ring-1 ring-gold-500/30" data-testid="fairness-not-revealed">
          <Icon name="lock" size={22} className="mt-0.5 shrink-0 text-gold-300" />
          <div>
            <p className="font-bold text-gold-300">{t('result.notRevealedTitle')}</p>
            <p className="mt-1 text-sm text-ink-200">{t('result.notRevealedText')}</p>
            <LocalLink to={`/game/${result.game}`} className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-gold-300 hover:text-gold-400">
              {t('result.openGame')}
              <Icon name="chevronRight" size={16} />
            </LocalLink>
          </div>
        </div>
      ) : (
        <div
          className={clsx('flex items-center gap-3 rounded-2xl p-4 ring-1', verified ? 'bg-jade-500/10 ring-jade-400/40' : 'bg-ruby-500/10 ring-ruby-400/40')}
          data-testid="fairness-verdict"
        >
          <span className={clsx('grid h-11 w-11 shrink-0 place-items-center rounded-xl', verified ? 'bg-jade-500/20 text-jade-400' : 'bg-ruby-500/20 text-ruby-400')}>
            <Icon name={verified ? 'check' : 'alert'} size={24} />
          </span>
          <div>
            <p className={clsx('text-lg font-extrabold', verified ? 'text-jade-400' : 'text-ruby-400')}>{t(verified ? 'result.match' : 'result.mismatch')}</p>
            <p className="text-sm text-ink-300">{t(verified ? 'result.matchText' : 'result.mismatchText')}</p>
          </div>
        </div>
      )}

      <ul className="space-y-2">
        <Check ok={result.hash_matches} label={t('result.hashCheck')} testId="fairness-hash-check" />
        <Check ok={result.matches} label={t('result.outcomeCheck')} testId="fairness-outcome-check" />
      </ul>

      <dl className="grid gap-3 tablet:grid-cols-2">
        <Mono label={t('result.round')} value={result.round_id} />
        <Mono
          label={t('result.game')}
          value={
            <LocalLink to={`/game/${result.game}`} className="text-gold-300 hover:text-gold-400">
              {result.game}
            </LocalLink>
          }
        />
        <Mono label={t('result.clientSeed')} value={result.client_seed} testId="fairness-client-seed" />
        <Mono label={t('result.nonce')} value={String(result.nonce)} testId="fairness-nonce" />
        <Mono label={t('result.serverSeedHash')} value={result.server_seed_hash} testId="fairness-hash" />
        <Mono label={t('result.serverSeed')} value={result.server_seed ?? t('result.hidden')} testId="fairness-server-seed" />
        <Mono label={t('result.playedAt')} value={<DateTime iso={result.created_at} />} />
        {result.actions.length > 0 && <Mono label={t('result.actions')} value={result.actions.join(', ')} />}
      </dl>

      <div className="grid gap-3 tablet:grid-cols-2" data-testid="fairness-outcomes">
        <OutcomeCard title={t('result.recorded')} engine={result.engine} outcome={result.recorded} testId="fairness-recorded" />
        <OutcomeCard
          title={t('result.replayed')}
          engine={result.engine}
          outcome={result.replayed}
          testId="fairness-replayed"
          tone={result.matches === null ? 'pending' : result.matches ? 'match' : 'mismatch'}
        />
      </div>
    </div>
  );
}

function OutcomeCard({
  title,
  engine,
  outcome,
  testId,
  tone = 'neutral',
}: {
  title: string;
  engine: VerifyResult['engine'];
  outcome: Record<string, unknown> | null;
  testId: string;
  tone?: 'neutral' | 'match' | 'mismatch' | 'pending';
}) {
  const { t } = useTranslation('fairness');
  const facts = outcomeFacts(engine, outcome);
  return (
    <section
      className={clsx(
        'min-w-0 rounded-2xl bg-ink-900/70 p-4 ring-1',
        tone === 'match' ? 'ring-jade-400/40' : tone === 'mismatch' ? 'ring-ruby-400/50' : 'ring-white/10',
      )}
      data-testid={testId}
    >
      <h3 className="mb-3 flex items-center gap-2 text-sm font-bold">
        {title}
        {tone === 'match' && <Icon name="check" size={16} className="text-jade-400" />}
        {tone === 'mismatch' && <Icon name="alert" size={16} className="text-ruby-400" />}
      </h3>
      {outcome ? (
        <>
          <dl className="space-y-1.5">
            {facts.map((fact) => (
              <div key={fact.key} className="flex items-baseline justify-between gap-3 text-sm">
                <dt className="text-ink-400">{t(`facts.${fact.key}`)}</dt>
                <dd className="min-w-0 text-right font-mono font-semibold break-words text-white">
                  {fact.key === 'result' || fact.key === 'coup' || fact.key === 'pokerHand' ? t(`facts.${fact.value}`) : fact.value}
                </dd>
              </div>
            ))}
          </dl>
          {engine === 'mines' && <MinesBoard outcome={outcome} />}
          <details className="mt-3 group">
            <summary className="cursor-pointer text-xs font-semibold text-ink-400 select-none hover:text-ink-200">{t('result.json')}</summary>
            <pre className="mt-2 max-h-72 overflow-auto rounded-lg bg-black/50 p-3 text-[11px] leading-relaxed text-ink-200">{prettyJson(outcome)}</pre>
          </details>
        </>
      ) : (
        <p className="text-sm text-ink-400">{t('result.replayPending')}</p>
      )}
    </section>
  );
}

/** The signed-in player's seed pairs: the active one (hash, client seed, next nonce), a rotation, the revealed ones. */
function SeedPairs({ onRotated }: { onRotated: () => void }) {
  const { t } = useTranslation('fairness');
  const [info, setInfo] = useState<FairnessInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [clientSeed, setClientSeed] = useState('');
  const [rotating, setRotating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    studioApi
      .fairness()
      .then((answer) => {
        if (!live) return;
        setInfo(answer);
        setClientSeed(answer.active.client_seed);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const seedOk = CLIENT_SEED.test(clientSeed);
  async function rotate() {
    if (!info) return;
    setRotating(true);
    setError(null);
    try {
      const result = await studioApi.rotateSeed(clientSeed === info.active.client_seed ? undefined : clientSeed);
      setInfo({ active: result.active, revealed: [result.revealed, ...info.revealed] });
      setClientSeed(result.active.client_seed);
      onRotated();
    } catch (caught) {
      setError(caught instanceof ApiError ? (Object.values(caught.fields)[0] ?? caught.message) : t('seeds.rotateFailed'));
    } finally {
      setRotating(false);
    }
  }

  return (
    <Panel icon="key" title={t('seeds.title')} text={t('seeds.text')} testId="fairness-seeds">
      {failed && <p className="text-sm text-ruby-400">{t('seeds.failed')}</p>}
      {!info && !failed && <div className="h-32 animate-pulse rounded-2xl bg-white/5" />}
      {info && (
        <div className="space-y-5">
          <dl className="grid gap-3 tablet:grid-cols-[minmax(0,1fr)_120px]">
            <Mono label={t('seeds.activeHash')} value={info.active.server_seed_hash} testId="fairness-active-hash" />
            <Mono label={t('seeds.nextNonce')} value={String(info.active.nonce)} />
          </dl>
          <div className="flex flex-col gap-2 tablet:flex-row tablet:items-end">
            <label className="flex min-w-0 flex-col gap-1 tablet:flex-1 text-[11px] font-bold tracking-[0.14em] text-ink-400 uppercase">
              {t('seeds.clientSeed')}
              <input
                value={clientSeed}
                onChange={(event) => setClientSeed(event.target.value)}
                maxLength={64}
                spellCheck={false}
                className={clsx(
                  'h-11 rounded-xl bg-ink-900 px-3 font-mono text-sm tracking-normal text-white normal-case ring-1 focus:ring-2 focus:outline-none',
                  seedOk ? 'ring-white/10 focus:ring-gold-400' : 'ring-ruby-400/60 focus:ring-ruby-400',
                )}
                data-testid="fairness-client-seed-input"
              />
            </label>
            <Button onClick={() => void rotate()} disabled={!seedOk || rotating} data-testid="fairness-rotate">
              <Icon name="key" size={18} />
              {rotating ? t('seeds.rotating') : t('seeds.rotate')}
            </Button>
          </div>
          <p className="text-xs text-ink-400">{t('seeds.rotateHint')}</p>
          {error && (
            <p className="text-sm text-ruby-400" role="alert">
              {error}
            </p>
          )}
          <div>
            <h3 className="mb-2 text-sm font-bold">{t('seeds.revealed')}</h3>
            {info.revealed.length === 0 ? (
              <p className="text-sm text-ink-400">{t('seeds.noneRevealed')}</p>
            ) : (
              <ul className="space-y-2" data-testid="fairness-revealed">
                {info.revealed.map((seed) => (
                  <li key={seed.server_seed_hash} className="space-y-1 rounded-xl bg-ink-900/70 p-3 ring-1 ring-white/5">
                    <p className="flex flex-wrap items-center justify-between gap-2 text-xs text-ink-400">
                      <span>{t('seeds.rounds', { count: seed.rounds, client: seed.client_seed })}</span>
                      <DateTime iso={seed.revealed_at} />
                    </p>
                    <p className="font-mono text-[11px] break-all text-ink-100">
                      <span className="text-ink-400">{t('seeds.server')} </span>
                      {seed.server_seed}
                    </p>
                    <p className="font-mono text-[11px] break-all text-ink-300">
                      <span className="text-ink-400">SHA-256 </span>
                      {seed.server_seed_hash}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Panel>
  );
}

/** The games whose rounds this page verifies: the studio's provably fair games. */
function FairGames({ games }: { games: Game[] }) {
  const { t } = useTranslation('fairness');
  return (
    <Panel icon="dice" title={t('games.title')} text={t('games.text')} testId="fairness-games">
      <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-4">
        {games.map((game) => (
          <li key={game.sysname}>
            <LocalLink to={`/game/${game.sysname}`} className="group block rounded-2xl outline-none focus-visible:ring-2 focus-visible:ring-gold-400">
              <div className="aspect-[3/2] overflow-hidden rounded-2xl bg-ink-800 ring-1 ring-white/10 transition group-hover:ring-gold-400/60">
                <img src={gameImage(game)} alt="" width={288} height={192} loading="lazy" className="h-full w-full object-cover transition duration-300 group-hover:scale-105" />
              </div>
              <p className="mt-2 truncate text-sm font-semibold text-white">{gameName(game)}</p>
            </LocalLink>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The scheme in four steps, and the formula (docs/games-math.md section 1). */
function HowItWorks() {
  const { t } = useTranslation('fairness');
  return (
    <aside className="space-y-4" aria-labelledby="how-title" data-testid="fairness-how">
      <div className="rounded-3xl border border-white/5 bg-gradient-to-br from-violet-600/20 via-ink-850/80 to-ink-850/80 p-5 tablet:p-6">
        <h2 id="how-title" className="text-lg font-bold">
          {t('how.title')}
        </h2>
        <ol className="mt-4 space-y-4">
          {STEPS.map((step, index) => (
            <li key={step.key} className="flex gap-3">
              <span className="relative grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-gold-500/15 text-gold-300 ring-1 ring-gold-400/25">
                <Icon name={step.icon} size={18} />
                <span className="absolute -top-1.5 -right-1.5 grid h-4 w-4 place-items-center rounded-full bg-ink-950 text-[10px] font-bold text-gold-300 ring-1 ring-gold-400/40">
                  {index + 1}
                </span>
              </span>
              <div>
                <h3 className="text-sm font-bold">{t(`how.${step.key}.title`)}</h3>
                <p className="mt-0.5 text-sm leading-relaxed text-ink-300">{t(`how.${step.key}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <div className="rounded-3xl border border-white/5 bg-ink-850/80 p-5 tablet:p-6">
        <h2 className="text-sm font-bold">{t('how.formulaTitle')}</h2>
        <pre className="mt-3 overflow-x-auto rounded-xl bg-black/50 p-3 font-mono text-[11px] leading-relaxed text-jade-400 ring-1 ring-white/5">
          {`digest(r) = HMAC-SHA256(
  key = server_seed,
  msg = "client_seed:nonce:r")
words  = 8 × uint32 (big-endian)
int(n) = next w < 2³² − (2³² mod n)
         ? w mod n : reject, next`}
        </pre>
        <p className="mt-3 text-xs leading-relaxed text-ink-400">{t('how.formulaText')}</p>
      </div>
    </aside>
  );
}

/** A Mines round's board: gems turned (green), the mine hit (red), the other mines (dots, once known). */
function MinesBoard({ outcome }: { outcome: Record<string, unknown> }) {
  const picks = Array.isArray(outcome.picks) ? (outcome.picks as number[]) : [];
  const minesAt = Array.isArray(outcome.minesAt) ? (outcome.minesAt as number[]) : null;
  return (
    <div className="mt-3 grid w-40 grid-cols-5 gap-1" aria-hidden="true" data-testid="verify-mines-board">
      {Array.from({ length: 25 }, (_, tile) => {
        const mine = minesAt?.includes(tile) ?? false;
        const picked = picks.includes(tile);
        return (
          <span
            key={tile}
            className={clsx(
              'grid aspect-square place-items-center rounded text-[9px] font-bold',
              picked ? (mine ? 'bg-ruby-500 text-white' : 'bg-jade-500 text-ink-950') : 'bg-white/10 text-ink-400',
            )}
            data-look={picked ? (mine ? 'boom' : 'gem') : mine ? 'mine' : 'hidden'}
          >
            {mine ? '●' : tile}
          </span>
        );
      })}
    </div>
  );
}
