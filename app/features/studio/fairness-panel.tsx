import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FairnessState, RevealedSeed, RoundView } from '../../../contract/studio.ts';
import { LocalLink } from '../../lib/local-link.tsx';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { studioApi } from './api.ts';
import { describeStudioError, type StudioError } from './errors.ts';
import { ErrorNotice } from './error-notice.tsx';

/** A random client seed: 16 hex characters from the browser's CSPRNG. */
export function randomClientSeed(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Client seeds: 1-64 of A-Z a-z 0-9 _ - (docs/studio.md; ":" separates the HMAC message). */
const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;
export const isValidClientSeed = (seed: string) => CLIENT_SEED.test(seed);

function Mono({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-[11px] font-bold tracking-[0.14em] text-ink-400 uppercase">{label}</dt>
      <dd className="mt-1 rounded-lg bg-black/40 px-3 py-2 font-mono text-xs break-all text-ink-100 ring-1 ring-white/5" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Provably fair: the server seed's hash committed before play, the client seed (editable: it
 * takes effect with the next rotation), the nonce of the next round, a rotation that reveals the
 * seed in use, and the verifier of the last round.
 */
export function FairnessPanel({
  active,
  lastRound,
  onRotated,
  busy,
}: {
  active: FairnessState;
  lastRound: RoundView | null;
  onRotated: (active: FairnessState, revealed: RevealedSeed) => void;
  /** A round is under way: no rotation now. */
  busy: boolean;
}) {
  const { t } = useTranslation('studio');
  const [clientSeed, setClientSeed] = useState(active.client_seed);
  const [rotating, setRotating] = useState(false);
  const [error, setError] = useState<StudioError | null>(null);
  const [revealed, setRevealed] = useState<RevealedSeed[]>([]);
  useEffect(() => {
    let live = true;
    studioApi
      .fairness()
      .then((info) => live && setRevealed(info.revealed.slice(0, 3)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const seedOk = isValidClientSeed(clientSeed);

  const rotate = async () => {
    if (!seedOk) return;
    setRotating(true);
    setError(null);
    try {
      const result = await studioApi.rotateSeed(clientSeed === active.client_seed ? undefined : clientSeed);
      onRotated(result.active, result.revealed);
      setRevealed((list) => [result.revealed, ...list.filter((r) => r.server_seed_hash !== result.revealed.server_seed_hash)].slice(0, 3));
      setClientSeed(result.active.client_seed);
    } catch (caught) {
      setError(describeStudioError(caught));
    } finally {
      setRotating(false);
    }
  };

  return (
    <div className="space-y-6 text-sm" data-testid="fairness-panel">
      <p className="flex gap-3 rounded-2xl bg-jade-500/10 p-3 text-ink-200 ring-1 ring-jade-400/20">
        <Icon name="shield" size={20} className="mt-0.5 shrink-0 text-jade-400" />
        <span>{t('fair.intro')}</span>
      </p>
      <dl className="space-y-4">
        <Mono label={t('fair.serverSeedHash')} value={active.server_seed_hash} testId="fair-hash" />
        <div className="grid grid-cols-[1fr_auto] gap-3">
          <Mono label={t('fair.clientSeed')} value={active.client_seed} testId="fair-client-seed" />
          <div>
            <dt className="text-[11px] font-bold tracking-[0.14em] text-ink-400 uppercase">{t('fair.nonce')}</dt>
            <dd className="mt-1 rounded-lg bg-black/40 px-3 py-2 text-center font-mono text-xs text-gold-300 ring-1 ring-white/5" data-testid="fair-nonce">
              {active.nonce}
            </dd>
          </div>
        </div>
      </dl>

      <section className="space-y-3 rounded-2xl bg-white/[0.03] p-4 ring-1 ring-white/5">
        <h3 className="font-bold text-white">{t('fair.rotateTitle')}</h3>
        <p className="text-ink-300">{t('fair.rotateText')}</p>
        <label className="block">
          <span className="text-[11px] font-bold tracking-[0.14em] text-ink-400 uppercase">{t('fair.nextClientSeed')}</span>
          <div className="mt-1 flex gap-2">
            <input
              value={clientSeed}
              onChange={(event) => setClientSeed(event.target.value)}
              maxLength={64}
              spellCheck={false}
              aria-invalid={!seedOk}
              className="h-10 min-w-0 flex-1 rounded-lg bg-black/40 px-3 font-mono text-xs text-white ring-1 ring-white/10 outline-none focus:ring-gold-400"
              data-testid="fair-client-seed-input"
            />
            <button
              type="button"
              onClick={() => setClientSeed(randomClientSeed())}
              className="h-10 rounded-lg bg-white/5 px-3 text-xs font-semibold text-ink-200 ring-1 ring-white/10 hover:bg-white/10"
            >
              {t('fair.random')}
            </button>
          </div>
          {!seedOk && <span className="mt-1 block text-xs text-ruby-400">{t('fair.clientSeedRule')}</span>}
        </label>
        <Button onClick={() => void rotate()} disabled={!seedOk || rotating || busy} className="w-full" data-testid="fair-rotate">
          <Icon name="key" size={16} />
          {rotating ? t('fair.rotating') : t('fair.rotate')}
        </Button>
        {error && <ErrorNotice error={error} onClose={() => setError(null)} compact />}
      </section>

      {revealed.length > 0 && (
        <section className="space-y-3">
          <h3 className="font-bold text-white">{t('fair.revealedTitle')}</h3>
          <ul className="space-y-3">
            {revealed.map((seed) => (
              <li key={seed.server_seed_hash} className="space-y-2 rounded-2xl bg-white/[0.03] p-3 ring-1 ring-white/5" data-testid="fair-revealed">
                <Mono label={t('fair.serverSeed')} value={seed.server_seed} />
                <Mono label={t('fair.serverSeedHash')} value={seed.server_seed_hash} />
                <p className="text-xs text-ink-400">{t('fair.revealedRounds', { count: seed.rounds, client: seed.client_seed })}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="space-y-2">
        <h3 className="font-bold text-white">{t('fair.lastRound')}</h3>
        {lastRound ? (
          <p className="text-ink-300">
            {t('fair.lastRoundText', { nonce: lastRound.nonce })}{' '}
            <LocalLink to={`/fairness?round=${encodeURIComponent(lastRound.round_id)}`} target="_blank" className="font-semibold text-gold-300 underline underline-offset-2 hover:text-gold-400" data-testid="fair-verify-link">
              {t('fair.verify')}
            </LocalLink>
          </p>
        ) : (
          <p className="text-ink-400">{t('fair.noRound')}</p>
        )}
      </section>
    </div>
  );
}
