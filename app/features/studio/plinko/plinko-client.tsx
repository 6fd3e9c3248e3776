import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../../ui/segmented.tsx';
import { PlayBar, RecentRounds } from '../controls.tsx';
import { useAnimationProgress, usePrimaryAction, useWait } from '../hooks.ts';
import { isPositive, showAmount } from '../money.ts';
import { outcomeOf, type PlinkoOutcomeView, type StudioClientProps } from '../types.ts';
import { BOARD_WIDTH, ballAt, boardOf, fallDuration, MAX_ROWS, MIN_ROWS, multipliersFor, pathPoints, payout, RISKS, showMultiplier, slotColour, type PlinkoRisk } from './plinko-logic.ts';

const HISTORY = 14;

/**
 * Plinko: the player picks 8 to 16 rows and a risk, drops a ball; the server's round carries its
 * path (one left/right per row, from the seeds) and the board replays it peg by peg into the slot
 * the wallet paid. Under reduced motion the ball is shown in its slot at once.
 */
export default function PlinkoClient({ session }: StudioClientProps) {
  const { t } = useTranslation('studio');
  const wait = useWait();
  const { reducedMotion, stake } = session;
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [falling, setFalling] = useState<{ key: number; outcome: PlinkoOutcomeView } | null>(null);
  const [last, setLast] = useState<PlinkoOutcomeView | null>(null);
  const [history, setHistory] = useState<PlinkoOutcomeView[]>([]);
  const [rounds, setRounds] = useState(0);
  const locked = falling !== null || session.busy;

  const drop = useCallback(async () => {
    if (locked) return;
    session.clearError();
    const round = await session.play({ amount: stake, rows, risk }, stake);
    if (!round) return;
    const outcome = outcomeOf<PlinkoOutcomeView>(round);
    setLast(null);
    setFalling({ key: Date.now(), outcome });
    await wait(reducedMotion ? 0 : fallDuration(outcome.rows) + 60);
    setFalling(null);
    setLast(outcome);
    setHistory((list) => [outcome, ...list].slice(0, HISTORY));
    setRounds((n) => n + 1);
    session.commit(round);
  }, [locked, session, stake, rows, risk, reducedMotion, wait]);

  usePrimaryAction(session, drop);

  // The board shows the round being played (its rows and risk), else the player's choice.
  const shown = falling?.outcome ?? last;
  const boardRows = shown && (falling || (shown.rows === rows && shown.risk === risk)) ? shown.rows : rows;
  const boardRisk = shown && (falling || (shown.rows === rows && shown.risk === risk)) ? shown.risk : risk;
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="plinko-client" data-rounds={rounds}>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pt-1 pb-3 tablet:px-6">
        <div className="mx-auto grid max-w-5xl gap-3 laptop:grid-cols-[minmax(0,1fr)_17rem] laptop:items-start laptop:gap-5">
          <section className="relative overflow-hidden rounded-3xl bg-[radial-gradient(120%_80%_at_50%_0%,#2a2166_0%,#15123a_55%,#0a0a1c_100%)] px-2 pt-3 pb-2 shadow-2xl ring-1 ring-white/10" aria-live="polite">
            <PlinkoBoard
              rows={boardRows}
              risk={boardRisk}
              falling={falling}
              landed={falling ? null : (last && last.rows === boardRows && last.risk === boardRisk ? last : null)}
              reducedMotion={reducedMotion}
            />
            <p className="mt-1 h-6 text-center text-sm font-bold" data-testid="plinko-outcome" data-slot={last && !falling ? last.slot : undefined} data-multiplier={last && !falling ? last.multiplier : undefined}>
              {last && !falling ? (
                <span className={isPositive(last.win) && last.multiplier >= 100 ? 'text-jade-400' : 'text-ink-200'}>
                  {t('plinko.landed', { multiplier: showMultiplier(last.multiplier), amount: showAmount(last.win) })}
                </span>
              ) : (
                <span className="text-ink-300">{falling ? t('plinko.falling') : t('plinko.hint')}</span>
              )}
            </p>
          </section>

          <div className="flex flex-col gap-3">
            <section className="space-y-3 rounded-3xl bg-black/35 p-3 ring-1 ring-white/10 tablet:p-4">
              <div>
                <span className="text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">{t('plinko.risk')}</span>
                <Segmented
                  label={t('plinko.risk')}
                  value={risk}
                  onChange={(next: PlinkoRisk) => !locked && setRisk(next)}
                  options={RISKS.map((value) => ({ value, label: t(`plinko.risks.${value}`) }))}
                  className="mt-1"
                  testId="plinko-risk"
                />
              </div>
              <label className="block">
                <span className="flex justify-between text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">
                  <span>{t('plinko.rows')}</span>
                  <span className="text-sm text-white tabular-nums" data-testid="plinko-rows-value">
                    {rows}
                  </span>
                </span>
                <input
                  type="range"
                  min={MIN_ROWS}
                  max={MAX_ROWS}
                  step={1}
                  value={rows}
                  disabled={locked}
                  onChange={(event) => setRows(Number(event.target.value))}
                  aria-label={t('plinko.rows')}
                  className="studio-range mt-2 w-full"
                  style={{ background: rangeTrack(rows) }}
                  data-testid="plinko-rows"
                />
                <span className="mt-1 flex justify-between text-[10px] font-bold text-ink-400 tabular-nums" aria-hidden="true">
                  <span>{MIN_ROWS}</span>
                  <span>{MAX_ROWS}</span>
                </span>
              </label>
              <dl className="grid grid-cols-2 gap-2 text-center">
                <div className="rounded-2xl bg-black/40 px-2 py-2 ring-1 ring-white/10">
                  <dt className="text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">{t('plinko.top')}</dt>
                  <dd className="text-base font-extrabold text-white tabular-nums" data-testid="plinko-top">
                    {showMultiplier(multipliersFor(rows, risk)[0])}×
                  </dd>
                </div>
                <div className="rounded-2xl bg-black/40 px-2 py-2 ring-1 ring-white/10">
                  <dt className="text-[10px] font-bold tracking-[0.14em] text-ink-400 uppercase">{t('plinko.topPayout')}</dt>
                  <dd className="truncate text-base font-extrabold text-white tabular-nums">{showAmount(payout(stake, multipliersFor(rows, risk)[0]))}</dd>
                </div>
              </dl>
              <p className="text-[11px] text-ink-400">{t('plinko.rtp')}</p>
            </section>

            <RecentRounds
              title={t('plinko.history')}
              empty={t('plinko.noHistory')}
              items={history}
              testId="plinko-history"
              render={(item) => ({
                className: 'font-black text-ink-950',
                style: { background: slotColour(item.slot, item.rows) },
                title: t('plinko.historyItem', { rows: item.rows, risk: t(`plinko.risks.${item.risk}`), amount: showAmount(item.win) }),
                text: `${showMultiplier(item.multiplier)}×`,
              })}
            />
          </div>
        </div>
      </div>

      <PlayBar session={session} locked={locked} lastWin={last?.win ?? null} lastWinTestId="plinko-last-win" action={t('plinko.action')} onAction={() => void drop()} testId="plinko-drop" wide />
    </div>
  );
}

/** The rows slider's track: gold up to the chosen count. */
function rangeTrack(rows: number): string {
  const pct = ((rows - MIN_ROWS) / (MAX_ROWS - MIN_ROWS)) * 100;
  return `linear-gradient(90deg, #f5b82e 0%, #ffd25a ${pct}%, rgba(255,255,255,0.12) ${pct}%, rgba(255,255,255,0.12) 100%)`;
}

/** The pegs, the slots with their multipliers, and the ball on its way down (requestAnimationFrame). */
function PlinkoBoard({
  rows,
  risk,
  falling,
  landed,
  reducedMotion,
}: {
  rows: number;
  risk: PlinkoRisk;
  falling: { key: number; outcome: PlinkoOutcomeView } | null;
  landed: PlinkoOutcomeView | null;
  reducedMotion: boolean;
}) {
  const { t } = useTranslation('studio');
  const board = useMemo(() => boardOf(rows), [rows]);
  const table = multipliersFor(rows, risk);
  const points = useMemo(() => (falling ? pathPoints(board, falling.outcome.path) : null), [board, falling]);
  const progress = useAnimationProgress(falling?.key ?? null, falling ? fallDuration(falling.outcome.rows) : 0, reducedMotion);
  const ball = points ? ballAt(points, progress) : landed ? board.slots[landed.slot] : null;
  const slotWidth = board.gap - 3;
  const fontSizeOf = (label: string) => Math.min(13, board.gap * 0.36, (board.gap - 5) / (label.length * 0.62));
  return (
    <svg viewBox={`0 0 ${BOARD_WIDTH} ${board.height}`} className="mx-auto block h-auto max-h-[58vh] w-full" role="img" aria-label={t('plinko.board', { rows, risk: t(`plinko.risks.${risk}`) })} data-testid="plinko-board" data-rows={rows} data-risk={risk}>
      <defs>
        <radialGradient id="plinko-ball" cx="0.35" cy="0.3" r="0.7">
          <stop offset="0" stopColor="#fff6d6" />
          <stop offset="0.5" stopColor="#ff7a3d" />
          <stop offset="1" stopColor="#b3203b" />
        </radialGradient>
      </defs>
      {board.pegs.map((peg, i) => (
        <circle key={i} cx={peg.x} cy={peg.y} r={board.pegRadius} fill="#e8e6ff" opacity="0.85" />
      ))}
      {table.map((m, k) => {
        const slot = board.slots[k];
        const hit = landed?.slot === k;
        return (
          <g key={k} data-testid="plinko-slot" data-slot={k} data-multiplier={m} className={hit && !reducedMotion ? 'studio-pop' : undefined} style={{ transformOrigin: `${slot.x}px ${slot.y + 10}px`, transformBox: 'view-box' }}>
            <rect x={slot.x - slotWidth / 2} y={slot.y} width={slotWidth} height={20} rx={4} fill={slotColour(k, rows)} opacity={landed && !hit ? 0.55 : 1} stroke={hit ? '#fff' : 'none'} strokeWidth={2} />
            <text x={slot.x} y={slot.y + 10 + fontSizeOf(showMultiplier(m)) * 0.36} fontSize={fontSizeOf(showMultiplier(m))} fontWeight={800} textAnchor="middle" fill="#1a1030">
              {showMultiplier(m)}
            </text>
          </g>
        );
      })}
      {ball && <circle cx={ball.x} cy={landed && !falling ? ball.y - board.ballRadius - 2 : ball.y} r={board.ballRadius} fill="url(#plinko-ball)" stroke="#fff" strokeWidth={1} data-testid="plinko-ball" />}
    </svg>
  );
}
